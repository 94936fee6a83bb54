import { beforeEach, describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { assertion, dpopKey, JWT_BEARER, proof, serviceKey, tokenRequest } from './helpers';

let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
const { backend } = useMockBackend({ now: () => clock });
const nowSeconds = () => Math.floor(clock / 1000);
const tokenUrl = () => `${backend.orgUrl}/oauth2/v1/token`;

beforeEach(() => {
  clock = Date.UTC(2026, 5, 1, 12, 0, 0);
});

async function setup(options: { dpop?: boolean; scopes?: string[] } = {}) {
  const key = await serviceKey();
  const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: options.scopes ?? ['okta.apps.read'], dpop: options.dpop });
  const form = async (overrides: Record<string, unknown> = {}, scope = 'okta.apps.read') => ({
    grant_type: 'client_credentials',
    scope,
    client_assertion_type: JWT_BEARER,
    client_assertion: await assertion(key.privateKey, clientId, tokenUrl(), nowSeconds(), overrides),
  });
  return { key, clientId, form };
}

/** Gets the token endpoint's nonce by sending a proof without one. */
async function nonceFor(form: Record<string, string>): Promise<string> {
  const key = await dpopKey();
  const response = await tokenRequest(tokenUrl(), form, await proof(key, 'POST', tokenUrl(), nowSeconds()));
  expect(response.status).toBe(400);
  return response.headers.get('dpop-nonce')!;
}

async function oauthError(response: Response) {
  return { status: response.status, body: (await response.json()) as { error: string; error_description: string } };
}

