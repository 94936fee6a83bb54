import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2025-09-08T06:24:06.400Z');
const AT = '2025-09-08T06:24:06.000Z';
let now = START;
const { backend } = useMockBackend({
  now: () => now,
  tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.roles.read'] }, { type: 'SSWS', token: 'apps', scopes: ['okta.apps.manage'] }],
});
const admin = 'SSWS admin';
const SETS = '/api/v1/iam/resource-sets';

/** A bookmark app made over HTTP, as the recorded tests make theirs; its id and ORN. */
async function bookmark(label = 'Test-App-for-Resource-Set') {
  const app = await call(backend, '/api/v1/apps', {
    method: 'POST',
    json: { label, name: 'bookmark', settings: { app: { requestIntegration: false, url: 'https://example.com/test-app.htm' } } },
    authorization: admin,
  });
  return { id: app.body.id as string, orn: app.body.orn as string };
}

const create = (json: unknown, authorization = admin) => call(backend, SETS, { method: 'POST', json, authorization });

describe('resource sets', () => {
  it('creates a set from an app ORN and answers it as real orgs do: ids iam…, links on the org, a self Link header', async () => {
    now = START;
    const app = await bookmark();
    const made = await create({ description: 'Test custom resource set for VCR testing', label: 'Test-Custom-Resource-Set', resources: [app.orn] });
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    expect(id).toMatch(/^iam[0-9A-Za-z]{17}$/);
    const self = `${backend.orgUrl}${SETS}/${id}`;
    expect(made.body).toEqual({
      id,
      label: 'Test-Custom-Resource-Set',
      description: 'Test custom resource set for VCR testing',
      created: AT,
      lastUpdated: AT,
      _links: { bindings: { href: `${self}/bindings` }, self: { href: self }, resources: { href: `${self}/resources` } },
    });
    expect(Object.keys(made.body)).toEqual(['id', 'label', 'description', 'created', 'lastUpdated', '_links']);
    expect(made.headers.get('link')).toBe(`<${self}>; rel="self"`);
    const read = await call(backend, `${SETS}/${id}`, { authorization: 'SSWS reader' });
    expect([read.status, read.body, read.headers.get('link')]).toEqual([200, made.body, `<${self}>; rel="self"`]);
    // By label too (`resourceSetIdOrLabel`).
    expect((await call(backend, `${SETS}/Test-Custom-Resource-Set`)).body).toEqual(made.body);
  });

  it('lists a set\'s resources with ids ire…, the ORN and links to the app and to the entry', async () => {
    const app = await bookmark();
    const made = await create({ description: 'd', label: 'With-Resources', resources: [app.orn] });
    const listed = await call(backend, `${SETS}/${made.body.id}/resources`, { authorization: 'SSWS reader' });
    const self = `${backend.orgUrl}${SETS}/${made.body.id}`;
    expect(listed.status).toBe(200);
    expect(listed.headers.get('link')).toBe(`<${self}/resources>; rel="self"`);
    const [resource] = listed.body.resources;
    expect(listed.body).toEqual({
      resources: [
        {
          id: expect.stringMatching(/^ire[0-9A-Za-z]{17}$/),
          orn: app.orn,
          created: expect.any(String),
          lastUpdated: expect.any(String),
          _links: { self: { href: `${backend.orgUrl}/api/v1/apps/${app.id}` }, resource: { href: `${self}/resources/${resource.id}` } },
        },
      ],
      _links: { 'resource-set': { href: self }, self: { href: `${self}/resources` } },
    });
  });

  it('replaces the label and description (lastUpdated moves, created and the resources stay), then deletes; then not found', async () => {
    now = START;
    const app = await bookmark();
    const made = await create({ description: 'Original description for update test', label: 'Test-Update-Resource-Set', resources: [app.orn] });
    now = START + 1000;
    const put = await call(backend, `${SETS}/${made.body.id}`, {
      method: 'PUT',
      json: { description: 'Updated description for update test', label: 'Test-Update-Resource-Set' },
      authorization: admin,
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...made.body, description: 'Updated description for update test', lastUpdated: '2025-09-08T06:24:07.000Z' });
    expect(backend.resourceSets.list()[0]!.resources).toHaveLength(1);
    const deleted = await call(backend, `${SETS}/${made.body.id}`, { method: 'DELETE', authorization: admin });
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expectOktaError(await call(backend, `${SETS}/${made.body.id}`), 404, 'E0000007', `Not found: Resource not found: ${made.body.id} (IAMPolicy)`);
    expect(backend.resourceSets.size).toBe(0);
  });

  it('answers every path of a set that does not exist 404 E0000007 naming it, as real orgs do', async () => {
    const app = await bookmark();
    const id = 'irs000000000000000000';
    const expectMissing = async (path: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', json?: unknown) =>
      expectOktaError(await call(backend, `${SETS}/${id}${path}`, { method, json, authorization: admin }), 404, 'E0000007', `Not found: Resource not found: ${id} (IAMPolicy)`);
    await expectMissing('', 'GET');
    await expectMissing('', 'DELETE');
    await expectMissing('', 'PUT', { label: 'x', description: 'y' });
    await expectMissing('/resources', 'GET');
    await expectMissing('/resources', 'PATCH', { additions: [app.orn] });
    await expectMissing('/resources/fake-resource-id', 'DELETE');
    await expectMissing('/bindings', 'GET');
  });

  it('refuses a set without a label exactly as real orgs do, and a missing description, an overlong label, a label taken', async () => {
    const app = await bookmark();
    expectOktaError(await create({ description: 'Test invalid resource set', resources: [app.orn] }), 400, 'E0000001', 'Api validation failed: label', [
      'label: Label must be specified',
    ]);
    expectOktaError(await create({ label: 'x', resources: [] }), 400, 'E0000001', 'Api validation failed: description', ['description: Description must be specified']);
    expectOktaError(await create({ label: 'x'.repeat(256), description: 'd' }), 400, 'E0000001', 'Api validation failed: label', ['label: Label must be at most 255 characters']);
    expect((await create({ label: 'taken', description: 'd' })).status).toBe(200);
    expectOktaError(await create({ label: 'taken', description: 'd' }), 400, 'E0000001', 'Api validation failed: label', [
      'label: A resource set with the label taken exists already',
    ]);
    expect(backend.resourceSets.size).toBe(1);
  });

  it('refuses resources it cannot name: a malformed ORN, another org\'s, an app that does not exist or is of another kind, naming the entry', async () => {
    const app = await bookmark();
    const orgId = app.orn.split(':')[3]!;
    const refused = async (resource: string, reason: string) =>
      expectOktaError(await create({ label: 'x', description: 'd', resources: [app.orn, resource] }), 400, 'E0000001', 'Api validation failed: resources[1]', [
        `resources[1]: ${reason}`,
      ]);
    await refused('orn:okta:idp:nope', 'orn:okta:idp:nope is not a resource a resource set takes (an app, apps, a group, its users, groups or users, as an ORN or a REST URL)');
    await refused(app.orn.replace(orgId, '00o1other00000000000'), `${app.orn.replace(orgId, '00o1other00000000000')} names another organization than ${orgId}`);
    await refused(`orn:okta:idp:${orgId}:apps:bookmark:0oa1nothere000000000`, 'No bookmark app has the id 0oa1nothere000000000');
    await refused(`orn:okta:idp:${orgId}:apps:oidc_client:${app.id}`, `No oidc_client app has the id ${app.id}`);
    await refused(`orn:okta:directory:${orgId}:groups:00g1nothere000000000`, 'No group has the id 00g1nothere000000000');
    await refused('https://elsewhere.example/api/v1/users', `https://elsewhere.example/api/v1/users is not a URL of the organization ${backend.orgUrl}`);
    await refused('x'.repeat(513), 'Must be at most 512 characters');
    expect(backend.resourceSets.size).toBe(0);
  });

  it('takes REST URLs and ORNs of apps, groups and users, renders each as its ORN, and holds each once', async () => {
    const app = await bookmark();
    const orgId = app.orn.split(':')[3]!;
    const eng = backend.directory.addGroup({ name: 'Engineering' });
    const org = backend.orgUrl;
    const made = await create({
      label: 'mixed',
      description: 'd',
      resources: [`${org}/api/v1/apps/${app.id}`, app.orn, `${org}/api/v1/groups/${eng.id}`, `${org}/api/v1/groups/${eng.id}/users`, `${org}/api/v1/users`, `orn:okta:idp:${orgId}:apps`],
    });
    expect(made.status).toBe(200);
    const listed = await call(backend, `${SETS}/${made.body.id}/resources`);
    expect(listed.body.resources.map((r: { orn: string; _links: { self: { href: string } } }) => [r.orn, r._links.self.href])).toEqual([
      [app.orn, `${org}/api/v1/apps/${app.id}`],
      [`orn:okta:directory:${orgId}:groups:${eng.id}`, `${org}/api/v1/groups/${eng.id}`],
      [`orn:okta:directory:${orgId}:groups:${eng.id}:contained_resources`, `${org}/api/v1/groups/${eng.id}/users`],
      [`orn:okta:directory:${orgId}:users`, `${org}/api/v1/users`],
      [`orn:okta:idp:${orgId}:apps`, `${org}/api/v1/apps`],
    ]);
  });

  it('adds resources with PATCH additions (answering the set) and removes one by its id', async () => {
    const [first, second] = [await bookmark('one'), await bookmark('two')];
    const made = await create({ label: 'grow', description: 'd', resources: [first.orn] });
    const patched = await call(backend, `${SETS}/${made.body.id}/resources`, { method: 'PATCH', json: { additions: [first.orn, second.orn] }, authorization: admin });
    expect([patched.status, patched.body]).toEqual([200, made.body]);
    const listed = (await call(backend, `${SETS}/${made.body.id}/resources`)).body.resources as Array<{ id: string; orn: string }>;
    expect(listed.map((r) => r.orn)).toEqual([first.orn, second.orn]);
    expect((await call(backend, `${SETS}/${made.body.id}/resources/${listed[0]!.id}`, { method: 'DELETE', authorization: admin })).status).toBe(204);
    expect((await call(backend, `${SETS}/${made.body.id}/resources`)).body.resources.map((r: { orn: string }) => r.orn)).toEqual([second.orn]);
    expectOktaError(await call(backend, `${SETS}/${made.body.id}/resources/${listed[0]!.id}`, { method: 'DELETE', authorization: admin }), 404, 'E0000007', `Not found: Resource not found: ${listed[0]!.id} (IAMResource)`);
    expectOktaError(await call(backend, `${SETS}/${made.body.id}/resources`, { method: 'PATCH', json: {}, authorization: admin }), 400, 'E0000001', 'Api validation failed: additions', [
      'additions: Additions must be specified',
    ]);
  });

  it('drops a resource naming an app or group deleted since it was added, as role targets are', async () => {
    const app = await bookmark();
    const orgId = app.orn.split(':')[3]!;
    const eng = backend.directory.addGroup({ name: 'Engineering' });
    const made = await create({ label: 'gone', description: 'd', resources: [app.orn, `orn:okta:directory:${orgId}:groups:${eng.id}`, `orn:okta:directory:${orgId}:users`] });
    await call(backend, `/api/v1/apps/${app.id}/lifecycle/deactivate`, { method: 'POST', authorization: admin });
    expect((await call(backend, `/api/v1/apps/${app.id}`, { method: 'DELETE', authorization: admin })).status).toBe(204);
    backend.directory.deleteGroup(eng.id);
    const listed = await call(backend, `${SETS}/${made.body.id}/resources`);
    expect(listed.body.resources.map((r: { orn: string }) => r.orn)).toEqual([`orn:okta:directory:${orgId}:users`]);
    expect(backend.resourceSets.list()[0]!.resources.map((r) => r.orn)).toEqual([`orn:okta:directory:${orgId}:users`]);
  });

  it('holds at most 1,000 resources in a set, refusing more whether at creation or by additions', async () => {
    const app = await bookmark();
    const orgId = app.orn.split(':')[3]!;
    const groups = Array.from({ length: 1000 }, (_, i) => backend.directory.addGroup({ name: `g${i}` }));
    const orns = groups.map((g) => `orn:okta:directory:${orgId}:groups:${g.id}`);
    expectOktaError(await create({ label: 'big', description: 'd', resources: [...orns, app.orn] }), 400, 'E0000001', 'Api validation failed: resources', [
      'resources: A resource set holds at most 1000 resources',
    ]);
    const made = await create({ label: 'big', description: 'd', resources: orns });
    expect(made.status).toBe(200);
    expectOktaError(await call(backend, `${SETS}/${made.body.id}/resources`, { method: 'PATCH', json: { additions: [app.orn] }, authorization: admin }), 400, 'E0000001', 'Api validation failed: additions', [
      'additions: A resource set holds at most 1000 resources',
    ]);
    // One already held is no addition.
    expect((await call(backend, `${SETS}/${made.body.id}/resources`, { method: 'PATCH', json: { additions: [orns[0]] }, authorization: admin })).status).toBe(200);
  });

  it('lists the sets in the order they were made, 100 a page, with _links.next while more remain', async () => {
    for (let i = 0; i < 101; i++) expect((await create({ label: `set-${i}`, description: 'd' })).status).toBe(200);
    const first = await call(backend, SETS, { authorization: 'SSWS reader' });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['resource-sets', '_links']);
    expect(first.body['resource-sets']).toHaveLength(100);
    expect(first.body['resource-sets'][0].label).toBe('set-0');
    const next = new URL(first.body._links.next.href);
    expect(next.origin + next.pathname).toBe(`${backend.orgUrl}${SETS}`);
    const second = await call(backend, next.pathname + next.search);
    expect(second.body).toEqual({ 'resource-sets': [expect.objectContaining({ label: 'set-100' })], _links: {} });
    expectOktaError(await call(backend, `${SETS}?after=nonsense`), 400, 'E0000029', 'Invalid paging request.', ['Invalid cursor.']);
  });

  it('answers a set\'s bindings as an empty list', async () => {
    const made = await create({ label: 'b', description: 'd' });
    expect((await call(backend, `${SETS}/${made.body.id}/bindings`)).body).toEqual({ roles: [], _links: {} });
  });

  it('needs okta.roles.read to read and okta.roles.manage to change', async () => {
    expectOktaError(await call(backend, SETS, { authorization: 'SSWS apps' }), 403, 'E0000006', 'You do not have permission to perform the requested action');
    expectOktaError(await create({ label: 'x', description: 'd' }, 'SSWS reader'), 403, 'E0000006', 'You do not have permission to perform the requested action');
  });
});
