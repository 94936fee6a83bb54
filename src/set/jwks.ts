import { calculateJwkThumbprint, exportJWK, importPKCS8, importSPKI, type CryptoKey, type JWK, type KeyObject } from 'jose';
import { BLANK_FIELD, type FieldIssue } from '../validation/field-issues';
import { isJsonObject } from '../validation/record';
import type { AsymmetricAlgorithm } from './decode';
import { SecurityEventTokenInputError } from './errors';
import { keyObjectJwk } from './key-object';
import type { JsonWebKeySet } from './keys';
import { algorithmProblem, defaultAlgorithm } from './sign';
import { describeKey, keyProblem, pemDefaultAlgorithm, readPem, readPublicPem, type KeyFacts } from './signing-key';

/**
 * A key whose public half can be published: the signer's private forms (a PKCS #8 PEM string, a
 * private JWK, an extractable private Web Crypto key, a private Node.js `KeyObject`) or a public
 * one (a `-----BEGIN PUBLIC KEY-----` PEM string, a public JWK, a public Web Crypto key or `KeyObject`).
 */
export type PublishableKey = string | CryptoKey | KeyObject | JWK;

/** Options of {@link publicJwk}. */
export interface PublicJwkOptions {
  /** The key identifier; default the key's RFC 7638 SHA-256 thumbprint. */
  kid?: string;
  /** The algorithm the key signs with; default the JWK's own `alg`, else what the key's type implies (as the signer picks it). */
  alg?: AsymmetricAlgorithm;
}

/** One key of a key set to publish: the key alone, or with its `kid` and `alg`. */
export type KeySetEntry = PublishableKey | ({ key: PublishableKey } & PublicJwkOptions);

/** A public signing key as a provider publishes it: public members only, with `kid`, `alg` and `use: "sig"`. */
export interface PublicJwk extends JWK {
  kty: string;
  kid: string;
  alg: AsymmetricAlgorithm;
  use: 'sig';
}

/** The most keys {@link publicKeySet} takes: far above any real key set, which holds one to three during a rotation. */
export const MAX_PUBLISHED_KEYS = 100;

/** The public members of each key type (RFC 7518 §6, RFC 8037 §2), in the order they are written. */
const PUBLIC_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  RSA: ['n', 'e'],
  EC: ['crv', 'x', 'y'],
  OKP: ['crv', 'x'],
};

const FAILED = 'Cannot make the public key set';

function isJwk(key: object): key is JWK {
  return 'kty' in key;
}

function issue(path: string, reason: string): SecurityEventTokenInputError {
  return new SecurityEventTokenInputError(FAILED, [{ path, reason }]);
}

/** A key read as a JWK, with the facts the signer's checks read, the algorithm it will carry, and its own `kid`. */
interface ReadKey {
  jwk: JWK;
  facts: KeyFacts | undefined;
  alg: string;
  kid?: string;
}

/**
 * Reads `key` as a JWK. A PEM is imported (extractable) to read its members; a private Web Crypto key
 * must be extractable, since Web Crypto cannot derive a public key from a private one.
 */
async function readKey(key: unknown, alg: string | undefined, path: string, algPath: string): Promise<ReadKey> {
  if (typeof key === 'string') {
    const isPublic = /-----BEGIN PUBLIC KEY-----/.test(key);
    const pem = isPublic ? readPublicPem(key) : readPem(key);
    if (!pem.ok) throw issue(path, pem.reason);
    const chosen = alg ?? pemDefaultAlgorithm(pem.facts);
    checkAlgorithm(chosen, alg !== undefined ? algPath : path);
    const problem = keyProblem({ ...pem.facts, isPrivate: true }, chosen);
    if (problem !== undefined) throw issue(path, problem);
    let imported: CryptoKey;
    try {
      imported = isPublic ? await importSPKI(key, chosen, { extractable: true }) : await importPKCS8(key, chosen, { extractable: true });
    } catch (cause) {
      throw new SecurityEventTokenInputError(FAILED, [{ path, reason: `Must be a ${isPublic ? 'public' : 'PKCS #8 private'} key usable with ${chosen}` }], { cause });
    }
    // A PEM's modulus length is known only once imported.
    return { jwk: await exportJWK(imported), facts: describeKey(imported), alg: chosen };
  }
  if (typeof key !== 'object' || key === null) throw issue(path, `${BLANK_FIELD}: give a PEM string, a JWK, a Web Crypto key or a Node.js KeyObject`);
  const facts = describeKey(key);
  const chosen = alg ?? defaultAlgorithm(key);
  if (isJwk(key)) {
    if (key.alg !== undefined && alg !== undefined && key.alg !== alg) throw issue(`${path}.alg`, `Must match alg '${alg}'`);
    if (key.use !== undefined && key.use !== 'sig') throw issue(`${path}.use`, "Must be 'sig': the key set publishes signing keys");
    checkAlgorithm(chosen, alg !== undefined ? algPath : `${path}.alg`);
    return { jwk: key, facts, alg: chosen, kid: typeof key.kid === 'string' && key.kid !== '' ? key.kid : undefined };
  }
  if (facts === undefined) throw issue(path, 'Must be a PEM string, a JWK, a Web Crypto key or a Node.js KeyObject');
  checkAlgorithm(chosen, alg !== undefined ? algPath : path);
  try {
    if (typeof (key as { export?: unknown }).export === 'function') return { jwk: keyObjectJwk(key as KeyObject), facts, alg: chosen };
    const cryptoKey = key as CryptoKey;
    if (!cryptoKey.extractable) {
      throw issue(path, 'Must be extractable: Web Crypto cannot read the public half of a non-extractable private key; give the public key (CryptoKeyPair.publicKey) instead');
    }
    return { jwk: await exportJWK(cryptoKey), facts, alg: chosen };
  } catch (cause) {
    if (cause instanceof SecurityEventTokenInputError) throw cause;
    throw new SecurityEventTokenInputError(FAILED, [{ path, reason: 'Must be an exportable key' }], { cause });
  }
}

