import type { CryptoKey, JWK } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { assertion, ath, dpopKey, JWT_BEARER, proof, serviceKey, tokenRequest } from './helpers';
import { createHandlers } from '../../../mock-server/msw/index';

let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
const { backend, server } = useMockBackend({ now: () => clock });
const nowSeconds = () => Math.floor(clock / 1000);
const appsUrl = () => `${backend.orgUrl}/api/v1/apps`;

beforeEach(() => {
  clock = Date.UTC(2026, 5, 1, 12, 0, 0);
});

/** A service app and a token for it: DPoP-bound to `key` when given. */
async function issue(options: { dpop?: { privateKey: CryptoKey; jwk: JWK }; scopes?: string[] } = {}) {
  const service = await serviceKey();
  const tokenUrl = `${backend.orgUrl}/oauth2/v1/token`;
  const { clientId } = backend.oauth.registerServiceApp({ publicJwk: service.publicJwk, scopes: options.scopes ?? ['okta.apps.read'], dpop: options.dpop !== undefined });
  const form = async () => ({
    grant_type: 'client_credentials',
    scope: (options.scopes ?? ['okta.apps.read']).join(' '),
    client_assertion_type: JWT_BEARER,
    client_assertion: await assertion(service.privateKey, clientId, tokenUrl, nowSeconds()),
  });
  let response: Response;
  if (options.dpop) {
    const first = await tokenRequest(tokenUrl, await form(), await proof(options.dpop, 'POST', tokenUrl, nowSeconds()));
    const nonce = first.headers.get('dpop-nonce')!;
    response = await tokenRequest(tokenUrl, await form(), await proof(options.dpop, 'POST', tokenUrl, nowSeconds(), { nonce }));
  } else {
    response = await tokenRequest(tokenUrl, await form());
  }
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string };
  return { clientId, token: body.access_token };
}

function get(url: string, headers: Record<string, string>, method = 'GET') {
  return fetch(url, { method, headers: { accept: 'application/json', ...headers } });
}

async function refusal(response: Response) {
  const body = (await response.json()) as { errorCode: string };
  return { status: response.status, errorCode: body.errorCode, challenge: response.headers.get('www-authenticate') ?? '' };
}

