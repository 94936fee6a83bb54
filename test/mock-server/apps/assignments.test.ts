import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend();

const ISO_WHOLE_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;

function seed() {
  const app = backend.apps.create(bookmark());
  const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  const alan = backend.directory.addUser({ login: 'alan@example.com' });
  const engineering = backend.directory.addGroup({ name: 'Engineering' });
  return { app, ada, alan, engineering };
}

describe('app users over HTTP', () => {
  it('PUT /api/v1/apps/{appId}/users/{userId} assigns a directory user and answers the app user', async () => {
    const { app, ada } = seed();
    const response = await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'PUT', json: {} });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: ada.id,
      externalId: null,
      created: expect.stringMatching(ISO_WHOLE_SECONDS),
      lastUpdated: expect.stringMatching(ISO_WHOLE_SECONDS),
      scope: 'USER',
      status: 'ACTIVE',
      statusChanged: expect.stringMatching(ISO_WHOLE_SECONDS),
      passwordChanged: null,
      syncState: 'DISABLED',
      credentials: { userName: 'ada@example.com' },
      profile: {},
      _links: {
        app: { href: `${backend.orgUrl}/api/v1/apps/${app.id}` },
        user: { href: `${backend.orgUrl}/api/v1/users/${ada.id}` },
      },
    });
  });

  it('POST /api/v1/apps/{appId}/users assigns the user named by id in the body, with its credentials', async () => {
    const { app, alan } = seed();
    const response = await call(backend, `/api/v1/apps/${app.id}/users`, {
      method: 'POST',
      json: { id: alan.id, scope: 'USER', credentials: { userName: 'aturing' } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: alan.id, credentials: { userName: 'aturing' } });
  });

  it('POST /api/v1/apps/{appId}/users answers the whole app user, and refuses a body without id with 400 E0000001', async () => {
    const { app, ada } = seed();
    const response = await call(backend, `/api/v1/apps/${app.id}/users`, { method: 'POST', json: { id: ada.id, scope: 'USER' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual((await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`)).body);
    expect(response.body).toMatchObject({ id: ada.id, scope: 'USER', status: 'ACTIVE', credentials: { userName: 'ada@example.com' } });
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/users`, { method: 'POST', json: { scope: 'USER' } }),
      400,
      'E0000001',
      'Api validation failed: id',
      ['id: The field cannot be left blank'],
    );
  });

  it('POST /api/v1/apps/{appId}/users/{userId} updates an assigned user\'s credentials and profile, keeping the rest', async () => {
    const { app, ada } = seed();
    const assigned = (await call(backend, `/api/v1/apps/${app.id}/users`, { method: 'POST', json: { id: ada.id, scope: 'USER' } })).body;
    backend.clock.advance(2_000);
    const response = await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, {
      method: 'POST',
      // As Okta's SDKs send it: the app user read back, changed.
      json: { ...assigned, credentials: { userName: 'ada.l' }, profile: { department: 'Maths' } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...assigned,
      lastUpdated: expect.stringMatching(ISO_WHOLE_SECONDS),
      credentials: { userName: 'ada.l' },
      profile: { department: 'Maths' },
    });
    expect(response.body.lastUpdated).not.toBe(assigned.lastUpdated);
    expect((await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`)).body).toEqual(response.body);
  });

  it('POST /api/v1/apps/{appId}/users/{userId} assigns a user who is not yet assigned (200), as real orgs do', async () => {
    const { app, alan } = seed();
    const response = await call(backend, `/api/v1/apps/${app.id}/users/${alan.id}`, { method: 'POST', json: { profile: { team: 'core' } } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: alan.id, scope: 'USER', status: 'ACTIVE', credentials: { userName: 'alan@example.com' }, profile: { team: 'core' } });
    expect((await call(backend, `/api/v1/apps/${app.id}/users`)).body).toEqual([response.body]);
  });

  it('makes filter=user.id and expand=user/{id} work over HTTP, and DELETE undoes it', async () => {
    const { app, ada } = seed();
    await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'PUT' });
    const filter = encodeURIComponent(`user.id eq "${ada.id}"`);
    const listed = await call(backend, `/api/v1/apps?filter=${filter}&expand=user/${ada.id}`);
    expect(listed.body.map((a: { id: string }) => a.id)).toEqual([app.id]);
    expect(listed.body[0]._embedded.user).toMatchObject({ id: ada.id, credentials: { userName: 'ada@example.com' } });

    expect((await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, `/api/v1/apps?filter=${filter}`)).body).toEqual([]);
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`),
      404,
      'E0000007',
      `Not found: Resource not found: ${ada.id} (AppUser)`,
    );
  });

  it('refuses a user the directory does not hold with 404 (User), and an unknown app with 404 (AppInstance)', async () => {
    const { app, ada } = seed();
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/users/00u00000000000000000`, { method: 'PUT' }),
      404,
      'E0000007',
      'Not found: Resource not found: 00u00000000000000000 (User)',
    );
    expectOktaError(
      await call(backend, `/api/v1/apps/0oa00000000000000000/users/${ada.id}`, { method: 'PUT' }),
      404,
      'E0000007',
      'Not found: Resource not found: 0oa00000000000000000 (AppInstance)',
    );
  });

  it('refuses a scope that is not USER or GROUP with 400 E0000001 naming scope', async () => {
    const { app, ada } = seed();
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'PUT', json: { scope: 'EVERYONE' } }),
      400,
      'E0000001',
      'Api validation failed: scope',
      ['scope: Not one of the allowed values (USER, GROUP)'],
    );
  });

  it('lists app users a page at a time, linking the next page with after first', async () => {
    const { app } = seed();
    const users = backend.directory.users();
    for (const user of users) await call(backend, `/api/v1/apps/${app.id}/users/${user.id}`, { method: 'PUT' });
    const first = await call(backend, `/api/v1/apps/${app.id}/users?limit=1`);
    expect(first.body.map((u: { id: string }) => u.id)).toEqual([users[0]!.id]);
    const links = first.headers.get('link')!;
    expect(links).toContain(`<${backend.orgUrl}/api/v1/apps/${app.id}/users?limit=1>; rel="self"`);
    const next = /<([^>]+)>; rel="next"/.exec(links)![1]!;
    expect(next).toBe(`${backend.orgUrl}/api/v1/apps/${app.id}/users?after=${users[0]!.id}&limit=1`);
    const second = await call(backend, next);
    expect(second.body.map((u: { id: string }) => u.id)).toEqual([users[1]!.id]);
    expect(second.headers.get('link')).not.toContain('rel="next"');
  });

  it('answers an after cursor it did not issue with 400 E0000029', async () => {
    const { app } = seed();
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/users?after=nobody`), 400, 'E0000029', 'Invalid paging request.', [
      'Invalid cursor.',
    ]);
  });
});

