import type { JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { assertion, JWT_BEARER, serviceKey } from '../../oauth/helpers';
import { bookmarkApp, credentialBackend, oidcApp, ORG } from './helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');

/** A public RSA signing key (Web Crypto: jose refuses to make one under 2048 bits, which a test needs). */
async function rsaKey(kid: string, bits = 2048): Promise<JWK> {
  const { publicKey } = await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify']);
  const { n, e } = await crypto.subtle.exportKey('jwk', publicKey);
  return { kty: 'RSA', n, e, kid, use: 'sig', alg: 'RS256' };
}

async function client(method = 'client_secret_basic', jwks?: JWK[]) {
  let now = START;
  const { backend, call } = credentialBackend({ now: () => now });
  const app = (await call('POST', '/api/v1/apps', { json: oidcApp(method, jwks) })).body;
  return { backend, call, app, path: `/api/v1/apps/${app.id}/credentials/jwks`, later: (ms: number) => (now += ms) };
}

describe('POST /api/v1/apps/{appId}/credentials/jwks', () => {
  it('adds a public key to settings.oauthClient.jwks (201): an id, ACTIVE, and its lifecycle link', async () => {
    const { app, call, path, later } = await client();
    later(2000);
    const key = await rsaKey('key-1');
    const added = await call('POST', path, { json: key });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.stringMatching(/^pks[0-9A-Za-z]{17}$/),
      kid: 'key-1',
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      e: key.e,
      n: key.n,
      status: 'ACTIVE',
      created: '2026-03-01T10:00:32.000Z',
      lastUpdated: '2026-03-01T10:00:32.000Z',
      _links: { deactivate: { href: `${ORG}${path}/${added.body.id}/lifecycle/deactivate`, hints: { allow: ['POST'] } } },
    });
    const read = (await call('GET', `/api/v1/apps/${app.id}`)).body;
    expect(read.settings.oauthClient.jwks.keys).toEqual([{ kty: 'RSA', id: added.body.id, status: 'ACTIVE', kid: 'key-1', use: 'sig', alg: 'RS256', e: key.e, n: key.n }]);
    expect(read.lastUpdated).toBe('2026-03-01T10:00:32.000Z');
  });

  it('lists the keys as a bare JSON array, as real orgs answer (not the Node SDK 8.1 `{ keys }`), and reads one', async () => {
    const { call, path } = await client();
    expect((await call('GET', path)).body).toEqual([]);
    const added = (await call('POST', path, { json: await rsaKey('key-1') })).body;
    expect((await call('GET', path)).body).toEqual([added]);
    expect((await call('GET', `${path}/${added.id}`)).body).toEqual(added);
  });

  it("refuses a key without a 2048-bit modulus in real organizations' words (as recorded, and for a 1024-bit key)", async () => {
    const { call, path } = await client();
    for (const body of [{ kid: 'test-key-2048', status: 'ACTIVE', kty: 'RSA', use: 'sig' }, await rsaKey('small', 1024)]) {
      const refused = await call('POST', path, { json: body });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        errorCode: 'E0000001',
        errorSummary: 'Api validation failed: JsonWebKey',
        errorCauses: [{ errorSummary: "RSA key length in the 'jwks' is less than '2,048' bits for the given key." }],
      });
    }
    expect((await call('GET', path)).body).toEqual([]);
  });

  it.each([
    ['a kid the client has already', async () => [await rsaKey('dup'), await rsaKey('dup')], "All keys in the 'jwks' must have a unique `kid`."],
    [
      'a key without a kid beside another key',
      async () => [await rsaKey('one'), { ...(await rsaKey('x')), kid: undefined }],
      'Each key should have a unique kid when adding multiple keys. Use the Apps API to update the JWKS to add a kid for the existing key, or delete the existing key and re-add the key with a kid using the JWKS APIs.',
    ],
    ['a second ACTIVE encryption key', async () => [{ ...(await rsaKey('e1')), use: 'enc', alg: 'RSA-OAEP' }, { ...(await rsaKey('e2')), use: 'enc', alg: 'RSA-OAEP' }], "The client can have only one active encryption key in the 'jwks'."],
  ])('refuses %s, in Okta’s words', async (_case, keys, cause) => {
    const { call, path } = await client();
    const [first, second] = await keys();
    expect((await call('POST', path, { json: first })).status).toBe(201);
    const refused = await call('POST', path, { json: second });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: cause }]);
    expect((await call('GET', path)).body).toHaveLength(1);
  });

  it('refuses a 51st key: at most 50', async () => {
    const key = await rsaKey('base');
    const keys = Array.from({ length: 50 }, (_, i) => ({ ...key, kid: `k${i}` }));
    const { call, path } = await client('client_secret_basic', keys);
    const refused = await call('POST', path, { json: { ...key, kid: 'k50' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses[0].errorSummary).toMatch(/^You can't create a new key\. You have reached the maximum number of keys allowed \(50\)/);
  });

  it('refuses a body that is not a public key, naming the field (a private member is an unknown one)', async () => {
    const { call, path } = await client();
    const refused = await call('POST', path, { json: { ...(await rsaKey('k')), d: 'private' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: 'd: Unknown field; remove it or check its spelling' }]);
  });

  it('is for OAuth 2.0 clients only: 404 for another app', async () => {
    const { call } = credentialBackend();
    const wiki = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    expect((await call('POST', `/api/v1/apps/${wiki.id}/credentials/jwks`, { json: await rsaKey('k') })).status).toBe(404);
  });
});

describe('the lifecycle of a client key', () => {
  it('deactivates (activate and delete links), activates, and deletes only when INACTIVE', async () => {
    const { call, path } = await client();
    const first = (await call('POST', path, { json: await rsaKey('one') })).body;
    await call('POST', path, { json: await rsaKey('two') });
    const deactivated = await call('POST', `${path}/${first.id}/lifecycle/deactivate`);
    expect(deactivated.body.status).toBe('INACTIVE');
    expect(deactivated.body._links).toEqual({
      activate: { href: `${ORG}${path}/${first.id}/lifecycle/activate`, hints: { allow: ['POST'] } },
      delete: { href: `${ORG}${path}/${first.id}`, hints: { allow: ['DELETE'] } },
    });
    expect((await call('POST', `${path}/${first.id}/lifecycle/activate`)).body.status).toBe('ACTIVE');
    const refused = await call('DELETE', `${path}/${first.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: "You can't delete an active JSON Web Key. Deactivate the key before deleting it." }]);
    await call('POST', `${path}/${first.id}/lifecycle/deactivate`);
    expect((await call('DELETE', `${path}/${first.id}`)).status).toBe(204);
    expect((await call('GET', `${path}/${first.id}`)).status).toBe(404);
  });

  it("a private_key_jwt client's only ACTIVE signing key cannot be deactivated", async () => {
    const { call, path, app } = await client('private_key_jwt', [await rsaKey('only')]);
    const [only] = (await call('GET', path)).body;
    expect(only.id).toBe(app.settings.oauthClient.jwks.keys[0].id);
    const refused = await call('POST', `${path}/${only.id}/lifecycle/deactivate`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: "Can't deactivate the only active JSON Web Key when the value for `token_endpoint_auth_method` is `private_key_jwt`." }]);
  });

  it('activating an encryption key deactivates the ACTIVE one; the ACTIVE one cannot be deactivated', async () => {
    const { call, path } = await client();
    const enc1 = (await call('POST', path, { json: { ...(await rsaKey('e1')), use: 'enc', alg: 'RSA-OAEP' } })).body;
    const enc2 = (await call('POST', path, { json: { ...(await rsaKey('e2')), use: 'enc', alg: 'RSA-OAEP', status: 'INACTIVE' } })).body;
    const refused = await call('POST', `${path}/${enc1.id}/lifecycle/deactivate`);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: "You can't deactivate the active encryption key." }]);
    expect((await call('POST', `${path}/${enc2.id}/lifecycle/activate`)).body.status).toBe('ACTIVE');
    expect((await call('GET', `${path}/${enc1.id}`)).body.status).toBe('INACTIVE');
  });

  it('keys given at create get their ids, and a replace that sends them back keeps ids and statuses', async () => {
    const { app, call, path } = await client('private_key_jwt', [await rsaKey('one'), await rsaKey('two')]);
    const keys = app.settings.oauthClient.jwks.keys;
    expect(keys.map((k: { id: string; status: string }) => [k.id.slice(0, 3), k.status])).toEqual([['pks', 'ACTIVE'], ['pks', 'ACTIVE']]);
    await call('POST', `${path}/${keys[1].id}/lifecycle/deactivate`);
    const read = (await call('GET', `/api/v1/apps/${app.id}`)).body;
    const { _links: _l, ...body } = read;
    const replaced = await call('PUT', `/api/v1/apps/${app.id}`, { json: { ...body, label: 'Renamed' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.settings.oauthClient.jwks).toEqual(read.settings.oauthClient.jwks);
  });
});

describe('the token endpoint and the client keys', () => {
  async function service() {
    let now = START;
    const { backend } = credentialBackend({ now: () => now });
    const [one, two] = [await serviceKey('one'), await serviceKey('two')];
    const { clientId } = backend.oauth.registerServiceApp({ publicJwks: [one.publicJwk, two.publicJwk], scopes: ['okta.apps.read'] });
    const tokenUrl = `${ORG}/oauth2/v1/token`;
    const requestToken = async (key: typeof one, kid: string) => {
      const form = new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'okta.apps.read',
        client_assertion_type: JWT_BEARER,
        client_assertion: await assertion(key.privateKey, clientId, tokenUrl, Math.floor(now / 1000), {}, kid),
      });
      const response = await backend.fetch(new Request(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }));
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    const jwks = `/api/v1/apps/${clientId}/credentials/jwks`;
    const call = (method: string, path: string): Promise<{ status: number; body: any }> =>
      backend.fetch(new Request(`${ORG}${path}`, { method, headers: { authorization: `SSWS ${backend.defaultToken}` } })).then(async (r) => ({ status: r.status, body: await r.json() }));
    return { backend, clientId, one, two, requestToken, jwks, call, later: (ms: number) => (now += ms) };
  }

  it('accepts a client assertion signed by an ACTIVE key', async () => {
    const { one, requestToken } = await service();
    const issued = await requestToken(one, 'one');
    expect(issued.status).toBe(200);
    expect(issued.body.token_type).toBe('Bearer');
  });

  it('refuses one signed by a key deactivated through the JWKS API (invalid_client), and accepts it again once activated', async () => {
    const { one, two, requestToken, jwks, call } = await service();
    const keys = (await call('GET', jwks)).body;
    const keyOne = keys.find((k: { kid: string }) => k.kid === 'one');
    expect((await call('POST', `${jwks}/${keyOne.id}/lifecycle/deactivate`)).status).toBe(200);
    const refused = await requestToken(one, 'one');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: 'invalid_client',
      error_description: expect.stringMatching(/^The key with kid 'one' of the client '0oa\w+' is INACTIVE; activate it \(POST \/api\/v1\/apps\/0oa\w+\/credentials\/jwks\/pks\w+\/lifecycle\/activate\)/),
    });
    expect((await requestToken(two, 'two')).status).toBe(200);
    await call('POST', `${jwks}/${keyOne.id}/lifecycle/activate`);
    expect((await requestToken(one, 'one')).status).toBe(200);
  });
});
