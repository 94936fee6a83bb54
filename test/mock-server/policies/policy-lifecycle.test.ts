import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend();

const create = (json: unknown, query = '') => call(backend, `/api/v1/policies${query}`, { method: 'POST', json });
const names = async () => (await call(backend, '/api/v1/policies?type=ACCESS_POLICY')).body.map((p: { name: string }) => p.name);

describe('app sign-in policies: create, replace, lifecycle, delete', () => {
  it('POST /api/v1/policies creates an ACTIVE access policy answered as real orgs answer it: priority 1, type last, no description when none was sent', async () => {
    const answer = await create({ type: 'ACCESS_POLICY', name: 'Contractors', priority: 4 });
    expect(answer.status).toBe(200);
    const id = answer.body.id as string;
    const self = `${backend.orgUrl}/api/v1/policies/${id}`;
    expect(id).toMatch(/^rst[0-9A-Za-z]{17}$/);
    expect(answer.body).toEqual({
      id,
      status: 'ACTIVE',
      name: 'Contractors',
      priority: 1,
      system: false,
      conditions: null,
      created: expect.stringMatching(/\.000Z$/),
      lastUpdated: expect.stringMatching(/\.000Z$/),
      _links: {
        mappings: { href: `${self}/mappings`, hints: { allow: ['GET', 'POST'] } },
        self: { href: self, hints: { allow: ['GET', 'PUT', 'DELETE'] } },
        rules: { href: `${self}/rules`, hints: { allow: ['GET', 'POST'] } },
        deactivate: { href: `${self}/lifecycle/deactivate`, hints: { allow: ['POST'] } },
      },
      type: 'ACCESS_POLICY',
    });
    expect(Object.keys(answer.body).at(-1)).toBe('type');
    expect((await call(backend, `/api/v1/policies/${id}`)).body).toEqual(answer.body);
  });

  it('?activate=false creates it INACTIVE, linking activate instead of deactivate', async () => {
    const answer = await create({ type: 'ACCESS_POLICY', name: 'Later', description: 'Not yet' }, '?activate=false');
    expect(answer.body).toMatchObject({ status: 'INACTIVE', description: 'Not yet' });
    expect(Object.keys(answer.body._links)).toEqual(['mappings', 'self', 'rules', 'activate']);
  });

  it('a new policy has its catch-all rule, which asks for a device-bound possession factor and can be read and replaced only', async () => {
    const policy = (await create({ type: 'ACCESS_POLICY', name: 'Kiosks' })).body;
    const rules = await call(backend, `/api/v1/policies/${policy.id}/rules`);
    expect(rules.headers.get('link')).toBeNull();
    expect(rules.body).toEqual([
      {
        id: expect.stringMatching(/^rul[0-9A-Za-z]{17}$/),
        status: 'ACTIVE',
        name: 'Catch-all Rule',
        priority: 99,
        created: policy.created,
        lastUpdated: policy.created,
        system: true,
        conditions: null,
        actions: {
          appSignOn: {
            access: 'ALLOW',
            verificationMethod: { factorMode: '2FA', type: 'ASSURANCE', reauthenticateIn: 'PT12H', constraints: [{ possession: { required: true, deviceBound: 'REQUIRED' } }] },
            keepMeSignedIn: { postAuth: 'NOT_ALLOWED' },
          },
        },
        _links: { self: { href: `${backend.orgUrl}/api/v1/policies/${policy.id}/rules/${rules.body[0].id}`, hints: { allow: ['GET', 'PUT'] } } },
        type: 'ACCESS_POLICY',
      },
    ]);
  });

  it("the org's default policy keeps a catch-all rule without constraints", async () => {
    const rules = await call(backend, `/api/v1/policies/${backend.policies.defaultAccessPolicyId}/rules`);
    expect(rules.body.map((r: { name: string; actions: unknown }) => [r.name, r.actions])).toEqual([
      ['Catch-all Rule', { appSignOn: { access: 'ALLOW', verificationMethod: { factorMode: '2FA', type: 'ASSURANCE', reauthenticateIn: 'PT12H' }, keepMeSignedIn: { postAuth: 'NOT_ALLOWED' } } }],
    ]);
  });

  it('a refused create changes nothing: another type is 400 E0000002, a blank name 400 E0000001, a body that is not JSON 400 E0000003', async () => {
    expectOktaError(await create({ type: 'PASSWORD', name: 'Passwords' }), 400, 'E0000002', 'The request was not valid: Invalid policy type specified.');
    expectOktaError(await create({ type: 'ACCESS_POLICY', name: '' }), 400, 'E0000001', 'Api validation failed: name', ['name: The field cannot be left blank']);
    expectOktaError(await call(backend, '/api/v1/policies', { method: 'POST', rawBody: '{"type":' }), 400, 'E0000003', 'The request body was not well-formed.');
    expect(await names()).toEqual(['Any two factors']);
  });

  it('PUT /api/v1/policies/{policyId} replaces the name and description and moves lastUpdated', async () => {
    const policy = (await create({ type: 'ACCESS_POLICY', name: 'Old', description: 'before' })).body;
    backend.clock.advance(5_000);
    const answer = await call(backend, `/api/v1/policies/${policy.id}`, { method: 'PUT', json: { ...policy, name: 'New', description: 'after' } });
    expect(answer.body).toMatchObject({ id: policy.id, name: 'New', description: 'after', created: policy.created });
    expect(answer.body.lastUpdated).not.toBe(policy.lastUpdated);
  });

  it('deactivate and activate answer 204 with no body and change the status and its link', async () => {
    const policy = (await create({ type: 'ACCESS_POLICY', name: 'Toggle' })).body;
    const off = await call(backend, `/api/v1/policies/${policy.id}/lifecycle/deactivate`, { method: 'POST' });
    expect({ status: off.status, text: off.text }).toEqual({ status: 204, text: '' });
    expect((await call(backend, `/api/v1/policies/${policy.id}`)).body).toMatchObject({ status: 'INACTIVE', _links: { activate: expect.anything() } });
    await call(backend, `/api/v1/policies/${policy.id}/lifecycle/activate`, { method: 'POST' });
    expect((await call(backend, `/api/v1/policies/${policy.id}`)).body).toMatchObject({ status: 'ACTIVE', _links: { deactivate: expect.anything() } });
  });

  it('DELETE answers 204, and the policy and its rules are gone (404 E0000007 Policy)', async () => {
    const policy = (await create({ type: 'ACCESS_POLICY', name: 'Short-lived' })).body;
    const answer = await call(backend, `/api/v1/policies/${policy.id}`, { method: 'DELETE' });
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 204, text: '' });
    expectOktaError(await call(backend, `/api/v1/policies/${policy.id}`), 404, 'E0000007', `Not found: Resource not found: ${policy.id} (Policy)`);
    expectOktaError(await call(backend, `/api/v1/policies/${policy.id}/rules`), 404, 'E0000007', `Not found: Resource not found: ${policy.id} (Policy)`);
  });

  it('the default policy is neither deleted nor deactivated', async () => {
    const id = backend.policies.defaultAccessPolicyId;
    expectOktaError(await call(backend, `/api/v1/policies/${id}`, { method: 'DELETE' }), 400, 'E0000001', 'Api validation failed: Policy', ['The default policy cannot be deleted.']);
    expectOktaError(await call(backend, `/api/v1/policies/${id}/lifecycle/deactivate`, { method: 'POST' }), 400, 'E0000001', 'Api validation failed: Policy', [
      'The default policy cannot be deactivated.',
    ]);
    expect((await call(backend, `/api/v1/policies/${id}`)).body.status).toBe('ACTIVE');
  });

  it('a policy an app is assigned to is neither deleted nor deactivated until the app has another one', async () => {
    const policy = (await create({ type: 'ACCESS_POLICY', name: 'In use' })).body;
    const app = backend.apps.create(bookmark());
    await call(backend, `/api/v1/apps/${app.id}/policies/${policy.id}`, { method: 'PUT' });
    const cause = (what: string) => [`This policy is assigned to one or more apps and cannot be ${what}; assign those apps another policy first.`];
    expectOktaError(await call(backend, `/api/v1/policies/${policy.id}`, { method: 'DELETE' }), 400, 'E0000001', 'Api validation failed: Policy', cause('deleted'));
    expectOktaError(await call(backend, `/api/v1/policies/${policy.id}/lifecycle/deactivate`, { method: 'POST' }), 400, 'E0000001', 'Api validation failed: Policy', cause('deactivated'));
    expect((await call(backend, `/api/v1/policies/${policy.id}`)).body.status).toBe('ACTIVE');
    await call(backend, `/api/v1/apps/${app.id}/policies/${backend.policies.defaultAccessPolicyId}`, { method: 'PUT' });
    expect((await call(backend, `/api/v1/policies/${policy.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('an org keeps at most 1,000 policies: one more is 400 E0000001 and nothing is added', async () => {
    for (let i = 1; i < 1000; i++) backend.policies.add({ name: `Policy ${i}` });
    expectOktaError(await create({ type: 'ACCESS_POLICY', name: 'One too many' }), 400, 'E0000001', 'Api validation failed: policy', ['policy: An org keeps at most 1000 policies']);
    expect(await names()).toHaveLength(1000);
  });

  it('changing policies needs okta.policies.manage: a token with okta.policies.read only is 403 E0000006', async () => {
    await backend.seed({ tokens: [{ type: 'SSWS', token: 'read-only', scopes: ['okta.policies.read'] }] });
    const refused = await call(backend, '/api/v1/policies', { method: 'POST', json: { type: 'ACCESS_POLICY', name: 'Nope' }, authorization: 'SSWS read-only' });
    expectOktaError(refused, 403, 'E0000006', 'You do not have permission to perform the requested action');
    expect(await names()).toEqual(['Any two factors']);
  });
});
