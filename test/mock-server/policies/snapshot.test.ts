import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend();

/** A policy with two rules, the second moved to the top. */
async function policyWithRules(): Promise<string> {
  const policyId = (await call(backend, '/api/v1/policies', { method: 'POST', json: { type: 'ACCESS_POLICY', name: 'Kept' } })).body.id as string;
  const actions = { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA' } } };
  await call(backend, `/api/v1/policies/${policyId}/rules`, { method: 'POST', json: { name: 'First', priority: 1, actions } });
  await call(backend, `/api/v1/policies/${policyId}/rules`, { method: 'POST', json: { name: 'Second', priority: 1, actions: { appSignOn: { access: 'DENY' } } } });
  return policyId;
}

const rulesOf = async (policyId: string) => (await call(backend, `/api/v1/policies/${policyId}/rules`)).body;

describe('policies in snapshots, seeds and resets', () => {
  it('a snapshot keeps policies and their rules; a restore brings them back as they were', async () => {
    const policyId = await policyWithRules();
    const before = await rulesOf(policyId);
    const snapshot = backend.snapshot();
    backend.reset();
    expect((await call(backend, `/api/v1/policies/${policyId}`)).status).toBe(404);
    backend.restore(snapshot);
    expect(await rulesOf(policyId)).toEqual(before);
    expect(before.map((r: { name: string; priority: number }) => `${r.name}:${r.priority}`)).toEqual(['Second:1', 'First:2', 'Catch-all Rule:99']);
  });

  it('a reset forgets added policies and rules and brings back the default policy with its catch-all rule alone', async () => {
    const defaultId = backend.policies.defaultAccessPolicyId;
    await call(backend, `/api/v1/policies/${defaultId}/rules`, { method: 'POST', json: { name: 'Extra', priority: 1, actions: { appSignOn: { access: 'DENY' } } } });
    await policyWithRules();
    backend.reset();
    expect(backend.snapshot().policies).toEqual({
      policies: [expect.objectContaining({ id: defaultId, name: 'Any two factors', system: true })],
      rules: [expect.objectContaining({ policyId: defaultId, name: 'Catch-all Rule', system: true })],
    });
  });

  it('an older snapshot, which kept policies under surroundings and no rules, restores them each with a catch-all rule', async () => {
    const policyId = await policyWithRules();
    const { policies, ...older } = backend.snapshot() as unknown as Record<string, unknown> & { policies: { policies: unknown[] } };
    const legacy = { ...older, surroundings: { ...(older.surroundings as object), policies: policies.policies } };
    backend.reset();
    backend.restore(legacy);
    expect((await rulesOf(policyId)).map((r: { name: string }) => r.name)).toEqual(['Catch-all Rule']);
    expect((await call(backend, `/api/v1/policies/${policyId}`)).body.name).toBe('Kept');
  });

  it('a snapshot whose rule names no policy of the document is refused, naming the field, and nothing changes', async () => {
    const policyId = await policyWithRules();
    const snapshot = backend.snapshot() as unknown as { policies: { rules: Array<{ policyId: string }> } };
    snapshot.policies.rules[0]!.policyId = 'rst0000000000000gone';
    expect(() => backend.restore(snapshot)).toThrow(/^snapshot field policies\.rules\[0\]\.policyId: no policy of the document has the id rst0000000000000gone/);
    expect(await rulesOf(policyId)).toHaveLength(3);
  });

  it('a snapshot whose rule holds more conditions than the API keeps is refused, naming the field, and nothing changes', async () => {
    const policyId = await policyWithRules();
    const snapshot = backend.snapshot() as unknown as { policies: { rules: Array<{ conditions: unknown }> } };
    snapshot.policies.rules[1]!.conditions = { network: { connection: 'ZONE', include: Array.from({ length: 4000 }, (_, i) => `nzo${String(i).padStart(17, '0')}`) } };
    expect(() => backend.restore(snapshot)).toThrow(/^snapshot field policies\.rules\[1\]\.conditions: at most 65536 characters of JSON/);
    expect(await rulesOf(policyId)).toHaveLength(3);
  });

  it('a seed adds policies (with their catch-all rule) and assigns apps to them; the result lists the policies', async () => {
    const result = await backend.seed({ policies: [{ id: 'rst00000000000000abc', name: 'Seeded' }] });
    expect(result.policies).toEqual([expect.objectContaining({ id: 'rst00000000000000abc', name: 'Seeded', type: 'ACCESS_POLICY' })]);
    expect(backend.policies.rules('rst00000000000000abc').map((r) => r.name)).toEqual(['Catch-all Rule']);
  });
});
