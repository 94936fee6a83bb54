import { describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../mock-server/index';
import { MAX_GROUP_RULES, MAX_RULE_GROUPS } from '../../../mock-server/group-rules/store';

// What one request costs the rules when a user stops matching many of them: each rule the user
// leaves asks, for each of its groups, whether another active rule still holds the user there.

async function send(backend: MockBackend, method: string, path: string, json?: unknown): Promise<any> {
  const headers: Record<string, string> = { accept: 'application/json', authorization: `SSWS ${backend.defaultToken}` };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await backend.fetch(new URL(path, backend.orgUrl).toString(), { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeLessThan(300);
  return text === '' ? undefined : JSON.parse(text);
}

const rule = (name: string, value: string, groupIds: string[]) => ({
  type: 'group_rule',
  name,
  conditions: { expression: { value, type: 'urn:okta:expression:1.0' } },
  actions: { assignUserToGroups: { groupIds } },
});

async function activeRule(backend: MockBackend, name: string, value: string, groupIds: string[]): Promise<string> {
  const { id } = await send(backend, 'POST', '/api/v1/groups/rules', rule(name, value, groupIds));
  await send(backend, 'POST', `/api/v1/groups/rules/${id}/lifecycle/activate`);
  return id;
}

const user = (backend: MockBackend, profile: Record<string, unknown>) =>
  send(backend, 'POST', '/api/v1/users?activate=true', {
    profile: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', login: 'ada@example.com', ...profile },
    credentials: { password: { value: 'Correct-Horse-9' } },
  });

describe('group rules a user stops matching', () => {
  it('answers a profile change that takes a user out of 2,000 rules of 100 groups each in one pass (it used to match every rule of a group once per group and rule: 4 × 10^8 matches, minutes)', async () => {
    const backend = createMockBackend();
    const groups: string[] = [];
    for (let i = 0; i < MAX_RULE_GROUPS; i++) groups.push((await send(backend, 'POST', '/api/v1/groups', { profile: { name: `Team ${i}` } })).id);
    const ada = await user(backend, { department: 'Engineering' });
    for (let i = 0; i < MAX_GROUP_RULES; i++) await activeRule(backend, `Engineers ${i}`, 'user.department == "Engineering"', groups);
    expect(backend.directory.groupsOf(ada.id).length).toBe(MAX_RULE_GROUPS + 1);

    await send(backend, 'POST', `/api/v1/users/${ada.id}`, { profile: { department: 'Sales' } });

    expect(backend.directory.groupsOf(ada.id).map((g) => g.profile.name)).toEqual(['Everyone']);
  });

  it('keeps a user in a group another active rule still holds them in, and not in one only a rule that stopped matching held', async () => {
    const backend = createMockBackend();
    const [shared, chained, own] = [
      (await send(backend, 'POST', '/api/v1/groups', { profile: { name: 'Shared' } })).id,
      (await send(backend, 'POST', '/api/v1/groups', { profile: { name: 'Chained' } })).id,
      (await send(backend, 'POST', '/api/v1/groups', { profile: { name: 'Own' } })).id,
    ];
    const ada = await user(backend, { department: 'Engineering', title: 'Engineer' });
    await activeRule(backend, 'By department', 'user.department == "Engineering"', [shared, own]);
    await activeRule(backend, 'By title', 'user.title == "Engineer"', [shared]);
    // Holds the user in Chained while they are in Own: when they leave Own, this rule stops matching too.
    await activeRule(backend, 'Through Own', `isMemberOfGroup("${own}")`, [chained]);
    const names = () => backend.directory.groupsOf(ada.id).map((g) => g.profile.name).sort();
    expect(names()).toEqual(['Chained', 'Everyone', 'Own', 'Shared']);

    await send(backend, 'POST', `/api/v1/users/${ada.id}`, { profile: { department: 'Sales' } });

    expect(names()).toEqual(['Everyone', 'Shared']);
  });
});
