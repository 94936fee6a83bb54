import type { CryptoKey, JWK, KeyObject } from 'jose';
import type { SecurityEventTokenHeader } from './decode';
import { invalidKey, SetVerificationError } from './errors';
import { DocumentFetchError, fetchJsonDocument } from './fetch-document';
import { isJsonObject } from '../validation/record';

// Key sets, held or fetched, and picking a token's key from one: no key is imported here, so
// whoever only reads key sets (the backend, when it starts) does not load jose.

/** A key that can check a signature: a Web Crypto key, a Node.js `KeyObject`, or a public JWK. */
export type VerificationKey = CryptoKey | KeyObject | JWK;

/** A JSON Web Key Set, `{ keys: [...] }` (RFC 7517 §5). */
export interface JsonWebKeySet {
  /** The keys; each should carry a `kid`. */
  keys: JWK[];
}

/**
 * Finds the key for a token from its (already structurally checked) header and its UNVERIFIED claims.
 * Return `undefined` when no key matches (the verifier answers `invalid_key`); throw a
 * `SetVerificationError` to refuse with another code, e.g. `invalid_issuer` for an unknown `iss`.
 * Anything thrown propagates unchanged.
 */
export type KeyResolver = (
  header: SecurityEventTokenHeader,
  unverifiedClaims: Readonly<Record<string, unknown>>,
) => VerificationKey | undefined | Promise<VerificationKey | undefined>;

/**
 * Where the verifier finds keys: a key set object, the URL of a key set (fetched with the global
 * `fetch` and cached), or a {@link KeyResolver}.
 */
export type KeySource = JsonWebKeySet | URL | string | KeyResolver;

/** How long a fetched key set is used before it is fetched again. */
const JWKS_MAX_AGE_MS = 10 * 60 * 1000;
/** Minimum time between two fetches of one key set caused by unknown `kid`s. */
const JWKS_COOLDOWN_MS = 30 * 1000;
/** Bound on one key set request, so that a hung endpoint cannot hold a verification forever. */
const JWKS_TIMEOUT_MS = 5 * 1000;

/** @internal Whether a value has the shape of a key set, `{ keys: [...] }`. */
export function isKeySet(value: unknown): value is JsonWebKeySet {
  return isJsonObject(value) && Array.isArray(value.keys);
}

/**
 * Picks the key for `kid` in a key set. Among keys sharing the kid, one of the type `alg` needs,
 * declared for `alg` (or for no algorithm) and for signatures wins; otherwise the first, which the
 * import then refuses by name.
 */
export function selectJwk(keySet: JsonWebKeySet, kid: string, alg: string): JWK | undefined {
  const candidates = keySet.keys.filter((key) => isJsonObject(key) && key.kid === kid);
  return (
    candidates.find(
      (key) =>
        (key.alg === undefined || key.alg === alg) &&
        (key.use === undefined || key.use === 'sig') &&
        jwkTypeFits(key, alg),
    ) ?? candidates[0]
  );
}

/**
 * Whether a JWK's type (and curve) can verify `alg`: RFC 7517 §4.5 lets keys of different types share
 * a `kid` (an RSA and an EC key published during a migration), and the token's `alg` says which one
 * signed it, as JOSE libraries pick it.
 */
function jwkTypeFits(jwk: JWK, alg: string): boolean {
  if (/^(RS|PS)(256|384|512)$/.test(alg)) return jwk.kty === 'RSA';
  if (alg === 'ES256') return jwk.kty === 'EC' && jwk.crv === 'P-256';
  if (alg === 'ES384') return jwk.kty === 'EC' && jwk.crv === 'P-384';
  if (alg === 'ES512') return jwk.kty === 'EC' && jwk.crv === 'P-521';
  if (alg === 'EdDSA' || alg === 'Ed25519') return jwk.kty === 'OKP' && jwk.crv === 'Ed25519';
  return true;
}

/** Options of {@link createRemoteKeySet}. */
export interface RemoteKeySetOptions {
  /** The fetch to use; default `globalThis.fetch`, looked up at each request. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** The clock for ages and cooldowns, in epoch milliseconds; default `Date.now`. */
  now?: () => number;
  /** How long a fetched key set is used before it is fetched again; default 10 minutes. */
  maxAgeMs?: number;
  /** Least time between two fetches caused by unknown `kid`s; default 30 s (0: refetch on every unknown kid). */
  cooldownMs?: number;
  /** Bound on one key set request; default 5 s. */
  timeoutMs?: number;
  /** Bound on the key set's size in bytes; default 1 MiB. Redirects are never followed. */
  maxBytes?: number;
}

/**
 * A key set fetched from a URL and cached: usable as the `keys` of `verifySecurityEventToken`. A token
 * whose `kid` is not in the cached set triggers one refetch (the provider probably rotated its keys),
 * unless the cooldown forbids it; concurrent fetches share one request. A failed fetch is not cached,
 * but within the cooldown after it tokens are refused with its description instead of fetching again.
 */
export interface RemoteKeySet extends KeyResolver {
  /** The key set's URL. */
  readonly url: string;
  /** Finds the JWK for `kid` and `alg`, fetching or refetching as needed; throws `invalid_key` otherwise. */
  jwk(kid: string, alg: string, signal?: AbortSignal): Promise<JWK>;
  /** Forgets the cached key set, so the next token fetches it again. */
  clear(): void;
}

