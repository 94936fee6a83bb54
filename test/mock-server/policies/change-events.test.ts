// The policy and rule events of the System Log: each change writes its event exactly once, with the
// token's principal as actor and the policy (then the rule) as targets; a refused change writes none.
import { describe, expect, it } from 'vitest';
import type { ChangeEventType } from '../../../mock-server/logs/event-types';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const { backend } = useMockBackend({ now: () => START });

const post = (path: string, json?: unknown) => call(backend, path, { method: 'POST', ...(json === undefined ? {} : { json }) });
const put = (path: string, json: unknown) => call(backend, path, { method: 'PUT', json });
const del = (path: string) => call(backend, path, { method: 'DELETE' });

const policyEntity = (id: string, name: string) => ({ id, type: 'PolicyEntity', alternateId: 'unknown', displayName: name, detailEntry: { policyType: 'ACCESS_POLICY' } });
const ruleEntity = (id: string, name: string) => ({ id, type: 'PolicyRule', alternateId: 'unknown', displayName: name, detailEntry: null });
const ruleBody = (name: string) => ({
  type: 'ACCESS_POLICY',
  name,
  conditions: { network: { connection: 'ANYWHERE' } },
  actions: { appSignOn: { access: 'ALLOW', verificationMethod: { factorMode: '2FA', type: 'ASSURANCE' } } },
});

async function logged(eventType: ChangeEventType): Promise<any[]> {
  const response = await call(backend, `/api/v1/logs?filter=${encodeURIComponent(`eventType eq "${eventType}"`)}`);
  expect(response.status).toBe(200);
  return response.body;
}

const newPolicy = async (name = 'Contractors', query = '') => (await post(`/api/v1/policies${query}`, { type: 'ACCESS_POLICY', name })).body.id as string;
const newRule = async (policyId: string, name = 'Office') => (await post(`/api/v1/policies/${policyId}/rules`, ruleBody(name))).body.id as string;

/** Each event type, the change that writes it (run twice where a second run changes nothing), and its targets. */
const CASES: Array<[ChangeEventType, () => Promise<unknown[]>]> = [
  ['policy.lifecycle.create', async () => [policyEntity(await newPolicy(), 'Contractors')]],
  ['policy.lifecycle.update', async () => {
    const id = await newPolicy();
    await put(`/api/v1/policies/${id}`, { type: 'ACCESS_POLICY', name: 'Renamed' });
    return [policyEntity(id, 'Renamed')];
  }],
  ['policy.lifecycle.deactivate', async () => {
    const id = await newPolicy();
    await post(`/api/v1/policies/${id}/lifecycle/deactivate`);
    await post(`/api/v1/policies/${id}/lifecycle/deactivate`);
    return [policyEntity(id, 'Contractors')];
  }],
  ['policy.lifecycle.activate', async () => {
    const id = await newPolicy('Contractors', '?activate=false');
    await post(`/api/v1/policies/${id}/lifecycle/activate`);
    await post(`/api/v1/policies/${id}/lifecycle/activate`);
    return [policyEntity(id, 'Contractors')];
  }],
  ['policy.lifecycle.delete', async () => {
    const id = await newPolicy();
    await del(`/api/v1/policies/${id}`);
    return [policyEntity(id, 'Contractors')];
  }],
  ['policy.rule.add', async () => {
    const id = await newPolicy();
    return [policyEntity(id, 'Contractors'), ruleEntity(await newRule(id), 'Office')];
  }],
  ['policy.rule.update', async () => {
    const id = await newPolicy();
    const ruleId = await newRule(id);
    await put(`/api/v1/policies/${id}/rules/${ruleId}`, ruleBody('Renamed rule'));
    return [policyEntity(id, 'Contractors'), ruleEntity(ruleId, 'Renamed rule')];
  }],
  ['policy.rule.deactivate', async () => {
    const id = await newPolicy();
    const ruleId = await newRule(id);
    await post(`/api/v1/policies/${id}/rules/${ruleId}/lifecycle/deactivate`);
    await post(`/api/v1/policies/${id}/rules/${ruleId}/lifecycle/deactivate`);
    return [policyEntity(id, 'Contractors'), ruleEntity(ruleId, 'Office')];
  }],
  ['policy.rule.activate', async () => {
    const id = await newPolicy();
    const ruleId = await newRule(id);
    await post(`/api/v1/policies/${id}/rules/${ruleId}/lifecycle/deactivate`);
    await post(`/api/v1/policies/${id}/rules/${ruleId}/lifecycle/activate`);
    await post(`/api/v1/policies/${id}/rules/${ruleId}/lifecycle/activate`);
    return [policyEntity(id, 'Contractors'), ruleEntity(ruleId, 'Office')];
  }],
  ['policy.rule.delete', async () => {
    const id = await newPolicy();
    const ruleId = await newRule(id);
    await del(`/api/v1/policies/${id}/rules/${ruleId}`);
    return [policyEntity(id, 'Contractors'), ruleEntity(ruleId, 'Office')];
  }],
];

describe('the System Log of policy and rule changes', () => {
  it.each(CASES)('%s: written once by its change, with the actor and targets', async (eventType, change) => {
    const targets = await change();
    const events = await logged(eventType);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType, outcome: { result: 'SUCCESS', reason: null }, target: targets, published: '2026-03-01T10:00:30.000Z' });
    expect(events[0].actor).toEqual(backend.logs.apiTokenPrincipal);
  });

  it('writes nothing for a refused change: the default policy is not deleted, a policy in use not deactivated', async () => {
    const defaultId = backend.policies.defaultAccessPolicyId;
    expect((await del(`/api/v1/policies/${defaultId}`)).status).toBe(400);
    const catchAll = backend.policies.rules(defaultId).find((r) => (r as { system?: boolean }).system) as { id: string };
    expect((await del(`/api/v1/policies/${defaultId}/rules/${catchAll.id}`)).status).toBe(400);
    expect(await logged('policy.lifecycle.delete')).toEqual([]);
    expect(await logged('policy.rule.delete')).toEqual([]);
  });
});
