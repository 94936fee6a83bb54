import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { createClient, NotFoundError, type FetchLike } from '../../src/index';
import { createMockBackend } from '../../mock-server/index';

// The no-msw, no-HTTP recipe: the backend's own fetch handler given to the client as its fetch.
describe('backend.fetch as the client fetch', () => {
  it('type-checks as the client fetch option as it is', () => {
    const backend = createMockBackend();
    const asClientFetch: FetchLike = backend.fetch;
    expect(typeof asClientFetch).toBe('function');
  });

  it('lists, creates and reads apps with no msw and no server', async () => {
    const backend = createMockBackend({ seed: 'demo' });
    const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: backend.fetch });
    const listed = await client.apps.list({ limit: 3 }).toArray({ max: 3 });
    expect(listed.map((app) => app.id)).toEqual(backend.apps.list().slice(0, 3).map((app) => app.id));
    const created = await client.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });
    expect(backend.apps.get(created.id)?.label).toBe('Wiki');
    await expect(client.apps.get('0oaNoSuchApp000000000')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('serves a service app token request and its DPoP-bound calls', async () => {
    const backend = createMockBackend({ seed: 'demo' });
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: { ...(await exportJWK(publicKey)), kid: 'k1' }, scopes: ['okta.apps.read'], dpop: true });
    const client = createClient({
      orgUrl: backend.orgUrl,
      oauth: { clientId, privateKey, keyId: 'k1', scopes: ['okta.apps.read'], dpop: true },
      fetch: backend.fetch,
    });
    expect(await client.apps.list().toArray({ max: 100 })).toHaveLength(backend.apps.size);
  });

  it('still answers a Request as a fetch handler does', async () => {
    const backend = createMockBackend({ seed: 'demo' });
    const response = await backend.fetch(new Request(`${backend.orgUrl}/api/v1/apps?limit=1`, { headers: { authorization: `SSWS ${backend.defaultToken}` } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(1);
  });
});
