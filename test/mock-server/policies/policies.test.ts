import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend();

describe('app sign-in policies', () => {
  it('every new app links to the org default access policy, whose id the control plane and the state API tell', async () => {
    const app = backend.apps.create(bookmark());
    const health = await call(backend, '/__appset/health');
    expect(health.body.defaultAccessPolicyId).toBe(backend.policies.defaultAccessPolicyId);
    expect(backend.policies.defaultAccessPolicyId).toMatch(/^rst[0-9A-Za-z]{17}$/);
    expect(app._links!.accessPolicy).toEqual({ href: `${backend.orgUrl}/api/v1/policies/${backend.policies.defaultAccessPolicyId}` });
  });

  it('PUT /api/v1/apps/{appId}/policies/{policyId} answers 204 with no body, and the app links to that policy afterwards', async () => {
    const app = backend.apps.create(bookmark());
    const policy = backend.policies.add({ name: 'Require MFA' });
    const answer = await call(backend, `/api/v1/apps/${app.id}/policies/${String(policy.id)}`, { method: 'PUT' });
    expect({ status: answer.status, text: answer.text, type: answer.headers.get('content-type') }).toEqual({ status: 204, text: '', type: null });
    const read = await call(backend, `/api/v1/apps/${app.id}`);
    expect(read.body._links.accessPolicy).toEqual({ href: `${backend.orgUrl}/api/v1/policies/${String(policy.id)}` });
    expect((await call(backend, '/api/v1/apps')).body[0]._links.accessPolicy.href).toBe(`${backend.orgUrl}/api/v1/policies/${String(policy.id)}`);
  });

  it('an unknown policy is 404 E0000007 (Policy) and the app keeps its policy', async () => {
    const app = backend.apps.create(bookmark());
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/policies/rstNOPE`, { method: 'PUT' }), 404, 'E0000007', 'Not found: Resource not found: rstNOPE (Policy)');
    expect(backend.apps.get(app.id)!._links!.accessPolicy).toEqual({ href: `${backend.orgUrl}/api/v1/policies/${backend.policies.defaultAccessPolicyId}` });
  });

  it('an unknown app is 404 E0000007 (AppInstance), checked before the policy', async () => {
    expectOktaError(await call(backend, '/api/v1/apps/0oaNOPE/policies/rstNOPE', { method: 'PUT' }), 404, 'E0000007', 'Not found: Resource not found: 0oaNOPE (AppInstance)');
  });

  it("GET /api/v1/policies/{policyId} answers the default policy in Okta's representation, so the app's link resolves", async () => {
    const app = backend.apps.create(bookmark());
    const answer = await call(backend, new URL((app._links!.accessPolicy as { href: string }).href).pathname);
    const id = backend.policies.defaultAccessPolicyId;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id,
      status: 'ACTIVE',
      name: 'Any two factors',
      description: 'Require two factors to access.',
      priority: 1,
      system: true,
      conditions: null,
      created: expect.stringMatching(/\.000Z$/),
      lastUpdated: expect.stringMatching(/\.000Z$/),
      _links: {
        self: { href: `${backend.orgUrl}/api/v1/policies/${id}`, hints: { allow: ['GET', 'PUT'] } },
        rules: { href: `${backend.orgUrl}/api/v1/policies/${id}/rules`, hints: { allow: ['GET', 'POST'] } },
      },
      type: 'ACCESS_POLICY',
    });
    expect(Object.keys(answer.body)).toEqual(['id', 'status', 'name', 'description', 'priority', 'system', 'conditions', 'created', 'lastUpdated', '_links', 'type']);
  });

  it('GET /api/v1/policies?type=ACCESS_POLICY lists the default and added policies with Link headers; other types list nothing', async () => {
    backend.policies.add({ name: 'Require MFA' });
    const listed = await call(backend, '/api/v1/policies?type=ACCESS_POLICY');
    expect(listed.body.map((p: { name: string }) => p.name)).toEqual(['Any two factors', 'Require MFA']);
    expect(listed.body.map((p: { _embedded: unknown }) => p._embedded)).toEqual([{ resourceType: 'APP' }, { resourceType: 'APP' }]);
    expect(listed.headers.get('link')).toBe(`<${backend.orgUrl}/api/v1/policies?type=ACCESS_POLICY>; rel="self"`);
    const paged = await call(backend, '/api/v1/policies?type=ACCESS_POLICY&limit=1');
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.get('link')).toContain('rel="next"');
    expect((await call(backend, '/api/v1/policies?type=PASSWORD')).body).toEqual([]);
  });

  it('a missing or unknown policy type is 400 E0000002, as real organizations answer', async () => {
    for (const query of ['', '?type=NOPE']) {
      expectOktaError(await call(backend, `/api/v1/policies${query}`), 400, 'E0000002', 'The request was not valid: Invalid policy type specified.');
    }
  });

  it('reading policies needs okta.policies.read: a token without it is 403 E0000006', async () => {
    await backend.seed({ tokens: [{ type: 'SSWS', token: 'apps-only', scopes: ['okta.apps.read'] }] });
    expectOktaError(
      await call(backend, `/api/v1/policies/${backend.policies.defaultAccessPolicyId}`, { authorization: 'SSWS apps-only' }),
      403,
      'E0000006',
      'You do not have permission to perform the requested action',
    );
  });
});
