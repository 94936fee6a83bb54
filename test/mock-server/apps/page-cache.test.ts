import { describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../mock-server/index';

const bookmark = (label: string) => ({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }) as const;

/** The same list query, answered through the router the HTTP server uses: the body and the Link header. */
async function listed(backend: MockBackend, search = '?limit=2') {
  const response = await backend.fetch(new Request(new URL(`/api/v1/apps${search}`, backend.orgUrl), { headers: { authorization: `SSWS ${backend.defaultToken}` } }));
  expect(response.status).toBe(200);
  return { body: (await response.json()) as Array<{ id: string; label: string; status: string }>, link: response.headers.get('link') };
}

describe('a list page answered again', () => {
  it('follows every change to what it lists: lifecycle, replace, delete, create, restore and reset', async () => {
    const backend = createMockBackend({ seed: [bookmark('A'), bookmark('B'), bookmark('C')] });
    const first = await listed(backend);
    expect(first.body.map((a) => a.label)).toEqual(['A', 'B', 'C'].slice(0, 2));
    expect(await listed(backend)).toEqual(first);
    const saved = backend.snapshot();
    const [a, b] = first.body;

    backend.apps.deactivate(a!.id);
    expect((await listed(backend)).body.map((x) => x.status)).toEqual(['INACTIVE', 'ACTIVE']);

    const put = await backend.fetch(
      new Request(new URL(`/api/v1/apps/${b!.id}`, backend.orgUrl), {
        method: 'PUT',
        headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...bookmark('B2') }),
      }),
    );
    expect(put.status).toBe(200);
    expect((await listed(backend)).body.map((x) => x.label)).toEqual(['A', 'B2']);

    backend.apps.delete(a!.id);
    const afterDelete = await listed(backend);
    expect(afterDelete.body.map((x) => x.label)).toEqual(['B2', 'C']);
    expect(afterDelete.link).not.toContain('rel="next"');

    backend.apps.create(bookmark('D'));
    expect((await listed(backend)).link).toContain('rel="next"');

    backend.restore(saved);
    // Cursors are opaque and may differ after a restore; the page is what it was.
    const restored = await listed(backend);
    expect(restored.body).toEqual(first.body);
    expect(restored.link).toContain('rel="next"');

    backend.reset();
    const again = await listed(backend);
    expect(again.body.map((a) => a.label)).toEqual(['A', 'B']);
    expect(again.body.map((a) => a.id)).not.toEqual(first.body.map((a) => a.id));
  });

  it('keeps pages of different queries apart', async () => {
    const backend = createMockBackend({ seed: [bookmark('A'), bookmark('B'), bookmark('C')] });
    expect((await listed(backend, '?limit=1')).body.map((a) => a.label)).toEqual(['A']);
    expect((await listed(backend, '?limit=3')).body.map((a) => a.label)).toEqual(['A', 'B', 'C']);
    expect((await listed(backend, '?limit=1&q=C')).body.map((a) => a.label)).toEqual(['C']);
    expect((await listed(backend, '?limit=1')).body.map((a) => a.label)).toEqual(['A']);
  });

  it('follows changes that leave every body as it was: a filter on assigned groups and users', async () => {
    const backend = createMockBackend({ seed: [bookmark('A'), bookmark('B')] });
    const [a, b] = (await listed(backend)).body;
    const group = backend.directory.addGroup({ name: 'Engineering' });
    const user = backend.directory.addUser({ login: 'ada@example.com' });
    const byGroup = `?filter=${encodeURIComponent(`group.id eq "${group.id}"`)}`;
    const byUser = `?filter=${encodeURIComponent(`user.id eq "${user.id}"`)}`;
    expect((await listed(backend, byGroup)).body).toEqual([]);
    expect((await listed(backend, byUser)).body).toEqual([]);
    const put = (path: string, body: unknown) =>
      backend.fetch(
        new Request(new URL(path, backend.orgUrl), {
          method: 'PUT',
          headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    expect((await put(`/api/v1/apps/${b!.id}/groups/${group.id}`, {})).status).toBe(200);
    expect((await listed(backend, byGroup)).body.map((x) => x.label)).toEqual(['B']);
    expect((await listed(backend, byUser)).body).toEqual([]);
    const assigned = await backend.fetch(
      new Request(new URL(`/api/v1/apps/${a!.id}/users`, backend.orgUrl), {
        method: 'POST',
        headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: user.id }),
      }),
    );
    expect(assigned.status).toBe(200);
    expect((await listed(backend, byUser)).body.map((x) => x.label)).toEqual(['A']);
    const removed = await backend.fetch(
      new Request(new URL(`/api/v1/apps/${b!.id}/groups/${group.id}`, backend.orgUrl), { method: 'DELETE', headers: { authorization: `SSWS ${backend.defaultToken}` } }),
    );
    expect(removed.status).toBe(204);
    expect((await listed(backend, byGroup)).body).toEqual([]);
  });
});
