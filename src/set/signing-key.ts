import { base64url, importPKCS8, type CryptoKey } from 'jose';
import { signatureAlgorithm } from './signature';

/**
 * What a signing key is, read from whichever form it came in (JWK, Web Crypto key, Node.js
 * KeyObject), so the signer can say exactly what is wrong with it.
 */
export interface KeyFacts {
  kind: 'RSA' | 'RSA-PSS' | 'EC' | 'Ed25519' | 'HMAC' | 'unknown';
  /** The curve of an EC key, by its JOSE name (`P-256`). */
  curve?: string;
  /** The modulus length of an RSA key, in bits. */
  bits?: number;
  isPrivate: boolean;
}

/** The key forms the signer accepts, for messages. */
export const ACCEPTED_KEY_FORMS =
  "a PKCS #8 PEM string ('-----BEGIN PRIVATE KEY-----'), a private JWK, a private Web Crypto CryptoKey or a private Node.js KeyObject";

const CURVES: Readonly<Record<string, string>> = {
  'P-256': 'P-256',
  'P-384': 'P-384',
  'P-521': 'P-521',
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};

function curveName(name: unknown): string | undefined {
  return typeof name === 'string' ? (Object.hasOwn(CURVES, name) ? CURVES[name] : name) : undefined;
}

