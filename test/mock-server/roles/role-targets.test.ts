import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend();

const put = (path: string) => call(backend, path, { method: 'PUT' });
const del = (path: string) => call(backend, path, { method: 'DELETE' });
const swa = (label: string) =>
  backend.apps.create({
    name: 'template_swa',
    label,
    signOnMode: 'BROWSER_PLUGIN',
    settings: { app: { url: 'https://example.com/login.html', usernameField: 'u', passwordField: 'p', buttonField: 'b' } },
  });

/** A user holding a role, and the path of that assignment. */
function holder(type: Parameters<typeof backend.roles.assign>[1]) {
  const user = backend.directory.addUser({ login: 'ada@example.com' });
  const assignment = backend.roles.assign({ userId: user.id }, type);
  return { user, path: `/api/v1/users/${user.id}/roles/${assignment.id}` };
}

describe('group targets', () => {
  it('narrows a role to groups, listed by group id with the links real orgs write (a cursor and limit=20)', async () => {
    const { path } = holder('GROUP_MEMBERSHIP_ADMIN');
    const [b, a] = [backend.directory.addGroup({ id: '00g2bbbbbbbbbbbbbbbb', name: 'B' }), backend.directory.addGroup({ id: '00g1aaaaaaaaaaaaaaaa', name: 'A' })];
    expect((await put(`${path}/targets/groups/${b.id}`)).status).toBe(204);
    expect((await put(`${path}/targets/groups/${a.id}`)).status).toBe(204);
    expect((await put(`${path}/targets/groups/${a.id}`)).status).toBe(204);
    const list = await call(backend, `${path}/targets/groups?limit=200`);
    expect(list.status).toBe(200);
    expect(list.body.map((g: { id: string }) => g.id)).toEqual([a.id, b.id]);
    expect(list.body[0]).toEqual((await call(backend, `/api/v1/groups/${a.id}`)).body);
    expect(list.headers.get('link')).toMatch(new RegExp(`^<${backend.orgUrl}${path}/targets/groups\\?after=[A-Za-z0-9_-]+&limit=20>; rel="self"$`));
  });

  it('pages: a next link while more remain, which leads to the rest', async () => {
    const { path } = holder('USER_ADMIN');
    for (const name of ['A', 'B', 'C']) await put(`${path}/targets/groups/${backend.directory.addGroup({ name }).id}`);
    const first = await call(backend, `${path}/targets/groups?limit=2`);
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const rest = await call(backend, new URL(next!).pathname + new URL(next!).search);
    expect(rest.body).toHaveLength(1);
    expect(rest.headers.get('link')).not.toContain('rel="next"');
    expectOktaError(await call(backend, `${path}/targets/groups?after=nope`), 400, 'E0000029', 'Invalid paging request.', ['Invalid cursor.']);
  });

  it('refuses to remove the last target, a group that is not a target, and a target of a kind the role does not take', async () => {
    const { path } = holder('HELP_DESK_ADMIN');
    const [a, b] = [backend.directory.addGroup({ name: 'A' }), backend.directory.addGroup({ name: 'B' })];
    await put(`${path}/targets/groups/${a.id}`);
    await put(`${path}/targets/groups/${b.id}`);
    expect((await del(`${path}/targets/groups/${a.id}`)).status).toBe(204);
    expectOktaError(await del(`${path}/targets/groups/${b.id}`), 400, 'E0000001', 'Api validation failed: target', [
      'target: The last target of a role assignment cannot be removed; delete the role assignment to give the role over every target',
    ]);
    expectOktaError(await del(`${path}/targets/groups/${a.id}`), 404, 'E0000007', `Not found: Resource not found: ${a.id} (UserGroup)`);
    expectOktaError(await put(`${path}/targets/catalog/apps/facebook`), 400, 'E0000091', 'The provided role type was not the same as required role type.');
    expectOktaError(await put(`${path}/targets/groups/00g1none000000000000`), 404, 'E0000007', 'Not found: Resource not found: 00g1none000000000000 (UserGroup)');
    expect(backend.roles.list({ userId: backend.directory.findUser('ada@example.com')!.id })[0]!.groupTargets).toEqual([b.id]);
  });

  it('drops a deleted group from the targets, of a group role too', async () => {
    const admins = backend.directory.addGroup({ name: 'Admins' });
    const assignment = backend.roles.assign({ groupId: admins.id }, 'HELP_DESK_ADMIN');
    const path = `/api/v1/groups/${admins.id}/roles/${assignment.id}`;
    const [a, b] = [backend.directory.addGroup({ name: 'A' }), backend.directory.addGroup({ name: 'B' })];
    await put(`${path}/targets/groups/${a.id}`);
    await put(`${path}/targets/groups/${b.id}`);
    expect((await del(`/api/v1/groups/${a.id}`)).status).toBe(204);
    expect((await call(backend, `${path}/targets/groups`)).body.map((g: { id: string }) => g.id)).toEqual([b.id]);
  });
});

