import { notFound, OktaHttpError } from '../../pipeline/okta-errors';
import type { ClientJwkInput } from '../../../src/apps/credentials/inputs';
import { decodeBase64url } from '../../../src/set/base64url';
import type { AppBody } from '../store';
import { isObject, type Json } from '../../shared/json';

// The JSON Web Keys of an OAuth 2.0 client are the keys of its `settings.oauthClient.jwks`: the JWKS
// API reads and changes those, and the token endpoint verifies client assertions with the ACTIVE
// ones. Real organizations give each key an `id` (`pks…`) and a `status` in the app itself.

/** The most keys one client may have (Okta's limit). */
export const MAX_CLIENT_JWKS = 50;

/** The smallest RSA modulus Okta accepts in a client's keys. */
export const MIN_RSA_BITS = 2048;

/** A key of a client, as the app holds it (`kty`, `id`, `status` first, then the key's own members). */
export type ClientKey = Json & { id: string; status: 'ACTIVE' | 'INACTIVE'; kty?: unknown; kid?: unknown; use?: unknown };

/** When each key of each app was added and last changed (the app itself holds only the keys). */
export interface KeyTimes {
  created: string;
  lastUpdated: string;
}

const jwkError = (cause: string) => new OktaHttpError(400, 'E0000001', 'Api validation failed: JsonWebKey', [cause]);

/** The keys of a client app's `settings.oauthClient.jwks`, or `[]`. */
export function clientKeys(body: AppBody): ClientKey[] {
  const settings = isObject(body.settings) ? body.settings : {};
  const client = isObject(settings.oauthClient) ? settings.oauthClient : {};
  const jwks = isObject(client.jwks) ? client.jwks : {};
  return Array.isArray(jwks.keys) ? (jwks.keys.filter(isObject) as ClientKey[]) : [];
}

/** The body with these keys as its `settings.oauthClient.jwks.keys` (a new object; the body is not changed). */
export function withClientKeys(body: AppBody, keys: ClientKey[]): AppBody {
  const settings = isObject(body.settings) ? body.settings : {};
  const client = isObject(settings.oauthClient) ? settings.oauthClient : {};
  const jwks = isObject(client.jwks) ? client.jwks : {};
  return { ...body, settings: { ...settings, oauthClient: { ...client, jwks: { ...jwks, keys } } } };
}

/**
 * Gives every key of a created or replaced client an `id` and a `status`, keeping those of the keys
 * it had (matched by `id`, then by `kid`): `kty`, `id`, `status`, `kid`, `use`, then the key's other
 * members, an EC key's `crv` last. `use` and an EC key's `crv` are kept as sent, `null` when not
 * sent, as real orgs answer them.
 */
export function identifyKeys(body: AppBody, previous: AppBody | undefined, newId: () => string): AppBody {
  const settings = isObject(body.settings) ? body.settings : {};
  const client = isObject(settings.oauthClient) ? settings.oauthClient : undefined;
  if (!client || !isObject(client.jwks) || !Array.isArray(client.jwks.keys)) return body;
  const before = previous ? clientKeys(previous) : [];
  const keys = (client.jwks.keys as unknown[]).map((given) => {
    if (!isObject(given)) return given;
    const { kty, id, status, kid, use, crv, ...rest } = given;
    const match = before.find((k) => k.id === id) ?? (typeof kid === 'string' ? before.find((k) => k.kid === kid) : undefined);
    const keptStatus = status === 'ACTIVE' || status === 'INACTIVE' ? status : (match?.status ?? 'ACTIVE');
    return {
      ...(kty === undefined ? {} : { kty }),
      id: match?.id ?? newId(),
      status: keptStatus,
      ...(kid === undefined ? {} : { kid }),
      use: use ?? null,
      ...rest,
      ...(kty === 'EC' || crv !== undefined ? { crv: crv ?? null } : {}),
    };
  });
  return { ...body, settings: { ...settings, oauthClient: { ...client, jwks: { ...client.jwks, keys } } } };
}

