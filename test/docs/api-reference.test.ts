import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// `npm run docs:api` publishes every public name's doc comment as the API reference (reference/,
// not committed). This runs the same TypeDoc configuration without writing the pages: a public
// name without a doc comment, or a {@link} that leads nowhere, is a warning, and typedoc.json
// treats warnings as errors. TypeScript's own diagnostics are skipped (--skipErrorChecking): `npm test`
// type-checks the same program in its first stage, and checking it again here was most of TypeDoc's time.
describe('the API reference (npm run docs:api)', () => {
  it('documents every public name, and every link in a doc comment resolves', () => {
    const run = spawnSync(process.execPath, ['node_modules/typedoc/bin/typedoc', '--emit', 'none', '--logLevel', 'Warn', '--skipErrorChecking'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 540_000,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    expect(run.error).toBeUndefined();
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
  }, 600_000);
});
