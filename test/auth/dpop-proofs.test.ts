import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/index';
import { useMockBackend } from '../support/backend';

const { backend, server } = useMockBackend();

afterEach(() => {
  vi.restoreAllMocks();
});

async function dpopServiceApp(scopes = ['okta.apps.read']) {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const { clientId } = backend.oauth.registerServiceApp({ publicJwk: { ...(await exportJWK(publicKey)), kid: 'k' }, scopes, dpop: true });
  return createClient({ orgUrl: backend.orgUrl, oauth: { clientId, privateKey, keyId: 'k', scopes, dpop: true } });
}

/** The DPoP proofs sent, with the URL each request went to. */
function captureProofs(): Array<{ url: URL; proof: string }> {
  const proofs: Array<{ url: URL; proof: string }> = [];
  server.events.on('request:start', ({ request }) => {
    const proof = request.headers.get('dpop');
    if (proof !== null) proofs.push({ url: new URL(request.url), proof });
  });
  return proofs;
}

describe('the client\'s DPoP proofs', () => {
  it('name the URL without its query in htu, on every page of a paged list', async () => {
    // Three service apps, so that a walk by two takes two pages (`?limit=2`, then `?after=…&limit=2`).
    await dpopServiceApp();
    await dpopServiceApp();
    const client = await dpopServiceApp();
    const proofs = captureProofs();

    const apps = await client.apps.list({ limit: 2 }).toArray({ max: 10 });

    expect(apps).toHaveLength(3);
    const pages = proofs.filter((p) => p.url.pathname === '/api/v1/apps');
    expect(pages.map((p) => p.url.search)).toEqual(['?limit=2', expect.stringMatching(/^\?after=.*limit=2/)]);
    for (const { proof } of pages) {
      const { htu, htm } = decodeJwt(proof);
      expect(htm).toBe('GET');
      expect(htu).toBe(`${backend.orgUrl}/api/v1/apps`);
      expect(htu).not.toContain('?');
    }
  });

  it('are signed by one key per client, generated non-extractable, whose public jwk every proof carries', async () => {
    const client = await dpopServiceApp();
    // The client generates its DPoP key on first use, after this.
    const generateKey = vi.spyOn(crypto.subtle, 'generateKey');
    const proofs = captureProofs();

    await client.apps.list().toArray({ max: 10 });
    await client.apps.list().toArray({ max: 10 });

    // The token request's proofs (with and without nonce) and the API's share one public key.
    expect(proofs.map((p) => p.url.pathname)).toEqual(['/oauth2/v1/token', '/oauth2/v1/token', '/api/v1/apps', '/api/v1/apps']);
    const jwks = proofs.map((p) => decodeProtectedHeader(p.proof).jwk);
    expect(jwks[0]).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) });
    for (const jwk of jwks) expect(jwk).toEqual(jwks[0]);
    // Generated once, with extractable false, and the private key indeed cannot be exported.
    expect(generateKey).toHaveBeenCalledTimes(1);
    expect(generateKey.mock.calls[0]![1]).toBe(false);
    const { privateKey, publicKey } = (await generateKey.mock.results[0]!.value) as { privateKey: CryptoKey; publicKey: CryptoKey };
    expect(privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', privateKey)).rejects.toThrow();
    expect(await exportJWK(publicKey)).toMatchObject(jwks[0]!);
  });
});
