import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2026-03-01T10:00:30.250Z');
const AT = '2026-03-01T10:00:30.000Z';
const { backend } = useMockBackend({
  now: () => START,
  tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.roles.read'] }],
});

const admin = 'SSWS admin';
const assign = (base: string, json: unknown, authorization = admin) => call(backend, `${base}/roles?disableNotifications=false`, { method: 'POST', json, authorization });

describe('role assignments to a user', () => {
  it('answers 201 with the assignment as real orgs do: a role that takes targets is named by its type in base32', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    const response = await assign(`/api/v1/users/${ada.id}`, { type: 'APP_ADMIN' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: 'IFIFAX2BIRGUSTQ',
      label: 'Application Administrator',
      type: 'APP_ADMIN',
      status: 'ACTIVE',
      created: AT,
      lastUpdated: AT,
      assignmentType: 'USER',
      _links: { assignee: { href: `${backend.orgUrl}/api/v1/users/${ada.id}` } },
    });
    expect((await call(backend, `/api/v1/users/${ada.id}/roles/IFIFAX2BIRGUSTQ`, { authorization: admin })).body).toEqual(response.body);
  });

  it('gives a role without targets an id of its own, and lists the roles by type without a Link header', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    const superAdmin = await assign(`/api/v1/users/${ada.id}`, { type: 'SUPER_ADMIN' });
    expect(superAdmin.body).toMatchObject({ id: expect.stringMatching(/^ra1[0-9A-Za-z]{17}$/), label: 'Super Organizational Administrator' });
    await assign(`/api/v1/users/${ada.id}`, { type: 'GROUP_MEMBERSHIP_ADMIN' });
    const list = await call(backend, `/api/v1/users/${ada.id}/roles`, { authorization: 'SSWS reader' });
    expect(list.status).toBe(200);
    expect(list.headers.get('link')).toBeNull();
    expect(list.body.map((r: { id: string; type: string }) => [r.type, r.id])).toEqual([
      ['GROUP_MEMBERSHIP_ADMIN', 'I5JE6VKQL5GUKTKCIVJFGSCJKBPUCRCNJFHA'],
      ['SUPER_ADMIN', superAdmin.body.id],
    ]);
  });

  it('refuses a role the user holds already (409 E0000090), a type Okta does not have, and a user that does not exist', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    await assign(`/api/v1/users/${ada.id}`, { type: 'HELP_DESK_ADMIN' });
    expectOktaError(await assign(`/api/v1/users/${ada.id}`, { type: 'HELP_DESK_ADMIN' }), 409, 'E0000090', 'The role specified is already assigned to the user.');
    expectOktaError(await assign(`/api/v1/users/${ada.id}`, { type: 'WIZARD' }), 400, 'E0000001', 'Api validation failed: type', [
      'type: Not one of the allowed values: SUPER_ADMIN, ORG_ADMIN, APP_ADMIN, USER_ADMIN, HELP_DESK_ADMIN, READ_ONLY_ADMIN, MOBILE_ADMIN, API_ACCESS_MANAGEMENT_ADMIN, REPORT_ADMIN, GROUP_MEMBERSHIP_ADMIN',
    ]);
    expectOktaError(await assign(`/api/v1/users/${ada.id}`, {}), 400, 'E0000001', 'Api validation failed: type', ['type: The field cannot be left blank']);
    expectOktaError(await assign('/api/v1/users/00u1nobody0000000000', { type: 'APP_ADMIN' }), 404, 'E0000007', 'Not found: Resource not found: 00u1nobody0000000000 (User)');
    expect(backend.roles.list({ userId: ada.id }).map((r) => r.type)).toEqual(['HELP_DESK_ADMIN']);
  });

  it('deletes an assignment (204); then it is not found, as real orgs answer a second delete', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    await assign(`/api/v1/users/${ada.id}`, { type: 'APP_ADMIN' });
    const path = `/api/v1/users/${ada.id}/roles/IFIFAX2BIRGUSTQ`;
    expect((await call(backend, path, { method: 'DELETE', authorization: admin })).status).toBe(204);
    expectOktaError(await call(backend, path, { method: 'DELETE', authorization: admin }), 404, 'E0000007', 'Not found: Resource not found: IFIFAX2BIRGUSTQ (RoleAssignment)');
    // Assigned again, it has the same id.
    expect((await assign(`/api/v1/users/${ada.id}`, { type: 'APP_ADMIN' })).body.id).toBe('IFIFAX2BIRGUSTQ');
  });

  it('needs okta.roles.manage to change and okta.roles.read to read', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    expectOktaError(await assign(`/api/v1/users/${ada.id}`, { type: 'APP_ADMIN' }, 'SSWS reader'), 403, 'E0000006', 'You do not have permission to perform the requested action');
    expect(backend.roles.size).toBe(0);
  });

  it('forgets the roles of a user who is deleted', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    await assign(`/api/v1/users/${ada.id}`, { type: 'APP_ADMIN' });
    backend.directory.deleteUser(ada.id);
    expect(backend.roles.size).toBe(0);
  });
});

describe('role assignments to a group', () => {
  it('answers assignmentType GROUP, linked to the group; a role without targets gets a gra… id', async () => {
    const group = backend.directory.addGroup({ name: 'Admins' });
    const base = `/api/v1/groups/${group.id}`;
    const readOnly = await assign(base, { type: 'READ_ONLY_ADMIN' });
    expect(readOnly.status).toBe(201);
    expect(readOnly.body).toEqual({
      id: expect.stringMatching(/^gra[0-9A-Za-z]{17}$/),
      label: 'Read-only Administrator',
      type: 'READ_ONLY_ADMIN',
      status: 'ACTIVE',
      created: AT,
      lastUpdated: AT,
      assignmentType: 'GROUP',
      _links: { assignee: { href: `${backend.orgUrl}${base}` } },
    });
    expect((await assign(base, { type: 'HELP_DESK_ADMIN' })).body.id).toBe('JBCUYUC7IRCVGS27IFCE2SKO');
    expect((await call(backend, `${base}/roles`, { authorization: admin })).body.map((r: { type: string }) => r.type)).toEqual(['HELP_DESK_ADMIN', 'READ_ONLY_ADMIN']);
    expectOktaError(await assign('/api/v1/groups/00g1none000000000000', { type: 'APP_ADMIN' }), 404, 'E0000007', 'Not found: Resource not found: 00g1none000000000000 (UserGroup)');
  });

  it('forgets the roles of a group that is deleted', async () => {
    const group = backend.directory.addGroup({ name: 'Admins' });
    backend.roles.assign({ groupId: group.id }, 'ORG_ADMIN');
    expect((await call(backend, `/api/v1/groups/${group.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(backend.roles.size).toBe(0);
  });
});
