/**
 * The appset quick start: the client against the in-memory backend, in-process through msw.
 * No server, no network, no credentials. Run it with `npm run demo`.
 */
import { exportJWK, generateKeyPair } from 'jose';
import { setupServer } from 'msw/node';
import { createClient, isApiError, type Application } from 'appset';
import { events, signSecurityEventToken } from 'appset/set';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });

const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
const line = (app: Application) => `${app.label.padEnd(18)} ${String(app.name).padEnd(12)} ${app.status.padEnd(8)} ${app.id}`;
const step = (text: string) => console.log(`\n${text}`);

try {
  console.log(`appset demo: a client against an in-memory organization at ${backend.orgUrl}`);

  step('1. Create a bookmark app, a SAML catalog app and an OIDC client');
  const wiki = await client.apps.create({
    name: 'bookmark',
    label: 'Team Wiki',
    signOnMode: 'BOOKMARK',
    settings: { app: { url: 'https://wiki.example.com' } },
  });
  const salesforce = await client.apps.create({
    name: 'salesforce',
    label: 'Salesforce',
    signOnMode: 'SAML_2_0',
    settings: { app: { integrationType: 'STANDARD', instanceType: 'PRODUCTION' } },
  });
  const portal = await client.apps.create(
    {
      name: 'oidc_client',
      label: 'Customer Portal',
      signOnMode: 'OPENID_CONNECT',
      credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
      settings: {
        oauthClient: {
          grant_types: ['authorization_code', 'refresh_token'],
          redirect_uris: ['https://portal.example.com/callback'],
          response_types: ['code'],
          application_type: 'web',
        },
      },
    },
    { activate: false },
  );
  for (const app of [wiki, salesforce, portal]) console.log(`   ${line(app)}`);

  step('2. List them two per page, following the Link headers');
  let n = 0;
  for await (const page of client.apps.list({ limit: 2 }).pages()) {
    console.log(`   page ${++n}: ${page.items.map((a) => a.label).join(', ')}${page.links.next ? '  (next →)' : ''}`);
  }

  step('3. Filter: only ACTIVE apps whose name or label starts with "s"');
  for await (const app of client.apps.list({ filter: { status: 'ACTIVE' }, q: 's' })) console.log(`   ${line(app)}`);

  step('4. Replace the wiki\'s label (unknown fields of the fetched app are sent back untouched)');
  const renamed = await client.apps.replace(wiki.id, { ...(await client.apps.get(wiki.id)), label: 'Engineering Wiki' });
  console.log(`   ${line(renamed)}`);

  step('5. Delete an ACTIVE app: the API refuses, and the error says why');
  try {
    await client.apps.delete(wiki.id);
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.log(`   ${error.name} ${error.status} ${error.errorCode}: ${error.errorSummary}`);
    console.log(`   cause: ${error.errorCauses.map((c) => c.errorSummary).join('; ')}`);
  }

  step('6. Deactivate, then delete');
  await client.apps.deactivate(wiki.id);
  await client.apps.delete(wiki.id);
  const gone = await client.apps.get(wiki.id).catch((error: unknown) => error);
  console.log(`   deleted; a later get answers ${isApiError(gone) ? `${gone.status} ${gone.errorCode}` : 'unexpectedly'}`);
  console.log(`   ${backend.apps.size} apps remain`);

  step('7. A security event provider signs a Security Event Token and publishes it');
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'risk-1', alg: 'RS256', use: 'sig' };
  backend.providers.register({ issuer: 'https://risk.example.com', jwks: { keys: [jwk] }, name: 'Risk Engine' });
  // The organization acts only on events about its own users, found by email, as Okta does.
  backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  const token = await signSecurityEventToken(
    {
      iss: 'https://risk.example.com',
      aud: backend.orgUrl,
      events: events.userRiskChange({
        subject: { user: { format: 'email', email: 'ada@example.com' } },
        current_level: 'high',
        previous_level: 'low',
      }),
    },
    { key: privateKey, kid: 'risk-1' },
  );
  await client.securityEvents.publish(token);
  const [logged] = await client.logs.list({ filter: 'eventType eq "security.events.provider.receive_event"' }).toArray({ max: 1 });
  console.log(`   accepted; System Log: ${logged?.displayMessage} (${logged?.actor?.displayName})`);
  console.log(`   ada@example.com risk level is now ${backend.signals.user('ada@example.com')?.riskLevel}`);
} finally {
  server.close();
}
