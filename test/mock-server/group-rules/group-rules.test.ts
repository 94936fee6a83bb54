import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const { backend } = useMockBackend({ now: () => START });

const rule = (groupIds: string[], value: string, name = 'Engineers', exclude: string[] = []) => ({
  type: 'group_rule',
  name,
  conditions: { people: { users: { exclude } }, expression: { value, type: 'urn:okta:expression:1.0' } },
  actions: { assignUserToGroups: { groupIds } },
});

function people() {
  const engineering = backend.directory.addGroup({ name: 'Engineering' });
  const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', profile: { department: 'Engineering' } });
  const alan = backend.directory.addUser({ login: 'alan@example.com', firstName: 'Alan', lastName: 'Turing', profile: { department: 'Research' } });
  return { engineering, ada, alan };
}

async function created(body: unknown): Promise<string> {
  const response = await call(backend, '/api/v1/groups/rules', { method: 'POST', json: body });
  expect(response.status).toBe(200);
  return response.body.id;
}

const activate = (id: string) => call(backend, `/api/v1/groups/rules/${id}/lifecycle/activate`, { method: 'POST' });
const deactivate = (id: string) => call(backend, `/api/v1/groups/rules/${id}/lifecycle/deactivate`, { method: 'POST' });
const memberIds = (groupId: string) => backend.directory.members(groupId).map((u) => u.id);

describe('POST /api/v1/groups/rules', () => {
  it('creates an INACTIVE rule, answered as real orgs write it', async () => {
    const { engineering } = people();
    const response = await call(backend, '/api/v1/groups/rules', { method: 'POST', json: rule([engineering.id], 'String.startsWith(user.firstName,"andy")') });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['type', 'id', 'status', 'name', 'created', 'lastUpdated', 'conditions', 'actions', 'allGroupsValid']);
    expect(response.body).toEqual({
      type: 'group_rule',
      id: expect.stringMatching(/^0pr[0-9A-Za-z]{17}$/),
      status: 'INACTIVE',
      name: 'Engineers',
      created: '2026-03-01T10:00:30.000Z',
      lastUpdated: '2026-03-01T10:00:30.000Z',
      conditions: { people: { users: { exclude: [] }, groups: { exclude: [] } }, expression: { value: 'String.startsWith(user.firstName,"andy")', type: 'urn:okta:expression:1.0' } },
      actions: { assignUserToGroups: { groupIds: [engineering.id] } },
      allGroupsValid: true,
    });
  });

  it('refuses an expression outside the language with E0000001 naming it, and keeps nothing', async () => {
    const { engineering } = people();
    const response = await call(backend, '/api/v1/groups/rules', { method: 'POST', json: rule([engineering.id], 'user.department = "Engineering"') });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('E0000001');
    expect(response.body.errorSummary).toBe('Api validation failed: validateRule');
    expect(response.body.errorCauses[0].errorSummary).toContain('Invalid expression "user.department = \\"Engineering\\""');
    expect(backend.groupRules.list()).toEqual([]);
  });

  it('refuses a missing name, an unknown group and Everyone, one cause each', async () => {
    people();
    const response = await call(backend, '/api/v1/groups/rules', { method: 'POST', json: { ...rule(['00gnothere0000000000', backend.directory.everyoneGroupId], 'true'), name: '' } });
    expectOktaError(response, 400, 'E0000001', 'Api validation failed: name, actions.assignUserToGroups.groupIds[0], actions.assignUserToGroups.groupIds[1]', [
      'name: The field cannot be left blank',
      'actions.assignUserToGroups.groupIds[0]: No group has the id 00gnothere0000000000',
      'actions.assignUserToGroups.groupIds[1]: Rules assign only to groups of type OKTA_GROUP; Everyone is BUILT_IN',
    ]);
  });

  it('is routed to the rules, not taken for a group id (no more 405)', async () => {
    const { engineering } = people();
    expect((await call(backend, '/api/v1/groups/rules', { method: 'POST', json: rule([engineering.id], 'true') })).status).toBe(200);
    expect((await call(backend, '/api/v1/groups/rules')).status).toBe(200);
  });
});

