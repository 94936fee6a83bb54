import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/checked-answers.ts (docs/checked-answers.md opens with it)', () => {
  it('walks checked apps, then names the item and field of a wrong answer without quoting its value', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/checked-answers.ts'], { cwd: root, timeout: 30_000 });
    expect(stderr).toBe('');
    const [walked, refused, ...rest] = stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(walked).toMatch(/^0oa\w{17} Wiki ACTIVE$/);
    expect(refused).toMatch(
      /^GET \/api\/v1\/apps answered 200 with a body that is not a list of applications \(at \[0\]\.settings: Must be an object\) \(request id [\w-]+\)\. Check that orgUrl points at an Okta organization\.$/,
    );
    expect(refused).not.toContain('oops');
  });
});