/** Creates a {@link RemoteKeySet} for `location`; throws `invalid_key` when it is not a URL. */
export function createRemoteKeySet(location: URL | string, options: RemoteKeySetOptions = {}): RemoteKeySet {
  let url: string;
  try {
    url = new URL(location).href;
  } catch (cause) {
    throw invalidKey(`The key set location '${String(location)}' is not a valid URL`, cause);
  }
  const now = options.now ?? Date.now;
  const maxAge = options.maxAgeMs ?? JWKS_MAX_AGE_MS;
  const cooldown = options.cooldownMs ?? JWKS_COOLDOWN_MS;
  const timeout = options.timeoutMs ?? JWKS_TIMEOUT_MS;
  let cached: { keySet: JsonWebKeySet; fetchedAt: number } | undefined;
  let pending: Promise<{ keySet: JsonWebKeySet; fetchedAt: number }> | undefined;

  // The last failed fetch: within the cooldown, tokens are refused with its description rather than
  // starting another request, so anonymous tokens cannot make a failing endpoint be asked per token.
  let failure: { at: number; description: string } | undefined;

  const download = async () => {
    try {
      const entry = await downloadOnce();
      failure = undefined;
      return entry;
    } catch (error) {
      const description = error instanceof SetVerificationError ? error.description : `The key set at ${url} could not be fetched`;
      failure = { at: now(), description };
      throw error;
    }
  };

  const downloadOnce = async () => {
    let body: unknown;
    try {
      body = await fetchJsonDocument(url, {
        fetch: options.fetch,
        accept: 'application/jwk-set+json, application/json',
        timeoutMs: timeout,
        maxBytes: options.maxBytes,
      });
    } catch (cause) {
      if (!(cause instanceof DocumentFetchError)) throw invalidKey(`The key set at ${url} could not be fetched`, cause);
      // The network's own error, when there was one, is the cause worth keeping.
      throw invalidKey(`The key set at ${url} could not be fetched: ${cause.message}`, cause.cause ?? cause);
    }
    if (!isKeySet(body)) throw invalidKey(`The document at ${url} is not a JSON Web Key Set ({"keys": [...]})`);
    cached = { keySet: body, fetchedAt: now() };
    return cached;
  };

  // One shared request; a caller's signal only stops that caller's wait.
  const refresh = (signal: AbortSignal | undefined) => {
    if (pending === undefined && failure !== undefined && now() - failure.at < cooldown) {
      return Promise.reject(invalidKey(failure.description));
    }
    pending ??= download().finally(() => {
      pending = undefined;
    });
    const request = pending;
    if (signal === undefined) return request;
    signal.throwIfAborted();
    return new Promise<{ keySet: JsonWebKeySet; fetchedAt: number }>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      request.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  };

  const jwk = async (kid: string, alg: string, signal?: AbortSignal): Promise<JWK> => {
    let entry = cached;
    if (entry === undefined || now() - entry.fetchedAt >= maxAge) entry = await refresh(signal);
    let found = selectJwk(entry.keySet, kid, alg);
    // A new kid usually means the provider rotated its keys: look once more, unless we just did.
    if (found === undefined && now() - entry.fetchedAt >= cooldown) {
      entry = await refresh(signal);
      found = selectJwk(entry.keySet, kid, alg);
    }
    if (found === undefined) throw invalidKey(`No key with kid '${kid}' in the key set at ${url}`);
    return found;
  };

  const resolver = (header: SecurityEventTokenHeader) => jwk(header.kid, header.alg);
  return Object.assign(resolver, {
    url,
    jwk,
    clear: () => {
      cached = undefined;
      failure = undefined;
    },
  });
}

/**
 * A resolver over a key set held in memory, picking the key by `kid` (and `alg`) as the verifier
 * does for a key set object; throws `invalid_key` when no key has the token's `kid`.
 */
export function createLocalKeySet(keySet: JsonWebKeySet): KeyResolver {
  if (!isKeySet(keySet)) throw invalidKey('The key set is not a JSON Web Key Set ({"keys": [...]})');
  return (header) => {
    const jwk = selectJwk(keySet, header.kid, header.alg);
    if (jwk === undefined) throw invalidKey(`No key with kid '${header.kid}' in the key set`);
    return jwk;
  };
}

// Process-wide, per URL: verifications given the same key set URL share one fetched copy.
const remoteKeySets = new Map<string, RemoteKeySet>();
/**
 * How many key set URLs are remembered. A receiver that derives the URL from something a token says
 * would otherwise grow the map (and the cached key sets) with every invented URL; past the bound the
 * least recently used URL is forgotten and, if used again, fetched again.
 */
export const MAX_SHARED_KEY_SETS = 100;

/** @internal The process-wide remote key set for a URL (one fetched copy per URL, least recently used forgotten first). */
export function sharedRemoteKeySet(location: URL | string): RemoteKeySet {
  const set = createRemoteKeySet(location);
  const existing = remoteKeySets.get(set.url);
  if (existing) {
    // Map order is insertion order: moving the entry to the end keeps the least recently used first.
    remoteKeySets.delete(set.url);
    remoteKeySets.set(set.url, existing);
    return existing;
  }
  remoteKeySets.set(set.url, set);
  if (remoteKeySets.size > MAX_SHARED_KEY_SETS) remoteKeySets.delete(remoteKeySets.keys().next().value!);
  return set;
}

/** @internal How many key set URLs the verifier's URL mode remembers (for tests of the bound). */
export function sharedKeySetCount(): number {
  return remoteKeySets.size;
}
