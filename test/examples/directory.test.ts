import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMockBackend, type SeedDocument } from '../../mock-server/index';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/directory.ts (the example docs/directory.md opens with)', () => {
  it('runs to the end against the in-memory backend and prints what the page says it prints', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'examples/directory.ts'], { cwd: root, timeout: 30_000 });
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        'ada@example.com is ACTIVE',
        'ada@example.com uses Wiki (scope GROUP)',
        'active: ada@example.com',
        'groups: Everyone, Engineering',
        'a SET about ada@example.com names Ada',
        'after one delete: DEPROVISIONED',
        '',
      ].join('\n'),
    );
  });

  it('is the code docs/directory.md opens with, and the output it shows', () => {
    const page = readFileSync(`${root}docs/directory.md`, 'utf8');
    const blocks = [...page.matchAll(/```(\w*)\n([\s\S]*?)```/g)];
    expect(blocks[0]![2]).toBe(readFileSync(`${root}examples/directory.ts`, 'utf8'));
    expect(blocks[1]![2]).toContain('after one delete: DEPROVISIONED');
  });

  it("seeds the page's fixture document: the group's member is the app's user", async () => {
    const page = readFileSync(`${root}docs/directory.md`, 'utf8');
    const json = /```json\n([\s\S]*?)```/.exec(page)![1]!;
    const backend = createMockBackend();
    await backend.seed(JSON.parse(json) as SeedDocument);
    const response = await backend.fetch(
      new Request(`${backend.orgUrl}/api/v1/apps/0oa1wiki000000000000/users`, { headers: { authorization: `SSWS ${backend.defaultToken}` } }),
    );
    expect(((await response.json()) as Array<{ id: string; scope: string }>).map((u) => [u.id, u.scope])).toEqual([['00u1ada0000000000000', 'GROUP']]);
  });
});
