import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, type AccessPolicyRuleInput, type PolicyRule } from '../../src/index';
import { useMockBackend } from '../support/backend';
import { bookmark } from '../mock-server/app-inputs';

const mock = useMockBackend();
const { backend } = mock;
const client = mock.client;

const rule = (name: string, priority: number): AccessPolicyRuleInput => ({
  type: 'ACCESS_POLICY',
  name,
  priority,
  conditions: { network: { connection: 'ANYWHERE' } },
  actions: { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA', reauthenticateIn: 'PT2H' } } },
});

describe('client.apps.policies: app sign-in policies and their rules', () => {
  it('create, get, list (ACCESS_POLICY by default), replace, deactivate, activate and delete a policy', async () => {
    const policies = client().apps.policies;
    const created = await policies.create({ type: 'ACCESS_POLICY', name: 'Partners', description: 'For partner apps' });
    expect(created).toMatchObject({ name: 'Partners', status: 'ACTIVE', type: 'ACCESS_POLICY', system: false });
    expect((await policies.get(created.id)).description).toBe('For partner apps');
    const names: string[] = [];
    for await (const policy of policies.list()) names.push(policy.name);
    expect(names).toEqual(['Any two factors', 'Partners']);
    expect((await policies.replace(created.id, { type: 'ACCESS_POLICY', name: 'Partner apps' })).name).toBe('Partner apps');
    expect(await policies.deactivate(created.id)).toBeUndefined();
    expect((await policies.get(created.id)).status).toBe('INACTIVE');
    await policies.activate(created.id);
    expect(await policies.delete(created.id)).toBeUndefined();
    await expect(policies.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('create with { activate: false } makes an INACTIVE policy', async () => {
    expect((await client().apps.policies.create({ type: 'ACCESS_POLICY', name: 'Dormant' }, { activate: false })).status).toBe('INACTIVE');
  });

  it('rules: create, for await over the list in priority order, get, replace, deactivate, delete', async () => {
    const { rules, ...policies } = client().apps.policies;
    const policy = await policies.create({ type: 'ACCESS_POLICY', name: 'With rules' });
    const first = await rules.create(policy.id, rule('First', 1));
    await rules.create(policy.id, rule('Second', 1));
    const listed: PolicyRule[] = [];
    for await (const r of rules.list(policy.id)) listed.push(r);
    expect(listed.map((r) => `${r.name}:${r.priority}`)).toEqual(['Second:1', 'First:2', 'Catch-all Rule:99']);
    expect((await rules.get(policy.id, first.id)).conditions).toMatchObject({ people: { users: { exclude: [] } }, riskScore: { level: 'ANY' } });
    expect((await rules.replace(policy.id, first.id, rule('First, renamed', 1))).priority).toBe(1);
    await rules.deactivate(policy.id, first.id);
    expect((await rules.get(policy.id, first.id)).status).toBe('INACTIVE');
    await rules.activate(policy.id, first.id);
    await rules.delete(policy.id, first.id);
    await expect(rules.get(policy.id, first.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("deleting a policy an app is assigned to is refused with BadRequestError, and the app keeps it", async () => {
    const policies = client().apps.policies;
    const policy = await policies.create({ type: 'ACCESS_POLICY', name: 'Assigned' });
    const app = backend.apps.create(bookmark());
    await policies.assign(app.id, policy.id);
    await expect(policies.delete(policy.id)).rejects.toBeInstanceOf(BadRequestError);
    expect((await client().apps.get(app.id))._links?.accessPolicy).toEqual({ href: `${backend.orgUrl}/api/v1/policies/${policy.id}` });
  });
});