describe('an active rule', () => {
  it('puts the users its expression matches into its groups when activated, and so into the apps of those groups', async () => {
    const { engineering, ada, alan } = people();
    const app = backend.apps.create(bookmark());
    backend.groups.assign(app.id, engineering.id);
    const id = await created(rule([engineering.id], 'user.department=="Engineering"'));
    expect(memberIds(engineering.id)).toEqual([]);
    const response = await activate(id);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(memberIds(engineering.id)).toEqual([ada.id]);
    const appUsers = await call(backend, `/api/v1/apps/${app.id}/users`);
    expect(appUsers.body.map((u: { id: string; scope: string }) => [u.id, u.scope])).toEqual([[ada.id, 'GROUP']]);
    expect(memberIds(engineering.id)).not.toContain(alan.id);
    expect((await call(backend, `/api/v1/groups/rules/${id}`)).body.status).toBe('ACTIVE');
  });

  it('re-evaluates a user whose profile changes: in when it starts matching, out when it stops', async () => {
    const { engineering, alan } = people();
    const id = await created(rule([engineering.id], 'String.stringContains(String.toLowerCase(user.department), "eng") && !(user.lastName == "Hopper")'));
    await activate(id);
    await call(backend, `/api/v1/users/${alan.id}`, { method: 'POST', json: { profile: { department: 'Engineering' } } });
    expect(memberIds(engineering.id)).toContain(alan.id);
    await call(backend, `/api/v1/users/${alan.id}`, { method: 'POST', json: { profile: { department: 'Research' } } });
    expect(memberIds(engineering.id)).not.toContain(alan.id);
  });

  it('applies to a user created later, and not to one it excludes', async () => {
    const { engineering, alan } = people();
    const id = await created(rule([engineering.id], 'String.startsWith(user.login, "g") || user.department == "Research"', 'Rule', [alan.id]));
    await activate(id);
    const grace = await call(backend, '/api/v1/users?activate=true', { method: 'POST', json: { profile: { firstName: 'Grace', lastName: 'Hopper', login: 'grace@example.com', email: 'grace@example.com' }, credentials: { password: { value: 'Kept-Nowhere-42' } } } });
    expect(memberIds(engineering.id)).toEqual([grace.body.id]);
  });

  it('follows isMemberOfAnyGroup when a membership changes', async () => {
    const { engineering, ada } = people();
    const staff = backend.directory.addGroup({ name: 'Staff' });
    await activate(await created(rule([engineering.id], `isMemberOfAnyGroup("${staff.id}", "00gnothere0000000000")`)));
    expect(memberIds(engineering.id)).toEqual([]);
    await call(backend, `/api/v1/groups/${staff.id}/users/${ada.id}`, { method: 'PUT' });
    expect(memberIds(engineering.id)).toEqual([ada.id]);
  });

  it('adds a user taken out of its group by hand to its exclusions, as Okta does, instead of putting them back', async () => {
    const { engineering, ada } = people();
    const id = await created(rule([engineering.id], 'user.department=="Engineering"'));
    await activate(id);
    await call(backend, `/api/v1/groups/${engineering.id}/users/${ada.id}`, { method: 'DELETE' });
    expect(memberIds(engineering.id)).toEqual([]);
    expect((backend.groupRules.get(id) as any).conditions.people.users.exclude).toEqual([ada.id]);
  });

  it('cannot be replaced or deleted until deactivated', async () => {
    const { engineering } = people();
    const id = await created(rule([engineering.id], 'true'));
    await activate(id);
    expectOktaError(await call(backend, `/api/v1/groups/rules/${id}`, { method: 'PUT', json: rule([engineering.id], 'false') }), 400, 'E0000001', 'Api validation failed: status', [
      'status: An active rule cannot be changed; deactivate it first',
    ]);
    expectOktaError(await call(backend, `/api/v1/groups/rules/${id}`, { method: 'DELETE' }), 400, 'E0000001', 'Api validation failed: status', ['status: An active rule cannot be deleted; deactivate it first']);
  });
});

