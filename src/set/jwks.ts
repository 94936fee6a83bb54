import { base64url, importPKCS8, type CryptoKey, type JWK, type KeyObject } from 'jose';
import { BLANK_FIELD, type FieldIssue } from '../validation/field-issues';
import { isJsonObject } from '../validation/record';
import type { AsymmetricAlgorithm } from './decode';
import { SecurityEventTokenInputError } from './errors';
import { keyObjectJwk } from './key-object';
import type { JsonWebKeySet } from './keys';
import { algorithmProblem, defaultAlgorithm } from './sign';
import { describeKey, keyProblem, pemDefaultAlgorithm, readPem, type KeyFacts } from './signing-key';

/**
 * A key whose public half can be published: one of the signer's private forms (a PKCS #8 PEM string,
 * a private JWK, an extractable private Web Crypto key, a private Node.js `KeyObject`), or a public
 * JWK, Web Crypto key or `KeyObject` (in Node.js, `createPublicKey(pem)` reads a public key PEM).
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
const MAX_PUBLISHED_KEYS = 100;

/** The public members of each key type (RFC 7518 §6, RFC 8037 §2), in the order they are written. */
const PUBLIC_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  RSA: ['n', 'e'],
  EC: ['crv', 'x', 'y'],
  OKP: ['crv', 'x'],
};

const FAILED = 'Cannot make the public key set';

function issue(path: string, reason: string): SecurityEventTokenInputError {
  return new SecurityEventTokenInputError(FAILED, [{ path, reason }]);
}

/**
 * `key` as a JWK, with the facts the signer's checks read and the algorithm it will carry. A PKCS #8
 * PEM is imported (extractable) to read its members; a private Web Crypto key must be extractable
 * already, since Web Crypto cannot derive a public key from a private one.
 */
async function readKey(key: unknown, alg: string | undefined, path: string): Promise<{ jwk: JWK; facts: KeyFacts | undefined; alg: string }> {
  if (typeof key === 'string') {
    if (key.includes('-----BEGIN PUBLIC KEY-----')) throw issue(path, 'Must be a private key PEM; give a public key PEM as a KeyObject: createPublicKey(pem) (node:crypto)');
    const pem = readPem(key);
    if (!pem.ok) throw issue(path, pem.reason);
    const chosen = alg ?? pemDefaultAlgorithm(pem.facts);
    let imported: CryptoKey;
    try {
      imported = await importPKCS8(key, chosen, { extractable: true });
    } catch (cause) {
      // Why the key does not suit the algorithm, when the signer's checks can say.
      const reason = keyProblem(pem.facts, chosen) ?? `Must be a PKCS #8 private key usable with ${chosen}`;
      throw new SecurityEventTokenInputError(FAILED, [{ path, reason }], { cause });
    }
    // A PEM's modulus length is known only once imported.
    return { jwk: await exportJwk(imported), facts: describeKey(imported), alg: chosen };
  }
  const facts = describeKey(key);
  if (facts === undefined) throw issue(path, 'Must be a PEM string, a JWK, a Web Crypto key or a Node.js KeyObject');
  const chosen = alg ?? defaultAlgorithm(key);
  const k = key as JWK & { export?: unknown; extractable?: boolean };
  if (k.kty !== undefined) {
    if (k.alg !== undefined && k.alg !== chosen) throw issue(`${path}.alg`, `Must match alg '${chosen}'`);
    if (k.use !== undefined && k.use !== 'sig') throw issue(`${path}.use`, "Must be 'sig': the key set publishes signing keys");
    return { jwk: k, facts, alg: chosen };
  }
  if (typeof k.export === 'function') return { jwk: keyObjectJwk(key as KeyObject), facts, alg: chosen };
  if (!k.extractable) throw issue(path, 'Must be extractable, or the public key: Web Crypto cannot read the public half of a non-extractable private key');
  return { jwk: await exportJwk(key as CryptoKey), facts, alg: chosen };
}

/** A Web Crypto key's JWK (it must be extractable). */
async function exportJwk(key: CryptoKey): Promise<JWK> {
  return (await crypto.subtle.exportKey('jwk', key)) as JWK;
}

/**
 * The RFC 7638 SHA-256 thumbprint of a public JWK whose members are exactly the required ones: their
 * JSON with the names in lexicographic order and no white space, hashed, in base64url.
 */
async function thumbprint(jwk: Record<string, unknown>): Promise<string> {
  const json = JSON.stringify(Object.fromEntries(Object.entries(jwk).sort(([a], [b]) => (a < b ? -1 : 1))));
  return base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(json))));
}

/**
 * The public JWK of a signing key, ready for the provider's key set: only the public members of its
 * type (never `d`, `p`, `q`, `dp`, `dq`, `qi`, `oth` or `k`), then `kid` (by default a JWK's own,
 * else the key's RFC 7638 thumbprint), `alg` and `use: "sig"`. Keys are accepted in every form the
 * signer takes, private or public. HMAC keys, RSA keys under 2048 bits and keys that do not suit
 * `alg` are refused with a {@link SecurityEventTokenInputError} naming the fix. A provider's server
 * does this: the package's browser build refuses it with a `ConfigurationError`.
 */
export async function publicJwk(key: PublishableKey, options: PublicJwkOptions = {}): Promise<PublicJwk> {
  return publicJwkAt(key, options, 'key', '');
}

/** {@link publicJwk} for the key at `path`, whose `kid` and `alg` options are named with `prefix` (`keys[0].`). */
async function publicJwkAt(key: unknown, options: PublicJwkOptions, path: string, prefix: string): Promise<PublicJwk> {
  const { kid, alg } = options;
  if (kid !== undefined && (typeof kid !== 'string' || kid === '')) throw issue(`${prefix}kid`, 'Must be a non-empty string');
  const algProblem = alg === undefined ? undefined : algorithmProblem(alg);
  if (algProblem !== undefined) throw issue(`${prefix}alg`, algProblem);
  const read = await readKey(key, alg, path);
  const { jwk, facts } = read;
  const problem = algorithmProblem(read.alg) ?? (facts === undefined ? undefined : keyProblem({ ...facts, isPrivate: true }, read.alg));
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
  out.kid = kid ?? (typeof jwk.kid === 'string' && jwk.kid !== '' ? jwk.kid : await thumbprint(out));
  out.alg = read.alg;
  out.use = 'sig';
  return out as unknown as PublicJwk;
}

function isEntry(value: unknown): value is { key: PublishableKey } & PublicJwkOptions {
  return isJsonObject(value) && 'key' in value && !('kty' in value);
}

/**
 * The provider's public key set, `{ keys: [...] }`, from its keys in any form {@link publicJwk} takes
 * (a key set given as is is read key by key, and its private members dropped). Refuses two keys with
 * one `kid`, and more than 100 keys. Refused by the package's browser build, as {@link publicJwk} is.
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
