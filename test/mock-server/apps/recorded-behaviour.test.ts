import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { createMockBackend } from '../../../mock-server/index';
import { customSaml, google } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';
import { createHandlers } from '../../../mock-server/msw/index';

// What the recordings of real organizations (../shared/okta-recordings) settled, one behaviour per test.
const backend = createMockBackend({
  catalog: [{ name: 'acme_hr', signOnModes: ['SAML_2_0', 'AUTO_LOGIN'], required: ['tenant'], optional: ['region'] }],
});
const server = setupServer(...createHandlers(backend));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const create = (json: unknown) => call(backend, '/api/v1/apps', { method: 'POST', json });

describe('creates real organizations accept', () => {
  it('infers a template app\'s signOnMode from its name', async () => {
    const response = await create({ name: 'bookmark', label: 'Wiki', settings: { app: { url: 'https://wiki.example.com' } } });
    expect(response.status).toBe(200);
    expect(response.body.signOnMode).toBe('BOOKMARK');
  });

  it('creates catalog apps beyond the typed table, as recorded (pagerduty in AUTO_LOGIN is a BROWSER_PLUGIN app)', async () => {
    const response = await create({
      name: 'pagerduty',
      label: 'PagerDuty',
      signOnMode: 'AUTO_LOGIN',
      settings: { app: { subdomain: 'acme' } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'pagerduty',
      signOnMode: 'BROWSER_PLUGIN',
      credentials: { scheme: 'EDIT_USERNAME_AND_PASSWORD', revealPassword: false, signing: {} },
      settings: { app: { adminUserId: null, baseUrl: null, subdomain: 'acme' } },
      visibility: { appLinks: { login: true } },
    });
  });

  it('creates a catalog app registered with the catalog option, in its first mode by default', async () => {
    const response = await create({ name: 'acme_hr', label: 'Acme HR', settings: { app: { tenant: 't1' } } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'acme_hr', signOnMode: 'SAML_2_0', settings: { app: { tenant: 't1' } } });
  });

  it('refuses a registered catalog app without a required setting, with an unknown one, or in a mode it lacks', async () => {
    expectOktaError(
      await create({ name: 'acme_hr', label: 'Acme HR', signOnMode: 'BOOKMARK', settings: { app: { regoin: 'eu' } } }),
      400,
      'E0000001',
      'Api validation failed: signOnMode, settings.app.tenant, settings.app.regoin',
      [
        'signOnMode: acme_hr supports SAML_2_0, AUTO_LOGIN',
        'settings.app.tenant: The field cannot be left blank',
        'settings.app.regoin: Not a setting of acme_hr; remove it or check its spelling',
      ],
    );
  });

  it('still answers 404 for a catalog name nobody registered', async () => {
    expectOktaError(await create({ name: 'nosuchapp', label: 'X', settings: { app: {} } }), 404, 'E0000007', 'Not found: Resource not found: nosuchapp (App)');
  });
});

describe('self-service assignment', () => {
  const input = { name: 'bookmark', label: 'Wiki', accessibility: { selfService: true }, settings: { app: { url: 'https://wiki.example.com' } } };

  it('accepts a create with selfService: true, as the recording orgs have since 2025', async () => {
    const created = await create(input);
    expect(created.status).toBe(200);
    expect(created.body.accessibility).toMatchObject({ selfService: true });
  });

  it('refuses it with 403 E0000043 when the backend option selfServiceAssignment is false, as those orgs did in 2023', async () => {
    const closed = createMockBackend({ selfServiceAssignment: false, orgUrl: 'https://closed.okta.test' });
    const response = await closed.fetch(new Request('https://closed.okta.test/api/v1/apps', {
      method: 'POST',
      headers: { authorization: `SSWS ${closed.defaultToken}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    }));
    expectOktaError({ status: response.status, headers: response.headers, text: '', body: await response.json() }, 403, 'E0000043', 'Self service application assignment is not enabled.', [
      'Self service application assignment for organization managed apps must be enabled.',
    ]);
  });
});

describe('secrets are write-only', () => {
  it('shows client_secret in the create answer only', async () => {
    const created = await create({
      name: 'oidc_client',
      label: 'Portal',
      signOnMode: 'OPENID_CONNECT',
      credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
      settings: { oauthClient: { grant_types: ['client_credentials'], response_types: ['token'], application_type: 'service' } },
    });
    expect(created.body.credentials.oauthClient.client_secret).toMatch(/^[0-9A-Za-z_-]{64}$/);
    const read = await call(backend, `/api/v1/apps/${created.body.id}`);
    expect(read.body.credentials.oauthClient).not.toHaveProperty('client_secret');
    expect(read.body.credentials.signing.kid).toMatch(/^[0-9A-Za-z_-]{43}$/);
  });

  it('answers a shared password as {}', async () => {
    const created = await create({
      name: 'template_swa',
      label: 'Shared',
      settings: { app: { url: 'https://x.example.com', usernameField: 'u', passwordField: 'p', buttonField: 'b' } },
      credentials: { scheme: 'SHARED_USERNAME_AND_PASSWORD', userName: 'team', password: { value: 's3cret' } },
    });
    expect(created.body.credentials).toEqual({
      scheme: 'SHARED_USERNAME_AND_PASSWORD',
      userNameTemplate: { template: '${source.login}', type: 'BUILT_IN' },
      userName: 'team',
      password: {},
      revealPassword: false,
      signing: {},
    });
    expect(created.text).not.toContain('s3cret');
  });
});

describe('lifecycle corners', () => {
  it('refuses PUT on a deactivated custom auto-login app with 400 E0000024', async () => {
    const input = { label: 'Legacy', signOnMode: 'AUTO_LOGIN', settings: { signOn: { loginUrl: 'https://legacy.example.com/login' } } };
    const created = await call(backend, '/api/v1/apps?activate=false', { method: 'POST', json: input });
    expectOktaError(
      await call(backend, `/api/v1/apps/${created.body.id}`, { method: 'PUT', json: { ...input, label: 'Legacy 2' } }),
      400,
      'E0000024',
      'Bad request. This operation on app metadata is not yet supported.',
      ['This operation on app metadata is not yet supported: No active instances.'],
    );
  });
});


describe('defaults real organizations add', () => {
  const oidcService = {
    name: 'oidc_client',
    label: 'Portal',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
    settings: { oauthClient: { grant_types: ['client_credentials'], response_types: ['token'], application_type: 'service' } },
  };

  it('answers a custom SAML app with idpIssuer http://www.okta.com/${org.externalKey}, kept through a PUT', async () => {
    const created = await create(customSaml());
    expect(created.status).toBe(200);
    // Every custom SAML_2_0 answer recorded (40) has this value, whether or not the request sent it.
    expect(created.body.settings.signOn.idpIssuer).toBe('http://www.okta.com/${org.externalKey}');
    const replaced = await call(backend, `/api/v1/apps/${created.body.id}`, { method: 'PUT', json: created.body });
    expect(replaced.status).toBe(200);
    expect(replaced.body.settings.signOn.idpIssuer).toBe('http://www.okta.com/${org.externalKey}');
  });

  it('answers a custom SAML app\'s empty defaultRelayState as null, as real orgs have since April 2026', async () => {
    const input = customSaml();
    const created = await create({ ...input, settings: { signOn: { ...(input.settings as { signOn: object }).signOn, defaultRelayState: '' } } });
    expect(created.status).toBe(200);
    expect(created.body.settings.signOn.defaultRelayState).toBeNull();
    const replaced = await call(backend, `/api/v1/apps/${created.body.id}`, { method: 'PUT', json: created.body });
    expect(replaced.body.settings.signOn.defaultRelayState).toBeNull();
  });

  it('answers a custom SAML app with assertionEncryption { enabled: false }', async () => {
    const created = await create(customSaml());
    expect(created.body.settings.signOn.assertionEncryption).toEqual({ enabled: false });
    expect((await call(backend, `/api/v1/apps/${created.body.id}`)).body.settings.signOn.assertionEncryption).toEqual({ enabled: false });
  });

  it('adds neither to a catalog SAML app (google), as recorded', async () => {
    const created = await create(google());
    expect(created.status).toBe(200);
    expect(created.body.settings.signOn).not.toHaveProperty('idpIssuer');
    expect(created.body.settings.signOn).not.toHaveProperty('assertionEncryption');
  });

  it('links an OIDC app\'s client secrets as _links.clientCredentials, after logo', async () => {
    const created = await create(oidcService);
    expect(created.status).toBe(200);
    const expected = [{ name: 'secrets', href: `${backend.orgUrl}/api/v1/apps/${created.body.id}/credentials/secrets` }];
    expect(created.body._links.clientCredentials).toEqual(expected);
    const read = await call(backend, `/api/v1/apps/${created.body.id}`);
    expect(read.body._links.clientCredentials).toEqual(expected);
    const keys = Object.keys(read.body._links);
    expect(keys.indexOf('clientCredentials')).toBe(keys.indexOf('logo') + 1);
  });

  it('gives no _links.clientCredentials to an app without OAuth credentials', async () => {
    const created = await create({ name: 'bookmark', label: 'Wiki', settings: { app: { url: 'https://wiki.example.com' } } });
    expect(created.body._links).not.toHaveProperty('clientCredentials');
  });

  it('keeps google\'s afwOnly, with afwId and rpId null, on create and read', async () => {
    // The recorded create: settings.app { afwOnly: false, domain } answered with afwId and rpId null.
    const created = await create({ name: 'google', label: 'Google', signOnMode: 'SAML_2_0', settings: { app: { afwOnly: false, domain: 'articulate' } } });
    expect(created.status).toBe(200);
    const app = { afwOnly: false, domain: 'articulate', afwId: null, rpId: null };
    expect(created.body.settings.app).toEqual(app);
    expect((await call(backend, `/api/v1/apps/${created.body.id}`)).body.settings.app).toEqual(app);
  });
});
