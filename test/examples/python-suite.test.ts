import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliBundle } from '../support/cli-bundles';

const root = fileURLToPath(new URL('../..', import.meta.url));
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;

describe('examples/python: a Python unittest suite against appset-mock over HTTP', () => {
  if (!hasPython) console.warn('examples/python is skipped: python3 was not found on PATH.');

  it.skipIf(!hasPython)(`passes every test (${hasPython ? python.stdout.trim() : 'skipped: python3 not found on PATH'})`, async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        'python3',
        ['-m', 'unittest', 'discover', '-s', 'examples/python', '-v'],
        // The suite's own knob for the command it starts: appset-mock bundled from the sources for this
        // run (test/support/cli-bundles.ts), rather than `npx tsx`, which compiles it at every start.
        { cwd: root, timeout: 180_000, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', APPSET_MOCK_CLI: cliBundle('appset-mock') } },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(output).toMatch(/^Ran 16 tests in /m);
    expect(output).toMatch(/^OK$/m);
    expect(code).toBe(0);
  }, 200_000);
});
