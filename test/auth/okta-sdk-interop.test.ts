import okta from '@okta/okta-sdk-nodejs';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';

// The official Okta Node SDK in its PrivateKey mode against the backend over HTTP: evidence that the
// token endpoint, DPoP and the apps API speak the wire a real Okta client expects.
const backend = createMockBackend();
let running: RunningServer;
const answered: Array<[string, number]> = [];

beforeAll(async () => {
  running = await listen(backend, { host: '127.0.0.1', port: 0, onRequest: ({ path, status }) => answered.push([path.split('?')[0]!, status]) });
});
afterAll(() => running.close());

describe.each([false, true])('@okta/okta-sdk-nodejs as a service app, DPoP required: %s', (dpop) => {
  it('gets a token and lists the apps', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const { clientId } = backend.oauth.registerServiceApp({
      publicJwk: { ...(await exportJWK(publicKey)), kid: 'sdk-key', use: 'sig' },
      scopes: ['okta.apps.read'],
      dpop,
    });
    const config = {
      orgUrl: running.url,
      authorizationMode: 'PrivateKey',
      clientId,
      scopes: ['okta.apps.read'],
      privateKey: await exportPKCS8(privateKey),
      keyId: 'sdk-key',
      // The SDK refuses http:// org URLs unless told it is under test; its typings omit that option.
      testing: { disableHttpsCheck: true },
    };
    const official = new okta.Client(config as ConstructorParameters<typeof okta.Client>[0]);

    answered.length = 0;
    const ids: string[] = [];
    for await (const app of await official.applicationApi.listApplications({})) if (app?.id) ids.push(app.id);

    expect(ids).toContain(clientId);
    // The SDK sends a DPoP proof with every token request: a DPoP app answers with its nonce first and
    // then accepts the SDK's proofs; another app ignores the proof and issues a Bearer token.
    expect(answered).toEqual([
      ...(dpop ? [['/oauth2/v1/token', 400]] : []),
      ['/oauth2/v1/token', 200],
      ['/api/v1/apps', 200],
    ]);
  });
});
