import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { CompactSign, type JWK } from 'jose';
import {
  EVENT_TYPES,
  isSetVerificationError,
  verifySecurityEventToken,
  type SetVerificationError,
  type VerifySecurityEventTokenOptions,
} from '../../src/set/index';

/** The organization URL the tokens of these tests are addressed to. */
export const AUDIENCE = 'https://example.okta.com';
/** The provider that signs the tokens of these tests. */
export const ISSUER = 'https://provider.example.com';

/** A provider key pair in every form the tests need. */
export interface TestKeyPair {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: KeyObject;
  publicKey: KeyObject;
  privateJwk: JWK;
  publicJwk: JWK;
}

export function rsaKeyPair(kid = 'rsa-key-1'): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return withJwks(kid, 'RS256', privateKey, publicKey);
}

export function ecKeyPair(kid = 'ec-key-1'): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return withJwks(kid, 'ES256', privateKey, publicKey);
}

function withJwks(
  kid: string,
  alg: 'RS256' | 'ES256',
  privateKey: KeyObject,
  publicKey: KeyObject,
): TestKeyPair {
  return {
    kid,
    alg,
    privateKey,
    publicKey,
    privateJwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg },
    publicJwk: { ...(publicKey.export({ format: 'jwk' }) as JWK), kid, alg, use: 'sig' },
  };
}

export function b64url(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Buffer.from(text).toString('base64url');
}

/** Signs any header and payload with jose, bypassing the SDK's input validation. */
export function signRaw(
  header: { alg: string } & Record<string, unknown>,
  payload: Record<string, unknown>,
  key: KeyObject,
): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader(header)
    .sign(key);
}

export const USER_RISK_URI = EVENT_TYPES.userRiskChange;

/** A valid user-risk-change payload at a fixed time. */
export function userRiskPayload(): Record<string, unknown> {
  return {
    event_timestamp: 1_700_000_000,
    subject: { user: { format: 'email', email: 'ada@example.com' } },
    current_level: 'high',
    previous_level: 'low',
  };
}

/** Valid claims of a token with one user-risk-change event. */
export function validClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    jti: 'jti-1',
    iat: Math.floor(Date.now() / 1000),
    events: { [USER_RISK_URI]: userRiskPayload() },
    ...overrides,
  };
}

/** The SetVerificationError that verifying `token` with `options` rejects with; fails the test otherwise. */
export async function verificationError(
  token: string,
  options: VerifySecurityEventTokenOptions,
): Promise<SetVerificationError> {
  const error: unknown = await verifySecurityEventToken(token, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (isSetVerificationError(error)) return error;
  throw new Error(`expected a SetVerificationError, got ${String(error)}`);
}
