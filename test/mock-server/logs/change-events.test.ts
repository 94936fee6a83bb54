// Every event type the API's changes write: the change it names writes it exactly once, with the
// token's principal as actor and what was changed as targets.
import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call } from '../raw-http';
import { SYSTEM_PRINCIPAL } from '../../../mock-server/logs/writer';
import type { ChangeEventType } from '../../../mock-server/logs/event-types';
import { assertion, JWT_BEARER, serviceKey, tokenRequest } from '../oauth/helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const { backend, client } = useMockBackend({ now: () => START });

const PASSWORD = 'Kept-Nowhere-42';
const app = (a: { id: string; label: string }) => ({ id: a.id, type: 'AppInstance', alternateId: a.label, displayName: a.label, detailEntry: { signOnModeType: 'BOOKMARK' } });
const user = (u: { id: string }, login = 'ada@example.com', name = 'Ada Lovelace') => ({ id: u.id, type: 'User', alternateId: login, displayName: name, detailEntry: null });
const group = (g: { id: string }, name = 'Engineering') => ({ id: g.id, type: 'UserGroup', alternateId: 'unknown', displayName: name, detailEntry: null });
const rule = (id: string, name = 'Engineers') => ({ id, type: 'GroupMembershipRule', alternateId: 'unknown', displayName: name, detailEntry: null });

const post = (path: string, json?: unknown) => call(backend, path, { method: 'POST', ...(json === undefined ? {} : { json }) });
const put = (path: string, json?: unknown) => call(backend, path, { method: 'PUT', ...(json === undefined ? {} : { json }) });
const del = (path: string) => call(backend, path, { method: 'DELETE' });

async function logged(eventType: ChangeEventType): Promise<any[]> {
  const response = await call(backend, `/api/v1/logs?filter=${encodeURIComponent(`eventType eq "${eventType}"`)}`);
  expect(response.status).toBe(200);
  return response.body;
}

function people() {
  const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', profile: { department: 'Engineering' }, password: PASSWORD });
  const engineering = backend.directory.addGroup({ name: 'Engineering' });
  return { ada, engineering };
}

async function newRule(groupId: string, value = 'user.department=="Engineering"') {
  const response = await post('/api/v1/groups/rules', { type: 'group_rule', name: 'Engineers', conditions: { expression: { value, type: 'urn:okta:expression:1.0' } }, actions: { assignUserToGroups: { groupIds: [groupId] } } });
  return response.body.id as string;
}

