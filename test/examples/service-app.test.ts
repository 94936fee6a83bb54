import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/service-app.ts', () => {
  it('creates a service app, grants a scope, and authenticates with its key through the nonce dance', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/service-app.ts'], { cwd: root, timeout: 30_000 });
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      /POST \/oauth2\/v1\/token → 400 \(with a DPoP proof\)\n {3}POST \/oauth2\/v1\/token → 200 \(with a DPoP proof\)\n {3}GET \/api\/v1\/apps → 200 \(with a DPoP proof\)\n {3}found Nightly inventory\n/,
    );
    expect(stdout).toContain('403 E0000006: You do not have permission to perform the requested action');
    expect(stdout).toMatch(/OAuthError invalid_scope: The following scopes are not granted to the client '0oa\w{17}': okta\.apps\.manage\./);
  });
});
