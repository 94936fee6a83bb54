import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/quickstart.ts (npm run demo)', () => {
  it('runs to the end against the in-memory backend and prints each step', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/quickstart.ts'], {
      cwd: root,
      timeout: 30_000,
    });
    expect(stderr).toBe('');
    expect(stdout).toContain('1. Create a bookmark app, a SAML catalog app and an OIDC client');
    expect(stdout).toMatch(/page 1: Team Wiki, Salesforce {2}\(next →\)\n {3}page 2: Customer Portal\n/);
    expect(stdout).toContain('ForbiddenError 403 E0000056: Delete application forbidden.');
    expect(stdout).toContain('cause: The application must be deactivated before deletion.');
    expect(stdout).toContain('deleted; a later get answers 404 E0000007');
    expect(stdout).toContain('accepted; System Log: Security Events Provider Reported Risk (Risk Engine)');
    expect(stdout).toContain('ada@example.com risk level is now high');
  });
});