describe('deactivating and deleting a rule', () => {
  it('leaves the memberships it made on deactivation, as Okta does, and stops applying', async () => {
    const { engineering, ada, alan } = people();
    const id = await created(rule([engineering.id], 'user.department=="Engineering"'));
    await activate(id);
    expect((await deactivate(id)).status).toBe(204);
    expect(memberIds(engineering.id)).toEqual([ada.id]);
    await call(backend, `/api/v1/users/${alan.id}`, { method: 'POST', json: { profile: { department: 'Engineering' } } });
    expect(memberIds(engineering.id)).toEqual([ada.id]);
  });

  it('deletes with 202 {} and keeps the members, unless removeUsers=true removes those it made', async () => {
    const { engineering, ada } = people();
    const kept = await created(rule([engineering.id], 'user.department=="Engineering"', 'Kept'));
    await activate(kept);
    await deactivate(kept);
    const deleted = await call(backend, `/api/v1/groups/rules/${kept}?removeUsers=false`, { method: 'DELETE' });
    expect({ status: deleted.status, body: deleted.body }).toEqual({ status: 202, body: {} });
    expect(memberIds(engineering.id)).toEqual([ada.id]);
    expectOktaError(await call(backend, `/api/v1/groups/rules/${kept}`), 404, 'E0000007', `Not found: Resource not found: ${kept} (GroupRule)`);

    await call(backend, `/api/v1/groups/${engineering.id}/users/${ada.id}`, { method: 'DELETE' });
    const removing = await created(rule([engineering.id], 'user.department=="Engineering"', 'Removing'));
    await activate(removing);
    await deactivate(removing);
    expect(memberIds(engineering.id)).toEqual([ada.id]);
    await call(backend, `/api/v1/groups/rules/${removing}?removeUsers=true`, { method: 'DELETE' });
    expect(memberIds(engineering.id)).toEqual([]);
  });

  it('lets a group or a user it manages be deleted without putting the membership back', async () => {
    const { engineering, ada, alan } = people();
    const id = await created(rule([engineering.id], 'true'));
    await activate(id);
    expect(memberIds(engineering.id)).toEqual([ada.id, alan.id]);
    expect(backend.directory.deleteUser(alan.id)).toBe(true);
    expect(backend.groupRules.managedUsers(id)).toEqual([ada.id]);
    expect((await call(backend, `/api/v1/groups/${engineering.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(backend.directory.user(ada.id)?.groupIds).toEqual([]);
    expect((await call(backend, `/api/v1/users/${ada.id}/groups`)).body.map((g: { profile: { name: string } }) => g.profile.name)).toEqual(['Everyone']);
    // Memberships that go with a deleted user or group are no one's removal by hand: nobody is excluded.
    expect((backend.groupRules.get(id) as any).conditions.people.users.exclude).toEqual([]);
  });

  it('makes the rules of a deleted group INVALID with allGroupsValid false', async () => {
    const { engineering } = people();
    const id = await created(rule([engineering.id], 'true'));
    await call(backend, `/api/v1/groups/${engineering.id}`, { method: 'DELETE' });
    expect((await call(backend, `/api/v1/groups/rules/${id}`)).body).toMatchObject({ status: 'INVALID', allGroupsValid: false });
  });
});

describe('GET /api/v1/groups/rules', () => {
  it('lists by search and limit with a self link, and embeds group names on expand', async () => {
    const { engineering } = people();
    await created(rule([engineering.id], 'true', 'testAccOne'));
    const two = await created(rule([engineering.id], 'true', 'testAccTwo'));
    const response = await call(backend, '/api/v1/groups/rules?limit=1&search=testAccTwo');
    expect(response.body.map((r: { id: string }) => r.id)).toEqual([two]);
    expect(response.headers.get('link')).toBe(`<${backend.orgUrl}/api/v1/groups/rules?limit=1&search=testAccTwo>; rel="self"`);
    const expanded = await call(backend, `/api/v1/groups/rules/${two}?expand=groupIdToGroupNameMap`);
    expect(expanded.body._embedded).toEqual({ groupIdToGroupNameMap: { [engineering.id]: 'Engineering' } });
  });
});

describe('snapshots and reset', () => {
  it('keeps rules and the memberships they manage through a snapshot, and forgets them on reset', async () => {
    const { engineering, ada } = people();
    const id = await created(rule([engineering.id], 'user.department=="Engineering"'));
    await activate(id);
    const snapshot = backend.snapshot();
    backend.reset();
    expect(backend.groupRules.list()).toEqual([]);
    backend.restore(snapshot);
    expect(backend.groupRules.get(id)).toMatchObject({ status: 'ACTIVE' });
    expect(backend.groupRules.managedUsers(id)).toEqual([ada.id]);
  });

  it('refuses a snapshot whose rule holds an expression the rules do not take, naming the field', async () => {
    const { engineering } = people();
    await created(rule([engineering.id], 'true'));
    const snapshot = backend.snapshot() as any;
    snapshot.groupRules[0].expression = 'user.department = "x"';
    expect(() => backend.restore(snapshot)).toThrow(/groupRules\[0\]\.expression.*not an expression group rules take/);
  });

  it('refuses a snapshot whose rule assigns to Everyone, to a group it does not hold (unless INVALID), or manages a user it does not hold, and keeps the state it had', async () => {
    const { engineering, ada } = people();
    const id = await created(rule([engineering.id], 'user.department=="Engineering"'));
    await activate(id);
    const good = backend.snapshot() as any;
    const hostile = (change: (doc: any) => void) => {
      const doc = structuredClone(good);
      change(doc);
      return doc;
    };
    expect(() => backend.restore(hostile((doc) => (doc.groupRules[0].groupIds = [backend.directory.everyoneGroupId])))).toThrow(
      `groupRules[0].groupIds[0]: rules assign only to groups of type OKTA_GROUP; ${backend.directory.everyoneGroupId} is BUILT_IN`,
    );
    expect(() => backend.restore(hostile((doc) => (doc.groupRules[0].groupIds = ['00gnothere0000000000'])))).toThrow('groupRules[0].groupIds[0]: no group in the snapshot has the id 00gnothere0000000000');
    expect(() => backend.restore(hostile((doc) => (doc.groupRules[0].managedUserIds = ['00unothere0000000000'])))).toThrow('groupRules[0].managedUserIds[0]: no user in the snapshot has the id 00unothere0000000000');
    expect(backend.groupRules.get(id)).toMatchObject({ status: 'ACTIVE', actions: { assignUserToGroups: { groupIds: [engineering.id] } } });
    backend.restore(hostile((doc) => Object.assign(doc.groupRules[0], { status: 'INVALID', groupIds: ['00gnothere0000000000'] })));
    expect(backend.groupRules.get(id)).toMatchObject({ status: 'INVALID', allGroupsValid: false });
    backend.restore(good);
    // A profile change re-evaluates the restored rule: it answers, rather than a 500 from a rule over Everyone.
    const changed = await call(backend, `/api/v1/users/${ada.id}`, { method: 'POST', json: { profile: { department: 'Sales' } } });
    expect(changed.status).toBe(200);
    expect(memberIds(engineering.id)).not.toContain(ada.id);
  });
});
