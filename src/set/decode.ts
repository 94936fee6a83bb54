import { base64urlText } from './base64url';
import { SetVerificationError } from './errors';
import type { SignedParts } from './signature';

/** The signature algorithms accepted by default: every asymmetric JWS algorithm of RFC 7518 and EdDSA. */
export const DEFAULT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

/** One of the {@link DEFAULT_ALGORITHMS}. */
export type AsymmetricAlgorithm = (typeof DEFAULT_ALGORITHMS)[number];

/** The media type a security event token declares in its `typ` header (RFC 8417 §2.3). */
export const SECEVENT_TYP = 'secevent+jwt';

/** The protected header of a security event token that passed the structural checks. */
export interface SecurityEventTokenHeader {
  /** The signature algorithm, never `none` nor HMAC. */
  alg: string;
  /** The identifier of the provider's signing key. */
  kid: string;
  /** `secevent+jwt`, possibly as `application/secevent+jwt` or in another letter case. */
  typ: string;
  /** Any other header parameter, unchecked. */
  [parameter: string]: unknown;
}

/** The unverified contents of a security event token; see {@link decodeSecurityEventToken}. */
export interface DecodedSecurityEventToken {
  /** The protected header, checked for `typ`, `kid` and `alg`. */
  header: SecurityEventTokenHeader;
  /** The payload as sent. NOT verified: it may have been written by anyone. */
  claims: Record<string, unknown>;
}

/** Options of {@link decodeSecurityEventToken}. */
export interface DecodeSecurityEventTokenOptions {
  /** Accepted `alg` values; default {@link DEFAULT_ALGORITHMS}. `none` and `HS*` are refused regardless. */
  algorithms?: readonly string[];
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_SEGMENT = /^[A-Za-z0-9_-]*$/;
const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Whether `segment` (already known to use only the base64url alphabet, unpadded) is the one spelling
 * of its bytes (RFC 4648 §3.5): a length that is not 1 modulo 4, and zero bits after the last byte.
 * Without this, `...Q` and `...R` decode to the same signature, and a re-spelled copy of a genuine
 * token is a second token with the same `jti`.
 */
export function isCanonicalBase64url(segment: string): boolean {
  const rest = segment.length % 4;
  if (rest === 0) return true;
  if (rest === 1) return false;
  const last = BASE64URL_ALPHABET.indexOf(segment[segment.length - 1]!);
  // Two characters carry one byte and 4 unused bits; three carry two bytes and 2 unused bits.
  const unusedBits = rest === 2 ? 0b1111 : 0b11;
  return (last & unusedBits) === 0;
}

function invalidRequest(description: string): SetVerificationError {
  return new SetVerificationError('invalid_request', description);
}

/** Thrown by the JSON reviver when a member is named `__proto__`. */
class PrototypeKeyError extends Error {}

/**
 * JSON.parse makes `"__proto__"` an own member, but any later copy by assignment (`out[key] = v`)
 * turns it into the copy's prototype: the token's unchecked data would then be read through
 * inherited members. No claim, event type or header parameter is named `__proto__`, so it is refused.
 */
function refusePrototypeKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new PrototypeKeyError();
  return value;
}

function decodeJsonObject(segment: string, part: 'header' | 'payload'): Record<string, unknown> {
  let value: unknown;
  try {
    const text = base64urlText(segment);
    // A reviver makes JSON.parse several times slower, and a member can be named `__proto__` only
    // if the text holds that name or an escape (`\u005f…`), so text with neither skips it.
    value = text.includes('__proto__') || text.includes('\\') ? JSON.parse(text, refusePrototypeKey) : JSON.parse(text);
  } catch (error) {
    if (error instanceof PrototypeKeyError) {
      throw invalidRequest(
        `The security event token ${part} has a member named '__proto__'; no claim, event or header parameter has that name, so remove it`,
      );
    }
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidRequest(
      `The security event token ${part} is not a base64url-encoded JSON object`,
    );
  }
  return value as Record<string, unknown>;
}

function isForbiddenAlgorithm(alg: string): boolean {
  return alg.toLowerCase() === 'none' || alg.toUpperCase().startsWith('HS');
}

