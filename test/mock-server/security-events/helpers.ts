import { createHmac, createSign, KeyObject } from 'node:crypto';
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { beforeEach, expect } from 'vitest';
import type { MockBackend, MockBackendOptions } from '../../../mock-server/index';
import { signSecurityEventToken, type SecurityEventsInput } from '../../../src/set/index';
import { call, type RawResponse } from '../raw-http';
import { useMockBackend } from '../../support/backend';

/** The receiver's path (RFC 8935 push delivery). */
export const RECEIVER_PATH = '/security/api/v1/security-events';
/** The System Log event type recorded for each accepted event. */
export const RECEIVE_EVENT = 'security.events.provider.receive_event';
/** The issuer of the provider these tests register. */
export const ISSUER = 'https://provider.test';
/** The subject most tokens are about. */
export const ADA = { format: 'email', email: 'ada@example.com' } as const;

/** A provider's RS256 signing key, with its public half as a JWK carrying `kid`. */
export interface ProviderKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** Generates an RS256 key pair with jose, as a provider would. */
export async function providerKey(kid = 'key-1'): Promise<ProviderKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicKey, publicJwk };
}

/**
 * Adds Ada to the organization's users. Okta's receiver acts only on events about users of the
 * organization, found by email: tests about acting on a signal need her there.
 */
export function addAda(backend: MockBackend, id?: string) {
  return backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', ...(id === undefined ? {} : { id }) });
}

/**
 * The backend of a test file about acting on received events ({@link useMockBackend}). Okta acts
 * only on events about users of the organization, so Ada (`ada@example.com`, with `adaId` when given)
 * is added before each test.
 */
export function useReceiverBackend(options: MockBackendOptions = {}, adaId?: string) {
  const used = useMockBackend(options);
  beforeEach(() => {
    addAda(used.backend, adaId);
  });
  return used;
}

/** Registers an ACTIVE provider whose key set holds `keys` (nothing is fetched). */
export function registerProvider(backend: MockBackend, keys: ProviderKey[], issuer = ISSUER) {
  return backend.providers.register({ issuer, jwks: { keys: keys.map((k) => k.publicJwk) }, name: 'Risk Engine' });
}

/** Signs a token with the SDK's signer, addressed to the backend's organization unless told otherwise. */
export function sign(
  backend: MockBackend,
  key: ProviderKey,
  events: SecurityEventsInput,
  claims: { iss?: string; aud?: string; jti?: string; iat?: number } = {},
): Promise<string> {
  return signSecurityEventToken(
    // Issued on the backend's clock by default, which the receiver checks `iat` against.
    { iss: claims.iss ?? ISSUER, aud: claims.aud ?? backend.orgUrl, jti: claims.jti, iat: claims.iat ?? Math.floor(backend.clock.now().getTime() / 1000), events },
    { key: key.privateKey, kid: key.kid },
  );
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `base64url(header).base64url(payload)`: the JWS signing input. */
export function signingInput(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  return `${b64url(header)}.${b64url(payload)}`;
}

/** Signs any header and payload with node:crypto's RSA-SHA256, bypassing every SDK check. */
export function signWithNodeCrypto(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  privateKey: CryptoKey,
): string {
  const input = signingInput(header, payload);
  const signature = createSign('RSA-SHA256').update(input).sign(KeyObject.from(privateKey));
  return `${input}.${signature.toString('base64url')}`;
}

/** An HS256 token whose HMAC secret is the provider's public key in PEM: the classic key-confusion attack. */
export function signHs256WithPublicKey(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  publicKey: CryptoKey,
): string {
  const pem = KeyObject.from(publicKey).export({ type: 'spki', format: 'pem' });
  const input = signingInput(header, payload);
  return `${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`;
}

/**
 * The token with one signature character changed in the middle (the last character may only carry
 * padding bits, so changing it need not change the signature).
 */
export function tamperSignature(token: string): string {
  const dot = token.lastIndexOf('.');
  const at = dot + 20;
  const replacement = token[at] === 'A' ? 'B' : 'A';
  return token.slice(0, at) + replacement + token.slice(at + 1);
}

/** Posts a body to the receiver as a provider would: no credentials, `application/secevent+jwt`. */
export async function publish(
  backend: MockBackend,
  body: string,
  contentType = 'application/secevent+jwt',
): Promise<RawResponse> {
  const response = await fetch(new URL(RECEIVER_PATH, backend.orgUrl), {
    method: 'POST',
    headers: { 'content-type': contentType, accept: 'application/json' },
    body,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : JSON.parse(text) };
}

/** Asserts the receiver's acceptance: 202 with an empty body. */
export function expectAccepted(response: RawResponse): void {
  expect({ status: response.status, text: response.text }).toEqual({ status: 202, text: '' });
}

/** Asserts an RFC 8935 refusal: 400, `application/json`, `Content-Language: en-US`, exactly `{err, description}`. */
export function expectRefused(response: RawResponse, err: string, description: string): void {
  expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { err, description } });
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(response.headers.get('content-language')).toBe('en-US');
}

/** The prefix of every claim-validation description. */
export const CLAIM_FAILURE = 'Failed claim validation in security event token.';

/** The `receive_event` System Log events, read over HTTP as an administrator would. */
export async function receivedEvents(backend: MockBackend, query = ''): Promise<any[]> {
  const filter = encodeURIComponent(`eventType eq "${RECEIVE_EVENT}"`);
  const response = await call(backend, `/api/v1/logs?filter=${filter}${query}`);
  expect(response.status).toBe(200);
  return response.body as any[];
}

/** A clock the backend reads through its `now` option; tests move it by hand. */
export function manualClock(start = Date.parse('2026-03-01T09:00:00.000Z')) {
  let t = start;
  return {
    now: () => t,
    /** The clock in whole seconds: the `iat` of a token signed "now" for a backend on this clock. */
    seconds: () => Math.floor(t / 1000),
    advance(ms: number) {
      t += ms;
    },
  };
}
