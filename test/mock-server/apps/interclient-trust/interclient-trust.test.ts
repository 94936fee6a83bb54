import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../../mock-server/index';
import { useMockBackend } from '../../../support/backend';
import { bookmark, customSaml } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;

/** A native OpenID Connect app: the kind that asks for interclient SSO. */
function nativeApp(label: string) {
  return backend.apps.create({
    name: 'oidc_client',
    label,
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'none' } },
    settings: { oauthClient: { application_type: 'native', grant_types: ['authorization_code'], redirect_uris: ['com.example.app:/callback'], response_types: ['code'] } },
  } as never).id;
}

const refused = (cause: string): [number, string, string, string[]] => [400, 'E0000001', 'Api validation failed: Interclient Trust Mappings', [cause]];

describe('interclient trust mappings', () => {
  it('a target app allows an app (201, the mapping), lists it, the allowed app lists its target, and removing it (204) empties both', async () => {
    const target = backend.apps.create(customSaml('Web portal')).id;
    const allowed = nativeApp('Mobile');
    const path = `/api/v1/apps/${target}/interclient-allowed-apps`;
    const created = await call(backend, path, { method: 'POST', json: { id: allowed } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^itm[0-9A-Za-z]{17}$/),
      orgId: expect.stringMatching(/^00o[0-9A-Za-z]{17}$/),
      appInstanceId: target,
      trustedAppInstanceId: allowed,
      created: expect.stringMatching(ISO),
      lastUpdated: expect.stringMatching(ISO),
      lastUpdatedBy: expect.stringMatching(/^00u[0-9A-Za-z]{17}$/),
    });
    expect(Object.keys(created.body)).toEqual(['id', 'orgId', 'appInstanceId', 'trustedAppInstanceId', 'created', 'lastUpdated', 'lastUpdatedBy']);
    expect((await call(backend, path)).body).toEqual([allowed]);
    expect((await call(backend, `/api/v1/apps/${allowed}/interclient-target-apps`)).body).toEqual([target]);
    expect((await call(backend, `/api/v1/apps/${target}/interclient-target-apps`)).body).toEqual([]);

    expect((await call(backend, `${path}/${allowed}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, path)).body).toEqual([]);
    expect((await call(backend, `/api/v1/apps/${allowed}/interclient-target-apps`)).body).toEqual([]);
    expectOktaError(await call(backend, `${path}/${allowed}`, { method: 'DELETE' }), 404, 'E0000007', `Not found: Resource not found: ${allowed} (InterclientTrustMapping)`);
  });

  it('refuses, as Okta does, a target that is not an OIDC or SAML app and a sixth allowed app, changing nothing', async () => {
    const bookmarkApp = backend.apps.create(bookmark()).id;
    const allowed = nativeApp('Mobile');
    expectOktaError(await call(backend, `/api/v1/apps/${bookmarkApp}/interclient-allowed-apps`, { method: 'POST', json: { id: allowed } }), ...refused('The target application must be an OIDC or SAML app.'));
    expect((await call(backend, `/api/v1/apps/${bookmarkApp}/interclient-allowed-apps`)).body).toEqual([]);

    const target = backend.apps.create(customSaml('Web portal')).id;
    const path = `/api/v1/apps/${target}/interclient-allowed-apps`;
    const five = Array.from({ length: 5 }, (_, i) => nativeApp(`Mobile ${i}`));
    for (const id of five) expect((await call(backend, path, { method: 'POST', json: { id } })).status).toBe(201);
    expectOktaError(await call(backend, path, { method: 'POST', json: { id: allowed } }), ...refused('The target application cannot have more than 5 trusted apps.'));
    expect((await call(backend, path)).body).toEqual(five);
  });

  it('refuses a blank id, an unknown app, the target itself and an app already allowed', async () => {
    const target = backend.apps.create(customSaml('Web portal')).id;
    const allowed = nativeApp('Mobile');
    const path = `/api/v1/apps/${target}/interclient-allowed-apps`;
    expectOktaError(await call(backend, path, { method: 'POST', json: {} }), 400, 'E0000001', 'Api validation failed: id', ['id: The field cannot be left blank']);
    expectOktaError(await call(backend, path, { method: 'POST', json: { id: '0oanothere0000000000' } }), 404, 'E0000007', 'Not found: Resource not found: 0oanothere0000000000 (AppInstance)');
    expectOktaError(await call(backend, path, { method: 'POST', json: { id: target } }), ...refused('An application cannot be its own trusted app.'));
    await call(backend, path, { method: 'POST', json: { id: allowed } });
    expectOktaError(await call(backend, path, { method: 'POST', json: { id: allowed } }), ...refused('The application is already a trusted app of the target application.'));
    expect((await call(backend, path)).body).toEqual([allowed]);
    expectOktaError(await call(backend, '/api/v1/apps/0oanothere0000000000/interclient-target-apps'), 404, 'E0000007', 'Not found: Resource not found: 0oanothere0000000000 (AppInstance)');
  });

  it('needs the okta.apps.interclientTrust scopes', async () => {
    const other = createMockBackend({ tokens: [{ type: 'SSWS', token: 'apps-only', scopes: ['okta.apps.manage'] }, { type: 'SSWS', token: 'trust-read', scopes: ['okta.apps.interclientTrust.read'] }] });
    const app = other.apps.create(customSaml()).id;
    const get = (token: string) => other.fetch(new Request(`${other.orgUrl}/api/v1/apps/${app}/interclient-allowed-apps`, { headers: { authorization: `SSWS ${token}` } }));
    expect((await get('apps-only')).status).toBe(403);
    expect((await get('trust-read')).status).toBe(200);
  });

  it('are cleared by reset, carried by a snapshot, and gone with their app', async () => {
    const target = backend.apps.create(customSaml('Web portal')).id;
    const allowed = nativeApp('Mobile');
    const path = `/api/v1/apps/${target}/interclient-allowed-apps`;
    const created = (await call(backend, path, { method: 'POST', json: { id: allowed } })).body;
    const doc = JSON.parse(JSON.stringify(backend.snapshot()));
    const { orgId: _orgId, ...kept } = created;
    expect(doc.surroundings.interclientTrust).toEqual([kept]);
    backend.reset();
    expect(backend.snapshot().surroundings?.interclientTrust).toEqual([]);
    backend.restore(doc);
    expect((await call(backend, path)).body).toEqual([allowed]);
    backend.apps.deactivate(allowed);
    backend.apps.delete(allowed);
    expect((await call(backend, path)).body).toEqual([]);
    expect(backend.snapshot().surroundings?.interclientTrust).toEqual([]);
  });

  it('refuse a snapshot whose mappings the routes would not make: an id twice, an app its own trusted app, the same trusted app twice, more than five per target', async () => {
    const target = backend.apps.create(customSaml('Web portal')).id;
    const allowed = nativeApp('Mobile');
    const path = `/api/v1/apps/${target}/interclient-allowed-apps`;
    const { orgId: _orgId, ...created } = (await call(backend, path, { method: 'POST', json: { id: allowed } })).body;
    const doc = JSON.parse(JSON.stringify(backend.snapshot()));
    const hostile = (mappings: unknown[]) => ({ ...doc, surroundings: { ...doc.surroundings, interclientTrust: mappings } });
    const other = (n: number, trusted = allowed) => ({ ...created, id: `itm${String(n).padStart(17, '0')}`, trustedAppInstanceId: trusted });
    expect(() => backend.restore(hostile([created, other(1, `0oa${'1'.repeat(17)}`), { ...created }]))).toThrow(`surroundings.interclientTrust[2].id: the mapping id ${created.id} appears twice; each must be unique`);
    expect(() => backend.restore(hostile([{ ...created, trustedAppInstanceId: target }]))).toThrow('surroundings.interclientTrust[0].trustedAppInstanceId: an app cannot be its own trusted app');
    expect(() => backend.restore(hostile([created, other(1)]))).toThrow(`surroundings.interclientTrust[1]: ${allowed} is a trusted app of ${target} twice`);
    const six = Array.from({ length: 6 }, (_, i) => other(i, `0oa${String(i).padStart(17, '0')}`));
    expect(() => backend.restore(hostile(six))).toThrow(`surroundings.interclientTrust[5]: ${target} allows more than 5 apps`);
    expect((await call(backend, path)).body).toEqual([allowed]);
  });

  it('are forgotten by reset, even by apps that get the same ids again (deterministic ids)', async () => {
    const fresh = createMockBackend({ ids: 'deterministic' });
    const make = () => [fresh.apps.create(customSaml('Web portal')).id, fresh.apps.create(customSaml('Other portal')).id] as const;
    const send = (path: string, body?: unknown) =>
      fresh.fetch(new Request(`${fresh.orgUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: `SSWS ${fresh.defaultToken}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
    const [target, allowed] = make();
    expect((await send(`/api/v1/apps/${target}/interclient-allowed-apps`, { id: allowed })).status).toBe(201);
    fresh.reset();
    expect(make()).toEqual([target, allowed]);
    expect(await (await send(`/api/v1/apps/${target}/interclient-allowed-apps`)).json()).toEqual([]);
  });
});
