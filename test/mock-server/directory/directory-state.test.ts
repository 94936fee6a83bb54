import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../../src/index';
import { ControlInputError, type Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call } from '../raw-http';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const { backend } = useMockBackend({ now: () => START, ids: 'deterministic' });

const PASSWORD = 'Kept-Nowhere-42';

describe('one directory for the users API and the SET receiver', () => {
  it('finds a user created over POST /api/v1/users by the lookup the receiver uses (email or login, any case)', async () => {
    const created = await call(backend, '/api/v1/users', {
      method: 'POST',
      json: { profile: { firstName: 'Ada', lastName: 'Lovelace', login: 'ada.l@example.com', email: 'Ada@Example.com' } },
    });
    expect(backend.directory.findUser('ada@example.com')?.id).toBe(created.body.id);
    expect(backend.directory.findUser('ADA.L@EXAMPLE.COM')?.id).toBe(created.body.id);
    expect(backend.directory.findUser('nobody@example.com')).toBeUndefined();
  });

  it('matches a login before an email, and an email two users share names neither', () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com', email: 'team@example.com' });
    backend.directory.addUser({ login: 'alan@example.com', email: 'team@example.com' });
    const owner = backend.directory.addUser({ login: 'team@example.org', email: 'ada@example.com' });
    expect(backend.directory.findUser('team@example.com')).toBeUndefined();
    expect(backend.directory.findUser('ada@example.com')?.id).toBe(ada.id);
    expect(backend.directory.findUser('team@example.org')?.id).toBe(owner.id);
  });
});

describe('backend.directory', () => {
  it('adds a user with a status, more profile attributes and groups; a password is checked and not kept', () => {
    const team = backend.directory.addGroup({ name: 'Engines' });
    const user = backend.directory.addUser({ login: 'ada@example.com', status: 'SUSPENDED', profile: { department: 'Engines' }, groupIds: [team.id], password: PASSWORD });
    expect(user).toMatchObject({ status: 'SUSPENDED', profile: { department: 'Engines' }, groupIds: [team.id], credentials: { password: true }, passwordChanged: '2026-03-01T10:00:30.000Z' });
    expect(JSON.stringify(backend.directory.users())).not.toContain(PASSWORD);
    expect(() => backend.directory.addUser({ login: 'alan@example.com', password: 'alan' })).toThrow(/The password is refused: Password requirements were not met/);
  });

  it('changes memberships with the API rules: Everyone cannot be changed (ForbiddenError), others can', () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    const team = backend.directory.addGroup({ name: 'Engines' });
    expect(backend.directory.addMember(team.id, ada.id)).toBe(true);
    expect(backend.directory.addMember(team.id, ada.id)).toBe(false);
    expect(backend.directory.groupsOf(ada.id).map((g) => g.profile.name)).toEqual(['Everyone', 'Engines']);
    expect(() => backend.directory.addMember(backend.directory.everyoneGroupId, ada.id)).toThrow(ForbiddenError);
    expect(backend.directory.removeMember(team.id, ada.id)).toBe(true);
    expect(backend.directory.members(team.id)).toEqual([]);
    expect(backend.directory.members(backend.directory.everyoneGroupId).map((u) => u.id)).toEqual([ada.id]);
  });

  it('sets a status and deletes users and groups, their app assignments with them', async () => {
    const app = backend.apps.create(bookmark());
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    const team = backend.directory.addGroup({ name: 'Engines' });
    backend.directory.addMember(team.id, ada.id);
    backend.groups.assign(app.id, team.id);
    expect((await call(backend, `/api/v1/apps/${app.id}/users`)).body).toHaveLength(1);
    expect(backend.directory.setUserStatus(ada.id, 'LOCKED_OUT').status).toBe('LOCKED_OUT');
    expect(backend.directory.deleteGroup(team.id)).toBe(true);
    expect((await call(backend, `/api/v1/apps/${app.id}/groups`)).body).toEqual([]);
    expect((await call(backend, `/api/v1/apps/${app.id}/users`)).body).toEqual([]);
    expect(backend.directory.deleteGroup(backend.directory.everyoneGroupId)).toBe(false);
    expect(backend.directory.deleteUser(ada.id)).toBe(true);
    expect([backend.directory.user(ada.id), backend.directory.group(team.id)]).toEqual([undefined, undefined]);
  });
});

