import { describe, expect, expectTypeOf, it } from 'vitest';
import { BadRequestError, ForbiddenError, type Group, NotFoundError, type Pager, RequestValidationError, type User } from '../../src/index';
import { useMockBackend } from '../support/backend';
import { bookmark } from '../mock-server/app-inputs';

const mock = useMockBackend();
const { backend } = mock;
// The default client has every resource.
const client = mock.client;

const PASSWORD = 'Str0ng-Secret-1';
const profile = (name: string) => ({ firstName: name, lastName: 'Client', email: `${name.toLowerCase()}@example.com`, login: `${name.toLowerCase()}@example.com` });

/** A client that records what it sends (method, path with query, JSON body). */
function recording() {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  const c = client({
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const body = init?.body ? JSON.parse(new TextDecoder().decode(init.body as ArrayBuffer)) : undefined;
      sent.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, body });
      return globalThis.fetch(input, init);
    },
  });
  return { c, sent };
}

describe('client.users', () => {
  it('types its calls: a list is a Pager of users, a get an ApiCall of one', () => {
    const users = client().users;
    expectTypeOf(users.list).returns.toEqualTypeOf<Pager<User>>();
    expectTypeOf(users.get).parameters.toMatchTypeOf<[string, ...unknown[]]>();
    expectTypeOf<Awaited<ReturnType<typeof users.get>>['profile']['login']>().toEqualTypeOf<string>();
  });

  it('creates a user (POST /api/v1/users?activate=false), reads it by login, and never sees the password again', async () => {
    const { c, sent } = recording();
    const user = await c.users.create({ profile: profile('Ada'), credentials: { password: { value: PASSWORD } } }, { activate: false });
    expect(sent[0]).toEqual({ method: 'POST', path: '/api/v1/users?activate=false', body: { profile: profile('Ada'), credentials: { password: { value: PASSWORD } } } });
    expect(user).toMatchObject({ status: 'STAGED', profile: profile('Ada'), credentials: { password: {} } });
    expect(await c.users.get('ada@example.com')).toEqual(user);
    expect(JSON.stringify(await c.users.list().toArray({ max: 10 }))).not.toContain(PASSWORD);
  });

  it('lists every user across pages, and with q, filter or search', async () => {
    const users = client().users;
    for (const name of ['Ada', 'Alan', 'Grace']) await users.create({ profile: profile(name) }, { activate: false });
    expect((await users.list({ limit: 2 }).toArray({ max: 10 })).map((u) => u.profile.firstName)).toEqual(['Ada', 'Alan', 'Grace']);
    expect((await users.list({ q: 'gr' }).toArray({ max: 10 })).map((u) => u.profile.firstName)).toEqual(['Grace']);
    expect((await users.list({ filter: 'profile.login eq "alan@example.com"' }).toArray({ max: 10 })).map((u) => u.profile.firstName)).toEqual(['Alan']);
    expect((await users.list({ search: 'profile.firstName sw "a"' }).toArray({ max: 10 })).map((u) => u.profile.firstName)).toEqual(['Ada', 'Alan']);
    await expect(users.list({ filter: 'profile.title eq "x"' }).toArray({ max: 10 })).rejects.toBeInstanceOf(BadRequestError);
  });

  it('updates (POST, partial) and replaces (PUT, whole) a profile', async () => {
    const { c, sent } = recording();
    const user = await c.users.create({ profile: { ...profile('Grace'), nickName: 'Amazing' } });
    const updated = await c.users.update(user.id, { profile: { title: 'Rear Admiral' } });
    expect(updated.profile).toMatchObject({ nickName: 'Amazing', title: 'Rear Admiral' });
    const replaced = await c.users.replace(user.id, { profile: profile('Grace') });
    expect(replaced.profile).not.toHaveProperty('title');
    expect(sent.slice(1).map((s) => [s.method, s.path])).toEqual([
      ['POST', `/api/v1/users/${user.id}`],
      ['PUT', `/api/v1/users/${user.id}`],
    ]);
  });

  it('activates with sendEmail=false (the link is answered), deactivates, and deletes in two calls', async () => {
    const users = client().users;
    const user = await users.create({ profile: profile('Ada'), credentials: { password: { value: PASSWORD } } }, { activate: false });
    const activation = await users.activate(user.id, { sendEmail: false });
    expect(activation.activationUrl).toBe(`${backend.orgUrl}/tokens/${activation.activationToken}/verify`);
    expect((await users.get(user.id)).status).toBe('ACTIVE');
    await users.deactivate(user.id);
    expect((await users.get(user.id)).status).toBe('DEPROVISIONED');
    await users.delete(user.id);
    await expect(users.get(user.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists the groups a user is in, Everyone first', async () => {
    const user = await client().users.create({ profile: profile('Ada') });
    const group = await client().groups.create({ profile: { name: 'Engines' } });
    await client().groups.addMember(group.id, user.id);
    expect((await client().users.groups(user.id).toArray({ max: 10 })).map((g) => g.profile.name)).toEqual(['Everyone', 'Engines']);
  });

  it('refuses a profile without its required attributes and a misspelt member before sending anything', async () => {
    const { c, sent } = recording();
    await expect(c.users.create({ profile: { login: 'ada@example.com' } } as never)).rejects.toBeInstanceOf(RequestValidationError);
    await expect(c.users.update('00u1', { profle: {} } as never)).rejects.toBeInstanceOf(RequestValidationError);
    expect(sent).toEqual([]);
  });
});

describe('client.groups', () => {
  it('creates, reads, lists, replaces and deletes a group', async () => {
    const groups = client().groups;
    const group = await groups.create({ profile: { name: 'Engines' } });
    expect(group).toMatchObject({ type: 'OKTA_GROUP', profile: { name: 'Engines', description: null } });
    expect(await groups.get(group.id)).toEqual(group);
    expect((await groups.list().toArray({ max: 10 })).map((g: Group) => g.profile.name)).toEqual(['Everyone', 'Engines']);
    expect((await groups.list({ q: 'eng' }).toArray({ max: 10 })).map((g) => g.id)).toEqual([group.id]);
    expect((await groups.replace(group.id, { profile: { name: 'Difference Engines', description: 'v2' } })).profile).toEqual({ name: 'Difference Engines', description: 'v2' });
    await groups.delete(group.id);
    await expect(groups.get(group.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('adds, lists and removes members (PUT and DELETE /api/v1/groups/{groupId}/users/{userId})', async () => {
    const { c, sent } = recording();
    const group = await c.groups.create({ profile: { name: 'Engines' } });
    const user = await c.users.create({ profile: profile('Ada') });
    await c.groups.addMember(group.id, user.id);
    expect((await c.groups.members(group.id).toArray({ max: 10 })).map((u) => u.id)).toEqual([user.id]);
    await c.groups.removeMember(group.id, user.id);
    expect(await c.groups.members(group.id, { limit: 5 }).toArray({ max: 10 })).toEqual([]);
    expect(sent.filter((s) => s.path.includes('/users/')).map((s) => [s.method, s.path])).toEqual([
      ['PUT', `/api/v1/groups/${group.id}/users/${user.id}`],
      ['DELETE', `/api/v1/groups/${group.id}/users/${user.id}`],
    ]);
  });

  it('surfaces the refusal to change Everyone as a ForbiddenError', async () => {
    const user = await client().users.create({ profile: profile('Ada') });
    await expect(client().groups.removeMember(backend.directory.everyoneGroupId, user.id)).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('client.apps.grants', () => {
  function serviceApp() {
    return backend.apps.create({
      name: 'oidc_client',
      label: 'Reports',
      signOnMode: 'OPENID_CONNECT',
      settings: { oauthClient: { grant_types: ['client_credentials'], application_type: 'service' } },
    });
  }

  it('grants a scope, lists and reads the grants (with the scope embedded on request) and revokes one', async () => {
    const app = serviceApp();
    const grants = client().apps.grants;
    const grant = await grants.grant(app.id, { issuer: backend.orgUrl, scopeId: 'okta.users.read' });
    expect(grant).toMatchObject({ scopeId: 'okta.users.read', clientId: app.id, _embedded: { scope: { id: 'okta.users.read' } } });
    expect((await grants.list(app.id)).map((g) => g.id)).toEqual([grant.id]);
    expect((await grants.get(app.id, grant.id, { expand: 'scope' }))._embedded).toEqual({ scope: { id: 'okta.users.read' } });
    await grants.revoke(app.id, grant.id);
    expect(await grants.list(app.id)).toEqual([]);
    await expect(grants.get(app.id, grant.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a grant without a scope before sending', async () => {
    const app = backend.apps.create(bookmark());
    await expect(client().apps.grants.grant(app.id, { issuer: backend.orgUrl } as never)).rejects.toBeInstanceOf(RequestValidationError);
  });
});
