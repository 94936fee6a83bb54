import * as z from 'zod/mini';
import { fieldIssues, PARSE_OPTIONS, type FieldIssue } from '../validation/field-issues';
import { acceptedAlgorithms, decodeChecked, type SecurityEventTokenHeader } from './decode';
import { SetVerificationError } from './errors';
import { nowInSeconds, validateEvents, type VerifiedEvents } from './events';
import { claimsCheck, FAIL } from './fast-parse';
import { resolveVerificationKey, type KeySource } from './keys';
import { verifySignature } from './signature';
import { subjectIdentifierSchema } from './subject';

/** Options of {@link verifySecurityEventToken}. */
export interface VerifySecurityEventTokenOptions {
  /** The receiver's own identifier (for Okta, the org URL); `aud` must contain it, trailing slash aside. */
  audience: string;
  /** When set, `iss` must equal it exactly. */
  issuer?: string;
  /** The provider's keys: a key set, a key set URL, or a resolver. */
  keys: KeySource;
  /** Accepted `alg` values; default every asymmetric algorithm. `none` and `HS*` are refused regardless. */
  algorithms?: readonly string[];
  /**
   * Seconds of clock skew tolerated when judging `exp`, `nbf` and `iat`; default 0. An `iat` more than
   * `FUTURE_IAT_ALLOWANCE_SECONDS` (300) (plus this tolerance) ahead of `currentDate` is always refused.
   */
  clockTolerance?: number;
  /** When set, tokens whose `iat` is older than this many seconds are refused. */
  maxTokenAge?: number;
  /** Refuse event types this package does not know; default false (they verify as `unknown`). */
  strictEvents?: boolean;
  /** The time to judge the token at; default now. */
  currentDate?: Date;
  /** Stops waiting for a key set download; the call then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** The claims checked by the verifier; other claims survive unchecked. */
export const securityEventTokenClaimsSchema = z.looseObject({
  iss: z.string().check(z.minLength(1)),
  jti: z.string().check(z.minLength(1)),
  iat: z.int().check(z.nonnegative()),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.optional(z.number()),
  nbf: z.optional(z.number()),
  sub_id: z.optional(subjectIdentifierSchema),
  txn: z.optional(z.string()),
  // Checked member by member by validateEvents, which knows the event types.
  events: z.custom<Record<string, unknown>>(() => true),
});

/** The verified claims of a security event token. */
export type SecurityEventTokenClaims = z.infer<typeof securityEventTokenClaimsSchema>;

/** What {@link verifySecurityEventToken} returns. */
export interface VerifiedSecurityEventToken {
  /** The protected header. */
  header: SecurityEventTokenHeader;
  /** Every claim of the token, checked. */
  claims: SecurityEventTokenClaims;
  /** The events, typed by URI: known event types carry their validated payload. */
  events: VerifiedEvents;
}

const CLAIM_FAILURE_PREFIX = 'Failed claim validation in security event token.';

/**
 * @internal The `invalid_request` refusal of bad claims or event payloads, naming each field: the
 * verifier's, and the backend receiver's for what it checks beyond the verifier.
 */
export function claimValidationError(issues: readonly FieldIssue[]): SetVerificationError {
  const list = issues.map((issue) => `'${issue.path}': ${issue.reason}`).join(', ');
  return new SetVerificationError('invalid_request', `${CLAIM_FAILURE_PREFIX} ${list}`);
}

/**
 * How far `iat` may run ahead of the receiver's clock (beyond `clockTolerance`): issuers' clocks
 * drift by seconds, while a token dated far ahead would pass every later age check (`maxTokenAge`)
 * long after it was captured.
 */
export const FUTURE_IAT_ALLOWANCE_SECONDS = 300;

function withoutTrailingSlash(value: string): string {
  return value.endsWith('/') ? value.slice(0, -1) : value;
}

function checkIssuer(claims: Record<string, unknown>, issuer: string | undefined): void {
  if (issuer === undefined) return;
  const { iss } = claims;
  if (typeof iss !== 'string') {
    throw new SetVerificationError(
      'invalid_issuer',
      `The security event token has no 'iss' claim; expected '${issuer}'`,
    );
  }
  if (iss !== issuer) {
    throw new SetVerificationError(
      'invalid_issuer',
      `The security event token issuer '${iss}' is not the expected issuer '${issuer}'`,
    );
  }
}

function checkAudience(aud: unknown, audience: string): void {
  const values =
    typeof aud === 'string'
      ? [aud]
      : Array.isArray(aud) && aud.every((value) => typeof value === 'string')
        ? (aud as string[])
        : undefined;
  if (values === undefined || values.length === 0) {
    throw new SetVerificationError(
      'invalid_audience',
      `The security event token has no 'aud' claim; expected '${audience}'`,
    );
  }
  const expected = withoutTrailingSlash(audience);
  if (!values.some((value) => withoutTrailingSlash(value) === expected)) {
    throw new SetVerificationError(
      'invalid_audience',
      `The security event token audience ${values.map((v) => `'${v}'`).join(', ')} does not include '${audience}'`,
    );
  }
}

function timeIssues(
  claims: Record<string, unknown>,
  options: VerifySecurityEventTokenOptions,
): FieldIssue[] {
  const now = nowInSeconds(options.currentDate);
  const tolerance = options.clockTolerance ?? 0;
  const issues: FieldIssue[] = [];
  const { iat, exp, nbf } = claims;
  if (typeof iat === 'number' && Number.isInteger(iat)) {
    if (iat - tolerance - FUTURE_IAT_ALLOWANCE_SECONDS > now) {
      issues.push({ path: 'iat', reason: `Must not be more than ${FUTURE_IAT_ALLOWANCE_SECONDS} seconds in the future` });
    } else if (options.maxTokenAge !== undefined && now - iat - tolerance > options.maxTokenAge) {
      issues.push({ path: 'iat', reason: `Must be at most ${options.maxTokenAge} seconds old` });
    }
  }
  if (typeof exp === 'number' && exp <= now - tolerance) {
    issues.push({ path: 'exp', reason: 'The token has expired' });
  }
  if (typeof nbf === 'number' && nbf > now + tolerance) {
    issues.push({ path: 'nbf', reason: 'The token is not valid yet' });
  }
  return issues;
}

/**
 * Verifies a security event token the way a Shared Signals receiver does, in this order (the first
 * failure wins, thrown as a {@link SetVerificationError}):
 * compact JWS form, `typ: secevent+jwt`, `kid`, `alg` (never `none` nor HMAC), no `crit` → `invalid_request`;
 * `iss` against `issuer` → `invalid_issuer`; key lookup, or a key unfit for `alg` → `invalid_key` (a resolver may throw its own
 * `SetVerificationError`, which propagates); signature → `authentication_failed`; `aud` →
 * `invalid_audience`; claims and event payloads → `invalid_request` with
 * `Failed claim validation in security event token. '<path>': <reason>, …`.
 * Does not detect replays: remember `(iss, jti)` if that matters.
 */
export async function verifySecurityEventToken(
  token: string,
  options: VerifySecurityEventTokenOptions,
): Promise<VerifiedSecurityEventToken> {
  if (typeof options.audience !== 'string' || options.audience === '') {
    throw new TypeError('verifySecurityEventToken: options.audience must name this receiver');
  }
  const { header, claims, signed } = decodeChecked(token, acceptedAlgorithms(options.algorithms));
  checkIssuer(claims, options.issuer);
  const key = await resolveVerificationKey(options.keys, header, claims, options.signal);
  await verifySignature(signed, key, header.alg, header.kid);
  checkAudience(claims.aud, options.audience);

  // Valid claims are checked by hand (see fast-parse.ts); anything it does not vouch for goes to zod.
  const fast = claimsCheck(claims);
  const parsed =
    fast === FAIL
      ? securityEventTokenClaimsSchema.safeParse(claims, PARSE_OPTIONS)
      : ({ success: true, data: fast as SecurityEventTokenClaims } as const);
  const validated = validateEvents(claims.events, { strictEvents: options.strictEvents === true });
  const issues = [
    ...(parsed.success ? [] : fieldIssues(parsed.error)),
    ...timeIssues(claims, options),
    ...validated.issues,
  ];
  if (!parsed.success || issues.length > 0) throw claimValidationError(issues);
  const events = validated.events as VerifiedEvents;
  return { header, claims: { ...parsed.data, events: validated.events }, events };
}
