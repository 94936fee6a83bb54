import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cliBundle } from '../support/cli-bundles';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** How a run of `appset-set` ended. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `appset-set` (bundled from the sources: test/support/cli-bundles.ts) with `args`, writing `stdin` to it, and resolves once it has ended. */
export function appsetSet(args: string[], stdin = ''): Promise<Ran> {
  const child = spawn(process.execPath, [cliBundle('appset-set'), ...args], { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
