/**
 * Page cursors: the sequence number of the last item a page returned, encoded so that clients treat it
 * as opaque (`base64url("v1." + sequence)`). The version prefix leaves room to change the encoding.
 */

import { decodeBase64url, encodeBase64url } from '../shared/base64';

const PREFIX = 'v1.';
// Longer than any cursor this module issues; bounds the work done on hostile input.
const MAX_CURSOR_LENGTH = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const PAYLOAD = /^v1\.(0|[1-9][0-9]{0,15})$/;

/** Thrown when an `after` cursor was not issued by this backend; callers answer it with a 400. */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
  /** The cursor as received. */
  readonly cursor: string;

  constructor(cursor: string, options?: ErrorOptions) {
    super(
      'The pagination cursor is malformed or was not issued by this server; ' +
        'follow the `next` link verbatim, or start the listing again without `after`.',
      options,
    );
    this.cursor = cursor;
  }
}

/** Encodes the sequence number of the last returned item as an opaque cursor. */
export function encodeCursor(sequence: number): string {
  // The payload is ASCII (the prefix and digits), so its UTF-8 bytes are its character codes: read
  // here rather than by a TextEncoder, whose call costs more than the rest (each list page makes a cursor).
  const payload = PREFIX + String(sequence);
  const bytes = new Uint8Array(payload.length);
  for (let i = 0; i < payload.length; i++) bytes[i] = payload.charCodeAt(i);
  return encodeBase64url(bytes);
}

/**
 * Decodes a cursor made by {@link encodeCursor} back into a sequence number.
 * @throws {InvalidCursorError} for anything {@link encodeCursor} could not have produced.
 */
export function decodeCursor(cursor: string): number {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) throw new InvalidCursorError(cursor);
  let payload: string;
  try {
    payload = String.fromCharCode(...decodeBase64url(cursor));
  } catch (cause) {
    throw new InvalidCursorError(cursor, { cause });
  }
  const match = PAYLOAD.exec(payload);
  const sequence = match ? Number(match[1]) : Number.NaN;
  // Re-encoding rejects the other spellings base64 allows for the same bytes (unused trailing bits).
  if (!Number.isSafeInteger(sequence) || encodeCursor(sequence) !== cursor) {
    throw new InvalidCursorError(cursor);
  }
  return sequence;
}
