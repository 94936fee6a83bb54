import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend();

/** What a client recorded sending: no credentials, none of the defaults. */
const bare = (oauthClient: Record<string, unknown> = {}) => ({
  name: 'oidc_client',
  label: 'Portal',
  signOnMode: 'OPENID_CONNECT',
  settings: { oauthClient: { application_type: 'web', grant_types: ['authorization_code'], redirect_uris: ['https://portal.example.com/cb'], response_types: ['code'], ...oauthClient } },
});

describe('an OpenID Connect app created without credentials (as recorded)', () => {
  it('is created (200) with a client_secret_basic client: its own id as client_id, a secret, no PKCE', async () => {
    const response = await call(backend, '/api/v1/apps', { method: 'POST', json: bare() });
    expect(response.status).toBe(200);
    expect(response.body.credentials).toEqual({
      userNameTemplate: { template: '${source.login}', type: 'BUILT_IN' },
      signing: { kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      oauthClient: {
        autoKeyRotation: true,
        client_id: response.body.id,
        client_secret: expect.stringMatching(/^[\w-]{64}$/),
        token_endpoint_auth_method: 'client_secret_basic',
        pkce_required: false,
      },
    });
  });

  it('answers the client settings real orgs fill in: TRUSTED consent, DYNAMIC issuer, no IdP-initiated login, no wildcard redirect', async () => {
    const response = await call(backend, '/api/v1/apps', { method: 'POST', json: bare() });
    expect(response.body.settings.oauthClient).toEqual({
      client_uri: null,
      logo_uri: null,
      redirect_uris: ['https://portal.example.com/cb'],
      consent_method: 'TRUSTED',
      issuer_mode: 'DYNAMIC',
      idp_initiated_login: { mode: 'DISABLED', default_scope: [] },
      wildcard_redirect: 'DISABLED',
      dpop_bound_access_tokens: false,
      application_type: 'web',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    });
  });

  it('keeps refresh tokens unrotated (STATIC) when the client may use them and says nothing of rotation', async () => {
    const response = await call(backend, '/api/v1/apps', { method: 'POST', json: bare({ grant_types: ['authorization_code', 'refresh_token'] }) });
    expect(response.body.settings.oauthClient.refresh_token).toEqual({ rotation_type: 'STATIC' });
  });

  it('is hidden from the dashboard and the mobile app unless the create says otherwise', async () => {
    const hidden = await call(backend, '/api/v1/apps', { method: 'POST', json: bare() });
    expect(hidden.body.visibility.hide).toEqual({ iOS: true, web: true });
    const shown = await call(backend, '/api/v1/apps', { method: 'POST', json: { ...bare(), visibility: { hide: { iOS: false, web: false } } } });
    expect(shown.body.visibility.hide).toEqual({ iOS: false, web: false });
  });

  it('keeps what the create gives over the defaults', async () => {
    const response = await call(backend, '/api/v1/apps', { method: 'POST', json: bare({ issuer_mode: 'ORG_URL', consent_method: 'REQUIRED', wildcard_redirect: 'SUBDOMAIN' }) });
    expect(response.body.settings.oauthClient).toMatchObject({ issuer_mode: 'ORG_URL', consent_method: 'REQUIRED', wildcard_redirect: 'SUBDOMAIN' });
  });
});