/** Each event type, the change that writes it (after setup that writes none of it), and the targets it names. */
const CASES: Array<[ChangeEventType, () => Promise<unknown[]>, 'token' | 'system']> = [
  ['application.lifecycle.create', async () => [app((await post('/api/v1/apps', bookmark())).body)], 'token'],
  ['application.lifecycle.update', async () => {
    const made = backend.apps.create(bookmark());
    await put(`/api/v1/apps/${made.id}`, { ...bookmark(), label: 'Renamed' });
    return [app({ id: made.id, label: 'Renamed' })];
  }, 'token'],
  ['application.lifecycle.deactivate', async () => {
    const made = backend.apps.create(bookmark());
    await post(`/api/v1/apps/${made.id}/lifecycle/deactivate`);
    await post(`/api/v1/apps/${made.id}/lifecycle/deactivate`);
    return [app(made)];
  }, 'token'],
  ['application.lifecycle.activate', async () => {
    const made = backend.apps.create(bookmark(), { activate: false });
    await post(`/api/v1/apps/${made.id}/lifecycle/activate`);
    await post(`/api/v1/apps/${made.id}/lifecycle/activate`);
    return [app(made)];
  }, 'token'],
  ['application.lifecycle.delete', async () => {
    const made = backend.apps.create(bookmark(), { activate: false });
    await del(`/api/v1/apps/${made.id}`);
    return [app(made)];
  }, 'token'],
  ['application.user_membership.add', async () => {
    const made = backend.apps.create(bookmark());
    const { ada } = people();
    await post(`/api/v1/apps/${made.id}/users`, { id: ada.id });
    await post(`/api/v1/apps/${made.id}/users/${ada.id}`, { credentials: { userName: 'ada' } });
    return [app(made), user(ada)];
  }, 'token'],
  ['application.user_membership.remove', async () => {
    const made = backend.apps.create(bookmark());
    const { ada } = people();
    await post(`/api/v1/apps/${made.id}/users`, { id: ada.id });
    await del(`/api/v1/apps/${made.id}/users/${ada.id}`);
    return [app(made), user(ada)];
  }, 'token'],
  ['group.application_assignment.add', async () => {
    const made = backend.apps.create(bookmark());
    const { engineering } = people();
    await put(`/api/v1/apps/${made.id}/groups/${engineering.id}`, {});
    await put(`/api/v1/apps/${made.id}/groups/${engineering.id}`, {});
    return [app(made), group(engineering)];
  }, 'token'],
  ['group.application_assignment.remove', async () => {
    const made = backend.apps.create(bookmark());
    const { engineering } = people();
    await put(`/api/v1/apps/${made.id}/groups/${engineering.id}`, {});
    await del(`/api/v1/apps/${made.id}/groups/${engineering.id}`);
    return [app(made), group(engineering)];
  }, 'token'],
  ['user.lifecycle.create', async () => {
    const made = await post('/api/v1/users?activate=false', { profile: { firstName: 'Grace', lastName: 'Hopper', login: 'grace@example.com', email: 'grace@example.com' } });
    return [user(made.body, 'grace@example.com', 'Grace Hopper')];
  }, 'token'],
  ['user.lifecycle.activate', async () => {
    const made = await post('/api/v1/users?activate=false', { profile: { firstName: 'Grace', lastName: 'Hopper', login: 'grace@example.com', email: 'grace@example.com' }, credentials: { password: { value: PASSWORD } } });
    await post(`/api/v1/users/${made.body.id}/lifecycle/activate?sendEmail=false`);
    return [user(made.body, 'grace@example.com', 'Grace Hopper')];
  }, 'token'],
  ['user.lifecycle.reactivate', async () => {
    const made = await post('/api/v1/users?activate=false', { profile: { firstName: 'Grace', lastName: 'Hopper', login: 'grace@example.com', email: 'grace@example.com' } });
    backend.directory.setUserStatus(made.body.id, 'PROVISIONED');
    await post(`/api/v1/users/${made.body.id}/lifecycle/reactivate?sendEmail=false`);
    return [user(made.body, 'grace@example.com', 'Grace Hopper')];
  }, 'token'],
  ['user.lifecycle.deactivate', async () => {
    const { ada } = people();
    await post(`/api/v1/users/${ada.id}/lifecycle/deactivate`);
    return [user(ada)];
  }, 'token'],
  ['user.lifecycle.suspend', async () => {
    const { ada } = people();
    await post(`/api/v1/users/${ada.id}/lifecycle/suspend`);
    return [user(ada)];
  }, 'token'],
  ['user.lifecycle.unsuspend', async () => {
    const { ada } = people();
    backend.directory.setUserStatus(ada.id, 'SUSPENDED');
    await post(`/api/v1/users/${ada.id}/lifecycle/unsuspend`);
    return [user(ada)];
  }, 'token'],
  ['user.lifecycle.delete.initiated', async () => {
    const { ada } = people();
    backend.directory.setUserStatus(ada.id, 'DEPROVISIONED');
    await del(`/api/v1/users/${ada.id}`);
    return [user(ada)];
  }, 'token'],
  ['user.account.unlock', async () => {
    const { ada } = people();
    backend.directory.setUserStatus(ada.id, 'LOCKED_OUT');
    await post(`/api/v1/users/${ada.id}/lifecycle/unlock`);
    return [user(ada)];
  }, 'token'],
  ['user.account.update_profile', async () => {
    const { ada } = people();
    await post(`/api/v1/users/${ada.id}`, { credentials: { recovery_question: { question: 'Favourite engine?', answer: 'Analytical' } } });
    await post(`/api/v1/users/${ada.id}`, { profile: { lastName: 'King' } });
    return [user(ada, 'ada@example.com', 'Ada King')];
  }, 'token'],
  ['group.lifecycle.create', async () => {
    const made = await post('/api/v1/groups', { profile: { name: 'Research' } });
    return [group(made.body, 'Research')];
  }, 'token'],
  ['group.profile.update', async () => {
    const { engineering } = people();
    await put(`/api/v1/groups/${engineering.id}`, { profile: { name: 'Engines' } });
    return [group(engineering, 'Engines')];
  }, 'token'],
  ['group.lifecycle.delete', async () => {
    const { engineering } = people();
    await del(`/api/v1/groups/${engineering.id}`);
    return [group(engineering)];
  }, 'token'],
  ['group.user_membership.add', async () => {
    const { ada, engineering } = people();
    await put(`/api/v1/groups/${engineering.id}/users/${ada.id}`);
    await put(`/api/v1/groups/${engineering.id}/users/${ada.id}`);
    return [user(ada), group(engineering)];
  }, 'token'],
  ['group.user_membership.remove', async () => {
    const { ada, engineering } = people();
    backend.directory.addMember(engineering.id, ada.id);
    await del(`/api/v1/groups/${engineering.id}/users/${ada.id}`);
    await del(`/api/v1/groups/${engineering.id}/users/${ada.id}`);
    return [user(ada), group(engineering)];
  }, 'token'],
  ['group.user_membership.rule.trigger', async () => {
    const { engineering } = people();
    const id = await newRule(engineering.id);
    await post(`/api/v1/groups/rules/${id}/lifecycle/activate`);
    await post(`/api/v1/groups/rules/${id}/lifecycle/activate`);
    return [rule(id)];
  }, 'token'],
  ['group.user_membership.rule.deactivated', async () => {
    const { engineering } = people();
    const id = await newRule(engineering.id);
    await post(`/api/v1/groups/rules/${id}/lifecycle/activate`);
    await post(`/api/v1/groups/rules/${id}/lifecycle/deactivate`);
    await post(`/api/v1/groups/rules/${id}/lifecycle/deactivate`);
    return [rule(id)];
  }, 'token'],
  ['group.user_membership.rule.invalidate', async () => {
    const { engineering } = people();
    const id = await newRule(engineering.id);
    backend.directory.deleteGroup(engineering.id);
    return [rule(id)];
  }, 'system'],
  ['group.user_membership.rule.add_exclusion', async () => {
    const { ada, engineering } = people();
    const id = await newRule(engineering.id);
    await post(`/api/v1/groups/rules/${id}/lifecycle/activate`);
    await del(`/api/v1/groups/${engineering.id}/users/${ada.id}`);
    return [user(ada), rule(id)];
  }, 'system'],
];