describe('app groups over HTTP', () => {
  it('PUT /api/v1/apps/{appId}/groups/{groupId} assigns a directory group and answers the app group', async () => {
    const { app, engineering } = seed();
    const response = await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`, { method: 'PUT', json: { priority: 3 } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: engineering.id,
      lastUpdated: expect.stringMatching(ISO_WHOLE_SECONDS),
      priority: 3,
      profile: {},
      _links: {
        app: { href: `${backend.orgUrl}/api/v1/apps/${app.id}` },
        self: { href: `${backend.orgUrl}/api/v1/apps/${app.id}/groups/${engineering.id}` },
        group: { href: `${backend.orgUrl}/api/v1/groups/${engineering.id}` },
      },
    });
    expect((await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`)).body).toEqual(response.body);
  });

  it('makes filter=group.id work over HTTP, and DELETE undoes it', async () => {
    const { app, engineering } = seed();
    await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`, { method: 'PUT' });
    const filter = encodeURIComponent(`group.id eq "${engineering.id}"`);
    expect((await call(backend, `/api/v1/apps?filter=${filter}`)).body.map((a: { id: string }) => a.id)).toEqual([app.id]);
    expect((await call(backend, `/api/v1/apps/${app.id}/groups`)).body.map((g: { id: string }) => g.id)).toEqual([engineering.id]);
    expect((await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, `/api/v1/apps?filter=${filter}`)).body).toEqual([]);
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`, { method: 'DELETE' }),
      404,
      'E0000007',
      `Not found: Resource not found: ${engineering.id} (AppGroup)`,
    );
  });

  it('lists app groups over several pages, each linking the next until the last', async () => {
    const { app, engineering } = seed();
    const groups = [engineering, ...['Design', 'Sales', 'Support', 'Legal'].map((name) => backend.directory.addGroup({ name }))];
    for (const group of groups) await call(backend, `/api/v1/apps/${app.id}/groups/${group.id}`, { method: 'PUT' });
    const pages: string[][] = [];
    let url: string | undefined = `${backend.orgUrl}/api/v1/apps/${app.id}/groups?limit=2`;
    while (url !== undefined) {
      const page = await call(backend, url);
      expect(page.status).toBe(200);
      const links = page.headers.get('link')!;
      expect(links).toContain(`<${url}>; rel="self"`);
      pages.push(page.body.map((g: { id: string }) => g.id));
      url = /<([^>]+)>; rel="next"/.exec(links)?.[1];
      if (url !== undefined) expect(url).toBe(`${backend.orgUrl}/api/v1/apps/${app.id}/groups?after=${pages.at(-1)!.at(-1)}&limit=2`);
      expect(pages.length).toBeLessThanOrEqual(3);
    }
    expect(pages).toEqual([
      [groups[0]!.id, groups[1]!.id],
      [groups[2]!.id, groups[3]!.id],
      [groups[4]!.id],
    ]);
  });

  it('pages app groups 20 at a time without a limit, and refuses an after cursor it did not issue', async () => {
    const { app } = seed();
    const groups = Array.from({ length: 21 }, (_, i) => backend.directory.addGroup({ name: `Team ${i}` }));
    for (const group of groups) await call(backend, `/api/v1/apps/${app.id}/groups/${group.id}`, { method: 'PUT' });
    const first = await call(backend, `/api/v1/apps/${app.id}/groups`);
    expect(first.body).toHaveLength(20);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    expect(next).toBe(`${backend.orgUrl}/api/v1/apps/${app.id}/groups?after=${groups[19]!.id}&limit=20`);
    const second = await call(backend, next);
    expect(second.body.map((g: { id: string }) => g.id)).toEqual([groups[20]!.id]);
    expect(second.headers.get('link')).not.toContain('rel="next"');
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/groups?after=nobody`), 400, 'E0000029', 'Invalid paging request.', [
      'Invalid cursor.',
    ]);
  });

  it('refuses a group the directory does not hold with 404 (UserGroup)', async () => {
    const { app } = seed();
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/groups/00g00000000000000000`, { method: 'PUT' }),
      404,
      'E0000007',
      'Not found: Resource not found: 00g00000000000000000 (UserGroup)',
    );
  });

  it('answers 403 E0000005 to an assignment sent without credentials', async () => {
    const { app, engineering } = seed();
    const put = await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`, { method: 'PUT', authorization: null });
    expectOktaError(put, 403, 'E0000005', 'Invalid session');
  });
});

describe('backend.directory', () => {
  it('adds users and groups with Okta ids and refuses a duplicate login', () => {
    const user = backend.directory.addUser({ login: 'grace@example.com' });
    expect(user).toMatchObject({ id: expect.stringMatching(/^00u[0-9A-Za-z]{17}$/), status: 'ACTIVE', profile: { email: 'grace@example.com', firstName: null } });
    expect(backend.directory.addGroup({ name: 'Ops' }).id).toMatch(/^00g[0-9A-Za-z]{17}$/);
    expect(() => backend.directory.addUser({ login: 'GRACE@example.com' })).toThrow(/already exists/);
    expect(backend.directory.users()).toEqual([user]);
  });

  it('is emptied by reset()', () => {
    backend.directory.addUser({ login: 'temp@example.com' });
    backend.reset();
    expect(backend.directory.users()).toEqual([]);
  });
});

describe('an app user assigned through a group', () => {
  it('links the group it came through, with its name; a user assigned directly has no group link', async () => {
    const app = backend.apps.create(bookmark());
    const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const alan = backend.directory.addUser({ login: 'alan@example.com', firstName: 'Alan', lastName: 'Turing' });
    const engineering = backend.directory.addGroup({ name: 'Engineering' });
    backend.directory.addMember(engineering.id, ada.id);
    expect((await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`, { method: 'PUT', json: {} })).status).toBe(200);
    expect((await call(backend, `/api/v1/apps/${app.id}/users`, { method: 'POST', json: { id: alan.id, credentials: { userName: 'alan' } } })).status).toBe(200);
    const viaGroup = (await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`)).body;
    expect(viaGroup.scope).toBe('GROUP');
    expect(viaGroup._links).toEqual({
      app: { href: `${backend.orgUrl}/api/v1/apps/${app.id}` },
      user: { href: `${backend.orgUrl}/api/v1/users/${ada.id}` },
      group: { name: 'Engineering', href: `${backend.orgUrl}/api/v1/groups/${engineering.id}` },
    });
    const listed = (await call(backend, `/api/v1/apps/${app.id}/users`)).body as Array<{ id: string; _links: Record<string, unknown> }>;
    expect(listed.find((u) => u.id === ada.id)!._links.group).toEqual({ name: 'Engineering', href: `${backend.orgUrl}/api/v1/groups/${engineering.id}` });
    expect(listed.find((u) => u.id === alan.id)!._links).not.toHaveProperty('group');
  });
});

describe('group assignment priorities', () => {
  const put = (appId: string, groupId: string, json: unknown) => call(backend, `/api/v1/apps/${appId}/groups/${groupId}`, { method: 'PUT', json });
  const listed = async (appId: string) =>
    ((await call(backend, `/api/v1/apps/${appId}/groups`)).body as Array<{ id: string; priority: number }>).map((g) => [g.id, g.priority]);

  it('a group given the priority another holds takes its place and pushes it down; the list follows priorities (as recorded)', async () => {
    const app = backend.apps.create(bookmark());
    const [one, two] = [backend.directory.addGroup({ name: 'One' }), backend.directory.addGroup({ name: 'Two' })];
    expect((await put(app.id, one.id, { priority: 0 })).body.priority).toBe(0);
    expect((await put(app.id, two.id, { priority: 0 })).body.priority).toBe(0);
    expect(await listed(app.id)).toEqual([[two.id, 0], [one.id, 1]]);
  });

  it('keeps a priority given beyond the others as it is, and gives a new group without one the next place', async () => {
    const app = backend.apps.create(bookmark());
    const [a, b, c] = [backend.directory.addGroup({ name: 'A' }), backend.directory.addGroup({ name: 'B' }), backend.directory.addGroup({ name: 'C' })];
    expect((await put(app.id, a.id, {})).body.priority).toBe(0);
    expect((await put(app.id, b.id, { priority: 1 })).body.priority).toBe(1);
    expect((await put(app.id, c.id, { priority: 4 })).body.priority).toBe(4);
    expect((await put(app.id, c.id, { priority: 3 })).body.priority).toBe(3);
    expect(await listed(app.id)).toEqual([[a.id, 0], [b.id, 1], [c.id, 3]]);
  });

  it('moves only the run of groups right behind the place taken', async () => {
    const app = backend.apps.create(bookmark());
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((name) => backend.directory.addGroup({ name }));
    await put(app.id, a!.id, { priority: 0 });
    await put(app.id, b!.id, { priority: 1 });
    await put(app.id, c!.id, { priority: 5 });
    await put(app.id, d!.id, { priority: 0 });
    expect(await listed(app.id)).toEqual([[d!.id, 0], [a!.id, 1], [b!.id, 2], [c!.id, 5]]);
  });
});