describe('Everyone across resets', () => {
  it('is made again as it was, whatever the clock says when the backend is reset', () => {
    const before = backend.directory.group(backend.directory.everyoneGroupId);
    backend.clock.advance(60_000);
    backend.reset();
    expect(backend.directory.group(backend.directory.everyoneGroupId)).toEqual(before);
  });
});

describe('seeds and snapshots of the directory', () => {
  it('seeds users with statuses, profiles and memberships, apps with their ids, and assignments naming both', async () => {
    const result = await backend.seed({
      apps: [{ ...bookmark(), id: '0oa1wiki000000000000' }],
      users: [
        { id: '00u1ada0000000000000', login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', status: 'STAGED', profile: { title: 'Analyst' }, groupIds: ['00g1eng0000000000000'], password: PASSWORD },
      ],
      groups: [{ id: '00g1eng0000000000000', name: 'Engineering' }],
      assignments: [{ appId: '0oa1wiki000000000000', groupId: '00g1eng0000000000000' }],
    });
    expect(result.apps.map((a) => a.id)).toEqual(['0oa1wiki000000000000']);
    expect(result.users[0]).toMatchObject({ status: 'STAGED', profile: { title: 'Analyst' }, groupIds: ['00g1eng0000000000000'], credentials: { password: true } });
    const appUsers = await call(backend, '/api/v1/apps/0oa1wiki000000000000/users');
    expect(appUsers.body.map((u: { id: string; scope: string }) => [u.id, u.scope])).toEqual([['00u1ada0000000000000', 'GROUP']]);
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
  });

  it('refuses a seed naming a group it does not hold, naming the field, and changes nothing', async () => {
    await expect(backend.seed({ users: [{ login: 'ada@example.com', groupIds: ['00g1nope000000000000'] }] })).rejects.toThrow(
      new ControlInputError('seed field users[0].groupIds[0]: No group has the id 00g1nope000000000000.', 'users[0].groupIds[0]'),
    );
    expect(backend.directory.users()).toEqual([]);
  });

  it('restores memberships, statuses and group assignments exactly, and never holds a password', async () => {
    await backend.seed({
      apps: [{ ...bookmark(), id: '0oa1wiki000000000000' }],
      users: [{ id: '00u1ada0000000000000', login: 'ada@example.com', status: 'SUSPENDED', groupIds: ['00g1eng0000000000000'], password: PASSWORD }],
      groups: [{ id: '00g1eng0000000000000', name: 'Engineering' }],
      assignments: [{ appId: '0oa1wiki000000000000', groupId: '00g1eng0000000000000' }],
    });
    const snapshot = backend.snapshot();
    expect(JSON.stringify(snapshot)).not.toContain(PASSWORD);
    backend.reset();
    expect(backend.directory.users()).toEqual([]);
    backend.restore(snapshot);
    expect(backend.snapshot()).toEqual(snapshot);
    expect(backend.directory.groupsOf('00u1ada0000000000000').map((g) => g.profile.name)).toEqual(['Everyone', 'Engineering']);
    // A member added after the restore still becomes an app user: the group assignment is live.
    const alan = backend.directory.addUser({ login: 'alan@example.com' });
    backend.directory.addMember('00g1eng0000000000000', alan.id);
    expect((await call(backend, '/api/v1/apps/0oa1wiki000000000000/users')).body.map((u: { id: string }) => u.id)).toEqual(['00u1ada0000000000000', alan.id]);
  });

  it('restores a snapshot written before users had more than a login, status and names', () => {
    const snapshot = backend.snapshot() as unknown as Record<string, unknown>;
    const old: Snapshot = {
      ...(snapshot as unknown as Snapshot),
      users: [{ id: '00u1ada0000000000000', status: 'ACTIVE', created: '2026-03-01T10:00:30.000Z', lastUpdated: '2026-03-01T10:00:30.000Z', profile: { login: 'ada@example.com', email: 'ada@example.com', firstName: null, lastName: null } }],
      groups: [{ id: '00g1eng0000000000000', created: '2026-03-01T10:00:30.000Z', lastUpdated: '2026-03-01T10:00:30.000Z', profile: { name: 'Engineering', description: null } }],
    };
    backend.restore(old);
    expect(backend.directory.user('00u1ada0000000000000')).toMatchObject({ groupIds: [], credentials: { password: false }, activated: null });
    expect(backend.directory.groups().map((g) => [g.profile.name, g.type])).toEqual([
      ['Everyone', 'BUILT_IN'],
      ['Engineering', 'OKTA_GROUP'],
    ]);
  });
});
