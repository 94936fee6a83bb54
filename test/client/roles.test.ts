import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient as createCoreClient, type CoreClient } from '../../src/core';
import { BadRequestError, type Pager, type RoleAppTarget, type RoleAssignment } from '../../src/index';
import { useMockBackend } from '../support/backend';

const mock = useMockBackend();
const { backend } = mock;
const client = mock.client;

describe('client.roles', () => {
  it('types its calls: a holder\'s roles are an array, targets a Pager', () => {
    const roles = client().roles;
    expectTypeOf(roles.users.list).returns.resolves.toEqualTypeOf<RoleAssignment[]>();
    expectTypeOf(roles.groups.appTargets).returns.toEqualTypeOf<Pager<RoleAppTarget>>();
  });

  it('assigns a role to a user, narrows it to groups, lists them and takes the role away', async () => {
    const roles = client().roles.users;
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    const [eng, ops] = [backend.directory.addGroup({ name: 'Engineering' }), backend.directory.addGroup({ name: 'Ops' })];
    const role = await roles.assign(ada.id, { type: 'USER_ADMIN' });
    expect(role).toMatchObject({ id: 'KVJUKUS7IFCE2SKO', label: 'Group Administrator', type: 'USER_ADMIN', status: 'ACTIVE', assignmentType: 'USER' });
    await roles.addGroupTarget(ada.id, role.id, eng.id);
    await roles.addGroupTarget(ada.id, role.id, ops.id);
    await roles.removeGroupTarget(ada.id, role.id, eng.id);
    expect((await roles.groupTargets(ada.id, role.id).toArray({ max: 10 })).map((g) => g.profile.name)).toEqual(['Ops']);
    await expect(roles.removeGroupTarget(ada.id, role.id, ops.id)).rejects.toBeInstanceOf(BadRequestError);
    expect(await roles.list(ada.id)).toEqual([await roles.get(ada.id, role.id)]);
    await roles.unassign(ada.id, role.id);
    expect(await roles.list(ada.id)).toEqual([]);
  });

  it('narrows a group\'s APP_ADMIN role to catalog apps and instances, and refuses a role held already', async () => {
    const roles = client().roles.groups;
    const admins = backend.directory.addGroup({ name: 'Admins' });
    const role = await roles.assign(admins.id, { type: 'APP_ADMIN' });
    expect(role).toMatchObject({ id: 'IFIFAX2BIRGUSTQ', assignmentType: 'GROUP' });
    const app = backend.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });
    await roles.addAppTarget(admins.id, role.id, 'facebook');
    await roles.addAppInstanceTarget(admins.id, role.id, 'bookmark', app.id);
    expect((await roles.appTargets(admins.id, role.id).toArray({ max: 10 })).map((t) => [t.name, t.id])).toEqual([['facebook', undefined], ['Wiki', app.id]]);
    await roles.removeAppTarget(admins.id, role.id, 'facebook');
    await expect(roles.removeAppInstanceTarget(admins.id, role.id, 'bookmark', app.id)).rejects.toBeInstanceOf(BadRequestError);
    await expect(roles.assign(admins.id, { type: 'APP_ADMIN' })).rejects.toMatchObject({ status: 409, errorCode: 'E0000090' });
  });

  it('comes with the directory extension: a bare client names it', () => {
    const bare: CoreClient = createCoreClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
    expect(() => (bare as unknown as { roles: unknown }).roles).toThrow(/client\.roles comes with the directory extension/);
  });
});
