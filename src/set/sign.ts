import { CompactSign, type CryptoKey, type JWK, type KeyObject } from 'jose';
import * as z from 'zod/mini';
import {
  BLANK_FIELD,
  fieldIssues,
  NOT_ALLOWED_VALUE,
  PARSE_OPTIONS,
  type FieldIssue,
} from '../validation/field-issues';
import { DEFAULT_ALGORITHMS, SECEVENT_TYP, type AsymmetricAlgorithm } from './decode';
import { SecurityEventTokenInputError } from './errors';
import { nowInSeconds, validateEvents, type SecurityEventsInput } from './events';
import { isRsaPssKeyObject, keyObjectJwk, keyObjectMismatch } from './key-object';
import { importSigningJwk } from './keys';
import { ACCEPTED_KEY_FORMS, describeKey, importPem, keyProblem, pemDefaultAlgorithm, readPem } from './signing-key';
import { subjectIdentifierSchema, type SubjectIdentifier } from './subject';

/**
 * A key that can sign: a PKCS #8 PEM string (`-----BEGIN PRIVATE KEY-----`), a private JWK, a private
 * Web Crypto key or a private Node.js `KeyObject`. RSA keys need at least 2048 bits; HMAC keys are refused.
 */
export type SigningKey = string | CryptoKey | KeyObject | JWK;

/** The claims of a security event token to sign. `jti` and `iat` are filled when absent. */
export interface SecurityEventTokenClaimsInput {
  /** The provider's issuer identifier. */
  iss: string;
  /** The receiver: for Okta, the organization URL. */
  aud: string | string[];
  /** One or more events by type URI; build them with `events.*` and spread them together. */
  events: SecurityEventsInput;
  /** Unique token identifier; default a random UUID. */
  jti?: string;
  /** Issue time in integer seconds; default now. */
  iat?: number;
  /** The RFC 9493 subject of the whole token, when it has one. */
  sub_id?: SubjectIdentifier;
  /** Transaction identifier shared by tokens about one underlying transaction (RFC 8417 §2.2). */
  txn?: string;
  /** Refused: a security event token does not expire. */
  exp?: never;
  /** Refused: name subjects in each event's `subject` or in `sub_id`. */
  sub?: never;
  /** Any other claim, sent as is. */
  [claim: string]: unknown;
}

/** Options of {@link signSecurityEventToken}. */
export interface SignSecurityEventTokenOptions {
  /** The provider's private key; a PEM string or a JWK is imported for `alg`. */
  key: SigningKey;
  /** The key identifier published with the public key in the provider's key set. */
  kid: string;
  /**
   * Signature algorithm. Default: the JWK's own `alg`, else what the key's type allows (`ES256`,
   * `ES384` or `ES512` by curve, `PS256` for an RSA-PSS key, `EdDSA` for Ed25519, the hash an RSA
   * Web Crypto key was imported with), else `RS256`. `none` and `HS*` are refused.
   */
  alg?: AsymmetricAlgorithm;
}

const signedClaimsSchema = z.looseObject({
  iss: z.string().check(z.minLength(1)),
  jti: z.optional(z.string().check(z.minLength(1))),
  iat: z.optional(z.int().check(z.nonnegative())),
  sub_id: z.optional(subjectIdentifierSchema),
  txn: z.optional(z.string().check(z.minLength(1))),
});

const EXP_REFUSED =
  'Must not be set: a security event token does not expire; receivers judge its age by iat';
const SUB_REFUSED =
  "Must not be set: name the subject in each event's 'subject' member, or of the whole token in 'sub_id'";

function audienceIssues(aud: unknown): FieldIssue[] {
  if (aud === undefined || aud === null || aud === '') return [{ path: 'aud', reason: BLANK_FIELD }];
  if (typeof aud === 'string') return [];
  if (!Array.isArray(aud)) return [{ path: 'aud', reason: 'Must be a string or an array of strings' }];
  if (aud.length === 0) return [{ path: 'aud', reason: BLANK_FIELD }];
  return aud.flatMap((value: unknown, index): FieldIssue[] =>
    typeof value === 'string' && value !== ''
      ? []
      : [{ path: `aud[${index}]`, reason: value === '' ? BLANK_FIELD : 'Must be a string' }],
  );
}

function claimIssues(claims: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const parsed = signedClaimsSchema.safeParse(claims, PARSE_OPTIONS);
  if (!parsed.success) issues.push(...fieldIssues(parsed.error));
  issues.push(...audienceIssues(claims.aud));
  if (claims.exp !== undefined) issues.push({ path: 'exp', reason: EXP_REFUSED });
  if (claims.sub !== undefined) issues.push({ path: 'sub', reason: SUB_REFUSED });
  issues.push(...validateEvents(claims.events).issues);
  return issues;
}

