import { describe, expect, it } from 'vitest';
import type { CreateApplicationInput } from '../../../../src/index';
import { useMockBackend } from '../../../support/backend';
import { bookmark } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();

/** The provisioning-only catalog app the recordings push groups to. */
const deelhr = (): CreateApplicationInput => ({ name: 'deelhr', label: 'Test Deel HR', signOnMode: 'AUTO_LOGIN', settings: { app: {} } }) as unknown as CreateApplicationInput;
const PUSH_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

function seeded() {
  const app = backend.apps.create(deelhr());
  const group = backend.directory.addGroup({ name: 'Some Example Test Push Group' });
  return { app, group, path: `/api/v1/apps/${app.id}/group-push/mappings` };
}

describe('group push mappings', () => {
  it('create answers 200 with the mapping, its target group made in the directory under the given name', async () => {
    const { app, group, path } = seeded();
    const created = await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id, status: 'ACTIVE', targetGroupName: 'Pushed' } });
    expect(created.status).toBe(200);
    const target = created.body.targetGroupId as string;
    expect(created.body).toEqual({
      created: expect.stringMatching(PUSH_TIME),
      id: expect.stringMatching(/^gPm[0-9A-Za-z]{17}$/),
      lastUpdated: expect.stringMatching(PUSH_TIME),
      sourceGroupId: group.id,
      status: 'ACTIVE',
      targetGroupId: target,
      _links: {
        app: { href: `${backend.orgUrl}/api/v1/apps/${app.id}` },
        sourceGroup: { href: `${backend.orgUrl}/api/v1/groups/${group.id}` },
        targetGroup: { href: `${backend.orgUrl}/api/v1/groups/${target}` },
      },
    });
    expect(backend.directory.group(target)?.profile.name).toBe('Pushed');
    expect((await call(backend, `${path}/${String(created.body.id)}`)).body).toEqual(created.body);
  });

  it('links to an existing target group by id', async () => {
    const { group, path } = seeded();
    const existing = backend.directory.addGroup({ name: 'Downstream' });
    expect((await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id, targetGroupId: existing.id } })).body.targetGroupId).toBe(existing.id);
  });

  it('refuses both or neither target, an unknown group, a group already pushed, and an app without provisioning', async () => {
    const { group, path } = seeded();
    expect((await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id } })).body.errorCode).toBe('E0000001');
    expectOktaError(await call(backend, path, { method: 'POST', json: { sourceGroupId: '00gNOPE', targetGroupName: 'x' } }), 404, 'E0000007', 'Not found: Resource not found: 00gNOPE (UserGroup)');
    await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id, targetGroupName: 'x' } });
    expect((await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id, targetGroupName: 'y' } })).body.errorSummary).toBe('Api validation failed: sourceGroupId');
    const plain = backend.apps.create(bookmark());
    expectOktaError(await call(backend, `/api/v1/apps/${plain.id}/group-push/mappings`, { method: 'POST', json: { sourceGroupId: group.id, targetGroupName: 'x' } }), 400, 'E0000001', 'Api validation failed: feature', ['Provisioning is not supported.']);
  });

  it('lists with sourceGroupId, status and lastUpdated filters, and a Link with the page size only (as recorded)', async () => {
    const { group, path } = seeded();
    const other = backend.directory.addGroup({ name: 'Other' });
    await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id, targetGroupName: 'a' } });
    await call(backend, path, { method: 'POST', json: { sourceGroupId: other.id, targetGroupName: 'b', status: 'INACTIVE' } });
    const bySource = await call(backend, `${path}?sourceGroupId=${group.id}`);
    expect(bySource.body.map((m: { sourceGroupId: string }) => m.sourceGroupId)).toEqual([group.id]);
    expect(bySource.headers.get('link')).toBe(`<${backend.orgUrl}${path}?limit=100>; rel="self"`);
    expect((await call(backend, `${path}?status=INACTIVE`)).body.map((m: { sourceGroupId: string }) => m.sourceGroupId)).toEqual([other.id]);
    expect((await call(backend, `${path}?lastUpdated=2999-01-01T00:00:00Z`)).body).toEqual([]);
    expect((await call(backend, `${path}?lastUpdated=yesterday`)).status).toBe(400);
  });

  it('PATCH sets the status and moves lastUpdated; an ACTIVE mapping cannot be deleted, an INACTIVE one answers 200 with no body', async () => {
    const { group, path } = seeded();
    const created = (await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id, targetGroupName: 'x' } })).body;
    const at = `${path}/${String(created.id)}`;
    expect((await call(backend, `${at}?deleteTargetGroup=false`, { method: 'DELETE' })).body.errorSummary).toBe('Api validation failed: status');
    const patched = await call(backend, at, { method: 'PATCH', json: { status: 'INACTIVE' } });
    expect(patched.body.status).toBe('INACTIVE');
    expect(Date.parse(patched.body.lastUpdated)).toBeGreaterThan(Date.parse(created.lastUpdated));
    const deleted = await call(backend, `${at}?deleteTargetGroup=false`, { method: 'DELETE' });
    expect({ status: deleted.status, text: deleted.text, type: deleted.headers.get('content-type') }).toEqual({ status: 200, text: '', type: null });
    expect((await call(backend, at)).status).toBe(404);
    expect(backend.directory.group(created.targetGroupId)).toBeDefined();
  });

  it('deleteTargetGroup=true deletes the target group too', async () => {
    const { group, path } = seeded();
    const created = (await call(backend, path, { method: 'POST', json: { sourceGroupId: group.id, targetGroupName: 'x', status: 'INACTIVE' } })).body;
    expect((await call(backend, `${path}/${String(created.id)}?deleteTargetGroup=true`, { method: 'DELETE' })).status).toBe(200);
    expect(backend.directory.group(created.targetGroupId)).toBeUndefined();
  });
});
