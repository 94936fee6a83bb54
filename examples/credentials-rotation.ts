import { setupServer } from 'msw/node';
import { createClient, expiringKeys } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

// An in-memory organization for this example; against a real one, only the client is needed.
const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });

// A custom SAML 2.0 app: it signs with a key of its own (an X.509 certificate valid ten years).
const app = await client.apps.create({
  label: 'Analytics',
  signOnMode: 'SAML_2_0',
  settings: { signOn: { ssoAcsUrl: 'https://analytics.example.com/acs', audience: 'https://analytics.example.com' } },
});

// Rotate: a new key valid two years, the app switched to it; nothing else of the app changes.
const { key, metadata } = await client.apps.rotateSigningKey(app.id, { validityYears: 2 });
console.log(`signing with ${key.kid}, expires ${key.expiresAt}`);
console.log(`metadata carries the new certificate: ${metadata?.replace(/\n/g, '').includes(key.x5c?.[0] ?? '-')}`);

// The apps list finds the app by the key it signs with.
const found = await client.apps.list({ filter: { 'credentials.signing.kid': key.kid } }).toArray({ max: 10 });
console.log(`apps signing with it: ${found.map((a) => a.label).join(', ')}`);

// The keys that expire within three years, across apps (here the new one; the old key stays listed).
for await (const soon of expiringKeys(client, { withinDays: 3 * 365 })) {
  console.log(`${soon.app.label}: ${soon.key.kid} expires ${soon.key.expiresAt}${soon.signing ? ' (signing)' : ''}`);
}
server.close();
