import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/provider-send-set.ts', () => {
  it('signs a user-risk-change, publishes it, and prints the System Log event and the new risk level', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/provider-send-set.ts'], {
      cwd: root,
      timeout: 30_000,
    });
    expect(stderr).toBe('');
    expect(stdout).toContain('1. Generate an RS256 key pair and register the provider https://risk.example.com');
    expect(stdout).toMatch(/ {3}provider sse[0-9A-Za-z]{17} ACTIVE, key risk-key-1\n/);
    expect(stdout).toMatch(/ {3}user ada@example.com \(00u[0-9A-Za-z]{17}\) in the organization\n/);
    expect(stdout).toContain('2. Sign a user-risk-change for ada@example.com (low → high)');
    expect(stdout).toMatch(/ {3}\d+-character compact JWS: eyJ[A-Za-z0-9_-]{21}…\n/);
    expect(stdout).toContain('   accepted (202)\n');
    expect(stdout).toContain('   security.events.provider.receive_event: Security Events Provider Reported Risk\n');
    expect(stdout).toMatch(/ {3}actor Risk Engine \(sse[0-9A-Za-z]{17}\), target ada@example.com\n/);
    expect(stdout).toContain('   ada@example.com risk level: high\n');
  });
});
