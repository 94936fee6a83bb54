import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/request-logger.ts (the opening of docs/client.md; test/docs checks its copy there)', () => {
  it('logs method, path, status, request id and duration of every attempt, and the raw answers', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/request-logger.ts'], {
      cwd: root,
      timeout: 30_000,
    });
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^GET \/api\/v1\/apps 200 [A-Za-z0-9]{20} \d+\.\d ms$/);
    expect(lines[1]).toMatch(/^GET \/api\/v1\/apps\/0oa[A-Za-z0-9]{17} 200 [A-Za-z0-9]{20} \d+\.\d ms$/);
    const requestId = lines[1]!.split(' ')[3];
    expect(lines[2]).toMatch(new RegExp(`^.+: request ${requestId}, \\d+ of \\d+ calls left$`));
    expect(lines[4]).toMatch(/^page of 2: \d+ calls left$/);
    expect(lines[5]).toMatch(/^GET \/api\/v1\/apps\/0oaNoSuchApp000000000 404 /);
    expect(lines[6]).toBe('failed: NotFoundError');
  });
});
