import { describe, expect, it } from 'vitest';
import type { CreateApplicationInput } from '../../../src/index';
import { useMockBackend } from '../../support/backend';
import { bookmark, customSaml, google } from '../app-inputs';
import { call, expectOktaError, extraBackend } from '../raw-http';

const { backend, server, client } = useMockBackend();

const replace = (id: string, body: unknown) => call(backend, `/api/v1/apps/${id}`, { method: 'PUT', json: body });

describe('PUT /api/v1/apps/{appId}', () => {
  it('answers 200 with the replaced app, which a GET then returns', async () => {
    const app = backend.apps.create(bookmark('Company Wiki', 'https://wiki.example.com'));
    const response = await replace(app.id, bookmark('Team Wiki', 'https://team.example.com'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: app.id, label: 'Team Wiki', settings: { app: { url: 'https://team.example.com' } } });
    expect((await call(backend, `/api/v1/apps/${app.id}`)).body).toEqual(response.body);
  });

  it('refuses a body without label with 400 E0000001 and leaves the app unchanged', async () => {
    const app = backend.apps.create(bookmark());
    const { label: _label, ...body } = bookmark() as { label: string };
    expectOktaError(await replace(app.id, body), 400, 'E0000001', 'Api validation failed: label', [
      'label: The field cannot be left blank',
    ]);
    expect(backend.apps.get(app.id)).toEqual(app);
  });

  it('refuses a body without a required setting of the app', async () => {
    const app = backend.apps.create(bookmark());
    expectOktaError(
      await replace(app.id, { name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: {} } }),
      400,
      'E0000001',
      'Api validation failed: settings.app.url',
      ['settings.app.url: The field cannot be left blank'],
    );
  });

  it('refuses a signOnMode the catalog app does not support', async () => {
    const app = backend.apps.create(google());
    expectOktaError(await replace(app.id, { ...google(), signOnMode: 'SAML_1_1' }), 400, 'E0000001', 'Api validation failed: signOnMode', [
      'signOnMode: Not one of the allowed values',
    ]);
    expect(backend.apps.get(app.id)).toEqual(app);
  });

  it('ignores id, name, status, created and lastUpdated in the body', async () => {
    const app = backend.apps.create(bookmark('Company Wiki'));
    const { body } = await replace(app.id, {
      ...bookmark('Renamed'),
      id: '0oaSOMETHINGELSE0000',
      name: 'template_swa',
      status: 'INACTIVE',
      created: '2001-01-01T00:00:00.000Z',
      lastUpdated: '2001-01-01T00:00:00.000Z',
    });
    expect(body).toMatchObject({ id: app.id, name: 'bookmark', status: 'ACTIVE', created: app.created, label: 'Renamed' });
    expect(body.lastUpdated).not.toBe('2001-01-01T00:00:00.000Z');
    expect(backend.apps.size).toBe(1);
  });

  it('never changes the status: an INACTIVE app stays INACTIVE', async () => {
    const app = backend.apps.create(bookmark(), { activate: false });
    const { body } = await replace(app.id, { ...bookmark('Renamed'), status: 'ACTIVE' });
    expect(body.status).toBe('INACTIVE');
    expect(body._links.activate).toBeDefined();
    expect(backend.apps.get(app.id)?.status).toBe('INACTIVE');
  });

  it('moves lastUpdated strictly later', async () => {
    const app = backend.apps.create(bookmark());
    const { body } = await replace(app.id, bookmark('Renamed'));
    expect(Date.parse(body.lastUpdated)).toBeGreaterThan(Date.parse(app.lastUpdated));
    expect(body.lastUpdated).toMatch(/\.\d{3}Z$/);
  });

  it('moves lastUpdated strictly later even when the backend clock has not moved', async () => {
    const frozen = extraBackend(server, { now: () => Date.parse('2026-11-21T12:00:00.000Z') });
    const app = frozen.apps.create(bookmark());
    const first = await call(frozen, `/api/v1/apps/${app.id}`, { method: 'PUT', json: bookmark('One') });
    const second = await call(frozen, `/api/v1/apps/${app.id}`, { method: 'PUT', json: bookmark('Two') });
    expect([app.lastUpdated, first.body.lastUpdated, second.body.lastUpdated]).toEqual([
      '2026-11-21T12:00:00.000Z',
      '2026-11-21T12:00:01.000Z',
      '2026-11-21T12:00:02.000Z',
    ]);
    expect(second.body.created).toBe('2026-11-21T12:00:00.000Z');
  });

  it('returns members left out of the body to their defaults', async () => {
    const app = backend.apps.create({
      ...bookmark(),
      accessibility: { errorRedirectUrl: 'https://wiki.example.com/error' },
      features: ['PUSH_NEW_USERS'],
    } as CreateApplicationInput);
    const { body } = await replace(app.id, bookmark());
    expect(body.accessibility).toEqual({ selfService: false, errorRedirectUrl: null, loginRedirectUrl: null });
    expect(body.features).toEqual([]);
  });

  it("keeps a SAML app's signing kid, so filtering on it still finds the app", async () => {
    const app = backend.apps.create(customSaml('Analytics'));
    const kid = app.credentials?.signing?.kid;
    const { name: _name, ...body } = customSaml('Analytics v2') as { name?: string };
    const response = await replace(app.id, body);
    expect(response.body.credentials.signing.kid).toBe(kid);
    const listed = await call(backend, `/api/v1/apps?filter=${encodeURIComponent(`credentials.signing.kid eq "${kid}"`)}`);
    expect(listed.body.map((a: { label: string }) => a.label)).toEqual(['Analytics v2']);
  });

  it('answers 404 E0000007 for an unknown id, before looking at the body', async () => {
    expectOktaError(await replace('0oa00000000000000000', {}), 404, 'E0000007', 'Not found: Resource not found: 0oa00000000000000000 (AppInstance)');
  });
});

