import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend({ tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'users-only', scopes: ['okta.users.read'] }] });

describe('GET /.well-known/okta-organization', () => {
  it('describes the org without a credential, in the order real orgs answer: an Identity Engine org in its cell', async () => {
    const response = await call(backend, '/.well-known/okta-organization', { authorization: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body).toEqual({
      id: expect.stringMatching(/^00o[0-9A-Za-z]{17}$/),
      cell: 'op1',
      _links: { organization: { href: backend.orgUrl } },
      pipeline: 'idx',
      settings: { analyticsCollectionEnabled: false, bugReportingEnabled: true, omEnabled: false, pssoEnabled: false, desktopMFAEnabled: false, itpEnabled: false },
    });
    expect(Object.keys(response.body)).toEqual(['id', 'cell', '_links', 'pipeline', 'settings']);
  });

  it("names the org whose snapshot was restored: the id is the org's, not fixed", async () => {
    const before = (await call(backend, '/.well-known/okta-organization')).body.id;
    const snapshot = backend.snapshot() as { orgId: string };
    backend.restore({ ...snapshot, orgId: '00oRestoredOrg000001' });
    expect((await call(backend, '/.well-known/okta-organization')).body.id).toBe('00oRestoredOrg000001');
    expect(before).not.toBe('00oRestoredOrg000001');
  });
});

describe('GET /api/v1/features', () => {
  it('lists the org\'s self-service features: "enable" while one is off, "disable" while it is on', async () => {
    const response = await call(backend, '/api/v1/features', { authorization: 'SSWS admin' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(0);
    for (const feature of response.body) {
      expect(Object.keys(feature)).toEqual(['id', 'type', 'status', 'name', 'description', 'stage', '_links']);
      const self = `${backend.orgUrl}/api/v1/features/${feature.id}`;
      const toggle = feature.status === 'ENABLED' ? 'disable' : 'enable';
      expect(feature._links).toEqual({
        [toggle]: { href: `${self}/${toggle}`, hints: { allow: ['POST'] } },
        self: { href: self },
        dependents: { href: `${self}/dependents` },
        dependencies: { href: `${self}/dependencies` },
      });
    }
    expect(response.body.find((f: { name: string }) => f.name === 'Front-channel Single Logout')).toMatchObject({ id: 'ftr3aIC4kQI7sJEgoodC', status: 'ENABLED' });
  });

  it('reads one feature by id, and answers 404 E0000007 for an id no feature has', async () => {
    expect((await call(backend, '/api/v1/features/ftr3aIC4kQI7sJEgoodC')).body.name).toBe('Front-channel Single Logout');
    expectOktaError(await call(backend, '/api/v1/features/ftrNoSuchFeature0000'), 404, 'E0000007', 'Not found: Resource not found: ftrNoSuchFeature0000 (Feature)');
  });

  it('needs okta.features.read: a token without it is 403 E0000006', async () => {
    expectOktaError(await call(backend, '/api/v1/features', { authorization: 'SSWS users-only' }), 403, 'E0000006', 'You do not have permission to perform the requested action');
  });
});
