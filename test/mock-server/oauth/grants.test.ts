import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';

const { backend } = useMockBackend({
  tokens: [
    { type: 'SSWS', token: 'admin-token' },
    { type: 'SSWS', token: 'apps-only', scopes: ['okta.apps.manage'] },
  ],
});

function call(method: string, path: string, body?: unknown, token = 'admin-token') {
  const headers: Record<string, string> = { authorization: `SSWS ${token}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${backend.orgUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

function serviceApp() {
  return backend.oauth.registerServiceApp({ publicJwk: { kty: 'EC', crv: 'P-256', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0', kid: 'k1' }, scopes: [] }).clientId;
}

describe('the Application Grants API', () => {
  it('grants a scope with 200 (as real orgs answer) and Okta\'s representation, the scope embedded', async () => {
    const appId = serviceApp();
    const response = await call('POST', `/api/v1/apps/${appId}/grants`, { issuer: backend.orgUrl, scopeId: 'okta.apps.read' });

    expect(response.status).toBe(200);
    const grant = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(grant)).toEqual(['id', 'status', 'created', 'createdBy', 'lastUpdated', 'issuer', 'clientId', 'scopeId', 'source', '_embedded', '_links']);
    const label = backend.apps.get(appId)!.label;
    expect(grant).toEqual({
      id: expect.stringMatching(/^oag[0-9A-Za-z]{17}$/),
      status: 'ACTIVE',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      createdBy: { id: expect.stringMatching(/^00u/), type: 'User' },
      lastUpdated: grant.created,
      issuer: backend.orgUrl,
      clientId: appId,
      scopeId: 'okta.apps.read',
      source: 'ADMIN',
      _embedded: { scope: { id: 'okta.apps.read' } },
      _links: {
        app: { href: `${backend.orgUrl}/api/v1/apps/${appId}`, title: label },
        self: { href: `${backend.orgUrl}/api/v1/apps/${appId}/grants/${grant.id as string}`, hints: { allow: ['GET', 'DELETE'] } },
        client: { href: `${backend.orgUrl}/oauth2/v1/clients/${appId}`, title: label },
      },
    });
  });

  it('names the client by the app\'s own client_id when it has one', async () => {
    const app = backend.apps.create({
      name: 'oidc_client',
      label: 'Reports',
      signOnMode: 'OPENID_CONNECT',
      credentials: { oauthClient: { client_id: 'reports-client', token_endpoint_auth_method: 'client_secret_post' } },
      settings: { oauthClient: { grant_types: ['client_credentials'], application_type: 'service' } },
    });
    const response = await call('POST', `/api/v1/apps/${app.id}/grants`, { issuer: backend.orgUrl, scopeId: 'okta.users.read' });
    const grant = (await response.json()) as { clientId: string; _links: { client: unknown } };
    expect(grant.clientId).toBe('reports-client');
    expect(grant._links.client).toEqual({ href: `${backend.orgUrl}/oauth2/v1/clients/reports-client`, title: 'Reports' });
  });

  it('lists grants in creation order, embeds the scope with expand=scope, and reads one', async () => {
    const appId = serviceApp();
    await call('POST', `/api/v1/apps/${appId}/grants`, { issuer: `${backend.orgUrl}/`, scopeId: 'okta.apps.read' });
    await call('POST', `/api/v1/apps/${appId}/grants`, { issuer: backend.orgUrl, scopeId: 'okta.logs.read' });

    const list = (await (await call('GET', `/api/v1/apps/${appId}/grants?expand=scope`)).json()) as Array<Record<string, unknown>>;
    expect(list.map((g) => g.scopeId)).toEqual(['okta.apps.read', 'okta.logs.read']);
    expect(list[0]!._embedded).toEqual({ scope: { id: 'okta.apps.read' } });
    const one = await call('GET', `/api/v1/apps/${appId}/grants/${list[1]!.id as string}`);
    expect(await one.json()).toMatchObject({ id: list[1]!.id, scopeId: 'okta.logs.read' });
  });

  it('revokes a grant with 204, after which the grant is 404 and the scope no longer granted', async () => {
    const appId = serviceApp();
    const grant = (await (await call('POST', `/api/v1/apps/${appId}/grants`, { issuer: backend.orgUrl, scopeId: 'okta.apps.read' })).json()) as { id: string };

    const revoked = await call('DELETE', `/api/v1/apps/${appId}/grants/${grant.id}`);
    expect(revoked.status).toBe(204);
    expect(await revoked.text()).toBe('');
    const again = await call('GET', `/api/v1/apps/${appId}/grants/${grant.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ errorCode: 'E0000007', errorSummary: `Not found: Resource not found: ${grant.id} (OAuth2ScopeConsentGrant)` });
    expect(backend.oauth.grants(appId)).toEqual([]);
  });

  it('refuses a blank scope, a foreign issuer and a scope granted twice with 400 E0000001 naming the field', async () => {
    const appId = serviceApp();
    await call('POST', `/api/v1/apps/${appId}/grants`, { issuer: backend.orgUrl, scopeId: 'okta.apps.read' });
    const cases: Array<[unknown, string]> = [
      [{ issuer: backend.orgUrl }, 'scopeId: The field cannot be left blank'],
      [{ issuer: 'https://other.okta.com', scopeId: 'okta.apps.manage' }, `issuer: Must be the org authorization server's issuer, ${backend.orgUrl}`],
      [{ issuer: backend.orgUrl, scopeId: 'okta.apps.read' }, "scopeId: The scope 'okta.apps.read' is already granted to this app"],
      [{ issuer: backend.orgUrl, scopeId: 'openid' }, "scopeId: 'openid' is not an Okta scope"],
    ];
    for (const [body, cause] of cases) {
      const response = await call('POST', `/api/v1/apps/${appId}/grants`, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ errorSummary: cause }] });
    }
  });

  it('answers 404 for an unknown app and 403 E0000006 without okta.appGrants scopes', async () => {
    const missing = await call('GET', '/api/v1/apps/0oaNoSuchApp00000000/grants');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: 0oaNoSuchApp00000000 (AppInstance)' });
    const forbidden = await call('GET', `/api/v1/apps/${serviceApp()}/grants`, undefined, 'apps-only');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ errorCode: 'E0000006' });
  });
});
