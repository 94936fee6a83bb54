/**
 * What clients call around an app, against the in-memory backend through msw: the sign-in policy,
 * the logo, provisioning, refresh tokens, group push, federated claims and the app user schema.
 * Run it with `node --import tsx examples/app-resources.ts`.
 */
import { setupServer } from 'msw/node';
import { createClient, type CreateApplicationInput } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });

try {
  // An Okta Org2Org app can be provisioned; a group to push, and a policy, are seeded.
  const partner: CreateApplicationInput = { name: 'okta_org2org', label: 'Partner org', signOnMode: 'SAML_2_0', settings: { app: { baseUrl: 'https://partner.okta.com' } } };
  const app = await client.apps.create(partner);
  const seeded = await backend.seed({ groups: [{ name: 'Engineering' }], policies: [{ name: 'Require MFA' }] });
  const [group, policy] = [seeded.groups[0]!, seeded.policies[0]!];

  await client.apps.policies.assign(app.id, String(policy.id));
  const links = (await client.apps.get(app.id))._links as { accessPolicy?: { href: string } };
  console.log('access policy:', links.accessPolicy?.href);

  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
  console.log('logo served at:', (await client.apps.logo.upload(app.id, png)).url);

  await client.apps.connections.update(app.id, { profile: { authScheme: 'TOKEN', token: 'api-token-of-the-partner-org' } }, { activate: true });
  const features = await client.apps.features.list(app.id);
  console.log('features:', features.map((f) => `${f.name} ${f.status}`).join(', '));

  const mapping = await client.apps.groupPush.create(app.id, { sourceGroupId: group.id, targetGroupName: 'Engineering' });
  console.log('group push:', mapping.status, 'to group', mapping.targetGroupId);

  const claim = await client.apps.federatedClaims.create(app.id, { name: 'team', expression: 'user.profile.department' });
  console.log('claim:', claim.name, '=', claim.expression);

  const schema = await client.apps.userSchema.update(app.id, { definitions: { custom: { properties: { badge: { title: 'Badge', type: 'string' } } } } });
  console.log('custom app user properties:', Object.keys(schema.definitions.custom.properties).join(', '));

  console.log('refresh tokens:', (await client.apps.tokens.list(app.id).toArray({ max: 10 })).length);
} finally {
  server.close();
}
