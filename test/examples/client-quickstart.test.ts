import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/client-quickstart.ts (the README quick start for applications)', () => {
  it('without OKTA_ORG_URL, lists, creates, meets E0000056 and deletes on the in-memory organization', async () => {
    const env = { ...process.env };
    delete env.OKTA_ORG_URL;
    delete env.OKTA_API_TOKEN;
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/client-quickstart.ts'], { cwd: root, env, timeout: 30_000 });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Company Wiki \(bookmark, 0oa[0-9A-Za-z]{17}\)\n.+\n.+\ncreated 0oa[0-9A-Za-z]{17}, ACTIVE\n/);
    expect(stdout).toContain('403 E0000056: The application must be deactivated before deletion.\ndeleted\n');
  });
});
