import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A user's fresh clone has no ../shared beside it: every test that reads the contract or the
// recordings must then skip, saying so, and the rest of those files must pass. This runs those
// files in a child vitest with both paths pointed at nothing.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Set in the child run, so that this file (never listed there anyway) cannot start another. */
const CHILD_FLAG = 'APPSET_FRESH_CLONE_CHILD';

/** Each file that needs ../shared, with the message it prints when it skips. */
const SHARED_DEPENDENT = [
  { file: 'test/contract/contract.test.ts', message: 'Contract tests skipped: no contract at' },
  { file: 'test/contract/rate-limits.test.ts', message: 'Contract rate-limit tests skipped: no contract at' },
  { file: 'test/e2e/cli.test.ts', message: 'Contract coverage over HTTP skipped: no contract at' },
  { file: 'test/replay/replay.test.ts', message: 'Replay of real Okta recordings skipped: no recordings at' },
  { file: 'test/replay/schemas.test.ts', message: 'Client schema checks against real Okta recordings skipped: no recordings at' },
];

/** Test files that decide to skip on the contract or the recordings being there. */
function filesThatNeedShared(dir = join(ROOT, 'test')): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesThatNeedShared(path));
    else if (path === fileURLToPath(import.meta.url)) continue;
    else if (entry.name.endsWith('.test.ts') && /\b(contractAvailable|loadRecordings)\b/.test(readFileSync(path, 'utf8'))) {
      found.push(relative(ROOT, path));
    }
  }
  return found.sort();
}

function runVitest(files: string[], env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/vitest.config.ts', ...files], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

describe.skipIf(process.env[CHILD_FLAG] === '1')('a fresh clone without ../shared', () => {
  it('lists every test file that needs ../shared', () => {
    expect(filesThatNeedShared()).toEqual(SHARED_DEPENDENT.map((f) => f.file).sort());
  });

  it('passes those files, each printing why it skips', async () => {
    const nowhere = mkdtempSync(join(tmpdir(), 'appset-no-shared-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        [CHILD_FLAG]: '1',
        APPSET_CONTRACT: join(nowhere, 'contract/okta-apps-ssf.openapi.yaml'),
        APPSET_RECORDINGS: join(nowhere, 'okta-recordings/recordings.json'),
        NO_COLOR: '1',
      };
      // The child must not overwrite the report .ci/run reads its closing count from.
      delete env.APPSET_TEST_REPORT;
      delete env.FORCE_COLOR;
      const run = await runVitest(
        SHARED_DEPENDENT.map((f) => f.file),
        env,
        150_000,
      );
      expect(run.signal, run.output.slice(-3000)).toBeNull();
      expect(run.code, run.output.slice(-3000)).toBe(0);
      for (const { message } of SHARED_DEPENDENT) expect(run.output).toContain(`${message} ${nowhere}`);
      expect(run.output).toContain('Set APPSET_CONTRACT to');
      expect(run.output).toContain('Set APPSET_RECORDINGS to');
      expect(run.output).toMatch(/Test Files\s+\d+ passed \| 4 skipped \(5\)/);
    } finally {
      rmSync(nowhere, { recursive: true, force: true });
    }
  }, 180_000);
});
