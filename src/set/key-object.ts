import type { JWK, KeyObject } from 'jose';
import { encodeBase64url } from './base64url';
import { signatureAlgorithm } from './signature';

/** The parameters Node.js reports for an `rsa-pss` key that was created with restrictions. */
interface RsaPssDetails {
  hashAlgorithm?: string;
  mgf1HashAlgorithm?: string;
  saltLength?: number;
}

/** The members of a KeyObject this module reads (typed loosely: keys come from user code). */
interface KeyObjectLike {
  type: string;
  asymmetricKeyType?: string;
  asymmetricKeyDetails?: RsaPssDetails;
  export(options: { format: 'jwk' } | { format: 'der'; type: 'spki' | 'pkcs8' }): unknown;
}

/** Whether `key` has the `export` method of a Node.js `KeyObject`. */
export function isKeyObject(key: unknown): key is KeyObject {
  return typeof (key as Partial<KeyObjectLike> | null)?.export === 'function';
}

/** Whether `key` is a Node.js `KeyObject` of type `rsa-pss`, which jose cannot use on Node.js 20. */
export function isRsaPssKeyObject(key: unknown): key is KeyObject {
  return isKeyObject(key) && (key as unknown as KeyObjectLike).asymmetricKeyType === 'rsa-pss';
}

// A KeyObject's JWK, worked out once per KeyObject so that its import is cached too.
const exportedJwks = new WeakMap<object, JWK>();

/**
 * The JWK of a Node.js `KeyObject`, private members included for a private key. Node.js 20 cannot
 * export an `rsa-pss` key as a JWK, so that one is read from its DER encoding. Throws a plain error
 * when the key cannot be exported; callers say what that means for them.
 */
export function keyObjectJwk(key: KeyObject): JWK {
  let jwk = exportedJwks.get(key);
  if (jwk === undefined) {
    const candidate = key as unknown as KeyObjectLike;
    jwk = isRsaPssKeyObject(key) ? rsaPssJwk(candidate) : (candidate.export({ format: 'jwk' }) as JWK);
    exportedJwks.set(key, jwk);
  }
  return jwk;
}

/**
 * Why the `KeyObject` cannot sign or check `alg` signatures, or `undefined` when nothing here stands
 * in the way. An `rsa-pss` key makes only RSA-PSS signatures and may be restricted to one hash and a
 * least salt length; the JWK it is turned into carries none of that, so it is checked here. Every
 * other key is checked when its JWK is imported for `alg`.
 */
export function keyObjectMismatch(key: KeyObject, alg: string): string | undefined {
  if (!isRsaPssKeyObject(key)) return undefined;
  const expected = signatureAlgorithm(alg);
  if (expected?.keyName !== 'RSA-PSS') return `is an RSA-PSS key, for PS256, PS384 or PS512 signatures only, not '${alg}'`;
  // Node.js names the hash `sha256` where Web Crypto says `SHA-256`.
  const hash = expected.hash?.toLowerCase().replace('-', '');
  const { hashAlgorithm, mgf1HashAlgorithm, saltLength } = (key as unknown as KeyObjectLike).asymmetricKeyDetails ?? {};
  const hashes = [hashAlgorithm, mgf1HashAlgorithm].filter((h) => h !== undefined);
  if (hashes.every((h) => h === hash) && (saltLength ?? 0) <= (expected.params.saltLength ?? 0)) return undefined;
  const restriction = `hash ${hashAlgorithm ?? 'any'}, MGF1 ${mgf1HashAlgorithm ?? 'any'}, salt of at least ${saltLength ?? 0} bytes`;
  return `is restricted to RSA-PSS with ${restriction}, which '${alg}' signatures do not use`;
}

/**
 * An `rsa-pss` key's JWK, read from its DER encoding: the RSAPublicKey inside a SubjectPublicKeyInfo
 * for a public key, the RSAPrivateKey inside a PKCS #8 structure for a private one (RFC 8017 A.1,
 * RFC 5208).
 */
function rsaPssJwk(key: KeyObjectLike): JWK {
  if (key.type === 'public') {
    const der = key.export({ format: 'der', type: 'spki' }) as Uint8Array;
    const info = readDer(der, 0, SEQUENCE, der.length);
    const algorithm = readDer(der, info.start, SEQUENCE, info.end);
    const bits = readDer(der, algorithm.end, BIT_STRING, info.end);
    // A BIT STRING's first content byte counts unused bits: none in a key.
    if (der[bits.start] !== 0) throw new Error('the public key BIT STRING has unused bits');
    const rsaKey = readDer(der, bits.start + 1, SEQUENCE, bits.end);
    const [n, e] = integers(der, rsaKey, rsaKey.start, 2);
    return { kty: 'RSA', n, e };
  }
  const der = key.export({ format: 'der', type: 'pkcs8' }) as Uint8Array;
  const info = readDer(der, 0, SEQUENCE, der.length);
  const version = readDer(der, info.start, INTEGER, info.end);
  const algorithm = readDer(der, version.end, SEQUENCE, info.end);
  const octets = readDer(der, algorithm.end, OCTET_STRING, info.end);
  const rsaKey = readDer(der, octets.start, SEQUENCE, octets.end);
  // RSAPrivateKey: version 0 (two primes; 1 would add more), then n, e, d, p, q, dp, dq and qi.
  const keyVersion = readDer(der, rsaKey.start, INTEGER, rsaKey.end);
  if (keyVersion.end - keyVersion.start !== 1 || der[keyVersion.start] !== 0) {
    throw new Error('the RSA private key is not a two-prime key (version 0)');
  }
  const [n, e, d, p, q, dp, dq, qi] = integers(der, rsaKey, keyVersion.end, 8);
  return { kty: 'RSA', n, e, d, p, q, dp, dq, qi };
}

const INTEGER = 0x02;
const BIT_STRING = 0x03;
const OCTET_STRING = 0x04;
const SEQUENCE = 0x30;

/** Where one DER element's content starts and ends. */
interface DerElement {
  start: number;
  end: number;
}

/**
 * The `count` INTEGERs that fill `parent` from `offset`, each as unsigned base64url. Each must be
 * positive, and nothing may follow the last.
 */
function integers(der: Uint8Array, parent: DerElement, offset: number, count: number): string[] {
  const values: string[] = [];
  for (let i = 0; i < count; i++) {
    const element = readDer(der, offset, INTEGER, parent.end);
    if (element.end === element.start || (der[element.start]! & 0x80) !== 0) {
      throw new Error(`a key INTEGER at byte ${offset} is empty or negative`);
    }
    let start = element.start;
    // DER puts a zero byte before a first byte with its high bit set; a JWK leaves it out.
    while (start < element.end - 1 && der[start] === 0) start++;
    values.push(encodeBase64url(der.subarray(start, element.end)));
    offset = element.end;
  }
  if (offset !== parent.end) throw new Error(`unexpected bytes after the key's integers at byte ${offset}`);
  return values;
}

/** Reads the DER element at `offset`, which must have tag `tag` and end by `limit` (its parent's end). */
function readDer(der: Uint8Array, offset: number, tag: number, limit: number): DerElement {
  if (der[offset] !== tag) throw new Error(`unexpected DER tag at byte ${offset}`);
  let length = der[offset + 1] ?? 0;
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error(`unsupported DER length at byte ${offset}`);
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (der[start++] ?? 0);
  }
  const end = start + length;
  if (end > limit) throw new Error(`DER element at byte ${offset} runs past its container`);
  return { start, end };
}
