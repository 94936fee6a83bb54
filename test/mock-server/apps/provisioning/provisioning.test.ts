import { describe, expect, it } from 'vitest';
import type { CreateApplicationInput } from '../../../../src/index';
import { useMockBackend } from '../../../support/backend';
import { bookmark } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();

const org2org = (): CreateApplicationInput => ({ name: 'okta_org2org', label: 'Partner org', signOnMode: 'SAML_2_0', settings: { app: { baseUrl: 'https://partner.okta.com' } } }) as CreateApplicationInput;

const NOT_SUPPORTED = ['Provisioning is not supported.'];

describe('the default provisioning connection', () => {
  it('of an app without provisioning is UNKNOWN; activate and deactivate answer 204 and change nothing (as recorded)', async () => {
    const app = backend.apps.create(bookmark());
    const path = `/api/v1/apps/${app.id}/connections/default`;
    expect((await call(backend, path)).body).toEqual({ status: 'UNKNOWN', profile: { authScheme: 'UNKNOWN' } });
    expect((await call(backend, `${path}/lifecycle/activate`, { method: 'POST' })).status).toBe(204);
    expect((await call(backend, `${path}/lifecycle/deactivate`, { method: 'POST' })).status).toBe(204);
    const update = await call(backend, `${path}?activate=true`, { method: 'POST', json: { profile: { authScheme: 'UNKNOWN' } } });
    expect({ status: update.status, body: update.body }).toEqual({ status: 200, body: { status: 'UNKNOWN', profile: { authScheme: 'UNKNOWN' } } });
    expectOktaError(await call(backend, path, { method: 'POST', json: { profile: { authScheme: 'TOKEN', token: 't' } } }), 400, 'E0000001', 'Api validation failed: feature', NOT_SUPPORTED);
  });

  it('of a catalog app with provisioning starts DISABLED, is updated with a token never answered back, and activates', async () => {
    const app = backend.apps.create(org2org());
    const path = `/api/v1/apps/${app.id}/connections/default`;
    const self = `${backend.orgUrl}${path}`;
    expect((await call(backend, path)).body).toEqual({
      authScheme: 'TOKEN',
      status: 'DISABLED',
      profile: { authScheme: 'TOKEN' },
      _links: { self: { href: self, hints: { allow: ['POST', 'GET'] } }, activate: { href: `${self}/lifecycle/activate`, hints: { allow: ['POST'] } } },
    });
    const updated = await call(backend, `${path}?activate=true`, { method: 'POST', json: { profile: { authScheme: 'TOKEN', token: 'secret-token-value' } } });
    expect(updated.body).toMatchObject({ status: 'ENABLED', profile: { authScheme: 'TOKEN' } });
    expect(updated.text).not.toContain('secret-token-value');
    expect(JSON.stringify(backend.snapshot())).not.toContain('secret-token-value');
    expect((await call(backend, `${path}/lifecycle/deactivate`, { method: 'POST' })).status).toBe(204);
    expect((await call(backend, path)).body.status).toBe('DISABLED');
  });

  it('refuses a scheme the app does not take, naming profile.authScheme', async () => {
    const office = backend.apps.create({ name: 'office365', label: 'Office', signOnMode: 'SAML_1_1', settings: { app: { domain: 'contoso.com', msftTenant: 'contoso' } } } as CreateApplicationInput);
    expectOktaError(
      await call(backend, `/api/v1/apps/${office.id}/connections/default`, { method: 'POST', json: { profile: { authScheme: 'TOKEN' } } }),
      400,
      'E0000001',
      'Api validation failed: profile.authScheme',
      ["profile.authScheme: This app's connection takes OAUTH2, not TOKEN"],
    );
  });

  it('an OAuth 2.0 Org2Org connection publishes its public key at …/jwks (never a private member); other apps have none', async () => {
    const app = backend.apps.create(org2org());
    await call(backend, `/api/v1/apps/${app.id}/connections/default`, { method: 'POST', json: { profile: { authScheme: 'OAUTH2', clientId: '0oa2h6su6bVFyJzIf1d7', signing: { rotationMode: 'AUTO' } } } });
    const jwks = await call(backend, `/api/v1/apps/${app.id}/connections/default/jwks`);
    expect(jwks.status).toBe(200);
    expect(jwks.body.jwks.keys).toEqual([{ kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB', n: expect.any(String) }]);
    const other = backend.apps.create(bookmark());
    expect((await call(backend, `/api/v1/apps/${other.id}/connections/default/jwks`)).status).toBe(404);
  });
});

describe('app features', () => {
  it('of an app without provisioning are refused with the recorded 400', async () => {
    const app = backend.apps.create(bookmark());
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/features`), 400, 'E0000001', 'Api validation failed: feature', NOT_SUPPORTED);
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/features/USER_PROVISIONING`), 400, 'E0000001', 'Api validation failed: feature', NOT_SUPPORTED);
  });

  it('a PUT without a well-formed body is 400 E0000003 before the app is looked at, even for an app without provisioning (as recorded)', async () => {
    const app = backend.apps.create(bookmark());
    const path = `/api/v1/apps/${app.id}/features/USER_PROVISIONING`;
    for (const rawBody of [undefined, '{"create":', 'not json']) {
      expectOktaError(await call(backend, path, { method: 'PUT', rawBody }), 400, 'E0000003', 'The request body was not well-formed.');
    }
    const enabled = backend.apps.create(org2org());
    await call(backend, `/api/v1/apps/${enabled.id}/connections/default/lifecycle/activate`, { method: 'POST' });
    const before = (await call(backend, `/api/v1/apps/${enabled.id}/features/USER_PROVISIONING`)).body;
    expectOktaError(await call(backend, `/api/v1/apps/${enabled.id}/features/USER_PROVISIONING`, { method: 'PUT', rawBody: '{' }), 400, 'E0000003', 'The request body was not well-formed.');
    expect((await call(backend, `/api/v1/apps/${enabled.id}/features/USER_PROVISIONING`)).body).toEqual(before);
  });

  it('need the connection enabled first', async () => {
    const app = backend.apps.create(org2org());
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/features`), 400, 'E0000001', 'Api validation failed: feature', ['Provisioning is not enabled for the app instance.']);
  });

  it('an unknown feature name is 404 (PublicAppFeatureSetName) before the app is looked up, as recorded', async () => {
    expectOktaError(await call(backend, '/api/v1/apps/coverage_test_app_789/features/INVALID_FEATURE'), 404, 'E0000007', 'Not found: Resource not found: INVALID_FEATURE (PublicAppFeatureSetName)');
    expectOktaError(await call(backend, '/api/v1/apps/coverage_test_app_789/features/USER_PROVISIONING'), 404, 'E0000007', 'Not found: Resource not found: coverage_test_app_789 (AppInstance)');
  });

  it('list USER_PROVISIONING and INBOUND_PROVISIONING with their defaults once enabled, and update capabilities partially', async () => {
    const app = backend.apps.create(org2org());
    await call(backend, `/api/v1/apps/${app.id}/connections/default/lifecycle/activate`, { method: 'POST' });
    const listed = await call(backend, `/api/v1/apps/${app.id}/features`);
    expect(listed.body.map((f: { name: string }) => f.name)).toEqual(['USER_PROVISIONING', 'INBOUND_PROVISIONING']);
    expect(listed.body[0]).toEqual({
      name: 'USER_PROVISIONING',
      status: 'ENABLED',
      description: 'User provisioning settings from Okta to a downstream application',
      capabilities: {
        create: { lifecycleCreate: { status: 'DISABLED' } },
        update: { profile: { status: 'DISABLED' }, lifecycleDeactivate: { status: 'DISABLED' }, password: { status: 'DISABLED', seed: 'RANDOM', change: 'KEEP_EXISTING' } },
      },
      _links: { self: { href: `${backend.orgUrl}/api/v1/apps/${app.id}/features/USER_PROVISIONING`, hints: { allow: ['GET', 'PUT'] } } },
    });
    const updated = await call(backend, `/api/v1/apps/${app.id}/features/USER_PROVISIONING`, { method: 'PUT', json: { create: { lifecycleCreate: { status: 'ENABLED' } } } });
    expect(updated.body.capabilities).toEqual({
      create: { lifecycleCreate: { status: 'ENABLED' } },
      update: { profile: { status: 'DISABLED' }, lifecycleDeactivate: { status: 'DISABLED' }, password: { status: 'DISABLED', seed: 'RANDOM', change: 'KEEP_EXISTING' } },
    });
    expect((await call(backend, `/api/v1/apps/${app.id}/features/USER_PROVISIONING`)).body).toEqual(updated.body);
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/features/USER_PROVISIONING`, { method: 'PUT', json: { create: { lifecycleCreate: { status: 'ON' } } } }),
      400,
      'E0000001',
      'Api validation failed: create.lifecycleCreate.status',
      ['create.lifecycleCreate.status: Not one of the allowed values'],
    );
  });
});
