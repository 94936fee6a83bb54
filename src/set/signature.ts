import type { CryptoKey } from 'jose';
import { decodeBase64url } from './base64url';
import { invalidKey, SetVerificationError } from './errors';

/**
 * What a JWS algorithm (RFC 7518 §3, RFC 8037, RFC 9864) asks of a Web Crypto key, and the
 * parameters `crypto.subtle.verify` takes for it.
 */
export interface SignatureAlgorithm {
  /** The key's `algorithm.name`. */
  keyName: string;
  /** The key's `algorithm.hash.name` (RSA keys carry their hash). */
  hash?: string;
  /** The key's `algorithm.namedCurve` (ECDSA). */
  namedCurve?: string;
  /** The least RSA modulus accepted, in bits (RFC 7518 §3.3 and §3.5). */
  minModulusLength?: number;
  /** The parameters of `crypto.subtle.verify`. */
  params: { name: string; hash?: string; saltLength?: number };
}

function rsassa(bits: number): SignatureAlgorithm {
  const hash = `SHA-${bits}`;
  return { keyName: 'RSASSA-PKCS1-v1_5', hash, minModulusLength: 2048, params: { name: 'RSASSA-PKCS1-v1_5' } };
}

function rsaPss(bits: number): SignatureAlgorithm {
  const hash = `SHA-${bits}`;
  // RFC 7518 §3.5: the salt is as long as the hash output.
  return { keyName: 'RSA-PSS', hash, minModulusLength: 2048, params: { name: 'RSA-PSS', saltLength: bits / 8 } };
}

function ecdsa(bits: number, namedCurve: string): SignatureAlgorithm {
  return { keyName: 'ECDSA', namedCurve, params: { name: 'ECDSA', hash: `SHA-${bits}` } };
}

const ED25519: SignatureAlgorithm = { keyName: 'Ed25519', params: { name: 'Ed25519' } };

const SIGNATURE_ALGORITHMS: Readonly<Record<string, SignatureAlgorithm>> = {
  RS256: rsassa(256),
  RS384: rsassa(384),
  RS512: rsassa(512),
  PS256: rsaPss(256),
  PS384: rsaPss(384),
  PS512: rsaPss(512),
  ES256: ecdsa(256, 'P-256'),
  ES384: ecdsa(384, 'P-384'),
  ES512: ecdsa(512, 'P-521'),
  EdDSA: ED25519,
  Ed25519: ED25519,
};

/** What `alg` asks of a key, or `undefined` for an algorithm appset does not verify. */
export function signatureAlgorithm(alg: string): SignatureAlgorithm | undefined {
  return Object.hasOwn(SIGNATURE_ALGORITHMS, alg) ? SIGNATURE_ALGORITHMS[alg] : undefined;
}

interface KeyAlgorithmView {
  name: string;
  hash?: { name?: string };
  namedCurve?: string;
  modulusLength?: number;
}

/**
 * Checks that `key` can verify `alg` signatures: the right algorithm, hash or curve, a modulus of at
 * least 2048 bits for RSA, and the `verify` usage. Throws `invalid_key` naming `kid` otherwise.
 * Web Crypto would not refuse every mismatch by itself: an RSA key verifies with its own hash, so a
 * key imported for RS256 would check an `RS384` token with SHA-256.
 */
function checkKey(key: CryptoKey, alg: string, kid: string): SignatureAlgorithm {
  const expected = signatureAlgorithm(alg);
  if (expected === undefined) throw invalidKey(`Signatures with algorithm '${alg}' cannot be verified`);
  const actual = key.algorithm as KeyAlgorithmView;
  if (
    actual.name !== expected.keyName ||
    (expected.hash !== undefined && actual.hash?.name !== expected.hash) ||
    (expected.namedCurve !== undefined && actual.namedCurve !== expected.namedCurve)
  ) {
    throw invalidKey(`The key '${kid}' cannot verify '${alg}' signatures`);
  }
  if (expected.minModulusLength !== undefined && !((actual.modulusLength ?? 0) >= expected.minModulusLength)) {
    throw invalidKey(
      `The key '${kid}' is ${actual.modulusLength ?? 'an unknown number of'} bits long; '${alg}' needs at least ${expected.minModulusLength}`,
    );
  }
  if (key.type !== 'public' || !key.usages.includes('verify')) {
    throw invalidKey(`The key '${kid}' is not a public key usable to verify signatures`);
  }
  return expected;
}

const encoder = new TextEncoder();

/** The parts of a compact JWS that its signature covers, and the signature itself. */
export interface SignedParts {
  /** `<header>.<payload>`, as sent (ASCII). */
  signingInput: string;
  /** The third segment, base64url. */
  signature: string;
}

/**
 * Verifies the signature of a compact JWS whose header already passed the structural checks: the key
 * must suit `alg` (else `invalid_key`), and the signature must verify (else `authentication_failed`).
 */
export async function verifySignature(parts: SignedParts, key: CryptoKey, alg: string, kid: string): Promise<void> {
  const algorithm = checkKey(key, alg, kid);
  let verified = false;
  let cause: unknown;
  try {
    verified = await crypto.subtle.verify(
      algorithm.params,
      key,
      decodeBase64url(parts.signature),
      encoder.encode(parts.signingInput),
    );
  } catch (error) {
    // The key was checked above, so what is left to fail is the signature (an ECDSA signature of the
    // wrong length, say).
    cause = error;
  }
  if (!verified) {
    throw new SetVerificationError(
      'authentication_failed',
      `The security event token signature does not verify with the key '${kid}'`,
      cause === undefined ? undefined : { cause },
    );
  }
}
