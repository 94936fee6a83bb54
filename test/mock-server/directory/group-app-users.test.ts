import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend();

function setup() {
  const app = backend.apps.create(bookmark());
  const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  const alan = backend.directory.addUser({ login: 'alan@example.com', firstName: 'Alan', lastName: 'Turing' });
  const engineering = backend.directory.addGroup({ name: 'Engineering' });
  const research = backend.directory.addGroup({ name: 'Research' });
  return { app, ada, alan, engineering, research };
}

async function appUsers(appId: string): Promise<Array<[string, string]>> {
  const response = await call(backend, `/api/v1/apps/${appId}/users`);
  return response.body.map((u: { id: string; scope: string }) => [u.id, u.scope]);
}

const assignGroup = (appId: string, groupId: string) => call(backend, `/api/v1/apps/${appId}/groups/${groupId}`, { method: 'PUT', json: {} });
const addMember = (groupId: string, userId: string) => call(backend, `/api/v1/groups/${groupId}/users/${userId}`, { method: 'PUT' });
const removeMember = (groupId: string, userId: string) => call(backend, `/api/v1/groups/${groupId}/users/${userId}`, { method: 'DELETE' });

describe('a group assigned to an app', () => {
  it('makes each member an app user with scope GROUP', async () => {
    const { app, ada, engineering } = setup();
    await addMember(engineering.id, ada.id);
    await assignGroup(app.id, engineering.id);
    expect(await appUsers(app.id)).toEqual([[ada.id, 'GROUP']]);
    expect((await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`)).body).toMatchObject({ scope: 'GROUP', credentials: { userName: 'ada@example.com' } });
  });

  it('makes a member added later an app user, and removes one who leaves', async () => {
    const { app, ada, engineering } = setup();
    await assignGroup(app.id, engineering.id);
    await addMember(engineering.id, ada.id);
    expect(await appUsers(app.id)).toEqual([[ada.id, 'GROUP']]);
    await removeMember(engineering.id, ada.id);
    expect(await appUsers(app.id)).toEqual([]);
  });

  it('keeps a member who leaves one group while another assigned group still holds them', async () => {
    const { app, ada, engineering, research } = setup();
    await addMember(engineering.id, ada.id);
    await addMember(research.id, ada.id);
    await assignGroup(app.id, engineering.id);
    await assignGroup(app.id, research.id);
    await removeMember(engineering.id, ada.id);
    expect(await appUsers(app.id)).toEqual([[ada.id, 'GROUP']]);
  });

  it('keeps scope USER for a user assigned directly, and a direct assignment of a group member makes it USER', async () => {
    const { app, ada, alan, engineering } = setup();
    await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'PUT' });
    await addMember(engineering.id, ada.id);
    await addMember(engineering.id, alan.id);
    await assignGroup(app.id, engineering.id);
    expect(await appUsers(app.id)).toEqual([[ada.id, 'USER'], [alan.id, 'GROUP']]);
    await call(backend, `/api/v1/apps/${app.id}/users`, { method: 'POST', json: { id: alan.id } });
    expect(await appUsers(app.id)).toEqual([[ada.id, 'USER'], [alan.id, 'USER']]);
  });

  it('refuses to unassign a user a group still grants the app (403 E0000046, as real orgs refuse it)', async () => {
    const { app, ada, engineering } = setup();
    await addMember(engineering.id, ada.id);
    await assignGroup(app.id, engineering.id);
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'DELETE' }), 403, 'E0000046', 'Deactivate application for user forbidden.', [
      'The application cannot be unassigned from the user while their group memberships grant them access',
    ]);
  });

  it('when unassigned, removes the app users only it granted and keeps the ones assigned directly', async () => {
    const { app, ada, alan, engineering } = setup();
    await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'PUT' });
    await addMember(engineering.id, ada.id);
    await addMember(engineering.id, alan.id);
    await assignGroup(app.id, engineering.id);
    expect((await call(backend, `/api/v1/apps/${app.id}/groups/${engineering.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await appUsers(app.id)).toEqual([[ada.id, 'USER']]);
  });

  it('when the group is deleted, its app assignments and the app users it granted go with it', async () => {
    const { app, alan, engineering } = setup();
    await addMember(engineering.id, alan.id);
    await assignGroup(app.id, engineering.id);
    expect((await call(backend, `/api/v1/groups/${engineering.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, `/api/v1/apps/${app.id}/groups`)).body).toEqual([]);
    expect(await appUsers(app.id)).toEqual([]);
  });

  it('Everyone assigned to an app makes every user an app user, users created later included', async () => {
    const { app, ada, alan } = setup();
    await assignGroup(app.id, backend.directory.everyoneGroupId);
    const created = await call(backend, '/api/v1/users?activate=false', {
      method: 'POST',
      json: { profile: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', login: 'grace@example.com' } },
    });
    expect(await appUsers(app.id)).toEqual([[ada.id, 'GROUP'], [alan.id, 'GROUP'], [created.body.id, 'GROUP']]);
  });
});

describe('a deleted user', () => {
  it('leaves every app, assigned directly or through a group', async () => {
    const { app, ada, alan, engineering } = setup();
    await call(backend, `/api/v1/apps/${app.id}/users/${ada.id}`, { method: 'PUT' });
    await addMember(engineering.id, alan.id);
    await assignGroup(app.id, engineering.id);
    for (const user of [ada, alan]) {
      await call(backend, `/api/v1/users/${user.id}`, { method: 'DELETE' });
      await call(backend, `/api/v1/users/${user.id}`, { method: 'DELETE' });
    }
    expect(await appUsers(app.id)).toEqual([]);
    expect(backend.directory.members(engineering.id)).toEqual([]);
  });
});

describe('app users of an OpenID Connect app', () => {
  it("carry the OpenID claims mapped from the user's profile, the unmapped ones null, as real answers do", async () => {
    const app = backend.apps.create({
      name: 'oidc_client',
      label: 'Portal',
      signOnMode: 'OPENID_CONNECT',
      settings: { oauthClient: { grant_types: ['authorization_code'], redirect_uris: ['https://portal.example.com/cb'], response_types: ['code'], application_type: 'web' } },
    });
    const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const response = await call(backend, `/api/v1/apps/${app.id}/users`, { method: 'POST', json: { id: ada.id } });
    expect(response.body.profile).toEqual({
      street_address: null,
      country: null,
      website: null,
      zoneinfo: 'America/Los_Angeles',
      birthdate: null,
      gender: null,
      formatted: null,
      profile: null,
      locality: null,
      given_name: 'Ada',
      middle_name: null,
      locale: 'en_US',
      picture: null,
      name: 'Ada Lovelace',
      nickname: null,
      phone_number: null,
      region: null,
      postal_code: null,
      family_name: 'Lovelace',
      email: 'ada@example.com',
    });
    expect(response.body).not.toHaveProperty('lastSync');
  });
});
