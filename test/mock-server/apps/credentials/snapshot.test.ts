import { describe, expect, it } from 'vitest';
import { ControlInputError } from '../../../../mock-server/index';
import { listen } from '../../../../mock-server/node/index';
import { credentialBackend, oidcApp, samlApp } from './helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');

async function populated() {
  const { backend, call } = credentialBackend({ now: () => START });
  const saml = (await call('POST', '/api/v1/apps', { json: samlApp() })).body;
  const portal = (await call('POST', '/api/v1/apps', { json: oidcApp() })).body;
  const key = (await call('GET', `/api/v1/apps/${saml.id}/credentials/keys/${saml.credentials.signing.kid}`)).body;
  const csr = (await call('POST', `/api/v1/apps/${saml.id}/credentials/csrs`, { json: { subject: { commonName: 'SP' } } })).body;
  const secrets = (await call('GET', `/api/v1/apps/${portal.id}/credentials/secrets`)).body;
  return { backend, call, saml, portal, key, csr, secrets };
}

describe('credentials in a snapshot', () => {
  it('hold no client secret by default: neither the secrets nor the apps’ client_secret', async () => {
    const { backend, portal, secrets } = await populated();
    const snapshot = backend.snapshot();
    expect(JSON.stringify(snapshot)).not.toContain(secrets[0].client_secret);
    expect(snapshot.credentials!.secrets).toEqual([{ id: secrets[0].id, status: 'ACTIVE', created: secrets[0].created, lastUpdated: secrets[0].lastUpdated, appId: portal.id }]);
    const body = snapshot.apps.items.find((item) => item.body.id === portal.id)!.body as unknown as { credentials: { oauthClient: Record<string, unknown> } };
    expect(body.credentials.oauthClient).not.toHaveProperty('client_secret');
  });

  it('restored without secrets, each secret keeps its id, status and times and gets a new value', async () => {
    const { backend, call, portal, secrets } = await populated();
    backend.restore(backend.snapshot());
    const [restored] = (await call('GET', `/api/v1/apps/${portal.id}/credentials/secrets`)).body;
    expect(restored).toMatchObject({ id: secrets[0].id, status: 'ACTIVE', created: secrets[0].created });
    expect(restored.client_secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(restored.client_secret).not.toBe(secrets[0].client_secret);
  });

  it('taken with includeSecrets, carries them and a restore keeps their values', async () => {
    const { backend, call, portal, secrets } = await populated();
    const snapshot = backend.snapshot({ includeSecrets: true });
    expect(snapshot.credentials!.secrets[0]!.client_secret).toBe(secrets[0].client_secret);
    backend.restore(snapshot);
    expect((await call('GET', `/api/v1/apps/${portal.id}/credentials/secrets`)).body).toEqual(secrets);
  });

  it('carry certificates and CSRs but no private key: a restored organization shows the same keys, metadata and CSRs', async () => {
    const { backend, call, saml, key, csr } = await populated();
    const metadata = (await call('GET', `/api/v1/apps/${saml.id}/sso/saml/metadata`, { accept: 'application/xml' })).text;
    const snapshot = backend.snapshot();
    expect(JSON.stringify(snapshot)).not.toMatch(/PRIVATE|"d":/);
    const { backend: other, call: otherCall } = credentialBackend({ now: () => START });
    other.restore(snapshot);
    expect((await otherCall('GET', `/api/v1/apps/${saml.id}/credentials/keys/${key.kid}`)).body).toEqual(key);
    expect((await otherCall('GET', `/api/v1/apps/${saml.id}/sso/saml/metadata`, { accept: 'application/xml' })).text).toBe(metadata);
    expect((await otherCall('GET', `/api/v1/apps/${saml.id}/credentials/csrs/${csr.id}`)).body).toEqual(csr);
  });

  it('hold a key never read without a certificate: it is made on its first read after the restore', async () => {
    const { backend, call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: samlApp() })).body;
    const snapshot = backend.snapshot();
    expect(snapshot.credentials!.keys.find((k) => k.kid === app.credentials.signing.kid)!.certificate).toBeNull();
    backend.restore(snapshot);
    const keys = (await call('GET', `/api/v1/apps/${app.id}/credentials/keys`)).body;
    expect(keys[0].x5c[0]).toMatch(/^MII/);
  });

  it('reset takes the keys, CSRs and secrets back to the seed', async () => {
    const { backend, call, saml, portal } = await populated();
    backend.reset();
    expect(backend.apps.size).toBe(0);
    expect((await call('GET', `/api/v1/apps/${saml.id}/credentials/keys`)).status).toBe(404);
    expect(backend.snapshot().credentials).toMatchObject({ appKeys: [], csrs: [], secrets: [], jwks: [] });
    expect((await call('GET', `/api/v1/apps/${portal.id}/credentials/secrets`)).status).toBe(404);
  });

  it('with deterministic ids, two backends seeded alike hold the same key ids, before and after a reset', () => {
    const seed = { apps: [samlApp() as Record<string, unknown>, oidcApp() as Record<string, unknown>] };
    const one = credentialBackend({ seed, ids: 'deterministic', now: () => START }).backend;
    const two = credentialBackend({ seed, ids: 'deterministic', now: () => START }).backend;
    const kids = (b: typeof one) => b.apps.list().map((a) => (a.credentials as { signing: { kid: string } }).signing.kid);
    expect(kids(one)).toEqual(kids(two));
    expect(one.snapshot().credentials).toEqual(two.snapshot().credentials);
    one.reset();
    expect(kids(one)).toEqual(kids(two));
  });

  it.each([
    ['a key credential of an app the snapshot lacks', (doc: any) => doc.credentials.appKeys.push({ ...doc.credentials.appKeys[0], appId: '0oa1missing000000000' }), /^snapshot field credentials\.appKeys\[\d+\]\.appId: /],
    ['an app signing with a key it does not hold', (doc: any) => (doc.apps.items[0].body.credentials.signing.kid = doc.credentials.orgKid), /^snapshot field apps\.items\[0\]\.body\.credentials\.signing\.kid: /],
    ['a CSR that is not PKCS #10', (doc: any) => (doc.credentials.csrs[0].csr = 'AAAA'), /^snapshot field credentials\.csrs\[0\]\.csr: /],
    ['a third secret of a client', (doc: any) => doc.credentials.secrets.push({ ...doc.credentials.secrets[0], id: 'ocs1x' }, { ...doc.credentials.secrets[0], id: 'ocs2x' }), /^snapshot field credentials\.secrets\[2\]: /],
  ])('refuses %s, naming the field, and changes nothing', async (_case, spoil, message) => {
    const { backend } = await populated();
    const before = backend.snapshot({ includeSecrets: true });
    const doc = structuredClone(before);
    spoil(doc);
    expect(() => backend.restore(doc)).toThrow(ControlInputError);
    expect(() => backend.restore(doc)).toThrow(message);
    expect(backend.snapshot({ includeSecrets: true })).toEqual(before);
  });

  it('written before credentials were kept, is restored with each app given the keys and secret a create gives', async () => {
    const { backend, call, saml, portal } = await populated();
    const { credentials: _c, ...older } = backend.snapshot({ includeSecrets: true });
    backend.restore(older);
    const keys = (await call('GET', `/api/v1/apps/${saml.id}/credentials/keys`)).body;
    expect(keys.map((k: { kid: string }) => k.kid)).toEqual([saml.credentials.signing.kid]);
    const secrets = (await call('GET', `/api/v1/apps/${portal.id}/credentials/secrets`)).body;
    expect(secrets[0].client_secret).toBe(portal.credentials.oauthClient.client_secret);
  });

  it('over HTTP, GET /__appset/snapshot?secrets=include carries the secrets; without it they stay out', async () => {
    const { backend, secrets } = await populated();
    const running = await listen(backend, { host: '127.0.0.1', port: 0 });
    try {
      const plain = await (await fetch(`${running.url}/__appset/snapshot`)).text();
      const withSecrets = await (await fetch(`${running.url}/__appset/snapshot?secrets=include`)).text();
      expect(plain).not.toContain(secrets[0].client_secret);
      expect(withSecrets).toContain(secrets[0].client_secret);
    } finally {
      await running.close();
    }
  });
});