/** The bit length of a base64url big-endian modulus, or 0 when it is absent or not base64url. */
function modulusBits(n: unknown): number {
  if (typeof n !== 'string' || n === '') return 0;
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64url(n);
  } catch {
    return 0;
  }
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

const EC_CURVES = new Set(['P-256', 'P-384', 'P-521']);

/** Members that make a JWK private (RSA, EC) or secret (`oct`): a client registers only public keys. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** A member that, when present, is text (`null` stands for absent, as real organizations write it). */
const textOrAbsent = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/**
 * Why a key cannot be a public key of a client, in Okta's words where they are recorded; `undefined`
 * when it can. The one rule for every way a key comes in (the JWKS API, an app's create or replace, a
 * seed, a snapshot): an RSA or EC key (never a symmetric `oct` one), without private members, an RSA
 * modulus of at least 2048 bits, EC `x` and `y` on a NIST curve when `crv` is named (real organizations
 * keep an EC key sent without `crv`, as `crv: null`), and EC keys never for encryption.
 */
function publicKeyProblem(key: Json): string | undefined {
  if (key.kty !== 'RSA' && key.kty !== 'EC') {
    return "A key in the 'jwks' must be a public RSA or EC key ('kty' RSA or EC); symmetric ('oct') and other keys are not accepted.";
  }
  const secret = PRIVATE_MEMBERS.filter((member) => Object.hasOwn(key, member));
  if (secret.length > 0) {
    return `A key in the 'jwks' must be public: remove its private members (${secret.join(', ')}) and send the public key alone.`;
  }
  if (!textOrAbsent(key.kid) || !textOrAbsent(key.alg)) return "A key's 'kid' and 'alg' in the 'jwks' must be strings.";
  if (key.use !== undefined && key.use !== null && key.use !== 'sig' && key.use !== 'enc') return "A key's 'use' in the 'jwks' must be 'sig' or 'enc'.";
  if (key.kty === 'RSA' && modulusBits(key.n) < MIN_RSA_BITS) return "RSA key length in the 'jwks' is less than '2,048' bits for the given key.";
  if (key.kty === 'EC') {
    const curveKnown = key.crv === undefined || key.crv === null || EC_CURVES.has(key.crv as string);
    if (!curveKnown || typeof key.x !== 'string' || key.x === '' || typeof key.y !== 'string' || key.y === '') {
      return "An EC key in the 'jwks' needs 'x' and 'y', and a 'crv' of P-256, P-384 or P-521 when it names one.";
    }
    if (key.use === 'enc') return 'Okta supports only RSA keys for encrypting tokens.';
  }
  return undefined;
}

/**
 * Why a client's keys cannot hold `key` beside `others` (the keys before it), in Okta's words: at
 * most 50 keys, a `kid` on every key once there are several, one key per `kid`, one ACTIVE
 * encryption key.
 */
function keySetProblem(key: Json, others: readonly Json[]): string | undefined {
  if (others.length >= MAX_CLIENT_JWKS) {
    return `You can't create a new key. You have reached the maximum number of keys allowed (${MAX_CLIENT_JWKS}). To add another key, you must first delete an existing one.`;
  }
  const kid = typeof key.kid === 'string' ? key.kid : undefined;
  if (others.length > 0 && (kid === undefined || others.some((k) => typeof k.kid !== 'string'))) {
    return 'Each key should have a unique kid when adding multiple keys. Use the Apps API to update the JWKS to add a kid for the existing key, or delete the existing key and re-add the key with a kid using the JWKS APIs.';
  }
  if (kid !== undefined && others.some((k) => k.kid === kid)) return "All keys in the 'jwks' must have a unique `kid`.";
  if (key.use === 'enc' && key.status === 'ACTIVE' && others.some((k) => k.use === 'enc' && k.status === 'ACTIVE')) {
    return "The client can have only one active encryption key in the 'jwks'.";
  }
  return undefined;
}

/**
 * The key to add to a client through the JWKS API, checked with the rules of {@link publicKeyProblem}
 * and {@link keySetProblem}, as the app will hold it.
 */
