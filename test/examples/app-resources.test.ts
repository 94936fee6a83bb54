import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/app-resources.ts (the opening example of docs/app-resources.md)', () => {
  it('runs to the end against the in-memory backend and prints what each call answered', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/app-resources.ts'], { cwd: root, timeout: 30_000 });
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^access policy: https:\/\/appset\.okta\.test\/api\/v1\/policies\/rst[0-9A-Za-z]{17}$/m);
    expect(stdout).toMatch(/^logo served at: https:\/\/appset\.okta\.test\/fs\/bco\/4\/fs0[0-9A-Za-z]{17}$/m);
    expect(stdout).toContain('features: USER_PROVISIONING ENABLED, INBOUND_PROVISIONING ENABLED');
    expect(stdout).toMatch(/^group push: ACTIVE to group 00g[0-9A-Za-z]{17}$/m);
    expect(stdout).toContain('claim: team = user.profile.department');
    expect(stdout).toContain('custom app user properties: badge');
    expect(stdout).toContain('refresh tokens: 0');
  });
});
