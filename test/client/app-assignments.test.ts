import { describe, expect, it } from 'vitest';
import { NotFoundError, RequestValidationError } from '../../src/index';
import { useMockBackend } from '../support/backend';
import { bookmark } from '../mock-server/app-inputs';

const { backend, client } = useMockBackend();

function seed() {
  const app = backend.apps.create(bookmark());
  const users = [0, 1, 2].map((i) => backend.directory.addUser({ login: `user${i}@example.com` }));
  const group = backend.directory.addGroup({ name: 'Engineering' });
  return { app, users, group };
}

describe('client.apps.users', () => {
  it('assigns, gets, lists and unassigns app users, and the apps list finds the app by user', async () => {
    const { app, users } = seed();
    const apps = client().apps;
    const assigned = await apps.users.assign(app.id, users[0]!.id, { credentials: { userName: 'u0' } });
    expect(assigned).toMatchObject({ id: users[0]!.id, scope: 'USER', credentials: { userName: 'u0' } });
    expect(await apps.users.get(app.id, users[0]!.id)).toEqual(assigned);
    for (const user of users.slice(1)) await apps.users.assign(app.id, user.id);

    const listed = await apps.users.list(app.id, { limit: 2 }).toArray({ max: 10 });
    expect(listed.map((u) => u.id)).toEqual(users.map((u) => u.id));

    const found = await apps.list({ filter: { 'user.id': users[1]!.id }, expand: `user/${users[1]!.id}` }).toArray({ max: 10 });
    expect(found.map((a) => a.id)).toEqual([app.id]);

    await apps.users.unassign(app.id, users[0]!.id);
    await expect(apps.users.get(app.id, users[0]!.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("sends Okta's calls: assign is POST /apps/{appId}/users with the user's id, update is POST /apps/{appId}/users/{userId}", async () => {
    const { app, users } = seed();
    const sent: Array<{ method: string; path: string; body: unknown }> = [];
    const apps = client({
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const body = init?.body ? JSON.parse(new TextDecoder().decode(init.body as ArrayBuffer)) : undefined;
        sent.push({ method: init?.method ?? 'GET', path: url.pathname, body });
        return globalThis.fetch(input, init);
      },
    }).apps;
    const assigned = await apps.users.assign(app.id, users[0]!.id, { credentials: { userName: 'u0' } });
    const updated = await apps.users.update(app.id, users[0]!.id, { credentials: { userName: 'u0-renamed' }, profile: { role: 'admin' } });
    expect(sent).toEqual([
      { method: 'POST', path: `/api/v1/apps/${app.id}/users`, body: { id: users[0]!.id, scope: 'USER', credentials: { userName: 'u0' } } },
      { method: 'POST', path: `/api/v1/apps/${app.id}/users/${users[0]!.id}`, body: { credentials: { userName: 'u0-renamed' }, profile: { role: 'admin' } } },
    ]);
    expect(updated).toMatchObject({ id: users[0]!.id, scope: 'USER', created: assigned.created, credentials: { userName: 'u0-renamed' }, profile: { role: 'admin' } });
    expect(await apps.users.get(app.id, users[0]!.id)).toEqual(updated);
  });

  it('update assigns a user who is not yet assigned, as real orgs do, and refuses a scope (which an update cannot change) before sending', async () => {
    const { app, users } = seed();
    const apps = client().apps;
    expect(await apps.users.update(app.id, users[1]!.id, { profile: { role: 'reader' } })).toMatchObject({ id: users[1]!.id, scope: 'USER', profile: { role: 'reader' } });
    await expect(apps.users.update(app.id, users[1]!.id, { scope: 'GROUP' } as never)).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('refuses an assignment body with a misspelt member before sending', async () => {
    const { app, users } = seed();
    const bad = { credential: { userName: 'x' } } as unknown as Parameters<ReturnType<typeof client>['apps']['users']['assign']>[2];
    await expect(client().apps.users.assign(app.id, users[0]!.id, bad)).rejects.toBeInstanceOf(RequestValidationError);
  });
});

describe('client.apps.groups', () => {
  it('assigns, gets, lists and unassigns app groups, and the apps list finds the app by group', async () => {
    const { app, group } = seed();
    const apps = client().apps;
    const assigned = await apps.groups.assign(app.id, group.id, { priority: 0 });
    expect(assigned).toMatchObject({ id: group.id, priority: 0, profile: {} });
    expect(await apps.groups.get(app.id, group.id)).toEqual(assigned);
    expect((await apps.groups.list(app.id).toArray({ max: 10 })).map((g) => g.id)).toEqual([group.id]);
    expect((await apps.list({ filter: { 'group.id': group.id } }).toArray({ max: 10 })).map((a) => a.id)).toEqual([app.id]);
    await apps.groups.unassign(app.id, group.id);
    await expect(apps.groups.unassign(app.id, group.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
