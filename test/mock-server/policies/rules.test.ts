import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError, type RawResponse } from '../raw-http';

const { backend } = useMockBackend();

const policy = async () => (await call(backend, '/api/v1/policies', { method: 'POST', json: { type: 'ACCESS_POLICY', name: `Policy ${Math.random()}` } })).body.id as string;
const allow2fa = { appSignOn: { access: 'ALLOW', verificationMethod: { factorMode: '2FA', type: 'ASSURANCE' } } };
const rule = (name: string, priority: number | undefined, extra: Record<string, unknown> = {}) => ({
  type: 'ACCESS_POLICY',
  name,
  ...(priority === undefined ? {} : { priority }),
  conditions: { network: { connection: 'ANYWHERE' } },
  actions: allow2fa,
  ...extra,
});
const createRule = (policyId: string, body: unknown) => call(backend, `/api/v1/policies/${policyId}/rules`, { method: 'POST', json: body });
const priorities = async (policyId: string) =>
  Object.fromEntries((await call(backend, `/api/v1/policies/${policyId}/rules`)).body.map((r: { name: string; priority: number }) => [r.name, r.priority]));

describe('rules of app sign-in policies', () => {
  it('a created rule gets what real orgs fill in: people.users.exclude, riskScore ANY, userType, reauthenticateIn PT12H, keepMeSignedIn NOT_ALLOWED', async () => {
    const policyId = await policy();
    const answer = await createRule(policyId, {
      type: 'ACCESS_POLICY',
      name: 'Office network',
      priority: 1,
      conditions: { network: { connection: 'ZONE', include: ['nzo1a2b3c4d5e6f7g8h9'] } },
      actions: { appSignOn: { access: 'ALLOW', verificationMethod: { factorMode: '1FA', type: 'ASSURANCE', inactivityPeriod: 'PT30M' } } },
    });
    expect(answer.status).toBe(200);
    const id = answer.body.id as string;
    const self = `${backend.orgUrl}/api/v1/policies/${policyId}/rules/${id}`;
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^rul[0-9A-Za-z]{17}$/),
      status: 'ACTIVE',
      name: 'Office network',
      priority: 1,
      created: expect.stringMatching(/\.000Z$/),
      lastUpdated: expect.stringMatching(/\.000Z$/),
      system: false,
      conditions: {
        people: { users: { exclude: [] } },
        network: { connection: 'ZONE', include: ['nzo1a2b3c4d5e6f7g8h9'] },
        riskScore: { level: 'ANY' },
        userType: { include: [], exclude: [] },
      },
      actions: {
        appSignOn: {
          access: 'ALLOW',
          verificationMethod: { factorMode: '1FA', type: 'ASSURANCE', reauthenticateIn: 'PT12H', inactivityPeriod: 'PT30M' },
          keepMeSignedIn: { postAuth: 'NOT_ALLOWED' },
        },
      },
      _links: {
        self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } },
        deactivate: { href: `${self}/lifecycle/deactivate`, hints: { allow: ['POST'] } },
      },
      type: 'ACCESS_POLICY',
    });
    expect(Object.keys(answer.body.conditions)).toEqual(['people', 'network', 'riskScore', 'userType']);
    expect((await call(backend, `/api/v1/policies/${policyId}/rules/${id}`)).body).toEqual(answer.body);
  });

  it('an empty platform is dropped, a given one completed with exclude, an os expression of null left out; people and user types kept as sent', async () => {
    const policyId = await policy();
    const answer = await createRule(
      policyId,
      rule('Mac users', 0, {
        conditions: {
          network: { connection: 'ANYWHERE' },
          platform: { include: [{ os: { expression: null, type: 'MACOS' }, type: 'DESKTOP' }] },
          people: { users: { include: ['00u1a2b3c4d5e6f7g8h9'] }, groups: { include: ['00g1a2b3c4d5e6f7g8h9'], exclude: [] } },
          userType: { include: ['oty1a2b3c4d5e6f7g8h9'] },
          elCondition: { condition: 'user.status == "ACTIVE"' },
        },
      }),
    );
    expect(answer.body.conditions).toEqual({
      people: { users: { include: ['00u1a2b3c4d5e6f7g8h9'], exclude: [] }, groups: { include: ['00g1a2b3c4d5e6f7g8h9'], exclude: [] } },
      network: { connection: 'ANYWHERE' },
      platform: { include: [{ type: 'DESKTOP', os: { type: 'MACOS' } }], exclude: [] },
      elCondition: { condition: 'user.status == "ACTIVE"' },
      riskScore: { level: 'ANY' },
      userType: { include: ['oty1a2b3c4d5e6f7g8h9'], exclude: [] },
    });
    const bare = await createRule(policyId, rule('No platform', 1, { conditions: { network: { connection: 'ANYWHERE' }, platform: {} } }));
    expect(bare.body.conditions).not.toHaveProperty('platform');
  });

  it('ASSURANCE keeps the knowledge and possession constraints and drops a chain sent there; AUTH_METHOD_CHAIN keeps its chains', async () => {
    const policyId = await policy();
    const constraints = [
      { knowledge: { reauthenticateIn: 'PT2H', types: ['password'], required: true }, possession: { required: false, deviceBound: 'REQUIRED' } },
      { authenticationMethods: [{ key: 'okta_password', method: 'password' }] },
    ];
    const assurance = await createRule(policyId, rule('Assurance', 1, { actions: { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'ASSURANCE', factorMode: '2FA', constraints } } } }));
    expect(assurance.body.actions.appSignOn.verificationMethod.constraints).toEqual([
      { knowledge: { required: true, types: ['password'], reauthenticateIn: 'PT2H' }, possession: { required: false, deviceBound: 'REQUIRED' } },
      {},
    ]);
    const chains = [{ authenticationMethods: [{ key: 'okta_password', method: 'password' }], next: [{ authenticationMethods: [{ key: 'okta_email', method: 'email' }] }] }];
    const chain = await createRule(policyId, rule('Chain', 2, { actions: { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'AUTH_METHOD_CHAIN', chains, reauthenticateIn: 'PT1H' } } } }));
    expect(chain.body.actions.appSignOn.verificationMethod).toEqual({ type: 'AUTH_METHOD_CHAIN', chains, reauthenticateIn: 'PT1H' });
  });

  it('keepMeSignedIn is kept as sent', async () => {
    const policyId = await policy();
    const answer = await createRule(policyId, rule('Stay', 1, { actions: { appSignOn: { ...allow2fa.appSignOn, keepMeSignedIn: { postAuth: 'ALLOWED', postAuthPromptFrequency: 'PT168H' } } } }));
    expect(answer.body.actions.appSignOn.keepMeSignedIn).toEqual({ postAuth: 'ALLOWED', postAuthPromptFrequency: 'PT168H' });
  });

  it('a rule landing on a taken priority pushes the rules after it down by one, as far as they run without a gap; the catch-all rule stays at 99', async () => {
    const policyId = await policy();
    for (const [name, priority] of [['A', 0], ['B', 1], ['C', 2], ['D', 3], ['E', 4], ['F', 5]] as const) await createRule(policyId, rule(name, priority));
    const ids = Object.fromEntries((await call(backend, `/api/v1/policies/${policyId}/rules`)).body.map((r: { name: string; id: string }) => [r.name, r.id]));
    const move = async (name: string, priority: number): Promise<RawResponse> => call(backend, `/api/v1/policies/${policyId}/rules/${ids[name]}`, { method: 'PUT', json: rule(name, priority) });
    // D moves up to 1: B, C (and, past D's old place, E and F) move down.
    expect((await move('D', 1)).body.priority).toBe(1);
    expect(await priorities(policyId)).toEqual({ A: 0, D: 1, B: 2, C: 3, E: 5, F: 6, 'Catch-all Rule': 99 });
    // E moves to 2: B and C move down, up to the gap at 4; F stays.
    await move('E', 2);
    expect(await priorities(policyId)).toEqual({ A: 0, D: 1, E: 2, B: 3, C: 4, F: 6, 'Catch-all Rule': 99 });
    // A rule staying where it is moves nothing.
    await move('B', 3);
    expect(await priorities(policyId)).toEqual({ A: 0, D: 1, E: 2, B: 3, C: 4, F: 6, 'Catch-all Rule': 99 });
    // A rule created without a priority comes after the others.
    expect((await createRule(policyId, rule('G', undefined))).body.priority).toBe(7);
  });

  it('deactivate and activate answer 204 and change the status and its link; DELETE answers 204 and the rule is gone (404 PolicyRule)', async () => {
    const policyId = await policy();
    const id = (await createRule(policyId, rule('Temporary', 1))).body.id as string;
    const path = `/api/v1/policies/${policyId}/rules/${id}`;
    const off = await call(backend, `${path}/lifecycle/deactivate`, { method: 'POST' });
    expect({ status: off.status, text: off.text }).toEqual({ status: 204, text: '' });
    expect(Object.keys((await call(backend, path)).body._links)).toEqual(['self', 'activate']);
    await call(backend, `${path}/lifecycle/activate`, { method: 'POST' });
    expect((await call(backend, path)).body.status).toBe('ACTIVE');
    expect((await call(backend, path, { method: 'DELETE' })).status).toBe(204);
    expectOktaError(await call(backend, path), 404, 'E0000007', `Not found: Resource not found: ${id} (PolicyRule)`);
  });

  it('the catch-all rule is neither deleted nor deactivated; replacing it changes its actions only', async () => {
    const policyId = backend.policies.defaultAccessPolicyId;
    const catchAll = (await call(backend, `/api/v1/policies/${policyId}/rules`)).body[0];
    const path = `/api/v1/policies/${policyId}/rules/${catchAll.id}`;
    expectOktaError(await call(backend, path, { method: 'DELETE' }), 400, 'E0000001', 'Api validation failed: Rule', ['The catch-all rule cannot be deleted.']);
    expectOktaError(await call(backend, `${path}/lifecycle/deactivate`, { method: 'POST' }), 400, 'E0000001', 'Api validation failed: Rule', ['The catch-all rule cannot be deactivated.']);
    const replaced = await call(backend, path, { method: 'PUT', json: rule('Renamed', 1, { actions: { appSignOn: { access: 'DENY' } } }) });
    expect(replaced.body).toMatchObject({ name: 'Catch-all Rule', priority: 99, conditions: null, status: 'ACTIVE' });
    expect(replaced.body.actions.appSignOn.access).toBe('DENY');
  });

  it('a refused rule changes nothing: no actions is 400 E0000001 naming the field, an unknown policy 404 E0000007 (Policy)', async () => {
    const policyId = await policy();
    expectOktaError(await createRule(policyId, { type: 'ACCESS_POLICY', name: 'No actions' }), 400, 'E0000001', 'Api validation failed: actions', ['actions: The field cannot be left blank']);
    expectOktaError(await createRule('rstNOPE', rule('Orphan', 1)), 404, 'E0000007', 'Not found: Resource not found: rstNOPE (Policy)');
    expect(await priorities(policyId)).toEqual({ 'Catch-all Rule': 99 });
  });

  it('a rule keeps at most 64 KiB of conditions and of actions: more is 400 E0000001 naming the member, and nothing changes', async () => {
    const policyId = await policy();
    const big = { network: { connection: 'ZONE', include: Array.from({ length: 4000 }, (_, i) => `nzo${String(i).padStart(17, '0')}`) } };
    expectOktaError(await createRule(policyId, rule('Too many zones', 1, { conditions: big })), 400, 'E0000001', 'Api validation failed: conditions', [
      'conditions: Must be at most 65536 characters of JSON',
    ]);
    const chains = Array.from({ length: 20 }, () => ({ authenticationMethods: [{ key: 'okta_password', method: 'password' }], note: 'x'.repeat(4000) }));
    const longChains = { appSignOn: { access: 'ALLOW', verificationMethod: { type: 'AUTH_METHOD_CHAIN', chains } } };
    expectOktaError(await createRule(policyId, rule('Long chains', 1, { actions: longChains })), 400, 'E0000001', 'Api validation failed: actions', [
      'actions: Must be at most 65536 characters of JSON',
    ]);
    expect(await priorities(policyId)).toEqual({ 'Catch-all Rule': 99 });
    const made = (await createRule(policyId, rule('Small', 1))).body;
    expectOktaError(
      await call(backend, `/api/v1/policies/${policyId}/rules/${made.id}`, { method: 'PUT', json: rule('Grown', 1, { conditions: big }) }),
      400,
      'E0000001',
      'Api validation failed: conditions',
      ['conditions: Must be at most 65536 characters of JSON'],
    );
    expect((await call(backend, `/api/v1/policies/${policyId}/rules/${made.id}`)).body).toMatchObject({ name: 'Small', conditions: { network: { connection: 'ANYWHERE' } } });
  });

  it('a policy keeps at most 100 rules', async () => {
    const policyId = await policy();
    // The catch-all rule and 99 others.
    for (let i = 0; i < 99; i++) await createRule(policyId, rule(`R${i}`, undefined));
    expect(backend.policies.rules(policyId)).toHaveLength(100);
    expectOktaError(await createRule(policyId, rule('One too many', undefined)), 400, 'E0000001', 'Api validation failed: rule', ['rule: A policy keeps at most 100 rules']);
  });
});