describe('app targets of APP_ADMIN', () => {
  it('lists a catalog app as the catalog describes it, as real orgs answer facebook', async () => {
    const { path } = holder('APP_ADMIN');
    expect((await put(`${path}/targets/catalog/apps/facebook`)).status).toBe(204);
    expect((await call(backend, `${path}/targets/catalog/apps`)).body).toEqual([
      {
        name: 'facebook',
        displayName: 'Facebook',
        description: 'Giving people the power to share and make the world more open and connected.',
        status: 'ACTIVE',
        lastUpdated: '2021-03-18T17:37:56.000Z',
        category: 'SOCIAL',
        verificationStatus: 'OKTA_VERIFIED',
        website: 'https://www.facebook.com/',
        signOnModes: ['BROWSER_PLUGIN'],
        _links: {
          logo: [{ name: 'medium', href: 'https://op3static.oktacdn.com/fs/bcg/4/gfshpspesrHHFC4Ve1d6' }],
          self: { href: `${backend.orgUrl}/api/v1/catalog/apps/facebook` },
        },
      },
    ]);
    expectOktaError(await put(`${path}/targets/catalog/apps/no_such_app`), 404, 'E0000007', 'Not found: Resource not found: no_such_app (App)');
    expectOktaError(await put(`${path}/targets/groups/${backend.directory.everyoneGroupId}`), 400, 'E0000091', 'The provided role type was not the same as required role type.');
  });

  it('lists an app instance by its label, status and id; catalog apps come first, the last named first', async () => {
    const { path } = holder('APP_ADMIN');
    const app = swa('Payroll');
    expect((await put(`${path}/targets/catalog/apps/template_swa/${app.id}`)).status).toBe(204);
    await put(`${path}/targets/catalog/apps/facebook`);
    await put(`${path}/targets/catalog/apps/oidc_client`);
    const list = (await call(backend, `${path}/targets/catalog/apps?limit=200&status=ACTIVE`)).body;
    expect(list.map((t: { name: string }) => t.name)).toEqual(['oidc_client', 'facebook', 'Payroll']);
    expect(list[2]).toEqual({ name: 'Payroll', status: 'ACTIVE', id: app.id, _links: { self: { href: `${backend.orgUrl}/api/v1/apps/${app.id}` } } });
    expectOktaError(await put(`${path}/targets/catalog/apps/bookmark/${app.id}`), 404, 'E0000007', `Not found: Resource not found: ${app.id} (AppInstance)`);
  });

  it('drops a deleted app from the targets, and never removes the last one', async () => {
    const { path } = holder('APP_ADMIN');
    const [payroll, wiki] = [swa('Payroll'), swa('Wiki')];
    await put(`${path}/targets/catalog/apps/template_swa/${payroll.id}`);
    await put(`${path}/targets/catalog/apps/template_swa/${wiki.id}`);
    backend.apps.deactivate(payroll.id);
    backend.apps.delete(payroll.id);
    expect((await call(backend, `${path}/targets/catalog/apps`)).body.map((t: { id: string }) => t.id)).toEqual([wiki.id]);
    expectOktaError(await del(`${path}/targets/catalog/apps/template_swa/${wiki.id}`), 400, 'E0000001', 'Api validation failed: target', [
      'target: The last target of a role assignment cannot be removed; delete the role assignment to give the role over every target',
    ]);
    await put(`${path}/targets/catalog/apps/facebook`);
    expect((await del(`${path}/targets/catalog/apps/template_swa/${wiki.id}`)).status).toBe(204);
    expectOktaError(await del(`${path}/targets/catalog/apps/facebook`), 400, 'E0000001', 'Api validation failed: target', [
      'target: The last target of a role assignment cannot be removed; delete the role assignment to give the role over every target',
    ]);
  });

  it('answers a role without app targets an empty list, and refuses targets for a role that takes none', async () => {
    const { user, path } = holder('APP_ADMIN');
    expect((await call(backend, `${path}/targets/catalog/apps`)).body).toEqual([]);
    const superAdmin = backend.roles.assign({ userId: user.id }, 'SUPER_ADMIN');
    expectOktaError(await call(backend, `/api/v1/users/${user.id}/roles/${superAdmin.id}/targets/groups`), 400, 'E0000091', 'The provided role type was not the same as required role type.');
  });
});
