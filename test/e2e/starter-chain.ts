// Starting a command the way a suite in another language does, `npx <bin> …`, with npm's real npx,
// offline, from a throwaway project whose bin runs the command bundled from the sources
// (test/support/cli-bundles.ts; npm then runs it as node → sh -c <bin> → npm exec, as for an
// installed package). And whether a pid has gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readProcess } from '../../src/set/cli/parent-watch';
import { cliBundle, type Command } from '../support/cli-bundles';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** A project with one bin, `name`, that runs that command's bundle in the repository. */
export function projectWithBin(name: Command): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'appset-starter-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'starter-test', version: '1.0.0', private: true }));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const bin = join(dir, 'node_modules', '.bin', name);
  // `exec`: the shell becomes node, as a package's `#!/usr/bin/env node` bin does.
  writeFileSync(bin, `#!/bin/sh\ncd '${REPO}' && exec '${process.execPath}' '${cliBundle(name)}' "$@"\n`);
  chmodSync(bin, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `npx --no -- <args>` in `dir`, never reaching the network. */
export function npx(dir: string, args: string[]): ChildProcess {
  return spawn('npx', ['--no', '--', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false' },
  });
}

/** Resolves with the first match of `pattern` in the child's stdout, within `timeoutMs`. */
export function firstMatch(child: ChildProcess, pattern: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms: ${out}`)), timeoutMs);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before printing ${pattern}: ${out}`));
    });
  });
}

/** Whether the process has gone: no such pid, or ended and waiting to be reaped. */
export function hasGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  return readProcess(pid)?.zombie === true;
}

/** Polls until the pid has gone, at most `tries` times `stepMs` apart; whether it went. */
export async function goneWithin(pid: number, tries = 40, stepMs = 50): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (hasGone(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  return hasGone(pid);
}

/** Ends a pid left running by a failed test. */
export function killLeftover(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
