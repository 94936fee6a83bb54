import { exportJWK, generateKeyPair } from 'jose';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient, isApiError, type AppsetClient } from '../../src/index';
import { useMockBackend } from '../support/backend';

// One clock for the backend, moved by the tests; the client follows it through the Date header.
let clock = Date.now();
const { backend, server, client: adminClient } = useMockBackend({ now: () => clock });
beforeEach(() => {
  clock = Date.now();
});

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { privateJwk: { ...(await exportJWK(privateKey)), kid }, publicJwk: { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'RS256' } };
}

/** Creates the service app and its grants through the apps API, as an administrator with an API token would. */
async function createServiceAppOverApi(admin: AppsetClient, publicJwk: object, scopes: string[], dpop: boolean): Promise<string> {
  const app = await admin.apps.create({
    name: 'oidc_client',
    label: 'Inventory sync',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'private_key_jwt' } },
    settings: {
      oauthClient: {
        application_type: 'service',
        grant_types: ['client_credentials'],
        response_types: ['token'],
        jwks: { keys: [publicJwk as Record<string, unknown>] },
        dpop_bound_access_tokens: dpop,
      },
    },
  } as never);
  for (const scopeId of scopes) {
    const response = await fetch(`${backend.orgUrl}/api/v1/apps/${app.id}/grants`, {
      method: 'POST',
      headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ issuer: backend.orgUrl, scopeId }),
    });
    expect(response.status).toBe(200);
  }
  return app.id;
}

/** Records what reaches the token endpoint and the apps API, without answering. */
function watchRequests() {
  const seen: Array<{ path: string; authorization: string | null; dpop: boolean }> = [];
  server.events.on('request:start', ({ request }) => {
    seen.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization'), dpop: request.headers.has('dpop') });
  });
  return seen;
}

describe.each([
  { dpop: false, scheme: 'Bearer' },
  { dpop: true, scheme: 'DPoP' },
])('a service app with dpop $dpop', ({ dpop, scheme }) => {
  it('lists and creates apps with a key registered through the apps API', async () => {
    const admin = adminClient();
    const { privateJwk, publicJwk } = await newKey('sync-key-1');
    const clientId = await createServiceAppOverApi(admin, publicJwk, ['okta.apps.manage'], dpop);
    const seen = watchRequests();

    const service = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey: privateJwk, scopes: ['okta.apps.manage'], dpop } });
    const created = await service.apps.create({ name: 'bookmark', signOnMode: 'BOOKMARK', label: 'Made by the service app', settings: { app: { url: 'https://example.com' } } });
    const listed = await service.apps.list({ limit: 200 }).toArray({ max: 1000 });

    expect(listed.map((a) => a.id)).toEqual(expect.arrayContaining([clientId, created.id]));
    const apiCalls = seen.filter((r) => r.path.startsWith('/api/'));
    expect(apiCalls.every((r) => r.authorization?.startsWith(`${scheme} `) && r.dpop === dpop)).toBe(true);
    // One token for both calls; with DPoP the first token request is refused for its missing nonce.
    expect(seen.filter((r) => r.path === '/oauth2/v1/token')).toHaveLength(dpop ? 2 : 1);
  });

  it('renews a token that expires mid-walk without the caller noticing', async () => {
    const { privateJwk, publicJwk } = await newKey('walk-key');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'], dpop });
    for (let i = 0; i < 5; i++) backend.apps.create({ name: 'bookmark', signOnMode: 'BOOKMARK', label: `Walk ${i}`, settings: { app: { url: 'https://example.com' } } });
    const seen = watchRequests();
    const service = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey: privateJwk, scopes: ['okta.apps.read'], dpop } });

    const labels: string[] = [];
    let page = 0;
    for await (const app of service.apps.list({ limit: 2 })) {
      labels.push(app.label);
      // After the first page, the backend's clock passes the token's hour.
      if (labels.length === 2 && page++ === 0) clock += 3601 * 1000;
    }

    expect(labels).toEqual(['Service app', 'Walk 0', 'Walk 1', 'Walk 2', 'Walk 3', 'Walk 4']);
    const refused = seen.filter((r) => r.path === '/api/v1/apps');
    // Three pages plus the one refused with the expired token.
    expect(refused).toHaveLength(4);
    expect(seen.filter((r) => r.path === '/oauth2/v1/token').length).toBeGreaterThanOrEqual(2);
  });

  it('gets 403 E0000006 for an operation whose scope was not granted', async () => {
    const { privateJwk, publicJwk } = await newKey('read-only');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'], dpop });
    const service = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey: privateJwk, scopes: ['okta.apps.read'], dpop } });

    await expect(service.apps.list().toArray({ max: 100 })).resolves.toHaveLength(1);
    const error = await service.apps.create({ name: 'bookmark', signOnMode: 'BOOKMARK', label: 'Refused', settings: { app: { url: 'https://example.com' } } }).catch((e: unknown) => e);

    expect(isApiError(error) && error.status).toBe(403);
    expect(isApiError(error) && error.errorCode).toBe('E0000006');
  });
});