describe('POST /oauth2/v1/token with a client assertion', () => {
  it('issues a Bearer token for 3600 s with the granted scope, never cached', async () => {
    const { form } = await setup();
    const response = await tokenRequest(tokenUrl(), await form());

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ token_type: 'Bearer', expires_in: 3600, access_token: expect.stringMatching(/^[\w-]{43}$/), scope: 'okta.apps.read' });
  });

  it('verifies with a key registered without use (the app answers it as use: null, as real orgs do)', async () => {
    const key = await serviceKey();
    const { use: _use, ...withoutUse } = key.publicJwk;
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: withoutUse, scopes: ['okta.apps.read'] });
    const app = await fetch(`${backend.orgUrl}/api/v1/apps/${clientId}`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });
    expect(((await app.json()) as { settings: { oauthClient: { jwks: { keys: Array<{ use: unknown }> } } } }).settings.oauthClient.jwks.keys[0]!.use).toBeNull();
    const response = await tokenRequest(tokenUrl(), {
      grant_type: 'client_credentials',
      scope: 'okta.apps.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key.privateKey, clientId, tokenUrl(), nowSeconds()),
    });
    expect(response.status).toBe(200);
  });

  it('refuses an assertion signed by a key that is not registered (invalid_client)', async () => {
    const { clientId } = await setup();
    const stranger = await serviceKey();
    const response = await tokenRequest(tokenUrl(), {
      grant_type: 'client_credentials',
      scope: 'okta.apps.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(stranger.privateKey, clientId, tokenUrl(), nowSeconds()),
    });
    const { status, body } = await oauthError(response);
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
    expect(body.error_description).toMatch(/signature is invalid/);
  });

  it('refuses an assertion whose kid names no registered key (invalid_client)', async () => {
    const { key, clientId } = await setup();
    const response = await tokenRequest(tokenUrl(), {
      grant_type: 'client_credentials',
      scope: 'okta.apps.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key.privateKey, clientId, tokenUrl(), nowSeconds(), {}, 'other-kid'),
    });
    expect(await oauthError(response)).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringMatching(/kid 'other-kid'/) } });
  });

  it('refuses an assertion for another audience (invalid_client)', async () => {
    const { form } = await setup();
    const response = await tokenRequest(tokenUrl(), await form({ aud: `${backend.orgUrl}/oauth2/default/v1/token` }));
    expect(await oauthError(response)).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringMatching(/audience/) } });
  });

  it('refuses an expired assertion (invalid_client)', async () => {
    const { form } = await setup();
    const response = await tokenRequest(tokenUrl(), await form({ iat: nowSeconds() - 600, exp: nowSeconds() - 1 }));
    expect(await oauthError(response)).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringMatching(/expired/) } });
  });

  it('refuses an assertion whose exp is more than an hour ahead (invalid_client)', async () => {
    const { form } = await setup();
    const response = await tokenRequest(tokenUrl(), await form({ exp: nowSeconds() + 3601 }));
    expect(await oauthError(response)).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringMatching(/more than 60 minutes/) } });
  });

  it('refuses an assertion that is not valid yet (invalid_client)', async () => {
    const { form } = await setup();
    const response = await tokenRequest(tokenUrl(), await form({ nbf: nowSeconds() + 120 }));
    expect(await oauthError(response)).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringMatching(/not valid yet/) } });
  });

  it('refuses an assertion whose iss is not the client id (invalid_client)', async () => {
    const { form } = await setup();
    const response = await tokenRequest(tokenUrl(), await form({ iss: 'someone-else' }));
    expect(await oauthError(response)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  });

  it('refuses a replayed assertion jti (invalid_client)', async () => {
    const { form } = await setup();
    const once = await form({ jti: 'same-jti' });
    expect((await tokenRequest(tokenUrl(), once)).status).toBe(200);
    const again = await tokenRequest(tokenUrl(), await form({ jti: 'same-jti' }));
    expect(await oauthError(again)).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringMatching(/jti was already used/) } });
  });

  it('refuses an unknown client (invalid_client)', async () => {
    const key = await serviceKey();
    const response = await tokenRequest(tokenUrl(), {
      grant_type: 'client_credentials',
      scope: 'okta.apps.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key.privateKey, '0oaNoSuchClient00000', tokenUrl(), nowSeconds()),
    });
    expect(await oauthError(response)).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.stringMatching(/not an OAuth 2.0 client/) } });
  });

  it('refuses a scope that was not granted (invalid_scope), naming it', async () => {
    const { form } = await setup();
    const response = await tokenRequest(tokenUrl(), await form({}, 'okta.apps.read okta.apps.manage'));
    expect(await oauthError(response)).toMatchObject({ status: 400, body: { error: 'invalid_scope', error_description: expect.stringMatching(/: okta\.apps\.manage\./) } });
  });

  it('refuses another grant type (unsupported_grant_type) and a body that is not a form (invalid_request)', async () => {
    const { form } = await setup();
    const wrongGrant = await tokenRequest(tokenUrl(), { ...(await form()), grant_type: 'password' });
    expect(await oauthError(wrongGrant)).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    const json = await fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(await form()) });
    expect(await oauthError(json)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });
});

