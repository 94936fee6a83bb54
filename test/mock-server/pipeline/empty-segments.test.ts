import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';

const { backend } = useMockBackend();

/** Sends `path` as written after the org's origin (no URL resolution, which reads `//x` as a host). */
async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${backend.orgUrl}${path}`, {
    ...init,
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `SSWS ${backend.defaultToken}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, link: response.headers.get('link') };
}

// The Python SDK joins a base URL ending in `/` with paths starting with one, and real orgs answer
// `//api/v1/apps/{id}/…` as the route it names (recorded: "Resource not found: {id} (AppInstance)").
describe('paths with empty segments', () => {
  it('are read as the route they name, as real orgs read them', async () => {
    const missing = await send('//api/v1/apps/invalid-app-id-12345/connections/default');
    expect(missing.status).toBe(404);
    expect(missing.body.errorSummary).toBe('Not found: Resource not found: invalid-app-id-12345 (AppInstance)');
    const created = await send('/api/v1//apps', { method: 'POST', body: JSON.stringify(bookmark()) });
    expect(created.status).toBe(200);
    const read = await send(`/api/v1/apps//${String(created.body.id)}`);
    expect(read).toMatchObject({ status: 200, body: { id: created.body.id } });
  });

  it('page links of a list read through such a path name the org and the route, not a host "api"', async () => {
    backend.apps.create(bookmark());
    backend.apps.create(bookmark());
    const listed = await send('//api/v1/apps?limit=1');
    expect(listed.status).toBe(200);
    const links = [...(listed.link ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, href, rel]) => [rel, new URL(href!).origin + new URL(href!).pathname]);
    expect(links).toEqual([
      ['self', `${backend.orgUrl}/api/v1/apps`],
      ['next', `${backend.orgUrl}/api/v1/apps`],
    ]);
  });
});
