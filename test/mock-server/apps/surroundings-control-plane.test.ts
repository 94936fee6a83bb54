import { describe, expect, it } from 'vitest';
import { createMockBackend, type SeedDocument } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call } from '../raw-http';

const { backend } = useMockBackend({ ids: 'deterministic' });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** A seed with one of everything around two apps created first (their ids are known in deterministic mode). */
async function seedAround() {
  const app = backend.apps.create(bookmark());
  const partner = backend.apps.create({ name: 'okta_org2org', label: 'Partner', signOnMode: 'SAML_2_0', settings: { app: { baseUrl: 'https://partner.okta.com' } } } as never);
  const document: SeedDocument = {
    users: [{ id: '00u00000000000000abc', login: 'ada@example.com' }],
    groups: [{ id: '00g00000000000000abc', name: 'Engineering' }],
    policies: [{ id: 'rst00000000000000abc', name: 'Require MFA' }],
    policyAssignments: [{ appId: app.id, policyId: 'rst00000000000000abc' }],
    logos: [{ appId: app.id, data: base64(PNG) }],
    connections: [{ appId: partner.id, status: 'ENABLED' }],
    features: [{ appId: partner.id, name: 'USER_PROVISIONING', capabilities: { create: { lifecycleCreate: { status: 'ENABLED' } } } }],
    refreshTokens: [{ appId: app.id, userId: '00u00000000000000abc', scopes: ['offline_access'] }],
    groupPushMappings: [{ appId: partner.id, sourceGroupId: '00g00000000000000abc', targetGroupName: 'Pushed' }],
    federatedClaims: [{ appId: app.id, name: 'role', expression: 'user.profile.title' }],
    appUserSchemas: [{ appId: app.id, custom: { team: { title: 'Team', type: 'string' } } }],
  };
  const result = await backend.seed(document);
  return { app, partner, result };
}

describe('the control plane around apps', () => {
  it('a seed document adds policies, assignments, logos, connections, features, refresh tokens, group push mappings, claims and user schemas', async () => {
    const { app, partner, result } = await seedAround();
    expect(result.policies.map((p) => p.id)).toEqual(['rst00000000000000abc']);
    expect(backend.apps.get(app.id)!._links!.accessPolicy).toEqual({ href: `${backend.orgUrl}/api/v1/policies/rst00000000000000abc` });
    const logo = (backend.apps.get(app.id)!._links!.logo as Array<{ href: string; type: string }>)[0]!;
    expect(logo.type).toBe('image/png');
    expect(new Uint8Array(await (await fetch(logo.href)).arrayBuffer())).toEqual(PNG);
    expect((await call(backend, `/api/v1/apps/${partner.id}/features/USER_PROVISIONING`)).body.capabilities.create).toEqual({ lifecycleCreate: { status: 'ENABLED' } });
    expect((await call(backend, `/api/v1/apps/${app.id}/tokens`)).body.map((t: { id: string }) => t.id)).toEqual(result.surroundings.refreshTokens);
    expect((await call(backend, `/api/v1/apps/${partner.id}/group-push/mappings`)).body.map((m: { id: string }) => m.id)).toEqual(result.surroundings.groupPushMappings);
    expect((await call(backend, `/api/v1/apps/${app.id}/federated-claims`)).body.map((c: { id: string }) => c.id)).toEqual(result.surroundings.federatedClaims);
    expect(Object.keys((await call(backend, `/api/v1/meta/schemas/apps/${app.id}/default`)).body.definitions.custom.properties)).toEqual(['team']);
  });

  it('a snapshot carries all of it (the logo in base64, no connection token) and restores it exactly into another backend', async () => {
    await seedAround();
    const doc = JSON.parse(JSON.stringify(backend.snapshot()));
    expect(doc.surroundings.logos[0].data).toBe(base64(PNG));
    const other = createMockBackend({ ids: 'deterministic' });
    other.restore(doc);
    expect(other.snapshot()).toEqual(doc);
  });

  it('reset forgets everything around apps but keeps the org default policy', async () => {
    await seedAround();
    const defaultId = backend.policies.defaultAccessPolicyId;
    backend.reset();
    expect(backend.snapshot().policies).toEqual({
      policies: [expect.objectContaining({ id: defaultId, system: true })],
      rules: [expect.objectContaining({ policyId: defaultId, name: 'Catch-all Rule', system: true })],
    });
    expect(backend.snapshot().surroundings).toEqual({
      logos: [],
      connections: [],
      features: [],
      refreshTokens: [],
      groupPush: [],
      federatedClaims: [],
      userSchemas: [],
      crossAppAccess: [],
      interclientTrust: [],
    });
    expect(backend.policies.defaultAccessPolicyId).toBe(defaultId);
  });

  it('a refused entry names its field, and the seed changes nothing', async () => {
    const app = backend.apps.create(bookmark());
    const before = backend.snapshot();
    await expect(backend.seed({ federatedClaims: [{ appId: app.id, name: 'a', expression: 'b' }], logos: [{ appId: app.id, data: base64(new TextEncoder().encode('not an image')) }] })).rejects.toThrow(
      'seed field logos[0].data: Must be a PNG, JPG, SVG (UTF-8) or GIF image; the bytes are none of these',
    );
    expect(backend.snapshot()).toEqual(before);
  });

  it('the default policy id follows the org id, so deterministic ids of apps are not moved by it', () => {
    const fresh = createMockBackend({ ids: 'deterministic' });
    expect(fresh.policies.defaultAccessPolicyId).toBe(`rst${fresh.snapshot().orgId.slice(3)}`);
    expect(fresh.apps.create(bookmark()).id).toBe('0oa00000000000000002');
  });
});
