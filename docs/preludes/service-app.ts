// The names the service-app snippets take as given: an in-memory organization, and a service app's
// key pair (the private key as a Web Crypto key, the public one as a JWK with its kid).
import { exportJWK, generateKeyPair } from 'jose';
import { createMockBackend } from 'appset/mock-server';

export const backend = createMockBackend({ seed: 'demo' });
const keys = await generateKeyPair('ES256');
export const privateKey = keys.privateKey;
export const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'key-1' };
