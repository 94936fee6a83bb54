/**
 * A security event provider signs a Security Event Token and publishes it; the organization (in
 * memory here) verifies it and acts on it. Run it with `npx tsx examples/provider-quickstart.ts`.
 */
import { exportJWK, generateKeyPair } from 'jose';
import { createPublisher, events, signSecurityEventToken } from 'appset/set';
import { createMockBackend } from 'appset/mock-server';

const ISSUER = 'https://risk.example.com';
const { privateKey, publicKey } = await generateKeyPair('RS256');

// The organization knows the provider by its issuer and public keys (a real one fetches its jwks_url).
const backend = createMockBackend();
backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }); // it acts on its users only
backend.providers.register({ issuer: ISSUER, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'risk-1' }] } });

const token = await signSecurityEventToken(
  {
    iss: ISSUER,
    aud: backend.orgUrl, // the organization's URL
    events: events.userRiskChange({
      subject: { user: { format: 'email', email: 'ada@example.com' } },
      current_level: 'high',
      previous_level: 'low',
    }),
  },
  { key: privateKey, kid: 'risk-1' },
);

// The publisher needs no Okta credentials (RFC 8935 push); it retries 429, 5xx and network failures.
const publisher = createPublisher({ orgUrl: backend.orgUrl, fetch: (input, init) => backend.fetch(new Request(input, init)) });
await publisher.publish(token); // resolves on 202; a refusal throws SetDeliveryError with Okta's err
console.log(`ada@example.com risk level: ${backend.signals.user('ada@example.com')?.riskLevel}`);
