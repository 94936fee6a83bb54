import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/provider-end-to-end.ts', () => {
  it('serves discovery, is registered by its well-known URL, signs and publishes a token the organization acts on', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/provider-end-to-end.ts'], { cwd: root, timeout: 60_000 });
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^1\. the provider serves its discovery at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/ssf-configuration$/);
    expect(lines[1]).toMatch(/^2\. the organization registered it: ACTIVE, jwks_url http:\/\/127\.0\.0\.1:\d+\/jwks\.json$/);
    expect(lines.slice(2)).toEqual([
      '3. the token was accepted: 202 after 1 attempt(s)',
      "4. Ada's risk level: high",
      '5. System Log: security.events.provider.receive_event, user.risk.detect',
    ]);
  }, 60_000);
});
