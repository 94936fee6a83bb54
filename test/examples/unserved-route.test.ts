import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/unserved-route.ts (the opening of docs/compatibility.md)', () => {
  it('answers an unserved route 404, then the suite’s own msw handler', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/unserved-route.ts'], { cwd: root, timeout: 30_000 });
    expect(stderr).toBe('');
    expect(stdout).toBe('without a handler: 404 E0000007\nwith the suite\'s handler: 200 [{"id":"who1audit","name":"audit"}]\n');
  });
});
