import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/security-refusals.ts (the opening of docs/security.md)', () => {
  it('shows the http refusal and its opt-in, a refused redirect, and a redacted error', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/security-refusals.ts'], { cwd: root, timeout: 30_000 });
    expect(stderr).toBe('');
    expect(stdout).toContain('refused: orgUrl http://appset-mock:4010 uses http, which would send the token in cleartext;');
    expect(stdout).toContain('opted in: http://appset-mock:4010/\n');
    expect(stdout).toContain('redirect: GET /api/v1/apps/0oa1 answered 307 to https://elsewhere.example/collect; appset follows no redirects, so nothing was sent there.');
    expect(stdout).toContain('error message: GET /api/v1/apps/0oa1 failed with 500 E0000009: Internal error for [REDACTED].');
    expect(stdout).toContain('the token appears in it: false\n');
  });
});
