import { importJWK, importPKCS8, type CryptoKey, type JWK, type KeyObject } from 'jose';
import { ConfigurationError } from '../errors';
import { isKeyObject, keyObjectJwk } from '../set/key-object';

/** A service app's private key: a private JWK, a PKCS #8 PEM string, a Node.js `KeyObject` or a Web Crypto `CryptoKey`. */
export type ServiceAppPrivateKey = JWK | string | KeyObject | CryptoKey;

/** Algorithms Okta accepts for `private_key_jwt` client assertions. */
export const CLIENT_ASSERTION_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512'] as const;

/** The signing key, ready for jose, with the algorithm and key id its assertions carry. */
export interface SigningKey {
  key: CryptoKey;
  alg: string;
  kid: string | undefined;
}

const EC_ALGS: Record<string, string> = { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' };
const RSA_HASH_ALGS: Record<string, string> = { 'SHA-256': 'RS256', 'SHA-384': 'RS384', 'SHA-512': 'RS512' };

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof value === 'object' && value !== null && 'algorithm' in value && 'usages' in value && 'type' in value;
}

// Messages name the kind of key and what is wrong with it, never its material.
function refuse(reason: string, cause?: unknown): ConfigurationError {
  return new ConfigurationError(`oauth.privateKey ${reason}`, { cause });
}

function algForJwk(jwk: JWK): string {
  if (jwk.alg !== undefined) {
    if (!(CLIENT_ASSERTION_ALGORITHMS as readonly string[]).includes(jwk.alg)) {
      throw refuse(`declares alg '${jwk.alg}'; Okta accepts ${CLIENT_ASSERTION_ALGORITHMS.join(', ')} for client assertions.`);
    }
    return jwk.alg;
  }
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv !== undefined && EC_ALGS[jwk.crv]) return EC_ALGS[jwk.crv]!;
  throw refuse(`is a ${String(jwk.kty)} key${jwk.crv ? ` on ${jwk.crv}` : ''}; use an RSA key or an EC key on P-256, P-384 or P-521.`);
}

async function fromJwk(jwk: JWK, keyId: string | undefined): Promise<SigningKey> {
  if (typeof jwk.d !== 'string') throw refuse('is a public JWK; pass the private key (the one with "d"), and register its public half on the app.');
  const alg = algForJwk(jwk);
  try {
    const key = await importJWK({ ...jwk, ext: false }, alg);
    if (key instanceof Uint8Array) throw new TypeError('symmetric');
    return { key, alg, kid: keyId ?? jwk.kid };
  } catch (cause) {
    throw refuse(`could not be imported as a ${alg} signing key.`, cause);
  }
}

async function fromPem(pem: string, keyId: string | undefined): Promise<SigningKey> {
  const text = pem.trim();
  if (/-----BEGIN (RSA|EC) PRIVATE KEY-----/.test(text)) {
    throw refuse('is a PKCS #1 / SEC 1 PEM; convert it to PKCS #8 ("-----BEGIN PRIVATE KEY-----"), e.g. openssl pkcs8 -topk8 -nocrypt -in key.pem.');
  }
  if (!text.startsWith('-----BEGIN PRIVATE KEY-----')) {
    throw refuse('is a string but not a PKCS #8 PEM ("-----BEGIN PRIVATE KEY-----"); pass a PEM, a private JWK object, a KeyObject or a CryptoKey.');
  }
  // A PKCS #8 PEM does not say which algorithm it is for: the first that imports it is its own.
  for (const alg of ['RS256', 'ES256', 'ES384', 'ES512']) {
    try {
      return { key: await importPKCS8(text, alg, { extractable: false }), alg, kid: keyId };
    } catch {
      continue;
    }
  }
  throw refuse('is a PKCS #8 PEM of neither an RSA key nor an EC key on P-256, P-384 or P-521.');
}

function fromCryptoKey(key: CryptoKey, keyId: string | undefined): SigningKey {
  if (key.type !== 'private' || !key.usages.includes('sign')) throw refuse('is a CryptoKey that cannot sign; pass the private key with the "sign" usage.');
  const algorithm = key.algorithm as { name: string; namedCurve?: string; hash?: { name: string } };
  const alg =
    algorithm.name === 'ECDSA'
      ? EC_ALGS[algorithm.namedCurve ?? '']
      : algorithm.name === 'RSASSA-PKCS1-v1_5'
        ? RSA_HASH_ALGS[algorithm.hash?.name ?? '']
        : undefined;
  if (alg === undefined) throw refuse(`is a ${algorithm.name} CryptoKey; use RSASSA-PKCS1-v1_5 (RS256/384/512) or ECDSA (ES256/384/512).`);
  return { key, alg, kid: keyId };
}

/** Turns the key given to `createClient` into a signing key; errors name what to pass instead. */
export async function loadSigningKey(input: ServiceAppPrivateKey, keyId: string | undefined): Promise<SigningKey> {
  if (typeof input === 'string') return fromPem(input, keyId);
  if (isCryptoKey(input)) return fromCryptoKey(input, keyId);
  if (isKeyObject(input)) {
    if ((input as unknown as { type: string }).type !== 'private') throw refuse('is a public KeyObject; pass the private key.');
    let jwk: JWK;
    try {
      jwk = keyObjectJwk(input);
    } catch (cause) {
      throw refuse('is a KeyObject that cannot be exported as a JWK.', cause);
    }
    return fromJwk(jwk, keyId);
  }
  return fromJwk(input as JWK, keyId);
}