describe('a get → modify → replace round trip through the client', () => {
  it.each<[string, CreateApplicationInput]>([
    ['a bookmark app', bookmark()],
    ['a custom SAML 2.0 app (generated name)', customSaml()],
    ['a catalog app', google()],
    [
      'an OpenID Connect app',
      {
        name: 'oidc_client',
        label: 'Customer Portal',
        signOnMode: 'OPENID_CONNECT',
        credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
        settings: { oauthClient: { grant_types: ['authorization_code'], redirect_uris: ['https://portal.example.com/cb'] } },
      },
    ],
  ])('changes only the label and lastUpdated of %s', async (_, input) => {
    const apps = client().apps;
    const created = backend.apps.create(input);
    const fetched = await apps.get(created.id);
    const replaced = await apps.replace(created.id, { ...fetched, label: 'Renamed' });
    expect(replaced).toEqual({ ...fetched, label: 'Renamed', lastUpdated: expect.any(String) });
    expect(Date.parse(replaced.lastUpdated)).toBeGreaterThan(Date.parse(fetched.lastUpdated));
    expect(backend.apps.get(created.id)).toEqual(replaced);
  });
});

describe('replacing an OpenID Connect app with an empty client_secret', () => {
  it('keeps the client its secret and answers it, as real orgs do (the terraform provider sends "")', async () => {
    const input = {
      name: 'oidc_client',
      label: 'Customer Portal',
      signOnMode: 'OPENID_CONNECT',
      credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
      settings: { oauthClient: { grant_types: ['authorization_code'], redirect_uris: ['https://portal.example.com/cb'], response_types: ['code'], application_type: 'web' } },
    };
    const created = await call(backend, '/api/v1/apps', { method: 'POST', json: input });
    const secret = created.body.credentials.oauthClient.client_secret as string;
    expect(secret).toMatch(/^[\w-]{64}$/);
    const oauthClient = { ...created.body.credentials.oauthClient, client_secret: '' };
    const replaced = await call(backend, `/api/v1/apps/${created.body.id}`, { method: 'PUT', json: { ...created.body, credentials: { ...created.body.credentials, oauthClient } } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.credentials.oauthClient.client_secret).toBe(secret);
    const listed = await call(backend, `/api/v1/apps/${created.body.id}/credentials/secrets`);
    expect(listed.body.map((s: { client_secret: string }) => s.client_secret)).toEqual([secret]);
  });
});
