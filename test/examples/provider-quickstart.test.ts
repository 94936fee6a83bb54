import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/provider-quickstart.ts (the README quick start for providers)', () => {
  it('signs and publishes a user-risk-change that raises the user risk level', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/provider-quickstart.ts'], { cwd: root, timeout: 30_000 });
    expect(stderr).toBe('');
    expect(stdout).toBe('ada@example.com risk level: high\n');
  });
});
