// A security event provider from end to end on this machine, with appset/set: keys, discovery,
// signing and publishing, to an organization played by appset-mock. docs/providers.md opens with
// this file. Run it with `npx tsx examples/provider-end-to-end.ts`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from 'appset';
import { createProviderHandler, createPublisher, events, signSecurityEventToken } from 'appset/set';
import { toNodeListener } from 'appset/set/node';
import { createMockBackend } from 'appset/mock-server';
import { listen } from 'appset/mock-server/node';

// The organization: appset-mock over HTTP on 127.0.0.1, with Ada among its users.
const backend = createMockBackend();
const organization = await listen(backend, { port: 0 });
backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });

// 1. Keys: the provider's key pair. In production the private key comes from a secret store,
//    as a PKCS #8 PEM (`appset-set keygen` writes one).
const { privateKey, publicKey } = await crypto.subtle.generateKey(
  { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  false,
  ['sign', 'verify'],
);

// 2. Discovery: the SSF configuration and the public key set, served with node:http.
const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const provider = await createProviderHandler({ issuer, keys: [publicKey] });
server.on('request', toNodeListener(provider));
console.log(`1. the provider serves its discovery at ${provider.configurationUrl}`);

// An administrator registers the provider by that URL; the organization reads issuer and jwks_uri.
const admin = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
const registered = await admin.securityEventsProviders.create({
  name: 'Risk Engine',
  type: 'okta',
  settings: { well_known_url: provider.configurationUrl },
});
console.log(`2. the organization registered it: ${registered.status}, jwks_url ${registered.settings.jwks_url}`);

// 3. Signing: a user-risk-change about Ada, under the kid the key set publishes.
const { kid } = provider.jwks.keys[0]!;
const token = await signSecurityEventToken(
  {
    iss: issuer,
    aud: backend.orgUrl,
    events: events.userRiskChange({
      subject: { user: { format: 'email', email: 'ada@example.com' } },
      current_level: 'high',
      previous_level: 'low',
    }),
  },
  { key: privateKey, kid },
);

// 4. Publishing: RFC 8935 push with retries, and no Okta credentials.
const publisher = createPublisher({ orgUrl: backend.orgUrl });
const receipt = await publisher.publish(token);
console.log(`3. the token was accepted: ${receipt.status} after ${receipt.attempts} attempt(s)`);

// What the organization did with it.
console.log(`4. Ada's risk level: ${backend.signals.user('ada@example.com')?.riskLevel}`);
console.log(`5. System Log: ${backend.logs.list().map((event) => event.eventType).join(', ')}`);

await publisher.close();
server.close();
await organization.close();
