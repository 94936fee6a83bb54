import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend({ tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.apps.read'] }] });

/** An OpenID Connect web app as the terraform provider creates one. */
async function oidcApp(issuerMode = 'ORG_URL'): Promise<{ id: string; clientId: string }> {
  const response = await call(backend, '/api/v1/apps', {
    method: 'POST',
    json: {
      name: 'oidc_client',
      label: 'Portal',
      signOnMode: 'OPENID_CONNECT',
      credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
      settings: { oauthClient: { grant_types: ['authorization_code'], response_types: ['code'], redirect_uris: ['https://portal.example.com/cb'], application_type: 'web', issuer_mode: issuerMode } },
    },
  });
  expect(response.status).toBe(200);
  return { id: response.body.id, clientId: response.body.credentials.oauthClient.client_id };
}

const settingsPath = (appId: string) => `/api/v1/internal/apps/${appId}/settings/oauth/idToken`;
const post = (appId: string, json: unknown, authorization = 'SSWS admin') => call(backend, settingsPath(appId), { method: 'POST', json, authorization });
const get = (appId: string) => call(backend, settingsPath(appId));

describe('GET /api/v1/internal/apps/{appId}/settings/oauth/idToken', () => {
  it("answers an OAuth app's issuer (the org URL), its client id as audience and its issuer mode, in the order real orgs answer", async () => {
    const app = await oidcApp();
    const response = await get(app.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ issuer: backend.orgUrl, orgUrl: null, customUrl: null, audience: app.clientId, issuerMode: 'ORG_URL' });
    expect(Object.keys(response.body)).toEqual(['issuer', 'orgUrl', 'customUrl', 'audience', 'issuerMode']);
  });

  it("follows the app's settings.oauthClient.issuer_mode", async () => {
    const app = await oidcApp('DYNAMIC');
    expect((await get(app.id)).body.issuerMode).toBe('DYNAMIC');
  });

  it('answers 404 E0000007 for an app that does not exist, and for an app that is no OAuth 2.0 client', async () => {
    expectOktaError(await get('0oa00000000000000000'), 404, 'E0000007', 'Not found: Resource not found: 0oa00000000000000000 (AppInstance)');
    const wiki = (await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark() })).body.id as string;
    expectOktaError(await get(wiki), 404, 'E0000007', `Not found: Resource not found: ${wiki} (OAuth2Client)`);
  });
});

describe('POST /api/v1/internal/apps/{appId}/settings/oauth/idToken', () => {
  it('answers what it set with issuer, orgUrl, customUrl and audience null, as real orgs do; a GET then shows the claim', async () => {
    const app = await oidcApp();
    const posted = await post(app.id, { valueType: 'GROUPS', groupFilterType: 'REGEX', issuerMode: 'ORG_URL', name: 'groups', value: '.*' });
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual({ issuer: null, orgUrl: null, customUrl: null, audience: null, issuerMode: 'ORG_URL', valueType: 'GROUPS', name: 'groups', groupFilterType: 'REGEX', value: '.*' });
    expect(Object.keys(posted.body)).toEqual(['issuer', 'orgUrl', 'customUrl', 'audience', 'issuerMode', 'valueType', 'name', 'groupFilterType', 'value']);
    expect((await get(app.id)).body).toEqual({ ...posted.body, issuer: backend.orgUrl, audience: app.clientId });
  });

  it("changes the app's settings.oauthClient.issuer_mode, and a post without a claim clears it", async () => {
    const app = await oidcApp();
    await post(app.id, { valueType: 'EXPRESSION', issuerMode: 'ORG_URL', name: 'bb', value: 'aa' });
    expect((await post(app.id, { issuerMode: 'DYNAMIC' })).body).toEqual({ issuer: null, orgUrl: null, customUrl: null, audience: null, issuerMode: 'DYNAMIC' });
    expect((await call(backend, `/api/v1/apps/${app.id}`)).body.settings.oauthClient.issuer_mode).toBe('DYNAMIC');
    expect((await get(app.id)).body).toEqual({ issuer: backend.orgUrl, orgUrl: null, customUrl: null, audience: app.clientId, issuerMode: 'DYNAMIC' });
  });

  it('refuses values Okta does not take with 400 E0000001, one cause each, and changes nothing', async () => {
    const app = await oidcApp();
    await post(app.id, { valueType: 'EXPRESSION', issuerMode: 'ORG_URL', name: 'bb', value: 'aa' });
    expectOktaError(await post(app.id, { issuerMode: 'ANYWHERE', valueType: 'EXPRESSION', name: 'n'.repeat(256), value: 'x' }), 400, 'E0000001', 'Api validation failed: issuerMode, name', [
      'issuerMode: Not one of the allowed values (ORG_URL, CUSTOM_URL, DYNAMIC)',
      'name: Must be a string of at most 255 characters',
    ]);
    expectOktaError(await post(app.id, ['ORG_URL']), 400, 'E0000001', 'Api validation failed: body', ['body: Must be a JSON object with issuerMode and the claim (valueType, name, value, groupFilterType)']);
    expect((await get(app.id)).body).toMatchObject({ issuerMode: 'ORG_URL', valueType: 'EXPRESSION', name: 'bb', value: 'aa' });
  });

  it('needs okta.apps.manage: a read-only token is 403 E0000006', async () => {
    const app = await oidcApp();
    expectOktaError(await post(app.id, { issuerMode: 'ORG_URL' }, 'SSWS reader'), 403, 'E0000006', 'You do not have permission to perform the requested action');
  });
});

describe('ID token settings and the control plane', () => {
  it('are cleared by reset, kept by a snapshot and its restore, and gone with the app', async () => {
    const app = await oidcApp();
    await post(app.id, { valueType: 'EXPRESSION', issuerMode: 'ORG_URL', name: 'bb', value: 'aa' });
    const snapshot = backend.snapshot() as Record<string, unknown>;
    expect(snapshot.idTokenClaims).toEqual([{ appId: app.id, valueType: 'EXPRESSION', name: 'bb', value: 'aa' }]);
    backend.reset();
    expect(backend.snapshot()).toMatchObject({ idTokenClaims: [] });
    backend.restore(snapshot);
    expect((await get(app.id)).body).toMatchObject({ valueType: 'EXPRESSION', name: 'bb', value: 'aa' });
    await call(backend, `/api/v1/apps/${app.id}/lifecycle/deactivate`, { method: 'POST' });
    await call(backend, `/api/v1/apps/${app.id}`, { method: 'DELETE' });
    expect(backend.snapshot()).toMatchObject({ idTokenClaims: [] });
    expect((await get(app.id)).status).toBe(404);
  });

  it('refuses a snapshot whose claim names an app the snapshot does not have', () => {
    const snapshot = backend.snapshot() as Record<string, unknown>;
    expect(() => backend.restore({ ...snapshot, idTokenClaims: [{ appId: '0oa00000000000000000', name: 'x' }] })).toThrow(/idTokenClaims\[0\]\.appId/);
  });
});