describe('the apps API with issued access tokens', () => {
  it('accepts a Bearer token with its scopes, and refuses what they do not allow with 403 E0000006', async () => {
    const { clientId, token } = await issue();
    const list = await get(appsUrl(), { authorization: `Bearer ${token}` });
    expect(list.status).toBe(200);
    expect(((await list.json()) as Array<{ id: string }>).map((a) => a.id)).toEqual([clientId]);

    const create = await fetch(appsUrl(), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bookmark', label: 'x', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://example.com' } } }),
    });
    expect(await refusal(create)).toMatchObject({ status: 403, errorCode: 'E0000006' });
  });

  it('refuses an expired token with 401 E0000011 and a Bearer invalid_token challenge', async () => {
    const { token } = await issue();
    clock += 3600 * 1000;
    const { status, errorCode, challenge } = await refusal(await get(appsUrl(), { authorization: `Bearer ${token}` }));
    expect({ status, errorCode }).toEqual({ status: 401, errorCode: 'E0000011' });
    expect(challenge).toBe(
      `Bearer authorization_uri="${backend.orgUrl}/oauth2/v1/authorize", realm="${backend.orgUrl}", scope="okta.apps.read", error="invalid_token", error_description="The access token is expired.", resource="/api/v1/apps"`,
    );
  });

  const invalidTokenChallenge = (scheme: string) =>
    `${scheme} authorization_uri="${backend.orgUrl}/oauth2/v1/authorize", realm="${backend.orgUrl}", scope="okta.apps.read", error="invalid_token", error_description="The access token is invalid.", resource="/api/v1/apps"`;

  it('refuses a revoked token with 401 E0000011 and a Bearer invalid_token challenge', async () => {
    const { clientId, token } = await issue();
    expect(backend.oauth.revokeTokens(clientId)).toBe(1);
    expect(await refusal(await get(appsUrl(), { authorization: `Bearer ${token}` }))).toEqual({
      status: 401,
      errorCode: 'E0000011',
      challenge: invalidTokenChallenge('Bearer'),
    });
  });

  it('refuses a token never issued with an invalid_token challenge of the scheme it was sent under', async () => {
    const made = 'a'.repeat(43);
    expect(await refusal(await get(appsUrl(), { authorization: `Bearer ${made}` }))).toEqual({ status: 401, errorCode: 'E0000011', challenge: invalidTokenChallenge('Bearer') });
    expect(await refusal(await get(appsUrl(), { authorization: `DPoP ${made}` }))).toEqual({
      status: 401,
      errorCode: 'E0000011',
      challenge: invalidTokenChallenge('DPoP algs="RS256 RS384 RS512 ES256 ES384 ES512",'),
    });
  });

  it('keeps the plain 401 of API tokens for an unknown SSWS token and an API token sent as Bearer', async () => {
    for (const authorization of ['SSWS not-a-token', `Bearer ${backend.defaultToken}`]) {
      expect(await refusal(await get(appsUrl(), { authorization }))).toEqual({ status: 401, errorCode: 'E0000011', challenge: '' });
    }
  });

  it('accepts a DPoP token with a proof of its key, whose htu leaves out the query', async () => {
    const key = await dpopKey();
    const { token } = await issue({ dpop: key });
    const response = await get(`${appsUrl()}?limit=5`, {
      authorization: `DPoP ${token}`,
      dpop: await proof(key, 'GET', appsUrl(), nowSeconds(), { ath: await ath(token) }),
    });
    expect(response.status).toBe(200);
  });

  it('refuses a DPoP-bound token sent as Bearer with a DPoP challenge', async () => {
    const key = await dpopKey();
    const { token } = await issue({ dpop: key });
    const { status, challenge } = await refusal(await get(appsUrl(), { authorization: `Bearer ${token}` }));
    expect(status).toBe(401);
    expect(challenge).toMatch(/^DPoP algs="RS256 RS384 RS512 ES256 ES384 ES512", authorization_uri=".*", error="invalid_dpop_proof", error_description="The access token is DPoP-bound/);
  });

  it('refuses a stolen DPoP token replayed with another key', async () => {
    const { token } = await issue({ dpop: await dpopKey() });
    const thief = await dpopKey();
    const { status, challenge } = await refusal(
      await get(appsUrl(), { authorization: `DPoP ${token}`, dpop: await proof(thief, 'GET', appsUrl(), nowSeconds(), { ath: await ath(token) }) }),
    );
    expect(status).toBe(401);
    expect(challenge).toMatch(/error="invalid_dpop_proof", error_description="The DPoP proof is signed by another key than the one the access token is bound to\."/);
  });

  const proofProblems: Array<[string, (token: string) => Promise<[string, string, Record<string, unknown>]>, RegExp]> = [
    ['no proof at all', async () => ['', '', {}], /The DPoP proof JWT header is missing/],
    ['a proof for another URL', async (token) => ['GET', `${appsUrl()}/0oa1`, { ath: await ath(token) }], /htu/],
    ['a proof whose htu carries the query', async (token) => ['GET', `${appsUrl()}?limit=5`, { ath: await ath(token) }], /error_description="'htu' claim in the DPoP proof JWT is invalid\."/],
    ['a proof whose htu carries a fragment', async (token) => ['GET', `${appsUrl()}#top`, { ath: await ath(token) }], /error_description="'htu' claim in the DPoP proof JWT is invalid\."/],
    ['a proof for another method', async (token) => ['POST', appsUrl(), { ath: await ath(token) }], /htm/],
    ['a proof without ath', async () => ['GET', appsUrl(), {}], /ath/],
    ['a proof whose ath is of another token', async () => ['GET', appsUrl(), { ath: await ath('another-token') }], /ath/],
  ];
  it.each(proofProblems)('refuses a DPoP token with %s (401, invalid_dpop_proof)', async (_name, build, message) => {
    const key = await dpopKey();
    const { token } = await issue({ dpop: key });
    const [htm, htu, claims] = await build(token);
    const headers: Record<string, string> = { authorization: `DPoP ${token}` };
    if (htm !== '') headers.dpop = await proof(key, htm, htu, nowSeconds(), claims);
    const { status, errorCode, challenge } = await refusal(await get(appsUrl(), headers));
    expect({ status, errorCode }).toEqual({ status: 401, errorCode: 'E0000011' });
    expect(challenge).toMatch(/^DPoP .*error="invalid_dpop_proof"/);
    expect(challenge).toMatch(message);
  });

  it('refuses a proof used twice', async () => {
    const key = await dpopKey();
    const { token } = await issue({ dpop: key });
    const headers = { authorization: `DPoP ${token}`, dpop: await proof(key, 'GET', appsUrl(), nowSeconds(), { ath: await ath(token) }) };
    expect((await get(appsUrl(), headers)).status).toBe(200);
    expect(await refusal(await get(appsUrl(), headers))).toMatchObject({ status: 401, challenge: expect.stringMatching(/jti was already used/) });
  });

  it('refuses a token of an app that was deactivated since', async () => {
    const { clientId, token } = await issue();
    backend.apps.deactivate(clientId);
    expect(await refusal(await get(appsUrl(), { authorization: `Bearer ${token}` }))).toMatchObject({ status: 401, errorCode: 'E0000011' });
  });
});

describe('a backend whose resource server demands DPoP nonces', () => {
  it('answers 401 use_dpop_nonce with a DPoP-Nonce header, then accepts a proof carrying it', async () => {
    const strict = createMockBackend({ orgUrl: 'https://strict.okta.test', oauth: { resourceNonce: true } });
    // Served by this file's msw server (a second one would intercept the same requests too); its
    // handlers are reset after the test.
    server.use(...createHandlers(strict));
    const service = await serviceKey();
    const key = await dpopKey();
    const { clientId } = strict.oauth.registerServiceApp({ publicJwk: service.publicJwk, scopes: ['okta.apps.read'], dpop: true });
    const tokenUrl = `${strict.orgUrl}/oauth2/v1/token`;
    const now = Math.floor(Date.now() / 1000);
    const form = async () => ({
      grant_type: 'client_credentials',
      scope: 'okta.apps.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(service.privateKey, clientId, tokenUrl, now),
    });
    const first = await tokenRequest(tokenUrl, await form(), await proof(key, 'POST', tokenUrl, now));
    const issued = await tokenRequest(tokenUrl, await form(), await proof(key, 'POST', tokenUrl, now, { nonce: first.headers.get('dpop-nonce') }));
    const { access_token: token } = (await issued.json()) as { access_token: string };
    const url = `${strict.orgUrl}/api/v1/apps`;

    const refused = await get(url, { authorization: `DPoP ${token}`, dpop: await proof(key, 'GET', url, now, { ath: await ath(token) }) });
    const nonce = refused.headers.get('dpop-nonce');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof\."/);
    expect(nonce).not.toBeNull();

    const accepted = await get(url, { authorization: `DPoP ${token}`, dpop: await proof(key, 'GET', url, now, { ath: await ath(token), nonce }) });
    expect(accepted.status).toBe(200);
  });
});
