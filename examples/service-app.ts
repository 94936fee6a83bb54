/**
 * A service app end to end, against the in-memory backend through msw: an administrator creates the
 * app with its public key and grants it a scope; the service then authenticates with its private
 * key (private_key_jwt, DPoP) and reads apps. Run it with `npx tsx examples/service-app.ts`.
 */
import { exportJWK, generateKeyPair } from 'jose';
import { setupServer } from 'msw/node';
import { createClient, isApiError, isOAuthError } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });
server.events.on('response:mocked', ({ request, response }) => {
  const url = new URL(request.url);
  console.log(`   ${request.method} ${url.pathname} → ${response.status}${request.headers.has('dpop') ? ' (with a DPoP proof)' : ''}`);
});

try {
  console.log('1. The service generates its key pair; the administrator registers the public key');
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const admin = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
  const app = await admin.apps.create({
    name: 'oidc_client',
    label: 'Nightly inventory',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'private_key_jwt' } },
    settings: {
      oauthClient: {
        application_type: 'service',
        grant_types: ['client_credentials'],
        response_types: ['token'],
        jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'inventory-1' }] },
        dpop_bound_access_tokens: true,
      },
    },
  });

  console.log('2. The administrator grants it okta.apps.read');
  const grant = await fetch(`${backend.orgUrl}/api/v1/apps/${app.id}/grants`, {
    method: 'POST',
    headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ issuer: backend.orgUrl, scopeId: 'okta.apps.read' }),
  });
  console.log(`   grant ${((await grant.json()) as { id: string }).id}`);

  console.log('3. The service lists apps with its own key: token request, nonce, DPoP-bound token');
  const service = createClient({
    orgUrl: backend.orgUrl,
    oauth: { clientId: app.id, privateKey, keyId: 'inventory-1', scopes: ['okta.apps.read'], dpop: true },
  });
  for await (const each of service.apps.list()) console.log(`   found ${each.label}`);

  console.log('4. Creating an app needs okta.apps.manage, which was not granted');
  try {
    await service.apps.create({ name: 'bookmark', label: 'Nope', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://example.com' } } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    console.log(`   ${error.status} ${String(error.errorCode)}: ${String(error.errorSummary)}`);
  }

  console.log('5. Asking for a scope that was not granted fails at the token endpoint');
  const greedy = createClient({
    orgUrl: backend.orgUrl,
    oauth: { clientId: app.id, privateKey, keyId: 'inventory-1', scopes: ['okta.apps.manage'], dpop: true },
  });
  try {
    await greedy.apps.list().toArray({ max: 10 });
  } catch (error) {
    if (!isOAuthError(error)) throw error;
    console.log(`   OAuthError ${error.error}: ${String(error.errorDescription)}`);
  }
} finally {
  server.close();
}