/** Bits of a big-endian unsigned integer given as base64url (an RSA modulus). */
function bitLength(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  let bytes: Uint8Array;
  try {
    bytes = base64url.decode(value);
  } catch {
    return undefined;
  }
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

/** Reads what `key` is; `undefined` for a value that is no key at all. */
export function describeKey(key: unknown): KeyFacts | undefined {
  if (typeof key !== 'object' || key === null) return undefined;
  const k = key as Record<string, unknown>;
  if (typeof k.kty === 'string') {
    // A JWK.
    if (k.kty === 'oct') return { kind: 'HMAC', isPrivate: true };
    const isPrivate = k.d !== undefined;
    if (k.kty === 'RSA') return { kind: 'RSA', bits: bitLength(k.n), isPrivate };
    if (k.kty === 'EC') return { kind: 'EC', curve: curveName(k.crv), isPrivate };
    if (k.kty === 'OKP' && k.crv === 'Ed25519') return { kind: 'Ed25519', isPrivate };
    return { kind: 'unknown', isPrivate };
  }
  const algorithm = k.algorithm as { name?: string; namedCurve?: string; modulusLength?: number } | undefined;
  if (typeof algorithm === 'object' && algorithm !== null) {
    // A Web Crypto key.
    const isPrivate = k.type === 'private';
    if (algorithm.name === 'HMAC' || k.type === 'secret') return { kind: 'HMAC', isPrivate: true };
    if (algorithm.name === 'RSASSA-PKCS1-v1_5') return { kind: 'RSA', bits: algorithm.modulusLength, isPrivate };
    if (algorithm.name === 'RSA-PSS') return { kind: 'RSA-PSS', bits: algorithm.modulusLength, isPrivate };
    if (algorithm.name === 'ECDSA') return { kind: 'EC', curve: curveName(algorithm.namedCurve), isPrivate };
    if (algorithm.name === 'Ed25519') return { kind: 'Ed25519', isPrivate };
    return { kind: 'unknown', isPrivate };
  }
  if (typeof k.export === 'function') {
    // A Node.js KeyObject.
    if (k.type === 'secret') return { kind: 'HMAC', isPrivate: true };
    const isPrivate = k.type === 'private';
    const details = k.asymmetricKeyDetails as { modulusLength?: number; namedCurve?: string } | undefined;
    switch (k.asymmetricKeyType) {
      case 'rsa':
        return { kind: 'RSA', bits: details?.modulusLength, isPrivate };
      case 'rsa-pss':
        return { kind: 'RSA-PSS', bits: details?.modulusLength, isPrivate };
      case 'ec':
        return { kind: 'EC', curve: curveName(details?.namedCurve), isPrivate };
      case 'ed25519':
        return { kind: 'Ed25519', isPrivate };
      default:
        return { kind: 'unknown', isPrivate };
    }
  }
  return undefined;
}

function describeFacts(facts: KeyFacts): string {
  if (facts.kind === 'EC') return `an EC ${facts.curve ?? ''} key`.replace('  ', ' ');
  if (facts.kind === 'RSA' || facts.kind === 'RSA-PSS') return `an ${facts.kind} key`;
  if (facts.kind === 'Ed25519') return 'an Ed25519 key';
  return 'a key of another type';
}

/** The algorithm a key of this kind signs with by default, to suggest when `alg` does not suit it. */
function suggestedAlgorithm(facts: KeyFacts): string | undefined {
  if (facts.kind === 'EC') return { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' }[facts.curve ?? ''];
  if (facts.kind === 'RSA') return 'RS256';
  if (facts.kind === 'RSA-PSS') return 'PS256';
  if (facts.kind === 'Ed25519') return 'EdDSA';
  return undefined;
}

/** Least RSA modulus a signer accepts (RFC 7518 §3.3). */
export const MIN_RSA_BITS = 2048;

/**
 * Why `facts` cannot sign `alg` signatures, in words that name the fix, or `undefined` when the
 * key suits it (HMAC keys are refused, RSA keys need 2048 bits, ES256 needs a P-256 key, …).
 */
export function keyProblem(facts: KeyFacts, alg: string): string | undefined {
  if (facts.kind === 'HMAC') {
    return "HMAC keys are refused: sign with an asymmetric private key (RSA, EC or Ed25519) whose public key is in the provider's key set";
  }
  if (!facts.isPrivate) return 'Must be a private key; the public key goes in the key set';
  const expected = signatureAlgorithm(alg);
  if (expected === undefined) return undefined;
  const other = suggestedAlgorithm(facts);
  const instead = other !== undefined ? `, or leave alg out to sign with ${other}` : '';
  switch (expected.keyName) {
    case 'RSASSA-PKCS1-v1_5':
    case 'RSA-PSS': {
      const fits = facts.kind === 'RSA' || (facts.kind === 'RSA-PSS' && expected.keyName === 'RSA-PSS');
      if (!fits) {
        const needs = expected.keyName === 'RSA-PSS' ? 'an RSA or RSA-PSS key' : 'an RSA key';
        return `${alg} needs ${needs}; this is ${describeFacts(facts)}${instead}`;
      }
      if (facts.bits !== undefined && facts.bits < MIN_RSA_BITS) {
        return `RSA keys must be at least ${MIN_RSA_BITS} bits; this one has ${facts.bits}`;
      }
      return undefined;
    }
    case 'ECDSA':
      if (facts.kind !== 'EC' || facts.curve !== expected.namedCurve) {
        return `${alg} needs a ${expected.namedCurve} key; this is ${describeFacts(facts)}${instead}`;
      }
      return undefined;
    case 'Ed25519':
      return facts.kind === 'Ed25519' ? undefined : `${alg} needs an Ed25519 key; this is ${describeFacts(facts)}${instead}`;
    default:
      return undefined;
  }
}

// Object identifiers (DER, tag and length included) of the key algorithms a PKCS #8 key may name.
const PKCS8_KINDS: Array<{ oid: number[]; facts: KeyFacts }> = [
  { oid: [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01], facts: { kind: 'RSA', isPrivate: true } },
  { oid: [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a], facts: { kind: 'RSA-PSS', isPrivate: true } },
  { oid: [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07], facts: { kind: 'EC', curve: 'P-256', isPrivate: true } },
  { oid: [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22], facts: { kind: 'EC', curve: 'P-384', isPrivate: true } },
  { oid: [0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23], facts: { kind: 'EC', curve: 'P-521', isPrivate: true } },
  { oid: [0x06, 0x03, 0x2b, 0x65, 0x70], facts: { kind: 'Ed25519', isPrivate: true } },
];

function contains(haystack: Uint8Array, needle: number[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const PKCS8_BEGIN = '-----BEGIN PRIVATE KEY-----';
const PKCS8_END = '-----END PRIVATE KEY-----';

/**
 * The base64 between a PKCS #8 PEM's BEGIN and END lines, white space taken out; `undefined` when the
 * text is not one such block. Read by slicing, not by one pattern: a pattern with white space on both
 * sides of a base64 run that also takes white space backtracks cubically on a long run of spaces.
 */
function pkcs8Base64(pem: string): string | undefined {
  const text = pem.trim();
  if (text.length <= PKCS8_BEGIN.length + PKCS8_END.length || !text.startsWith(PKCS8_BEGIN) || !text.endsWith(PKCS8_END)) return undefined;
  const inside = text.slice(PKCS8_BEGIN.length, -PKCS8_END.length);
  return /^[A-Za-z0-9+/=\s]+$/.test(inside) ? inside.replace(/\s+/g, '') : undefined;
}

/** A PEM string read far enough to sign with: its facts, or why it is refused. */
export type PemReading = { ok: true; pem: string; facts: KeyFacts } | { ok: false; reason: string };

/**
 * Reads a PEM string: only an unencrypted PKCS #8 private key is accepted; every other PEM gets a
 * reason that says what it is and how to convert it.
 */
export function readPem(pem: string): PemReading {
  const label = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(pem)?.[1];
  if (label === undefined) return { ok: false, reason: `Must be a private key: ${ACCEPTED_KEY_FORMS}` };
  if (label === 'RSA PRIVATE KEY' || label === 'EC PRIVATE KEY') {
    return {
      ok: false,
      reason: `A '${label}' PEM is not accepted; convert it to PKCS #8 ('BEGIN PRIVATE KEY') with: openssl pkcs8 -topk8 -nocrypt -in key.pem`,
    };
  }
  if (label === 'ENCRYPTED PRIVATE KEY') {
    return { ok: false, reason: 'An encrypted PKCS #8 key is not accepted; decrypt it first: openssl pkcs8 -in key.pem -nocrypt' };
  }
  if (label === 'PUBLIC KEY' || label === 'CERTIFICATE') {
    return { ok: false, reason: `Must be a private key; this PEM holds a ${label.toLowerCase()}, which goes in the key set` };
  }
  const base64 = label === 'PRIVATE KEY' ? pkcs8Base64(pem) : undefined;
  if (base64 === undefined) {
    return { ok: false, reason: `A '${label}' PEM is not accepted; give ${ACCEPTED_KEY_FORMS}` };
  }
  let der: Uint8Array;
  try {
    der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    return { ok: false, reason: 'The PKCS #8 PEM is not valid base64 between its BEGIN and END lines' };
  }
  // The key's AlgorithmIdentifier comes within the first bytes of the PrivateKeyInfo.
  const head = der.subarray(0, 40);
  const kind = PKCS8_KINDS.find((k) => contains(head, k.oid));
  if (kind === undefined) return { ok: false, reason: 'The PKCS #8 key is of a type that cannot sign security event tokens (use RSA, EC P-256/384/521 or Ed25519)' };
  return { ok: true, pem, facts: kind.facts };
}

/** The algorithm a PKCS #8 key signs with when `alg` is left out. */
export function pemDefaultAlgorithm(facts: KeyFacts): string {
  return suggestedAlgorithm(facts) ?? 'RS256';
}

/** Imports a PKCS #8 PEM for `alg`, as a non-extractable Web Crypto key. */
export function importPem(pem: string, alg: string): Promise<CryptoKey> {
  return importPKCS8(pem, alg);
}