describe('the System Log of the changes the API makes', () => {
  it.each(CASES)('%s: written once by its change, with the actor and targets', async (eventType, change, actor) => {
    const targets = await change();
    const events = await logged(eventType);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({ eventType, version: '0', severity: 'INFO', outcome: { result: 'SUCCESS', reason: null }, target: targets, published: '2026-03-01T10:00:30.000Z' });
    expect(event.actor).toEqual(actor === 'token' ? backend.logs.apiTokenPrincipal : SYSTEM_PRINCIPAL);
    expect(event.displayMessage).toEqual(expect.any(String));
    if (actor === 'token') expect(event.debugContext.debugData).toMatchObject({ requestId: expect.any(String), requestUri: expect.stringMatching(/^\/api\/v1\//) });
  });

  it('names the org admin as the actor of an API token, never the token', async () => {
    await post('/api/v1/apps', bookmark());
    const [event] = await logged('application.lifecycle.create');
    expect(event.actor).toEqual({ id: expect.stringMatching(/^00u[0-9A-Za-z]{17}$/), type: 'User', alternateId: `admin@${new URL(backend.orgUrl).hostname}`, displayName: 'Okta Admin', detailEntry: null });
    expect(JSON.stringify(event)).not.toContain(backend.defaultToken);
  });

  it("names the service app as the actor of what its access token changes", async () => {
    const service = await serviceKey();
    const tokenUrl = `${backend.orgUrl}/oauth2/v1/token`;
    const { clientId, app: serviceApp } = backend.oauth.registerServiceApp({ publicJwk: service.publicJwk, scopes: ['okta.apps.manage'] });
    const issued = await tokenRequest(tokenUrl, {
      grant_type: 'client_credentials',
      scope: 'okta.apps.manage',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(service.privateKey, clientId, tokenUrl, Math.floor(START / 1000)),
    });
    const { access_token: token } = (await issued.json()) as { access_token: string };
    expect((await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark(), authorization: `Bearer ${token}` })).status).toBe(200);
    const [event] = await logged('application.lifecycle.create');
    expect(event.actor).toEqual({ id: clientId, type: 'PublicClientApp', alternateId: clientId, displayName: serviceApp.label, detailEntry: null });
  });

  it('writes the memberships an active rule makes with Okta as actor and the rule in debug data', async () => {
    const { ada, engineering } = people();
    const id = await newRule(engineering.id);
    await post(`/api/v1/groups/rules/${id}/lifecycle/activate`);
    const events = await logged('group.user_membership.add');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actor: SYSTEM_PRINCIPAL, target: [user(ada), group(engineering)], debugContext: { debugData: { groupRuleId: id, groupRuleName: 'Engineers' } } });
  });

  it('writes a membership an active rule gives a new user once, as the rule\'s, beside the one the create asked for', async () => {
    const engineering = backend.directory.addGroup({ name: 'Engineering' });
    const staff = backend.directory.addGroup({ name: 'Staff' });
    const id = await newRule(engineering.id);
    await post(`/api/v1/groups/rules/${id}/lifecycle/activate`);
    const created = await post('/api/v1/users?activate=true', {
      profile: { login: 'ada@example.com', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', department: 'Engineering' },
      credentials: { password: { value: PASSWORD } },
      groupIds: [staff.id],
    });
    expect(created.status).toBe(200);
    const events = await logged('group.user_membership.add');
    expect(events.map((e) => [e.target[1].id, e.actor.type])).toEqual([
      [engineering.id, 'SystemPrincipal'],
      [staff.id, 'User'],
    ]);
  });

  it('is read by the client as it reads the System Log today', async () => {
    const made = await client().apps.create(bookmark());
    const events = await client().logs.list({ filter: 'eventType eq "application.lifecycle.create"' }).toArray({ max: 10 });
    expect(events.map((event) => [event.eventType, event.actor?.type, event.target?.[0]?.id])).toEqual([['application.lifecycle.create', 'User', made.id]]);
  });

  it('writes nothing for a refused change', async () => {
    const made = backend.apps.create(bookmark());
    expect((await del(`/api/v1/apps/${made.id}`)).status).toBe(403);
    expect(await logged('application.lifecycle.delete')).toEqual([]);
  });
});
