import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../../mock-server/index';
import { useMockBackend } from '../../../support/backend';
import { bookmark, customSaml } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;

/** Two apps of the org: the one asking (requesting) and the one it reaches (resource). */
function twoApps() {
  return { requesting: backend.apps.create(customSaml('Agent')).id, resource: backend.apps.create(bookmark('Files')).id };
}

describe('Cross App Access connections', () => {
  it('create (201), get, list under both apps, change the status (PATCH), delete (204)', async () => {
    const { requesting, resource } = twoApps();
    const path = `/api/v1/apps/${requesting}/cwo/connections`;
    const created = await call(backend, path, { method: 'POST', json: { resourceAppInstanceId: resource } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^cwo[0-9A-Za-z]{17}$/),
      requestingAppInstanceId: requesting,
      resourceAppInstanceId: resource,
      status: 'ACTIVE',
      created: expect.stringMatching(ISO),
      lastUpdated: expect.stringMatching(ISO),
    });
    const at = `${path}/${String(created.body.id)}`;
    expect((await call(backend, at)).body).toEqual(created.body);
    expect((await call(backend, path)).body).toEqual([created.body]);
    // Inbound for the resource app: listed and readable under it too.
    expect((await call(backend, `/api/v1/apps/${resource}/cwo/connections`)).body).toEqual([created.body]);
    expect((await call(backend, `/api/v1/apps/${resource}/cwo/connections/${String(created.body.id)}`)).status).toBe(200);

    const patched = await call(backend, at, { method: 'PATCH', json: { status: 'INACTIVE' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: created.body.id, status: 'INACTIVE', created: created.body.created });
    expect((await call(backend, at)).body.status).toBe('INACTIVE');

    expect((await call(backend, at, { method: 'DELETE' })).status).toBe(204);
    expectOktaError(await call(backend, at), 404, 'E0000007', `Not found: Resource not found: ${String(created.body.id)} (OrgCrossAppAccessConnection)`);
    expect((await call(backend, path)).body).toEqual([]);
  });

  it('filters the list by status, app and name, and pages it with Link headers', async () => {
    const { requesting } = twoApps();
    const targets = [backend.apps.create(bookmark('Box')).id, backend.apps.create(bookmark('Zoom')).id, backend.apps.create(bookmark('Drive')).id];
    const path = `/api/v1/apps/${requesting}/cwo/connections`;
    for (const [i, target] of targets.entries()) {
      await call(backend, path, { method: 'POST', json: { requestingAppInstanceId: requesting, resourceAppInstanceId: target, status: i === 1 ? 'INACTIVE' : 'ACTIVE' } });
    }
    const resources = async (query: string) => ((await call(backend, `${path}?${query}`)).body as Array<{ resourceAppInstanceId: string }>).map((c) => c.resourceAppInstanceId);
    expect(await resources('status=ACTIVE')).toEqual([targets[0], targets[2]]);
    expect(await resources(`resourceAppId=${targets[1]}`)).toEqual([targets[1]]);
    expect(await resources('resourceAppName=zoo')).toEqual([targets[1]]);
    expect(await resources('limit=0')).toEqual([]);
    const first = await call(backend, `${path}?limit=2`);
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    expect(((await call(backend, next!)).body as Array<{ resourceAppInstanceId: string }>).map((c) => c.resourceAppInstanceId)).toEqual([targets[2]]);
    expectOktaError(await call(backend, `${path}?status=GONE`), 400, 'E0000001', 'Api validation failed: status', ['status: Not one of the allowed values (ACTIVE, INACTIVE)']);
  });

  it('refuses a blank resource app, an unknown app, a connection to itself, a second one between the same apps and a bad status, changing nothing', async () => {
    const { requesting, resource } = twoApps();
    const path = `/api/v1/apps/${requesting}/cwo/connections`;
    expectOktaError(await call(backend, path, { method: 'POST', json: {} }), 400, 'E0000001', 'Api validation failed: resourceAppInstanceId', ['resourceAppInstanceId: The field cannot be left blank']);
    expectOktaError(await call(backend, path, { method: 'POST', json: { resourceAppInstanceId: '0oanothere0000000000' } }), 404, 'E0000007', 'Not found: Resource not found: 0oanothere0000000000 (AppInstance)');
    expectOktaError(await call(backend, path, { method: 'POST', json: { resourceAppInstanceId: requesting } }), 400, 'E0000001', 'Api validation failed: resourceAppInstanceId', ['resourceAppInstanceId: An app cannot be connected to itself']);
    expectOktaError(await call(backend, path, { method: 'POST', rawBody: '[1,2' }), 400, 'E0000003', 'The request body was not well-formed.');
    expect((await call(backend, path)).body).toEqual([]);
    const created = await call(backend, path, { method: 'POST', json: { resourceAppInstanceId: resource } });
    expect((await call(backend, path, { method: 'POST', json: { resourceAppInstanceId: resource } })).body.errorCauses).toEqual([{ errorSummary: 'resourceAppInstanceId: A connection between these apps already exists' }]);
    const at = `${path}/${String(created.body.id)}`;
    expectOktaError(await call(backend, at, { method: 'PATCH', json: { status: 'PAUSED' } }), 400, 'E0000001', 'Api validation failed: status', ['status: Not one of the allowed values (ACTIVE, INACTIVE)']);
    expectOktaError(await call(backend, at, { method: 'PATCH', json: {} }), 400, 'E0000001', 'Api validation failed: status', ['status: The field cannot be left blank']);
    expect((await call(backend, at)).body).toEqual(created.body);
    // Another app's connection is not this app's.
    const stranger = backend.apps.create(bookmark('Stranger')).id;
    expect((await call(backend, `/api/v1/apps/${stranger}/cwo/connections/${String(created.body.id)}`)).status).toBe(404);
  });

  it('needs okta.apps.read to read and okta.apps.manage to change', async () => {
    const { requesting, resource } = twoApps();
    const readOnly = createMockBackend({ tokens: [{ type: 'SSWS', token: 'read-only', scopes: ['okta.apps.read'] }] });
    const app = readOnly.apps.create(bookmark()).id;
    const other = readOnly.apps.create(bookmark('Other')).id;
    const send = (method: string, body?: unknown) =>
      readOnly.fetch(new Request(`${readOnly.orgUrl}/api/v1/apps/${app}/cwo/connections`, { method, headers: { authorization: 'SSWS read-only', 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
    expect((await send('GET')).status).toBe(200);
    expect((await send('POST', { resourceAppInstanceId: other })).status).toBe(403);
    expect((await call(backend, `/api/v1/apps/${requesting}/cwo/connections`, { method: 'POST', json: { resourceAppInstanceId: resource } })).status).toBe(201);
  });

  it('are cleared by reset, carried by a snapshot, and gone with their app', async () => {
    const { requesting, resource } = twoApps();
    const path = `/api/v1/apps/${requesting}/cwo/connections`;
    const created = (await call(backend, path, { method: 'POST', json: { resourceAppInstanceId: resource } })).body;
    const doc = JSON.parse(JSON.stringify(backend.snapshot()));
    expect(doc.surroundings.crossAppAccess).toEqual([{ ...created }]);
    const other = createMockBackend({ orgUrl: 'https://other.okta.test' });
    other.restore(doc);
    expect(other.snapshot()).toEqual(doc);

    backend.reset();
    expect(backend.snapshot().surroundings?.crossAppAccess).toEqual([]);
    backend.restore(doc);
    expect((await call(backend, path)).body).toEqual([created]);

    backend.apps.deactivate(resource);
    backend.apps.delete(resource);
    expect((await call(backend, path)).body).toEqual([]);
    expect(backend.snapshot().surroundings?.crossAppAccess).toEqual([]);
  });

  it('refuse a snapshot whose connections the routes would not make: an id twice, an app connected to itself, the same two apps twice, an app in more than 200', async () => {
    const { requesting, resource } = twoApps();
    const path = `/api/v1/apps/${requesting}/cwo/connections`;
    const created = (await call(backend, path, { method: 'POST', json: { resourceAppInstanceId: resource } })).body;
    const doc = JSON.parse(JSON.stringify(backend.snapshot()));
    const hostile = (connections: unknown[]) => ({ ...doc, surroundings: { ...doc.surroundings, crossAppAccess: connections } });
    const other = (n: number) => ({ ...created, id: `cwo${String(n).padStart(17, '0')}` });
    expect(() => backend.restore(hostile([created, { ...other(2), resourceAppInstanceId: requesting, requestingAppInstanceId: resource }, { ...created }]))).toThrow(
      `surroundings.crossAppAccess[2].id: the connection id ${created.id} appears twice; each must be unique`,
    );
    expect(() => backend.restore(hostile([{ ...created, resourceAppInstanceId: requesting }]))).toThrow('surroundings.crossAppAccess[0].resourceAppInstanceId: an app cannot be connected to itself');
    expect(() => backend.restore(hostile([created, other(1)]))).toThrow(`surroundings.crossAppAccess[1]: a connection from ${requesting} to ${resource} appears twice`);
    const many = Array.from({ length: 201 }, (_, i) => ({ ...other(i), resourceAppInstanceId: `0oa${String(i).padStart(17, '0')}` }));
    expect(() => backend.restore(hostile(many))).toThrow(`surroundings.crossAppAccess[200]: ${requesting} takes part in more than 200 connections`);
    expect((await call(backend, path)).body).toEqual([created]);
  });

  it('are forgotten by reset, even by apps that get the same ids again (deterministic ids)', async () => {
    const fresh = createMockBackend({ ids: 'deterministic' });
    const make = () => [fresh.apps.create(customSaml('Agent')).id, fresh.apps.create(bookmark('Files')).id] as const;
    const list = async (appId: string) => (await fresh.fetch(new Request(`${fresh.orgUrl}/api/v1/apps/${appId}/cwo/connections`, { headers: { authorization: `SSWS ${fresh.defaultToken}` } }))).json();
    const [requesting, resource] = make();
    const created = await fresh.fetch(
      new Request(`${fresh.orgUrl}/api/v1/apps/${requesting}/cwo/connections`, { method: 'POST', headers: { authorization: `SSWS ${fresh.defaultToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ resourceAppInstanceId: resource }) }),
    );
    expect(created.status).toBe(201);
    expect(await list(requesting)).toHaveLength(1);
    fresh.reset();
    expect(make()).toEqual([requesting, resource]);
    expect(await list(requesting)).toEqual([]);
  });
});
