import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockBackend, type SeedDocument } from '../../mock-server/index';

/** The seed document docs/testing.md shows under "Seed documents", as a reader copies it. */
function documentOfTheGuide(): SeedDocument {
  const guide = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');
  const section = guide.split('### Seed documents')[1]!;
  const block = /```json\n([\s\S]*?)```/.exec(section)![1]!;
  return JSON.parse(block) as SeedDocument;
}

describe("the testing guide's seed document", () => {
  it('starts a backend as written, with each of its members in place', async () => {
    const backend = createMockBackend({ seed: documentOfTheGuide() });
    const call = async (path: string, token = backend.defaultToken, method = 'GET') => {
      const response = await backend.fetch(new Request(new URL(path, backend.orgUrl), { method, headers: { authorization: `SSWS ${token}` } }));
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const wiki = backend.apps.get('0oa1wiki000000000000');
    expect(wiki).toMatchObject({ label: 'Wiki', status: 'INACTIVE' });
    expect((await call('/api/v1/apps/0oa1wiki000000000000/users')).body).toEqual([expect.objectContaining({ id: '00u1ada0000000000000' })]);
    expect((await call('/api/v1/apps/0oa1wiki000000000000/groups')).body).toEqual([expect.objectContaining({ id: '00g1eng0000000000000' })]);
    expect(backend.providers.list().map((provider) => provider.name)).toEqual(['Risk Engine', 'Other']);
    // The narrowed token reads apps and may not change them.
    expect((await call('/api/v1/apps', 'reader')).status).toBe(200);
    expect((await call('/api/v1/apps/0oa1wiki000000000000', 'reader', 'DELETE')).status).toBe(403);
  });

  it('is taken by backend.seed() as well', async () => {
    const backend = createMockBackend();
    const result = await backend.seed(documentOfTheGuide());
    const counts = Object.fromEntries(['apps', 'users', 'groups', 'assignments', 'providers', 'tokens'].map((name) => [name, (result[name as keyof typeof result] as unknown[]).length]));
    expect(counts).toEqual({ apps: 1, users: 1, groups: 1, assignments: 2, providers: 2, tokens: 1 });
    expect(result.tokens).toEqual([{ type: 'SSWS', scopes: ['okta.apps.read'] }]);
  });
});
