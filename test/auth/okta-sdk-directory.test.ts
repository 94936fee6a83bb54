import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { all, useOfficialSdk } from '../support/official-sdk';

// The official Okta Node SDK, with an API token, against the backend over HTTP: the users, groups,
// membership and grants operations its users call, read back through the SDK's own models.
const backend = createMockBackend();
const served = useOfficialSdk(backend);

const profile = (name: string) => ({ firstName: name, lastName: 'Sdk', email: `${name.toLowerCase()}@example.com`, login: `${name.toLowerCase()}@example.com` });

describe('@okta/okta-sdk-nodejs userApi', () => {
  it('creates a STAGED user, reads it by id and by login, and never reads a password back', async () => {
    const user = await served.sdk.userApi.createUser({ body: { profile: profile('Ada'), credentials: { password: { value: 'Str0ng-Secret-1' } } }, activate: false });
    expect(user.status).toBe('STAGED');
    expect(user.credentials?.password).toEqual({});
    expect((await served.sdk.userApi.getUser({ userId: user.id! })).profile?.login).toBe('ada@example.com');
    expect((await served.sdk.userApi.getUser({ userId: 'ada@example.com' })).id).toBe(user.id);
  });

  it('lists users with q, search and filter', async () => {
    const alan = await served.sdk.userApi.createUser({ body: { profile: profile('Alan') } });
    const logins = async (query: Parameters<typeof served.sdk.userApi.listUsers>[0]) => (await all(await served.sdk.userApi.listUsers(query))).map((u) => u.profile?.login);
    expect(await logins({ q: 'Alan' })).toEqual(['alan@example.com']);
    expect(await logins({ search: 'profile.firstName sw "al"' })).toEqual(['alan@example.com']);
    expect(await logins({ filter: `id eq "${alan.id}"` })).toEqual(['alan@example.com']);
    expect(await logins({ filter: 'status eq "PROVISIONED"' })).toEqual(['alan@example.com']);
  });

  it('updates a profile partially, replaces it whole, and walks the lifecycle to deletion', async () => {
    const user = await served.sdk.userApi.createUser({ body: { profile: profile('Grace'), credentials: { password: { value: 'Str0ng-Secret-1' } } }, activate: false });
    const updated = await served.sdk.userApi.updateUser({ userId: user.id!, user: { profile: { nickName: 'Amazing' } } });
    expect(updated.profile).toMatchObject({ firstName: 'Grace', nickName: 'Amazing' });
    const replaced = await served.sdk.userApi.replaceUser({ userId: user.id!, user: { profile: { ...profile('Grace'), title: 'Rear Admiral' } } });
    expect(replaced.profile).toMatchObject({ title: 'Rear Admiral' });
    expect(replaced.profile?.nickName).toBeUndefined();
    const token = await served.sdk.userApi.activateUser({ userId: user.id!, sendEmail: false });
    expect(token.activationToken).toMatch(/^[0-9A-Za-z]{20}$/);
    expect((await served.sdk.userApi.getUser({ userId: user.id! })).status).toBe('ACTIVE');
    await served.sdk.userApi.deactivateUser({ userId: user.id! });
    expect((await served.sdk.userApi.getUser({ userId: user.id! })).status).toBe('DEPROVISIONED');
    await served.sdk.userApi.deleteUser({ userId: user.id! });
    await expect(served.sdk.userApi.getUser({ userId: user.id! })).rejects.toMatchObject({ status: 404, errorCode: 'E0000007' });
  });
});

describe('@okta/okta-sdk-nodejs groupApi', () => {
  it('creates, reads, lists with q, replaces and deletes a group', async () => {
    const group = await served.sdk.groupApi.createGroup({ group: { profile: { name: 'Analytical Engine' } } });
    expect(group.type).toBe('OKTA_GROUP');
    expect((await served.sdk.groupApi.getGroup({ groupId: group.id! })).profile?.name).toBe('Analytical Engine');
    expect((await all(await served.sdk.groupApi.listGroups({ q: 'Analytical' }))).map((g) => g.id)).toEqual([group.id]);
    const replaced = await served.sdk.groupApi.replaceGroup({ groupId: group.id!, group: { profile: { name: 'Difference Engine', description: 'Second try' } } });
    expect(replaced.profile).toMatchObject({ name: 'Difference Engine', description: 'Second try' });
    await served.sdk.groupApi.deleteGroup({ groupId: group.id! });
    await expect(served.sdk.groupApi.getGroup({ groupId: group.id! })).rejects.toMatchObject({ status: 404 });
  });

  it('adds a member, lists the members, and removes it', async () => {
    const group = await served.sdk.groupApi.createGroup({ group: { profile: { name: 'Members' } } });
    const user = await served.sdk.userApi.createUser({ body: { profile: profile('Member') } });
    await served.sdk.groupApi.assignUserToGroup({ groupId: group.id!, userId: user.id! });
    expect((await all(await served.sdk.groupApi.listGroupUsers({ groupId: group.id! }))).map((u) => u.id)).toEqual([user.id]);
    await served.sdk.groupApi.unassignUserFromGroup({ groupId: group.id!, userId: user.id! });
    expect(await all(await served.sdk.groupApi.listGroupUsers({ groupId: group.id! }))).toEqual([]);
  });
});

describe('@okta/okta-sdk-nodejs applicationApi', () => {
  it('assigns a group to an app, and its member is listed as an app user with scope GROUP', async () => {
    const app = await served.sdk.applicationApi.createApplication({
      application: { name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } } as never,
    });
    const group = await served.sdk.groupApi.createGroup({ group: { profile: { name: 'Wiki readers' } } });
    const user = await served.sdk.userApi.createUser({ body: { profile: profile('Reader') } });
    await served.sdk.groupApi.assignUserToGroup({ groupId: group.id!, userId: user.id! });
    const assignment = await served.sdk.applicationApi.assignGroupToApplication({ appId: app.id!, groupId: group.id!, applicationGroupAssignment: {} });
    expect(assignment.id).toBe(group.id);
    const appUsers = await all(await served.sdk.applicationApi.listApplicationUsers({ appId: app.id! }));
    expect(appUsers.map((u) => [u.id, u.scope])).toEqual([[user.id, 'GROUP']]);
  });

  it('grants a scope to an OAuth client, lists, reads and revokes the grant', async () => {
    const app = await served.sdk.applicationApi.createApplication({
      application: {
        name: 'oidc_client',
        label: 'Reports',
        signOnMode: 'OPENID_CONNECT',
        settings: { oauthClient: { grant_types: ['client_credentials'], application_type: 'service' } },
      } as never,
    });
    const grant = await served.sdk.applicationApi.grantConsentToScope({ appId: app.id!, oAuth2ScopeConsentGrant: { issuer: served.url, scopeId: 'okta.users.read' } });
    expect(grant).toMatchObject({ scopeId: 'okta.users.read', clientId: app.id, status: 'ACTIVE' });
    expect((await all(await served.sdk.applicationApi.listScopeConsentGrants({ appId: app.id! }))).map((g) => g.id)).toEqual([grant.id]);
    expect((await served.sdk.applicationApi.getScopeConsentGrant({ appId: app.id!, grantId: grant.id! })).scopeId).toBe('okta.users.read');
    await served.sdk.applicationApi.revokeScopeConsentGrant({ appId: app.id!, grantId: grant.id! });
    expect(await all(await served.sdk.applicationApi.listScopeConsentGrants({ appId: app.id! }))).toEqual([]);
  });
});
