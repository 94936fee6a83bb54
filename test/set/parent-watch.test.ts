import { describe, expect, it } from 'vitest';
import { goneLink, isNpm, isShell, starterChain, type ProcessInfo } from '../../src/set/cli/parent-watch';

// The starter chain read from a made-up process table: pid → parent, command.
function table(rows: Record<number, [ppid: number, command: string, zombie?: boolean]>) {
  return (pid: number): ProcessInfo | undefined => {
    const row = rows[pid];
    return row === undefined ? undefined : { ppid: row[0], command: row[1], zombie: row[2] === true };
  };
}

const NPX = table({
  20: [10, 'sh -c appset-mock --port 0'],
  10: [5, 'npm exec appset-mock --port 0'],
  5: [2, 'python3 -m unittest'],
  2: [1, 'bash'],
});

describe('the starter chain', () => {
  it('follows shells up to the npm process that ran the bin, and no further', () => {
    expect(starterChain(NPX, 30, 20).map((link) => [link.pid, link.ppid])).toEqual([
      [20, 10],
      [10, 5],
    ]);
  });

  it('is the parent alone when the parent is neither a shell nor npm (python starting node directly)', () => {
    expect(starterChain(NPX, 30, 5).map((link) => link.pid)).toEqual([5]);
  });

  it('tells npm and shells by their command lines', () => {
    expect(['npm exec appset-mock', 'node /usr/lib/node_modules/npm/bin/npx-cli.js appset-mock', 'npx appset-mock', '/usr/bin/npm run serve'].map(isNpm)).toEqual([true, true, true, true]);
    expect(['node server.js', 'python3 -m unittest', 'npmx'].map(isNpm)).toEqual([false, false, false]);
    expect(['sh -c x', '/bin/bash -c x', '-zsh', 'node x'].map(isShell)).toEqual([true, true, true, false]);
  });

  it('is stopped when npm ends even if nobody reaps it: the shell below it is re-parented', () => {
    const chain = starterChain(NPX, 30, 20);
    expect(goneLink(chain, NPX, 20)).toBeUndefined();
    const afterTerminate = table({ 20: [1, 'sh -c appset-mock --port 0'], 10: [5, 'npm exec appset-mock --port 0', true] });
    expect(goneLink(chain, afterTerminate, 20)).toMatchObject({ pid: 10, command: 'npm exec appset-mock --port 0' });
    const npmZombie = table({ 20: [10, 'sh -c appset-mock --port 0'], 10: [5, 'npm exec appset-mock --port 0', true] });
    expect(goneLink(chain, npmZombie, 20)?.pid).toBe(10);
  });

  it('is stopped when its own parent changes', () => {
    const chain = starterChain(NPX, 30, 20);
    expect(goneLink(chain, NPX, 1)?.pid).toBe(20);
  });
});
