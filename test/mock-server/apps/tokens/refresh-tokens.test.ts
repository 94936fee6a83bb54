import { describe, expect, it } from 'vitest';
import type { CreateApplicationInput } from '../../../../src/index';
import { useMockBackend } from '../../../support/backend';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();

const oidc = (): CreateApplicationInput =>
  ({
    name: 'oidc_client',
    label: 'Native',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
    settings: { oauthClient: { grant_types: ['authorization_code', 'refresh_token'], redirect_uris: ['https://example.com/cb'], response_types: ['code'], application_type: 'web' } },
  }) as CreateApplicationInput;

function seeded() {
  const app = backend.apps.create(oidc());
  const user = backend.directory.addUser({ login: 'saml.jackson@example.com', firstName: 'Saml', lastName: 'Jackson' });
  const tokenId = backend.refreshTokens.issue(app.id, { userId: user.id, scopes: ['offline_access', 'openid'] });
  return { app, user, tokenId };
}

describe("an app's refresh tokens", () => {
  it('list what was issued, with the recorded Link (limit only) and Okta\'s representation', async () => {
    const { app, user, tokenId } = seeded();
    const listed = await call(backend, `/api/v1/apps/${app.id}/tokens?expand=user`);
    expect(listed.headers.get('link')).toBe(`<${backend.orgUrl}/api/v1/apps/${app.id}/tokens?limit=20>; rel="self"`);
    const self = `${backend.orgUrl}/api/v1/apps/${app.id}/tokens/${tokenId}`;
    expect(listed.body).toEqual([
      {
        id: tokenId,
        status: 'ACTIVE',
        created: expect.stringMatching(/\.000Z$/),
        lastUpdated: expect.stringMatching(/\.000Z$/),
        expiresAt: expect.stringMatching(/\.000Z$/),
        issuer: `${backend.orgUrl}/oauth2/default`,
        clientId: app.id,
        userId: user.id,
        scopes: ['offline_access', 'openid'],
        _links: {
          app: { href: `${backend.orgUrl}/api/v1/apps/${app.id}`, title: 'Native' },
          self: { href: self },
          revoke: { href: self, hints: { allow: ['DELETE'] } },
          client: { href: `${backend.orgUrl}/oauth2/v1/clients/${app.id}`, title: 'Native' },
          user: { href: `${backend.orgUrl}/api/v1/users/${user.id}`, title: 'Saml Jackson' },
          authorizationServer: { href: `${backend.orgUrl}/api/v1/authorizationServers/default`, title: 'default' },
        },
      },
    ]);
  });

  it('pages with limit and a next link', async () => {
    const { app, user } = seeded();
    backend.refreshTokens.issue(app.id, { userId: user.id, scopes: ['offline_access'] });
    const first = await call(backend, `/api/v1/apps/${app.id}/tokens?limit=1`);
    expect(first.body).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    const second = await call(backend, new URL(next).pathname + new URL(next).search);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].id).not.toBe(first.body[0].id);
  });

  it('get with expand=scope embeds the scopes', async () => {
    const { app, tokenId } = seeded();
    const answer = await call(backend, `/api/v1/apps/${app.id}/tokens/${tokenId}?expand=scope`);
    expect(answer.body._embedded.scopes.map((s: { name: string }) => s.name)).toEqual(['offline_access', 'openid']);
  });

  it('revoke one (204, gone afterwards) and revoke all (204)', async () => {
    const { app, user, tokenId } = seeded();
    backend.refreshTokens.issue(app.id, { userId: user.id, scopes: ['offline_access'] });
    expect((await call(backend, `/api/v1/apps/${app.id}/tokens/${tokenId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, `/api/v1/apps/${app.id}/tokens/${tokenId}`)).status).toBe(404);
    expect((await call(backend, `/api/v1/apps/${app.id}/tokens`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, `/api/v1/apps/${app.id}/tokens`)).body).toEqual([]);
  });

  it('an unknown token is the recorded 404: {appId}.{tokenId} (OAuth2RefreshTokenTx), on get and delete', async () => {
    const { app } = seeded();
    const summary = `Not found: Resource not found: ${app.id}.invalid-token-id-123 (OAuth2RefreshTokenTx)`;
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/tokens/invalid-token-id-123`), 404, 'E0000007', summary);
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/tokens/invalid-token-id-123`, { method: 'DELETE' }), 404, 'E0000007', summary);
  });

  it('an unknown app is 404 (AppInstance)', async () => {
    expectOktaError(await call(backend, '/api/v1/apps/invalid-app-id-123/tokens'), 404, 'E0000007', 'Not found: Resource not found: invalid-app-id-123 (AppInstance)');
  });
});
