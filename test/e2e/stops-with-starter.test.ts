import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle } from '../support/cli-bundles';
import { firstMatch, goneWithin, hasGone, killLeftover, npx, projectWithBin } from './starter-chain';

// A suite in Python starts `npx appset-mock …` and stops it with Popen.terminate(): npx gets SIGTERM,
// and the server must not live on, re-parented, still answering.
const PID = /^pid: (\d+) /m;
const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

let project: ReturnType<typeof projectWithBin>;
const started: number[] = [];

beforeAll(() => {
  project = projectWithBin('appset-mock');
});

afterAll(() => {
  started.forEach(killLeftover);
  project.remove();
});

describe('appset-mock started through npx', () => {
  it('prints its own pid, and is gone within 2 s of the npx process being sent SIGTERM', async () => {
    const starter = npx(project.dir, ['appset-mock', '--port', '0', '--log', 'off']);
    const pid = Number((await firstMatch(starter, PID))[1]);
    started.push(pid);
    expect(pid).not.toBe(starter.pid);
    expect(hasGone(pid)).toBe(false);

    starter.kill('SIGTERM');

    expect(await goneWithin(pid)).toBe(true);
  }, 30_000);

  it('keeps serving with --no-parent-watch, for a server started detached on purpose', async () => {
    const starter = npx(project.dir, ['appset-mock', '--port', '0', '--log', 'off', '--token', 'detached', '--no-parent-watch']);
    const output = firstMatch(starter, new RegExp(`${LISTENING.source}[\\s\\S]*${PID.source}`, 'm'));
    const [, url, pidText] = await output;
    const pid = Number(pidText);
    started.push(pid);

    starter.kill('SIGTERM');
    // Given three times what the watch would take to stop it, it is still there, and answers.
    expect(await goneWithin(pid, 30)).toBe(false);
    expect((await fetch(`${url}/api/v1/apps`, { headers: { authorization: 'SSWS detached' } })).status).toBe(200);
    process.kill(pid, 'SIGTERM');
    expect(await goneWithin(pid)).toBe(true);
  }, 30_000);
});

describe('appset-mock started by a process that is not npm', () => {
  it('stops when that parent is killed outright (SIGKILL leaves it no time to pass anything on)', async () => {
    // A shell that cannot exec the server (a command follows it): the server's parent is the shell.
    const parent = spawn('sh', ['-c', `'${process.execPath}' '${cliBundle('appset-mock')}' --port 0 --log off; :`], {
      cwd: new URL('../..', import.meta.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pid = Number((await firstMatch(parent, PID))[1]);
    started.push(pid);
    expect(pid).not.toBe(parent.pid);

    parent.kill('SIGKILL');

    expect(await goneWithin(pid)).toBe(true);
  }, 30_000);
});
