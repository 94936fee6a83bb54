import type { CryptoKey, JWK, KeyObject } from 'jose';
import { importJWK } from 'jose';
import type { SecurityEventTokenHeader } from './decode';
import { invalidKey } from './errors';
import { isKeyObject, keyObjectJwk, keyObjectMismatch } from './key-object';
import { isKeySet, selectJwk, sharedRemoteKeySet, type KeySource, type VerificationKey } from './key-sets';

export {
  createLocalKeySet,
  createRemoteKeySet,
  MAX_SHARED_KEY_SETS,
  sharedKeySetCount,
  type JsonWebKeySet,
  type KeyResolver,
  type KeySource,
  type RemoteKeySet,
  type RemoteKeySetOptions,
  type VerificationKey,
} from './key-sets';


const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

function isJwk(key: object): key is JWK {
  return 'kty' in key;
}

// Imported keys, per JWK object and algorithm: the same key set object is imported once.
const importedVerificationKeys = new WeakMap<object, Map<string, CryptoKey>>();
const importedSigningKeys = new WeakMap<object, Map<string, CryptoKey>>();

async function importCached(
  cache: WeakMap<object, Map<string, CryptoKey>>,
  jwk: JWK,
  alg: string,
  toImport: JWK,
): Promise<CryptoKey> {
  let byAlg = cache.get(jwk);
  const cached = byAlg?.get(alg);
  if (cached !== undefined) return cached;
  const imported = await importJWK(toImport, alg);
  if (imported instanceof Uint8Array) throw new TypeError('symmetric keys are not accepted');
  if (byAlg === undefined) {
    byAlg = new Map();
    cache.set(jwk, byAlg);
  }
  byAlg.set(alg, imported);
  return imported;
}

/** Imports a public JWK for `alg`, refusing keys declared for another algorithm or use. */
export async function importVerificationJwk(jwk: JWK, alg: string, kid: string): Promise<CryptoKey> {
  if (jwk.alg !== undefined && jwk.alg !== alg) {
    throw invalidKey(
      `The key '${kid}' is declared for algorithm '${jwk.alg}' but the security event token uses '${alg}'`,
    );
  }
  if (jwk.use !== undefined && jwk.use !== 'sig') {
    throw invalidKey(`The key '${kid}' is declared for use '${jwk.use}', not for signatures`);
  }
  if (jwk.kty === 'oct') {
    throw invalidKey(`The key '${kid}' is a symmetric key; only asymmetric keys are accepted`);
  }
  // The hot path: a key set verifies many tokens, and its keys are imported once.
  const cached = importedVerificationKeys.get(jwk)?.get(alg);
  if (cached !== undefined) return cached;
  // Private members are dropped so that a private JWK handed over by mistake still verifies.
  const publicJwk: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_JWK_MEMBERS) delete publicJwk[member];
  try {
    return await importCached(importedVerificationKeys, jwk, alg, publicJwk as JWK);
  } catch (cause) {
    throw invalidKey(`The key '${kid}' cannot verify '${alg}' signatures`, cause);
  }
}

/** Imports a private JWK for signing with `alg`; errors are left to the caller to word. */
export function importSigningJwk(jwk: JWK, alg: string): Promise<CryptoKey> {
  return importCached(importedSigningKeys, jwk, alg, jwk);
}

function isKeyLike(value: unknown): value is VerificationKey {
  return typeof value === 'object' && value !== null;
}

const WebCryptoKey = (globalThis as { CryptoKey?: abstract new () => object }).CryptoKey;

function isCryptoKey(key: VerificationKey): key is CryptoKey {
  return WebCryptoKey !== undefined && key instanceof WebCryptoKey;
}

/**
 * Finds and imports the key that should have signed the token, as a Web Crypto key, or throws
 * `invalid_key`. Errors thrown by a resolver propagate unchanged.
 */
export async function resolveVerificationKey(
  source: KeySource,
  header: SecurityEventTokenHeader,
  claims: Readonly<Record<string, unknown>>,
  signal: AbortSignal | undefined,
): Promise<CryptoKey> {
  const { kid, alg } = header;
  let key: VerificationKey | undefined;
  if (typeof source === 'function') {
    const resolved: unknown = await source(header, claims);
    if (resolved === undefined) throw invalidKey(`No key with kid '${kid}' is known for this issuer`);
    if (!isKeyLike(resolved)) {
      throw invalidKey(`The key resolver returned something that is not a key for kid '${kid}'`);
    }
    key = resolved;
  } else if (typeof source === 'string' || source instanceof URL) {
    key = await sharedRemoteKeySet(source).jwk(kid, alg, signal);
  } else if (isKeySet(source)) {
    key = selectJwk(source, kid, alg);
    if (key === undefined) throw invalidKey(`No key with kid '${kid}' in the key set`);
  } else {
    throw invalidKey('The key source is neither a key set, a key set URL nor a resolver');
  }
  // `return await` takes one promise turn; returning the promise from this async function would take three.
  if (isJwk(key)) return await importVerificationJwk(key, alg, kid);
  if (key.type === 'secret') {
    throw invalidKey(`The key '${kid}' is a symmetric key; only asymmetric keys are accepted`);
  }
  if (isCryptoKey(key)) return key;
  if (!isKeyObject(key)) throw invalidKey(`The key resolver returned something that is not a key for kid '${kid}'`);
  const mismatch = keyObjectMismatch(key, alg);
  if (mismatch !== undefined) throw invalidKey(`The key '${kid}' ${mismatch}`);
  let jwk: JWK;
  try {
    jwk = keyObjectJwk(key);
  } catch (cause) {
    throw invalidKey(`The key '${kid}' cannot be used to verify signatures`, cause);
  }
  return importVerificationJwk(jwk, alg, kid);
}
