import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { all, useOfficialSdk } from '../../support/official-sdk';
import type { CreateApplicationInput } from '../../../src/index';
import { bookmark } from '../app-inputs';

// The official Okta Node SDK, with an API token, against the backend over HTTP: evidence that the
// endpoints around an app speak the wire a real Okta client expects.
const backend = createMockBackend();
const served = useOfficialSdk(backend);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 3]);
const org2org = { name: 'okta_org2org', label: 'Partner', signOnMode: 'SAML_2_0', settings: { app: { baseUrl: 'https://partner.okta.com' } } } as unknown as CreateApplicationInput;

describe('@okta/okta-sdk-nodejs around an app', () => {
  it('assignApplicationPolicy assigns, and policyApi.getPolicy reads the policy the app links to', async () => {
    const app = backend.apps.create(bookmark());
    const policy = backend.policies.add({ name: 'Require MFA' });
    await served.sdk.applicationApi.assignApplicationPolicy({ appId: app.id, policyId: String(policy.id) });
    const read = await served.sdk.applicationApi.getApplication({ appId: app.id });
    const href = (read._links as { accessPolicy?: { href?: string } }).accessPolicy?.href;
    expect(href).toBe(`${served.url}/api/v1/policies/${String(policy.id)}`);
    expect((await served.sdk.policyApi.getPolicy({ policyId: String(policy.id) })).name).toBe('Require MFA');
    expect((await all(await served.sdk.policyApi.listPolicies({ type: 'ACCESS_POLICY' }))).map((p) => p.name)).toEqual(['Any two factors', 'Require MFA']);
  });

  it('uploadApplicationLogo uploads a PNG the app then links to', async () => {
    const app = backend.apps.create(bookmark());
    await served.sdk.applicationApi.uploadApplicationLogo({ appId: app.id, file: { data: PNG, name: 'logo.png' } });
    const logo = (backend.apps.get(app.id)!._links!.logo as Array<{ href: string }>)[0]!;
    expect(Buffer.from(await (await fetch(logo.href)).arrayBuffer())).toEqual(PNG);
  });

  it('features: listFeaturesForApplication, getFeatureForApplication, updateFeatureForApplication', async () => {
    const app = backend.apps.create(org2org);
    await served.sdk.applicationApi.activateDefaultProvisioningConnectionForApplication({ appId: app.id });
    expect((await all(await served.sdk.applicationApi.listFeaturesForApplication({ appId: app.id }))).map((f) => f.name)).toEqual(['USER_PROVISIONING', 'INBOUND_PROVISIONING']);
    expect((await served.sdk.applicationApi.getFeatureForApplication({ appId: app.id, name: 'USER_PROVISIONING' })).status).toBe('ENABLED');
    const updated = await served.sdk.applicationApi.updateFeatureForApplication({
      appId: app.id,
      name: 'USER_PROVISIONING',
      CapabilitiesObject: { create: { lifecycleCreate: { status: 'ENABLED' } } },
    });
    expect((updated as unknown as { capabilities: { create: { lifecycleCreate: { status: string } } } }).capabilities.create.lifecycleCreate.status).toBe('ENABLED');
  });

  it('connection: getDefaultProvisioningConnectionForApplication, update (activate), deactivate and activate', async () => {
    const app = backend.apps.create(org2org);
    const api = served.sdk.applicationApi;
    expect((await api.getDefaultProvisioningConnectionForApplication({ appId: app.id })).status).toBe('DISABLED');
    const updated = await api.updateDefaultProvisioningConnectionForApplication({
      appId: app.id,
      ProvisioningConnectionRequest: { profile: { authScheme: 'TOKEN', token: 'sdk-token' } },
      activate: true,
    });
    expect(updated.status).toBe('ENABLED');
    await api.deactivateDefaultProvisioningConnectionForApplication({ appId: app.id });
    expect((await api.getDefaultProvisioningConnectionForApplication({ appId: app.id })).status).toBe('DISABLED');
    await api.activateDefaultProvisioningConnectionForApplication({ appId: app.id });
    expect((await api.getDefaultProvisioningConnectionForApplication({ appId: app.id })).status).toBe('ENABLED');
  });

  it('tokens: listOAuth2TokensForApplication, getOAuth2TokenForApplication, revokeOAuth2TokenForApplication, revokeOAuth2TokensForApplication', async () => {
    const app = backend.apps.create(bookmark());
    const user = backend.directory.addUser({ login: 'sdk.tokens@example.com' });
    const [first, second] = [backend.refreshTokens.issue(app.id, { userId: user.id, scopes: ['offline_access'] }), backend.refreshTokens.issue(app.id, { userId: user.id, scopes: ['openid'] })];
    const api = served.sdk.applicationApi;
    expect((await all(await api.listOAuth2TokensForApplication({ appId: app.id, limit: 1 }))).map((t) => t.id)).toEqual([first, second]);
    expect((await api.getOAuth2TokenForApplication({ appId: app.id, tokenId: first })).scopes).toEqual(['offline_access']);
    await api.revokeOAuth2TokenForApplication({ appId: app.id, tokenId: first });
    await expect(api.getOAuth2TokenForApplication({ appId: app.id, tokenId: first })).rejects.toMatchObject({ status: 404 });
    await api.revokeOAuth2TokensForApplication({ appId: app.id });
    expect(await all(await api.listOAuth2TokensForApplication({ appId: app.id }))).toEqual([]);
  });

  it('group push: createGroupPushMapping, listGroupPushMappings, getGroupPushMapping, updateGroupPushMapping, deleteGroupPushMapping', async () => {
    const app = backend.apps.create({ name: 'deelhr', label: 'Deel', signOnMode: 'AUTO_LOGIN', settings: { app: {} } } as unknown as CreateApplicationInput);
    const group = backend.directory.addGroup({ name: 'SDK pushed' });
    const api = served.sdk.groupPushMappingApi;
    const created = await api.createGroupPushMapping({ appId: app.id, body: { sourceGroupId: group.id, targetGroupName: 'SDK pushed' } });
    expect(created.sourceGroupId).toBe(group.id);
    expect((await all(await api.listGroupPushMappings({ appId: app.id, sourceGroupId: group.id }))).map((m) => m.id)).toEqual([created.id]);
    expect((await api.getGroupPushMapping({ appId: app.id, mappingId: created.id! })).status).toBe('ACTIVE');
    expect((await api.updateGroupPushMapping({ appId: app.id, mappingId: created.id!, body: { status: 'INACTIVE' } })).status).toBe('INACTIVE');
    await api.deleteGroupPushMapping({ appId: app.id, mappingId: created.id!, deleteTargetGroup: false });
    await expect(api.getGroupPushMapping({ appId: app.id, mappingId: created.id! })).rejects.toMatchObject({ status: 404 });
  });

  it('federated claims: createFederatedClaim, listFederatedClaims, getFederatedClaim, replaceFederatedClaim, deleteFederatedClaim', async () => {
    const app = backend.apps.create(bookmark());
    const api = served.sdk.applicationApi;
    const created = await api.createFederatedClaim({ appId: app.id, federatedClaimRequestBody: { name: 'role', expression: 'user.profile.title' } });
    expect((await all(await api.listFederatedClaims({ appId: app.id }))).map((c) => c.id)).toEqual([created.id]);
    expect((await api.getFederatedClaim({ appId: app.id, claimId: created.id! })).name).toBe('role');
    const replaced = await api.replaceFederatedClaim({ appId: app.id, claimId: created.id!, federatedClaim: { name: 'title', expression: 'user.profile.title' } });
    expect(replaced.name).toBe('title');
    await api.deleteFederatedClaim({ appId: app.id, claimId: created.id! });
    expect(await all(await api.listFederatedClaims({ appId: app.id }))).toEqual([]);
  });

  it('app user schema: getApplicationUserSchema, updateApplicationUserProfile', async () => {
    const app = backend.apps.create(bookmark());
    const api = served.sdk.schemaApi;
    // The SDK reads the schema into its user schema model (whose base properties are a user's, not an app user's).
    expect(await api.getApplicationUserSchema({ appInstanceId: app.id })).toMatchObject({ id: `${served.url}/meta/schemas/apps/${app.id}/default`, name: expect.stringMatching(/^bookmark_[0-9a-v]{7}$/) });
    const updated = await api.updateApplicationUserProfile({
      appInstanceId: app.id,
      body: { definitions: { custom: { id: '#custom', type: 'object', properties: { team: { title: 'Team', type: 'string' } } } } } as never,
    });
    expect((updated.definitions?.custom?.properties as Record<string, unknown> | undefined)?.team).toMatchObject({ title: 'Team', type: 'string' });
  });
});