describe('POST /oauth2/v1/token with DPoP', () => {
  it('refuses a DPoP-requiring app without a proof (invalid_dpop_proof)', async () => {
    const { form } = await setup({ dpop: true });
    const response = await tokenRequest(tokenUrl(), await form());
    expect(await oauthError(response)).toMatchObject({ status: 400, body: { error: 'invalid_dpop_proof', error_description: 'The DPoP proof JWT header is missing.' } });
  });

  it('answers a proof without nonce with 400 use_dpop_nonce and a DPoP-Nonce header, then issues a DPoP token', async () => {
    const { form } = await setup({ dpop: true });
    const key = await dpopKey();
    const first = await tokenRequest(tokenUrl(), await form(), await proof(key, 'POST', tokenUrl(), nowSeconds()));
    const nonce = first.headers.get('dpop-nonce');
    expect(await oauthError(first)).toMatchObject({ status: 400, body: { error: 'use_dpop_nonce' } });
    expect(nonce).toMatch(/^[\w-]{32}$/);

    const second = await tokenRequest(tokenUrl(), await form(), await proof(key, 'POST', tokenUrl(), nowSeconds(), { nonce }));
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ token_type: 'DPoP', expires_in: 3600 });
  });

  it('refuses a nonce it never issued (use_dpop_nonce)', async () => {
    const { form } = await setup({ dpop: true });
    const response = await tokenRequest(tokenUrl(), await form(), await proof(await dpopKey(), 'POST', tokenUrl(), nowSeconds(), { nonce: 'made-up' }));
    expect(await oauthError(response)).toMatchObject({ status: 400, body: { error: 'use_dpop_nonce' } });
  });

  const refusals: Array<[string, (url: string, now: number) => [string, string, Record<string, unknown>, Record<string, unknown>], RegExp]> = [
    ['a proof for another URL', (url, now) => ['POST', `${url}x`, { iat: now }, {}], /htu/],
    ['a proof whose htu carries a query', (url, now) => ['POST', `${url}?x=1`, { iat: now }, {}], /^'htu' claim in the DPoP proof JWT is invalid\.$/],
    ['a proof whose htu carries a fragment', (url, now) => ['POST', `${url}#f`, { iat: now }, {}], /^'htu' claim in the DPoP proof JWT is invalid\.$/],
    ['a proof for another method', (url, now) => ['GET', url, { iat: now }, {}], /htm/],
    ['a proof issued too long ago', (url, now) => ['POST', url, { iat: now - 301 }, {}], /iat/],
    ['a proof issued in the future', (url, now) => ['POST', url, { iat: now + 61 }, {}], /iat/],
    ['a proof of type JWT', (url, now) => ['POST', url, { iat: now }, { typ: 'JWT' }], /typ/],
    ['a proof without jti', (url, now) => ['POST', url, { iat: now, jti: undefined }, {}], /jti/],
  ];
  it.each(refusals)('refuses %s (invalid_dpop_proof)', async (_name, build, message) => {
    const { form } = await setup({ dpop: true });
    const nonce = await nonceFor(await form());
    const [htm, htu, claims, header] = build(tokenUrl(), nowSeconds());
    const response = await tokenRequest(tokenUrl(), await form(), await proof(await dpopKey(), htm, htu, nowSeconds(), { nonce, ...claims }, header));
    const { status, body } = await oauthError(response);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_dpop_proof');
    expect(body.error_description).toMatch(message);
  });

  it('refuses a proof signed by another key than the one in its jwk header (invalid_dpop_proof)', async () => {
    const { form } = await setup({ dpop: true });
    const nonce = await nonceFor(await form());
    const signer = await dpopKey();
    const other = await dpopKey();
    const forged = await proof({ privateKey: signer.privateKey, jwk: other.jwk }, 'POST', tokenUrl(), nowSeconds(), { nonce });
    expect(await oauthError(await tokenRequest(tokenUrl(), await form(), forged))).toMatchObject({
      status: 400,
      body: { error: 'invalid_dpop_proof', error_description: expect.stringMatching(/signature/) },
    });
  });

  it('refuses a replayed proof (invalid_dpop_proof)', async () => {
    const { form } = await setup({ dpop: true });
    const nonce = await nonceFor(await form());
    const replayed = await proof(await dpopKey(), 'POST', tokenUrl(), nowSeconds(), { nonce });
    expect((await tokenRequest(tokenUrl(), await form(), replayed)).status).toBe(200);
    expect(await oauthError(await tokenRequest(tokenUrl(), await form(), replayed))).toMatchObject({
      status: 400,
      body: { error: 'invalid_dpop_proof', error_description: expect.stringMatching(/jti was already used/) },
    });
  });

  it('ignores a DPoP proof sent for an app that does not require DPoP, issuing a Bearer token', async () => {
    const { form } = await setup({ dpop: false });
    const response = await tokenRequest(tokenUrl(), await form(), await proof(await dpopKey(), 'POST', tokenUrl(), nowSeconds()));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: 'Bearer' });
  });
});