/** The accepted algorithms: the caller's list (or the default) without `none` and HMAC. */
export function acceptedAlgorithms(algorithms?: readonly string[]): readonly string[] {
  return algorithms === undefined ? DEFAULT_ALGORITHMS : algorithms.filter((alg) => !isForbiddenAlgorithm(alg));
}

function typIsSecevent(typ: string): boolean {
  const lower = typ.toLowerCase();
  const bare = lower.startsWith('application/') ? lower.slice('application/'.length) : lower;
  return bare === SECEVENT_TYP;
}

/** A token that passed the structural checks, with the parts its signature covers. */
export interface CheckedSecurityEventToken extends DecodedSecurityEventToken {
  signed: SignedParts;
}

/**
 * Runs the structural checks, in the contract's order: compact JWS form, `typ`, `kid`, `alg`, then
 * `crit` (no JWS extension is understood here, RFC 7515 §4.1.11). Each failure is `invalid_request`.
 */
export function decodeChecked(
  token: unknown,
  algorithms: readonly string[],
): CheckedSecurityEventToken {
  if (typeof token !== 'string') {
    throw invalidRequest('The security event token must be a string in JWS compact serialization');
  }
  const segments = token.split('.');
  const [headerSegment, payloadSegment, signatureSegment] = segments;
  if (
    segments.length !== 3 ||
    headerSegment === undefined ||
    payloadSegment === undefined ||
    signatureSegment === undefined ||
    !SEGMENT.test(headerSegment) ||
    !SEGMENT.test(payloadSegment) ||
    !SIGNATURE_SEGMENT.test(signatureSegment) ||
    !isCanonicalBase64url(headerSegment) ||
    !isCanonicalBase64url(payloadSegment) ||
    !isCanonicalBase64url(signatureSegment)
  ) {
    throw invalidRequest(
      'The security event token is not a compact JWS: expected three base64url segments separated by dots',
    );
  }
  const header = decodeJsonObject(headerSegment, 'header');
  const claims = decodeJsonObject(payloadSegment, 'payload');

  const { typ, kid, alg } = header;
  if (typ === undefined) {
    throw invalidRequest(
      `The security event token header has no 'typ'; it must be '${SECEVENT_TYP}'`,
    );
  }
  if (typeof typ !== 'string' || !typIsSecevent(typ)) {
    throw invalidRequest(
      `The security event token header 'typ' is ${JSON.stringify(typ)}; it must be '${SECEVENT_TYP}'`,
    );
  }
  if (typeof kid !== 'string' || kid === '') {
    throw invalidRequest(
      "The security event token header has no 'kid'; it must name the provider's signing key",
    );
  }
  if (typeof alg !== 'string' || alg === '') {
    throw invalidRequest("The security event token header has no 'alg'");
  }
  if (isForbiddenAlgorithm(alg) || !algorithms.includes(alg)) {
    throw invalidRequest(
      `The security event token algorithm '${alg}' is not accepted; sign with one of ${algorithms.join(', ')}`,
    );
  }
  if (header.crit !== undefined) {
    throw invalidRequest(
      `The security event token header 'crit' is ${JSON.stringify(header.crit)}; this receiver understands no JWS extension, so it must be left out`,
    );
  }
  return {
    header: { ...header, typ, kid, alg },
    claims,
    signed: { signingInput: `${headerSegment}.${payloadSegment}`, signature: signatureSegment },
  };
}

/**
 * Decodes a security event token WITHOUT verifying its signature, after the structural checks of the
 * verifier (compact JWS, `typ`, `kid`, `alg`, `crit`; each failure throws a `SetVerificationError` with
 * `err: 'invalid_request'`). The claims are untrusted: use them only to decide how to verify (for
 * example to find the provider of `claims.iss`), then call `verifySecurityEventToken`.
 */
export function decodeSecurityEventToken(
  token: string,
  options: DecodeSecurityEventTokenOptions = {},
): DecodedSecurityEventToken {
  const { header, claims } = decodeChecked(token, acceptedAlgorithms(options.algorithms));
  return { header, claims };
}
