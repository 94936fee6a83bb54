import { AppsetError, SET_ERROR_CODES, type SecurityEventTokenErrorCode } from '../errors';
import { describeIssue, type FieldIssue } from '../validation/field-issues';

export { SET_ERROR_CODES };

/** One RFC 8935 error code, e.g. `invalid_key` (the same union the client's `SecurityEventTokenError` carries). */
export type SetErrorCode = SecurityEventTokenErrorCode;

const SET_VERIFICATION_ERROR = 'SetVerificationError';

/**
 * A security event token was refused. `err` and `description` are the RFC 8935 error body a receiver
 * sends back (`toJSON()` returns exactly that body).
 */
export class SetVerificationError extends AppsetError {
  /** Always `'SetVerificationError'`; {@link isSetVerificationError} relies on it across realms. */
  override readonly name = SET_VERIFICATION_ERROR;
  /** The RFC 8935 error code. */
  readonly err: SetErrorCode;
  /** A human-readable explanation, safe to send to the token's provider. */
  readonly description: string;

  /** Creates the error; `cause` keeps the underlying failure (a jose or fetch error) for logs. */
  constructor(err: SetErrorCode, description: string, options?: { cause?: unknown }) {
    const safe = safeDescription(description);
    super(`${err}: ${safe}`, options);
    this.err = err;
    this.description = safe;
  }

  /** The RFC 8935 error response body: `{ err, description }`. */
  toJSON(): { err: SetErrorCode; description: string } {
    return { err: this.err, description: this.description };
  }
}

/** The longest description kept: it quotes the token's own values (kid, iss, alg), which anyone can send. */
export const MAX_DESCRIPTION_LENGTH = 1000;

/**
 * A description safe to log and to send back: control characters (line breaks that would forge log
 * lines, terminal escapes) written as `\uXXXX`, and at most {@link MAX_DESCRIPTION_LENGTH} characters.
 */
export function safeDescription(description: string): string {
  const escaped = escapeControls(description);
  return escaped.length > MAX_DESCRIPTION_LENGTH ? `${escaped.slice(0, MAX_DESCRIPTION_LENGTH - 1)}…` : escaped;
}

/**
 * `text` with every control character (C0, DEL, C1, the line and paragraph separators) written as
 * `\uXXXX`: what a receiver's descriptions and the CLI's lines hold of values anyone can send.
 */
export function escapeControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Whether `value` is a {@link SetVerificationError}, also when it was created by another copy of this
 * package or in another realm, where `instanceof` fails. Narrow further with `e.err === '…'`.
 */
export function isSetVerificationError(value: unknown): value is SetVerificationError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { name?: unknown; err?: unknown; description?: unknown };
  return (
    candidate.name === SET_VERIFICATION_ERROR &&
    typeof candidate.description === 'string' &&
    (SET_ERROR_CODES as readonly unknown[]).includes(candidate.err)
  );
}

/**
 * The caller's input to an event builder or to `signSecurityEventToken` is invalid. Nothing was signed.
 * `issues` lists every bad field; the message names each one.
 */
export class SecurityEventTokenInputError extends AppsetError {
  /** `'SecurityEventTokenInputError'`. */
  override readonly name = 'SecurityEventTokenInputError';
  /** One entry per bad field, e.g. `{ path: 'iss', reason: 'The field cannot be left blank' }`. */
  readonly issues: FieldIssue[];

  /**
   * @param action what could not be done, e.g. `Cannot sign the security event token`.
   * @param issues the bad fields, at least one.
   */
  constructor(action: string, issues: FieldIssue[], options?: { cause?: unknown }) {
    const list = issues.map(describeIssue).join('; ');
    super(`${action}. Fix these fields and try again: ${list}`, options);
    this.issues = issues;
  }
}

/** An `invalid_key` refusal, keeping what caused it. */
export function invalidKey(description: string, cause?: unknown): SetVerificationError {
  return new SetVerificationError('invalid_key', description, cause === undefined ? undefined : { cause });
}

/**
 * Why a security event token could not be delivered (it was not refused: a refusal is a
 * {@link SetVerificationError} carrying the receiver's RFC 8935 `err`):
 * - `attempts_exhausted`: every attempt met a 429, a 5xx or a network failure;
 * - `time_exhausted`: the next retry (or the wait `Retry-After` asked for) would pass the time allowed;
 * - `unexpected_status`: the receiver answered a status that is neither success nor worth retrying
 *   (a 400 without an RFC 8935 body, 401, 403, 404, 413, a redirect…);
 * - `queue_full`: the publisher's queue holds its maximum of waiting tokens;
 * - `closed`: the token was given to a publisher already closed (`close()`).
 */
export type SetDeliveryErrorCode = 'attempts_exhausted' | 'time_exhausted' | 'unexpected_status' | 'queue_full' | 'closed';

const SET_DELIVERY_ERROR = 'SetDeliveryError';

/** A security event token could not be delivered; `code` says why. The token is never quoted. */
export class SetDeliveryError extends AppsetError {
  /** Always `'SetDeliveryError'`; {@link isSetDeliveryError} relies on it across realms. */
  override readonly name = SET_DELIVERY_ERROR;
  /** Why the delivery failed. */
  readonly code: SetDeliveryErrorCode;
  /** The HTTP status of the last answer, when there was one. */
  readonly status: number | undefined;
  /** How many times the token was sent. */
  readonly attempts: number;

  /** Creates the error; `cause` keeps the last network failure. */
  constructor(code: SetDeliveryErrorCode, message: string, details: { status?: number; attempts: number; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.attempts = details.attempts;
  }
}

/** Whether `value` is a {@link SetDeliveryError}, also across realms and package copies. */
export function isSetDeliveryError(value: unknown): value is SetDeliveryError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === SET_DELIVERY_ERROR;
}