/** Refuses `alg` when a security event token cannot be signed with it (`none`, HMAC, unknown). */
function checkAlgorithm(alg: string, path: string): void {
  const problem = algorithmProblem(alg);
  if (problem !== undefined) throw issue(path, problem);
}

/**
 * The public JWK of a signing key, ready for the provider's key set: only the public members of its
 * type (never `d`, `p`, `q`, `dp`, `dq`, `qi`, `oth` or `k`), then `kid` (by default a JWK's own,
 * else the key's RFC 7638 thumbprint), `alg` and `use: "sig"`. Private and public keys are accepted
 * in every form the signer takes, and a PEM public key. HMAC keys, RSA keys under 2048 bits and keys
 * that do not suit `alg` are refused with a {@link SecurityEventTokenInputError} naming the fix.
 */
export async function publicJwk(key: PublishableKey, options: PublicJwkOptions = {}): Promise<PublicJwk> {
  return publicJwkAt(key, options, 'key', '');
}

/** {@link publicJwk} for the key at `path`, whose `kid` and `alg` options are named with `prefix` (`keys[0].`). */
async function publicJwkAt(key: unknown, options: PublicJwkOptions, path: string, prefix: string): Promise<PublicJwk> {
  if (options.kid !== undefined && (typeof options.kid !== 'string' || options.kid === '')) throw issue(`${prefix}kid`, 'Must be a non-empty string');
  const { jwk, facts, alg, kid } = await readKey(key, options.alg, path, `${prefix}alg`);
  const problem = facts === undefined ? undefined : keyProblem({ ...facts, isPrivate: true }, alg);
  if (problem !== undefined) throw issue(path, problem);
  const members = PUBLIC_MEMBERS[jwk.kty ?? ''];
  if (members === undefined) throw issue(`${path}.kty`, "Must be 'RSA', 'EC' or 'OKP'");
  // Built member by member from the public list, so no private member can reach the key set.
  const out: Record<string, unknown> = { kty: jwk.kty };
  for (const member of members) {
    const value = (jwk as Record<string, unknown>)[member];
    if (typeof value !== 'string' || value === '') throw issue(`${path}.${member}`, BLANK_FIELD);
    out[member] = value;
  }
  out.kid = options.kid ?? kid ?? (await calculateJwkThumbprint(out as JWK, 'sha256'));
  out.alg = alg;
  out.use = 'sig';
  return out as unknown as PublicJwk;
}

function isEntry(value: unknown): value is { key: PublishableKey } & PublicJwkOptions {
  return isJsonObject(value) && 'key' in value && !('kty' in value);
}

/**
 * The provider's public key set, `{ keys: [...] }`, from its keys in any form {@link publicJwk} takes
 * (a key set given as is is read key by key, and its private members dropped). Refuses two keys with
 * one `kid`, and more than {@link MAX_PUBLISHED_KEYS} keys.
 *
 * @example
 * const jwks = await publicKeySet([privateKeyPem]);
 * // { keys: [{ kty: 'RSA', n, e, kid: '<thumbprint>', alg: 'RS256', use: 'sig' }] }
 */
export async function publicKeySet(keys: readonly KeySetEntry[] | JsonWebKeySet): Promise<{ keys: PublicJwk[] }> {
  const entries: readonly unknown[] | undefined = Array.isArray(keys) ? keys : isJsonObject(keys) && Array.isArray(keys.keys) ? keys.keys : undefined;
  if (entries === undefined) throw issue('keys', 'Must be an array of keys or a JSON Web Key Set ({"keys": [...]})');
  if (entries.length === 0) throw issue('keys', BLANK_FIELD);
  if (entries.length > MAX_PUBLISHED_KEYS) throw issue('keys', `Must hold at most ${MAX_PUBLISHED_KEYS} keys`);
  const published = await Promise.all(
    entries.map((entry, i) =>
      isEntry(entry)
        ? publicJwkAt(entry.key, { kid: entry.kid, alg: entry.alg } as PublicJwkOptions, `keys[${i}].key`, `keys[${i}].`)
        : publicJwkAt(entry, {}, `keys[${i}]`, `keys[${i}].`),
    ),
  );
  const duplicates: FieldIssue[] = [];
  published.forEach((jwk, i) => {
    const first = published.findIndex((other) => other.kid === jwk.kid);
    if (first !== i) duplicates.push({ path: `keys[${i}].kid`, reason: `Must differ from the kid of keys[${first}] ('${jwk.kid}')` });
  });
  if (duplicates.length > 0) throw new SecurityEventTokenInputError(FAILED, duplicates);
  return { keys: published };
}
