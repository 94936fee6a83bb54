import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { createClient } from '../../src/index';
import { listen, type RunningServer } from '../../mock-server/node/index';

// Over real HTTP (node:http on 127.0.0.1), with a backend whose apps API also demands DPoP nonces.
const backend = createMockBackend({ oauth: { resourceNonce: true } });
let running: RunningServer;

beforeAll(async () => {
  running = await listen(backend, { host: '127.0.0.1', port: 0 });
});
afterAll(() => running.close());

describe('a DPoP service app over HTTP', () => {
  it('does the nonce dance at the token endpoint and at the apps API, then lists and creates apps', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: { ...(await exportJWK(publicKey)), kid: 'http-key' }, scopes: ['okta.apps.manage'], dpop: true });
    const statuses: Array<[string, number]> = [];
    const client = createClient({
      orgUrl: running.url,
      oauth: { clientId, privateKey, keyId: 'http-key', scopes: ['okta.apps.manage'], dpop: true },
      fetch: async (input, init) => {
        const response = await globalThis.fetch(input, init);
        statuses.push([new URL(String(input)).pathname, response.status]);
        return response;
      },
    });

    const created = await client.apps.create({ name: 'bookmark', signOnMode: 'BOOKMARK', label: 'Over HTTP', settings: { app: { url: 'https://example.com' } } });
    const listed = await client.apps.list().toArray({ max: 10 });

    expect(listed.map((a) => a.id)).toEqual([clientId, created.id]);
    expect(statuses).toEqual([
      ['/oauth2/v1/token', 400], // use_dpop_nonce
      ['/oauth2/v1/token', 200],
      ['/api/v1/apps', 401], // use_dpop_nonce from the resource server
      ['/api/v1/apps', 200],
      ['/api/v1/apps', 200], // the nonce is reused
    ]);
  });
});

describe('a DPoP proof whose claims hold characters a header cannot carry', () => {
  it('is refused 401 with a challenge of printable ASCII, and the server keeps answering', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: { ...(await exportJWK(publicKey)), kid: 'odd-key' }, scopes: ['okta.apps.read'], dpop: true });
    let authorization = '';
    const client = createClient({
      orgUrl: running.url,
      oauth: { clientId, privateKey, keyId: 'odd-key', scopes: ['okta.apps.read'], dpop: true },
      fetch: (input, init) => {
        const value = new Headers(init?.headers).get('authorization');
        if (value?.startsWith('DPoP ')) authorization = value;
        return globalThis.fetch(input, init);
      },
    });
    await client.apps.list().toArray({ max: 1 });
    expect(authorization).toMatch(/^DPoP /);

    // The server quotes the proof's typ back in WWW-Authenticate: a snowman (U+2603) is no Latin-1 character.
    const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const proof = `${segment({ typ: '\u2603', alg: 'ES256' })}.${segment({})}.AAAA`;
    const refused = await fetch(`${running.url}/api/v1/apps`, { headers: { authorization, dpop: proof } });
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/error="invalid_dpop_proof"/);
    expect(challenge).toMatch(/^[\x20-\x7e]+$/);
    expect(challenge).toContain("typ is '?'; it must be 'dpop+jwt'");
    expect((await refused.json()) as unknown).toMatchObject({ errorCode: expect.any(String) });

    expect((await fetch(`${running.url}/__appset/health`)).status).toBe(200);
  });
});