export function newClientKey(input: ClientJwkInput, existing: ClientKey[], id: string): ClientKey {
  const status = input.status ?? 'ACTIVE';
  const problem = publicKeyProblem(input) ?? keySetProblem({ ...input, status }, existing);
  if (problem !== undefined) throw jwkError(problem);
  const { kty, status: _status, kid, ...members } = input;
  return { kty, id, status, ...(kid === undefined || kid === null ? {} : { kid }), ...members } as ClientKey;
}

/**
 * The first key of an app body's `settings.oauthClient.jwks.keys` that breaks the rules of the JWKS
 * API, as its field (`settings.oauthClient.jwks.keys[i]`) and the reason; `undefined` when all hold.
 * An app's create and replace, a seed and a snapshot are checked with it.
 */
export function clientKeysProblem(body: AppBody): [field: string, reason: string] | undefined {
  const settings = isObject(body.settings) ? body.settings : {};
  const client = isObject(settings.oauthClient) ? settings.oauthClient : {};
  const keys: unknown[] = isObject(client.jwks) && Array.isArray(client.jwks.keys) ? client.jwks.keys : [];
  for (const [i, key] of keys.entries()) {
    const problem = isObject(key) ? (publicKeyProblem(key) ?? keySetProblem(key, keys.slice(0, i) as Json[])) : 'Must be a JSON Web Key (an object)';
    if (problem !== undefined) return [`settings.oauthClient.jwks.keys[${i}]`, problem];
  }
  return undefined;
}

/** One key of a client, or `E0000007 … (JsonWebKey)`. */
export function requireKey(keys: ClientKey[], id: string): ClientKey {
  const key = keys.find((k) => k.id === id);
  if (!key) throw notFound(id, 'JsonWebKey');
  return key;
}

/**
 * The keys after setting one's status. Activating an encryption key deactivates the active one;
 * the active encryption key cannot be deactivated, nor the only active signing key of a
 * `private_key_jwt` client (its token requests could no longer be verified).
 */
export function keysWithStatus(keys: ClientKey[], id: string, status: ClientKey['status'], authMethod: unknown): ClientKey[] {
  const key = requireKey(keys, id);
  if (key.status === status) return keys;
  if (status === 'INACTIVE') {
    if (key.use === 'enc') throw jwkError("You can't deactivate the active encryption key.");
    const otherActive = keys.some((k) => k !== key && k.use !== 'enc' && k.status === 'ACTIVE');
    if (!otherActive && authMethod === 'private_key_jwt') {
      throw jwkError("Can't deactivate the only active JSON Web Key when the value for `token_endpoint_auth_method` is `private_key_jwt`.");
    }
  }
  return keys.map((k) => {
    if (k === key) return { ...k, status };
    if (status === 'ACTIVE' && key.use === 'enc' && k.use === 'enc' && k.status === 'ACTIVE') return { ...k, status: 'INACTIVE' as const };
    return k;
  });
}

/** The keys without one INACTIVE key; an ACTIVE key is refused as Okta does. */
export function keysWithout(keys: ClientKey[], id: string): ClientKey[] {
  const key = requireKey(keys, id);
  if (key.status === 'ACTIVE') throw jwkError("You can't delete an active JSON Web Key. Deactivate the key before deleting it.");
  return keys.filter((k) => k !== key);
}

/** A key as the JWKS API answers it: its members, `status`, times and the lifecycle links its status allows. */
export function renderClientKey(origin: string, appId: string, key: ClientKey, times: KeyTimes): Json {
  const { id, kid, kty, alg, use, status, ...rest } = key;
  const self = `${origin}/api/v1/apps/${appId}/credentials/jwks/${id}`;
  const post = { allow: ['POST'] };
  return {
    id,
    ...(kid === undefined ? {} : { kid }),
    kty,
    ...(alg === undefined ? {} : { alg }),
    ...(use === undefined ? {} : { use }),
    ...rest,
    status,
    created: times.created,
    lastUpdated: times.lastUpdated,
    _links:
      status === 'ACTIVE'
        ? { deactivate: { href: `${self}/lifecycle/deactivate`, hints: post } }
        : { activate: { href: `${self}/lifecycle/activate`, hints: post }, delete: { href: self, hints: { allow: ['DELETE'] } } },
  };
}
