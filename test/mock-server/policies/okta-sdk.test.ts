import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { all, useOfficialSdk } from '../../support/official-sdk';

// The official Okta Node SDK, with an API token, against the backend over HTTP: its policy calls
// speak the wire the backend answers.
const backend = createMockBackend();
const served = useOfficialSdk(backend);

describe('@okta/okta-sdk-nodejs policyApi on app sign-in policies', () => {
  it('createPolicy, listPolicyRules, createPolicyRule, replacePolicyRule, lifecycle and delete of rules and the policy', async () => {
    const api = served.sdk.policyApi;
    const policy = await api.createPolicy({ policy: { type: 'ACCESS_POLICY', name: 'SDK policy', description: 'made by the SDK' } as never });
    const policyId = policy.id!;
    expect((await api.getPolicy({ policyId })).name).toBe('SDK policy');
    expect((await all(await api.listPolicyRules({ policyId }))).map((r) => r.name)).toEqual(['Catch-all Rule']);

    const body = {
      type: 'ACCESS_POLICY',
      name: 'SDK rule',
      priority: 1,
      conditions: { network: { connection: 'ANYWHERE' } },
      actions: { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA', reauthenticateIn: 'PT2H' } } },
    };
    const rule = await api.createPolicyRule({ policyId, policyRule: body as never });
    const ruleId = rule.id!;
    expect(rule).toMatchObject({ name: 'SDK rule', priority: 1, status: 'ACTIVE' });
    const replaced = await api.replacePolicyRule({ policyId, ruleId, policyRule: { ...body, name: 'SDK rule, renamed' } as never });
    expect(replaced.name).toBe('SDK rule, renamed');
    await api.deactivatePolicyRule({ policyId, ruleId });
    expect((await api.getPolicyRule({ policyId, ruleId })).status).toBe('INACTIVE');
    await api.activatePolicyRule({ policyId, ruleId });
    await api.deletePolicyRule({ policyId, ruleId });
    expect((await all(await api.listPolicyRules({ policyId }))).map((r) => r.name)).toEqual(['Catch-all Rule']);

    await api.deactivatePolicy({ policyId });
    expect((await api.getPolicy({ policyId })).status).toBe('INACTIVE');
    await api.activatePolicy({ policyId });
    await api.deletePolicy({ policyId });
    expect((await all(await api.listPolicies({ type: 'ACCESS_POLICY' }))).map((p) => p.name)).toEqual(['Any two factors']);
  });
});
