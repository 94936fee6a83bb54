import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { ControlInputError } from '../../../../mock-server/index';
import { credentialBackend, oidcApp } from './helpers';

// One rule for a client's public keys wherever they come in: the JWKS API, an app's create and
// replace, a seed and a snapshot. A key refused changes nothing.

const START = Date.parse('2026-03-01T10:00:30.000Z');

async function rsaPair(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { publicJwk: { ...(await exportJWK(publicKey)), kid, use: 'sig' } as JWK, privateJwk: { ...(await exportJWK(privateKey)), kid, use: 'sig' } as JWK };
}

async function ecPublic(kid: string): Promise<JWK> {
  const { publicKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid };
}

/** A public RSA key of `bits` bits (Web Crypto: jose makes none under 2048). */
async function smallRsa(kid: string, bits: number): Promise<JWK> {
  const { publicKey } = await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify']);
  const { n, e } = await crypto.subtle.exportKey('jwk', publicKey);
  return { kty: 'RSA', n, e, kid };
}

const PRIVATE = "A key in the 'jwks' must be public: remove its private members (d, p, q, dp, dq, qi) and send the public key alone.";
const cases: Array<[string, () => Promise<JWK[]>, number, string]> = [
  ['a private RSA key', async () => [(await rsaPair('k1')).privateJwk], 0, PRIVATE],
  ['a symmetric (oct) key', async () => [{ kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0', kid: 'k1' }], 0, "A key in the 'jwks' must be a public RSA or EC key ('kty' RSA or EC); symmetric ('oct') and other keys are not accepted."],
  ['a public key carrying k', async () => [{ ...(await rsaPair('k1')).publicJwk, k: 'AAAA' }], 0, "A key in the 'jwks' must be public: remove its private members (k) and send the public key alone."],
  ['a 17-bit RSA key', async () => [{ kty: 'RSA', n: 'AQAB', e: 'AQAB', kid: 'k1' }], 0, "RSA key length in the 'jwks' is less than '2,048' bits for the given key."],
  ['a 1024-bit RSA key after a good one', async () => [(await rsaPair('k1')).publicJwk, await smallRsa('k2', 1024)], 1, "RSA key length in the 'jwks' is less than '2,048' bits for the given key."],
  ['two keys with one kid', async () => [(await rsaPair('same')).publicJwk, (await rsaPair('same')).publicJwk], 1, "All keys in the 'jwks' must have a unique `kid`."],
  ['an EC key on another curve', async () => [{ ...(await ecPublic('k1')), crv: 'secp256k1' }], 0, "An EC key in the 'jwks' needs 'x' and 'y', and a 'crv' of P-256, P-384 or P-521 when it names one."],
];

describe("a client's keys given with the app", () => {
  it.each(cases)('refuses %s at create: 400 E0000001 naming the key, and no app is made', async (_case, keys, index, cause) => {
    const { backend, call } = credentialBackend({ now: () => START });
    const refused = await call('POST', '/api/v1/apps', { json: oidcApp('private_key_jwt', await keys()) });
    const field = `settings.oauthClient.jwks.keys[${index}]`;
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: `Api validation failed: ${field}`, errorCauses: [{ errorSummary: `${field}: ${cause}` }] });
    expect(backend.apps.size).toBe(0);
  });

  it.each(cases)('refuses %s at replace, and the app (and what it serves) is unchanged', async (_case, keys, index, cause) => {
    const { call } = credentialBackend({ now: () => START });
    const app = (await call('POST', '/api/v1/apps', { json: oidcApp('private_key_jwt', [(await rsaPair('first')).publicJwk]) })).body;
    const before = (await call('GET', `/api/v1/apps/${app.id}`)).body;
    const jwksBefore = (await call('GET', `/api/v1/apps/${app.id}/credentials/jwks`)).body;
    const { id: _id, _links, _embedded, ...replacement } = structuredClone(before);
    replacement.settings.oauthClient.jwks = { keys: await keys() };
    const refused = await call('PUT', `/api/v1/apps/${app.id}`, { json: replacement });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: `settings.oauthClient.jwks.keys[${index}]: ${cause}` }]);
    expect((await call('GET', `/api/v1/apps/${app.id}`)).body).toEqual(before);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/jwks`)).body).toEqual(jwksBefore);
  });

  it('keeps public RSA and EC keys as sent, use and crv included, and an EC key sent without crv (as real orgs do)', async () => {
    const { call } = credentialBackend({ now: () => START });
    const rsa = { ...(await rsaPair('rsa')).publicJwk, alg: 'RS256' };
    const ec = { ...(await ecPublic('ec')), use: 'sig' };
    const { crv: _crv, ...noCurve } = await ecPublic('no-crv');
    const created = await call('POST', '/api/v1/apps', { json: oidcApp('private_key_jwt', [rsa, ec, noCurve]) });
    expect(created.status).toBe(200);
    const keys = created.body.settings.oauthClient.jwks.keys;
    expect(keys).toEqual([
      { kty: 'RSA', id: expect.stringMatching(/^pks/), status: 'ACTIVE', n: rsa.n, e: rsa.e, kid: 'rsa', use: 'sig', alg: 'RS256' },
      { kty: 'EC', id: expect.stringMatching(/^pks/), status: 'ACTIVE', x: ec.x, y: ec.y, crv: 'P-256', kid: 'ec', use: 'sig' },
      // Sent without use and crv, answered with both null (recorded).
      { kty: 'EC', id: expect.stringMatching(/^pks/), status: 'ACTIVE', x: noCurve.x, y: noCurve.y, kid: 'no-crv', use: null, crv: null },
    ]);
    // In the order real orgs answer a key: kty, id, status, kid, use, the key's members, an EC key's crv last.
    expect(Object.keys(keys[2])).toEqual(['kty', 'id', 'status', 'kid', 'use', 'x', 'y', 'crv']);
    expect(Object.keys(keys[0]).slice(0, 5)).toEqual(['kty', 'id', 'status', 'kid', 'use']);
  });

  it('names the client\'s jwks as its _links.clientCredentials when it authenticates with private_key_jwt, its secrets otherwise', async () => {
    const { call } = credentialBackend({ now: () => START });
    const created = await call('POST', '/api/v1/apps', { json: oidcApp('private_key_jwt', [(await rsaPair('rsa')).publicJwk]) });
    expect(created.body._links.clientCredentials).toEqual([{ name: 'jwks', href: expect.stringMatching(new RegExp(`/api/v1/apps/${created.body.id}/credentials/jwks$`)) }]);
    const read = await call('GET', `/api/v1/apps/${created.body.id}`);
    expect(read.body._links.clientCredentials[0].name).toBe('jwks');
    const withSecret = await call('POST', '/api/v1/apps', { json: oidcApp('client_secret_basic') });
    expect(withSecret.body._links.clientCredentials.map((l: { name: string }) => l.name)).toEqual(['secrets']);
    const publicClient = await call('POST', '/api/v1/apps', { json: oidcApp('none') });
    expect(publicClient.status).toBe(200);
    expect(publicClient.body._links).not.toHaveProperty('clientCredentials');
  });

  it('refuses a seed whose app holds a private key, naming the field, and seeds nothing', async () => {
    const { backend } = credentialBackend({ now: () => START });
    const seeded = backend.seed({ apps: [oidcApp('private_key_jwt', [(await rsaPair('k1')).privateJwk])] });
    await expect(seeded).rejects.toThrow(ControlInputError);
    await expect(seeded).rejects.toThrow(`seed field apps[0]: Api validation failed: settings.oauthClient.jwks.keys[0] (apps[0].settings.oauthClient.jwks.keys[0]: ${PRIVATE})`);
    expect(backend.apps.size).toBe(0);
  });

  it('refuses a snapshot whose app holds a private key, naming the field, and restores nothing', async () => {
    const { backend, call } = credentialBackend({ now: () => START });
    const { publicJwk, privateJwk } = await rsaPair('k1');
    const app = (await call('POST', '/api/v1/apps', { json: oidcApp('private_key_jwt', [publicJwk]) })).body;
    const snapshot = backend.snapshot();
    const body = snapshot.apps.items[0]!.body as unknown as { settings: { oauthClient: { jwks: { keys: JWK[] } } } };
    body.settings.oauthClient.jwks.keys[0] = { ...body.settings.oauthClient.jwks.keys[0], ...privateJwk };
    const field = 'apps.items[0].body.settings.oauthClient.jwks.keys[0]';
    expect(() => backend.restore(snapshot)).toThrow(new ControlInputError(`snapshot field ${field}: ${PRIVATE}`, field));
    expect((await call('GET', `/api/v1/apps/${app.id}`)).body.settings.oauthClient.jwks.keys[0]).not.toHaveProperty('d');
  });

  it('draws no key id for a refused replace: with deterministic ids, the next key is named as if it had not been sent', async () => {
    const run = async (refusedFirst: boolean) => {
      const { call } = credentialBackend({ now: () => START, ids: 'deterministic' });
      const { publicJwk, privateJwk } = await rsaPair('k1');
      const app = (await call('POST', '/api/v1/apps', { json: oidcApp('private_key_jwt', [publicJwk]) })).body;
      const { id: _id, _links, _embedded, ...replacement } = structuredClone(app);
      const second = { ...(await rsaPair('k2')).publicJwk };
      if (refusedFirst) {
        replacement.settings.oauthClient.jwks = { keys: [...app.settings.oauthClient.jwks.keys, { ...privateJwk, kid: 'k2' }] };
        expect((await call('PUT', `/api/v1/apps/${app.id}`, { json: replacement })).status).toBe(400);
      }
      replacement.settings.oauthClient.jwks = { keys: [...app.settings.oauthClient.jwks.keys, second] };
      const replaced = await call('PUT', `/api/v1/apps/${app.id}`, { json: replacement });
      expect(replaced.status).toBe(200);
      return replaced.body.settings.oauthClient.jwks.keys[1].id as string;
    };
    expect(await run(true)).toBe(await run(false));
  });
});
