/**
 * What a security event provider does: sign a Security Event Token (SET) and publish it to an
 * organization, which verifies it, records it in the System Log and acts on it. The organization here
 * is the in-memory backend, in-process through msw. Run it with `tsx examples/provider-send-set.ts`.
 */
import { exportJWK, generateKeyPair } from 'jose';
import { setupServer } from 'msw/node';
import { createClient } from 'appset';
import { events, signSecurityEventToken } from 'appset/set';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

const ISSUER = 'https://risk.example.com';
const KID = 'risk-key-1';

const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });

const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
const step = (text: string) => console.log(`\n${text}`);

try {
  console.log(`appset provider demo: a security event provider signals an organization at ${backend.orgUrl}`);

  step(`1. Generate an RS256 key pair and register the provider ${ISSUER}`);
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  // A real provider is registered by an administrator with its jwks_url; the backend's shortcut takes the keys directly.
  const provider = backend.providers.register({ issuer: ISSUER, jwks: { keys: [publicJwk] }, name: 'Risk Engine' });
  console.log(`   provider ${provider.id} ${provider.status}, key ${KID}`);
  // The organization acts only on events about its own users, found by email, as Okta does.
  const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  console.log(`   user ${ada.profile.login} (${ada.id}) in the organization`);

  step('2. Sign a user-risk-change for ada@example.com (low → high)');
  const token = await signSecurityEventToken(
    {
      iss: ISSUER,
      aud: backend.orgUrl,
      events: events.userRiskChange({
        subject: { user: { format: 'email', email: 'ada@example.com' } },
        current_level: 'high',
        previous_level: 'low',
        initiating_entity: 'policy',
      }),
    },
    { key: privateKey, kid: KID },
  );
  console.log(`   ${token.length}-character compact JWS: ${token.slice(0, 24)}…`);

  step('3. Publish it to /security/api/v1/security-events');
  await client.securityEvents.publish(token);
  console.log('   accepted (202)');

  step('4. The System Log records it');
  const [logged] = await client.logs
    .list({ filter: 'eventType eq "security.events.provider.receive_event"' })
    .toArray({ max: 1 });
  if (logged === undefined) throw new Error('The System Log has no receive_event for the published token.');
  console.log(`   ${logged.eventType}: ${logged.displayMessage}`);
  console.log(`   actor ${logged.actor?.displayName} (${logged.actor?.id}), target ${logged.target?.map((t) => t.alternateId).join(', ')}`);

  step('5. The organization acted on it');
  console.log(`   ada@example.com risk level: ${backend.signals.user('ada@example.com')?.riskLevel}`);
} finally {
  server.close();
}