describe('the token request of a service app', () => {
  it('is sent once for concurrent calls (single flight)', async () => {
    const { privateJwk, publicJwk } = await newKey('concurrent');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'], dpop: true });
    const seen = watchRequests();
    const service = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey: privateJwk, scopes: ['okta.apps.read'], dpop: true } });

    await Promise.all(Array.from({ length: 8 }, () => service.apps.get(clientId)));

    // The nonce refusal and the successful request: one token request in flight at a time.
    expect(seen.filter((r) => r.path === '/oauth2/v1/token')).toHaveLength(2);
    expect(seen.filter((r) => r.path.startsWith('/api/'))).toHaveLength(8);
  });

  it('answers the resource server\'s nonce demand with one more attempt', async () => {
    server.use(
      // Only the first API request: RFC 9449 §9's challenge, as a resource server demanding a nonce sends it.
      http.get(
        `${backend.orgUrl}/api/v1/apps/:id`,
        () =>
          HttpResponse.json(
            { errorCode: 'E0000011', errorSummary: 'Invalid token provided', errorLink: 'E0000011', errorId: 'oaeNonceDemand000000000', errorCauses: [] },
            {
              status: 401,
              headers: {
                'www-authenticate': 'DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"',
                'dpop-nonce': 'resource-nonce-1',
              },
            },
          ),
        { once: true },
      ),
    );
    const { privateJwk, publicJwk } = await newKey('nonce');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'], dpop: true });
    const proofs: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/')) proofs.push(request.headers.get('dpop') ?? '');
    });
    const service = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey: privateJwk, scopes: ['okta.apps.read'], dpop: true } });

    await expect(service.apps.get(clientId)).resolves.toMatchObject({ id: clientId });

    expect(proofs).toHaveLength(2);
    const claims = (proof: string) => JSON.parse(Buffer.from(proof.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims(proofs[0]!).nonce).toBeUndefined();
    expect(claims(proofs[1]!).nonce).toBe('resource-nonce-1');
  });
});

describe('a machine whose clock is off', () => {
  it('still gets a token: the client signs again on the server\'s clock, read from its Date header', async () => {
    clock = Date.now() + 2 * 3600 * 1000;
    const { privateJwk, publicJwk } = await newKey('skewed');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'], dpop: true });
    const seen = watchRequests();
    const service = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey: privateJwk, scopes: ['okta.apps.read'], dpop: true } });

    await expect(service.apps.get(clientId)).resolves.toMatchObject({ id: clientId });
    // Refused as expired (on the server's clock), refused for the nonce, then issued.
    expect(seen.filter((r) => r.path === '/oauth2/v1/token')).toHaveLength(3);
  });
});

describe('a caller that aborts while a token is being fetched', () => {
  it('stops waiting at once, and the shared token request still serves the other callers', async () => {
    const { privateJwk, publicJwk } = await newKey('abort');
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'] });
    const seen = watchRequests();
    const service = createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey: privateJwk, scopes: ['okta.apps.read'] } });
    const controller = new AbortController();

    const aborted = service.apps.get(clientId, {}, { signal: controller.signal });
    const other = service.apps.get(clientId);
    controller.abort(new Error('caller gave up'));

    await expect(aborted).rejects.toThrow('caller gave up');
    await expect(other).resolves.toMatchObject({ id: clientId });
    expect(seen.filter((r) => r.path === '/oauth2/v1/token')).toHaveLength(1);
  });
});