function isJwk(key: object): key is JWK {
  return 'kty' in key;
}

/** The ECDSA algorithm for each curve, by its JOSE and Web Crypto name and by its OpenSSL name. */
const CURVE_ALGORITHMS: Readonly<Record<string, string>> = {
  'P-256': 'ES256',
  'P-384': 'ES384',
  'P-521': 'ES512',
  prime256v1: 'ES256',
  secp384r1: 'ES384',
  secp521r1: 'ES512',
};

/** `prefix` and the bits of a hash named `SHA-384` or `sha384`, or `fallback` without one. */
function byHash(prefix: 'RS' | 'PS', hash: string | undefined, fallback: string): string {
  const bits = /^sha-?(256|384|512)$/i.exec(hash ?? '')?.[1];
  return bits === undefined ? fallback : `${prefix}${bits}`;
}

/**
 * The algorithm a key signs with when `alg` is left out: a JWK's own `alg`, else what the key's
 * type, curve or hash allows (ES384 for a P-384 key, PS256 for an RSA-PSS key, RS384 for a Web
 * Crypto RSA key imported with SHA-384, EdDSA for Ed25519), else RS256.
 */
export function defaultAlgorithm(key: unknown): string {
  if (typeof key === 'string') {
    const pem = readPem(key);
    return pem.ok ? pemDefaultAlgorithm(pem.facts) : 'RS256';
  }
  if (typeof key !== 'object' || key === null) return 'RS256';
  const own = (name: string) => (Object.hasOwn(CURVE_ALGORITHMS, name) ? CURVE_ALGORITHMS[name] : undefined);
  if (isJwk(key)) {
    if (typeof key.alg === 'string') return key.alg;
    if (key.kty === 'EC') return own(key.crv ?? '') ?? 'RS256';
    return key.kty === 'OKP' && key.crv === 'Ed25519' ? 'EdDSA' : 'RS256';
  }
  const algorithm = (key as { algorithm?: { name?: string; namedCurve?: string; hash?: { name?: string } } }).algorithm;
  if (algorithm !== undefined) {
    // A Web Crypto key.
    if (algorithm.name === 'ECDSA') return own(algorithm.namedCurve ?? '') ?? 'RS256';
    if (algorithm.name === 'Ed25519') return 'EdDSA';
    if (algorithm.name === 'RSA-PSS') return byHash('PS', algorithm.hash?.name, 'PS256');
    if (algorithm.name === 'RSASSA-PKCS1-v1_5') return byHash('RS', algorithm.hash?.name, 'RS256');
    return 'RS256';
  }
  // A Node.js KeyObject.
  const { asymmetricKeyType: type, asymmetricKeyDetails: details } = key as {
    asymmetricKeyType?: string;
    asymmetricKeyDetails?: { namedCurve?: string; hashAlgorithm?: string };
  };
  if (type === 'ec') return own(details?.namedCurve ?? '') ?? 'RS256';
  if (type === 'ed25519') return 'EdDSA';
  if (type === 'rsa-pss') return byHash('PS', details?.hashAlgorithm, 'PS256');
  return 'RS256';
}

/** Why `alg` cannot sign a security event token, or `undefined` when it can. */
export function algorithmProblem(alg: string): string | undefined {
  if ((DEFAULT_ALGORITHMS as readonly string[]).includes(alg)) return undefined;
  if (/^HS\d+$/.test(alg)) return `HMAC (${alg}) is refused: a security event token needs an asymmetric signature, e.g. RS256 or ES256`;
  if (alg === 'none') return 'Unsigned tokens (none) are refused: a security event token needs an asymmetric signature, e.g. RS256 or ES256';
  return `${NOT_ALLOWED_VALUE}: ${DEFAULT_ALGORITHMS.join(', ')}`;
}

function keyIssue(key: unknown, alg: string): FieldIssue | undefined {
  if (key === undefined || key === null || key === '') {
    return { path: 'key', reason: `${BLANK_FIELD}: give ${ACCEPTED_KEY_FORMS}` };
  }
  if (typeof key === 'string') {
    const pem = readPem(key);
    if (!pem.ok) return { path: 'key', reason: pem.reason };
    const problem = keyProblem(pem.facts, alg);
    return problem === undefined ? undefined : { path: 'key', reason: problem };
  }
  if (typeof key === 'object' && isJwk(key) && key.alg !== undefined && key.alg !== alg) {
    return { path: 'key.alg', reason: `Must match alg '${alg}'` };
  }
  const facts = describeKey(key);
  if (facts === undefined) return { path: 'key', reason: `Must be ${ACCEPTED_KEY_FORMS}` };
  const problem = keyProblem(facts, alg);
  return problem === undefined ? undefined : { path: 'key', reason: problem };
}

