// The names the providers guide's snippets take as given: a client on an in-memory organization
// that knows the provider https://risk.example.com, and that provider's private key (kid risk-1).
import { exportJWK, generateKeyPair } from 'jose';
import { createClient } from 'appset';
import { createMockBackend } from 'appset/mock-server';

const keys = await generateKeyPair('RS256');
export const privateKey = keys.privateKey;
export const backend = createMockBackend();
backend.providers.register({ issuer: 'https://risk.example.com', jwks: { keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'risk-1' }] } });
export const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: backend.fetch });