function optionIssues(options: SignSecurityEventTokenOptions, alg: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (typeof options.kid !== 'string' || options.kid === '') {
    issues.push({ path: 'kid', reason: BLANK_FIELD });
  }
  const algProblem = algorithmProblem(alg);
  if (algProblem !== undefined) issues.push({ path: 'alg', reason: algProblem });
  const keyProblemIssue = keyIssue(options.key, algProblem === undefined ? alg : '');
  if (keyProblemIssue !== undefined) issues.push(keyProblemIssue);
  return issues;
}

const SIGN_FAILED = 'Cannot sign the security event token';

async function usableKey(key: SigningKey, alg: string): Promise<CryptoKey | KeyObject> {
  if (typeof key === 'string') {
    let imported: CryptoKey;
    try {
      imported = await importPem(key, alg);
    } catch (cause) {
      throw new SecurityEventTokenInputError(SIGN_FAILED, [{ path: 'key', reason: `Must be a PKCS #8 private key usable with ${alg}` }], { cause });
    }
    // A PEM's modulus length is known only once imported.
    const facts = describeKey(imported);
    const problem = facts === undefined ? undefined : keyProblem(facts, alg);
    if (problem !== undefined) throw new SecurityEventTokenInputError(SIGN_FAILED, [{ path: 'key', reason: problem }]);
    return imported;
  }
  let jwk: JWK;
  if (isJwk(key)) {
    jwk = key;
  } else if (isRsaPssKeyObject(key)) {
    // jose cannot sign with an rsa-pss KeyObject on Node.js 20; its JWK, read here, can.
    const mismatch = keyObjectMismatch(key, alg);
    if (mismatch !== undefined) {
      throw new SecurityEventTokenInputError(SIGN_FAILED, [{ path: 'key', reason: `Must suit ${alg}, but the key ${mismatch}` }]);
    }
    try {
      jwk = keyObjectJwk(key);
    } catch (cause) {
      throw new SecurityEventTokenInputError(SIGN_FAILED, [{ path: 'key', reason: 'Must be an exportable private key' }], { cause });
    }
  } else {
    return key;
  }
  try {
    return await importSigningJwk(jwk, alg);
  } catch (cause) {
    throw new SecurityEventTokenInputError(
      SIGN_FAILED,
      [{ path: 'key', reason: `Must be a private ${isJwk(key) ? 'JWK' : 'key'} usable with ${alg}` }],
      { cause },
    );
  }
}

/**
 * Signs a security event token (RFC 8417) as a compact JWS with the protected header
 * `{ alg, kid, typ: 'secevent+jwt' }`. Fills `jti` (a random UUID) and `iat` (now) when absent.
 * Everything is validated before signing — `iss`, `aud`, each event's payload, the key and options —
 * and any problem throws a {@link SecurityEventTokenInputError} naming every bad field. `exp` and `sub`
 * are refused.
 */
export async function signSecurityEventToken(
  claims: SecurityEventTokenClaimsInput,
  options: SignSecurityEventTokenOptions,
): Promise<string> {
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new SecurityEventTokenInputError(SIGN_FAILED, [{ path: 'claims', reason: 'Must be an object' }]);
  }
  const alg = options.alg ?? defaultAlgorithm(options.key);
  const issues = [...claimIssues(claims), ...optionIssues(options, alg)];
  if (issues.length > 0) throw new SecurityEventTokenInputError(SIGN_FAILED, issues);

  const key = await usableKey(options.key, alg);
  const payload = {
    ...claims,
    jti: claims.jti ?? crypto.randomUUID(),
    iat: claims.iat ?? nowInSeconds(),
  };
  const header = { alg, kid: options.kid, typ: SECEVENT_TYP };
  let json: string;
  try {
    json = JSON.stringify(payload);
  } catch (cause) {
    // A cycle or a BigInt among the claims: the key is not at fault.
    const reason = `Must be JSON (${(cause instanceof Error ? cause.message : String(cause)).split('\n', 1)[0]})`;
    throw new SecurityEventTokenInputError(SIGN_FAILED, [{ path: 'claims', reason }], { cause });
  }
  try {
    return await new CompactSign(new TextEncoder().encode(json))
      .setProtectedHeader(header)
      .sign(key);
  } catch (cause) {
    throw new SecurityEventTokenInputError(
      SIGN_FAILED,
      [{ path: 'key', reason: `Must be a private key usable with ${alg}` }],
      { cause },
    );
  }
}
