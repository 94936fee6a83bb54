// How the request journal keeps headers and bodies: secrets redacted first, then cut to a bound, so
// an entry never holds more than the bounds below, whatever was sent.
import { exceedsUtf8Bytes, utf8ByteLength } from '../../http/utf8';
import { bodyKind, redactBodyText, redactHeader, type BodyKind } from './redact';

/** The default bound on each body the journal keeps, in UTF-8 bytes. */
export const JOURNAL_DEFAULT_BODY_BYTES = 16 * 1024;

/** The largest body bound a journal takes. */
export const JOURNAL_MAX_BODY_BYTES = 1024 * 1024;

/** How many headers of a request or answer the journal keeps, and how much of them (names and values). */
const MAX_KEPT_HEADERS = 100;
const MAX_KEPT_HEADER_CHARS = 8 * 1024;

/** How much of a request's path and query the journal keeps. */
export const MAX_KEPT_PATH_CHARS = 4 * 1024;

/**
 * Headers as kept: names in lower case and values redacted, alternating, in the order sent;
 * `truncated` when some were left out past {@link MAX_KEPT_HEADERS} or {@link MAX_KEPT_HEADER_CHARS}.
 * One array per entry, no more: every entry outlives many requests, and each object it holds costs
 * the collector.
 */
export type KeptHeaders = string[] & { truncated?: true };

/** Header names in lower case, by their spelling as sent (bounded, as {@link redactHeader}'s rules are). */
const lowerNames = new Map<string, string>();

function lowerName(name: string): string {
  let lower = lowerNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowerNames.size >= 1024) lowerNames.clear();
    lowerNames.set(name, lower);
  }
  return lower;
}

/**
 * Copies headers (names and values alternating) as the journal keeps them: names in lower case,
 * secrets redacted, within the bounds above.
 */
export function keepHeaders(raw: readonly string[]): KeptHeaders {
  const list: KeptHeaders = [];
  let chars = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) if ((chars = keepHeader(list, chars, raw[i]!, raw[i + 1]!)) < 0) break;
  return list;
}

/** The same, for headers as `[name, value]` pairs (an answer's). */
export function keepHeaderPairs(pairs: ReadonlyArray<readonly [string, string]>): KeptHeaders {
  const list: KeptHeaders = [];
  let chars = 0;
  for (const [name, value] of pairs) if ((chars = keepHeader(list, chars, name, value)) < 0) break;
  return list;
}

/**
 * Adds one header to `list` (name in lower case, value redacted) and answers the characters kept so
 * far; past the bounds it marks the list truncated instead and answers -1.
 */
function keepHeader(list: KeptHeaders, chars: number, rawName: string, rawValue: string): number {
  const name = lowerName(rawName);
  const value = redactHeader(name, rawValue);
  const total = chars + name.length + value.length;
  if (list.length >= MAX_KEPT_HEADERS * 2 || total > MAX_KEPT_HEADER_CHARS) {
    list.truncated = true;
    return -1;
  }
  list.push(name, value);
  return total;
}

/** A body as the journal keeps it. */
export interface KeptBody {
  /**
   * What is kept: text with its secrets redacted, or bytes as they came (a body with nothing to
   * redact, decoded when read). At most the journal's body bound, in UTF-8 bytes.
   */
  data: string | Uint8Array;
  /** The whole body's size as sent, in bytes; left out for text kept whole (counted when read). */
  size?: number;
  /** Only the start of the body is kept. */
  truncated: boolean;
  /** Bytes shown in base64 (an image, say), not as text. */
  binary: boolean;
}

const encoder = new TextEncoder();

/** The longest start of `text` that fits in `maxBytes` of UTF-8, never splitting a character. */
function cutUtf8(text: string, maxBytes: number, scratch: Uint8Array): string {
  const { written } = encoder.encodeInto(text, scratch.subarray(0, maxBytes));
  // Decoded from the bytes, not \`text.slice\`: a slice would keep the whole body alive in memory
  // (engines share the parent string), and the journal's bound would be the request bound instead.
  return decoder.decode(scratch.subarray(0, written));
}

const decoder = new TextDecoder();

/** A compact JWS (three base64url parts), with the whitespace a sender may leave around it. */
const COMPACT_JWS = /^\s*[\w-]+\.[\w-]*\.[\w-]*\s*$/;

/**
 * The kind a body is kept as. The routes read JSON whatever a request's \`Content-Type\` says, so a
 * label is not trusted to spare a body from redaction: a "binary" or "JWT" body whose first
 * character opens JSON, or that reads as a form, is kept as text and redacted as such.
 */
function sniffedKind(kind: BodyKind, bytes: Uint8Array, text: string | undefined): BodyKind {
  if (kind !== 'binary' && kind !== 'jwt') return kind;
  // A security event token the route has decoded already: one native regex test, not a byte loop.
  if (kind === 'jwt' && text !== undefined) return COMPACT_JWS.test(text) ? 'jwt' : 'text';
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  const first = bytes[i];
  if (first === 0x7b || first === 0x5b) return 'text';
  if (kind === 'jwt') {
    // A compact JWS holds base64url and two dots only; anything else is read as text.
    for (let j = i; j < Math.min(bytes.length, 4096); j++) {
      const c = bytes[j]!;
      const base64url = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f || c === 0x2e;
      if (!base64url && c !== 0x0a && c !== 0x0d && c !== 0x20) return 'text';
    }
  }
  return kind;
}

/**
 * A copy of the first `max` bytes, in a buffer of their own: a Node `Buffer`'s `slice` would be a
 * view of a pool shared with other requests.
 */
function copyStart(bytes: Uint8Array, max: number): Uint8Array {
  const out = new Uint8Array(Math.min(bytes.byteLength, max));
  out.set(bytes.subarray(0, out.byteLength));
  return out;
}

/**
 * Keeps bodies within a bound. A body of a kind that may hold secrets (JSON, forms, text) is read
 * whole and redacted before it is cut, so no part of a secret is kept; then cut to the bound.
 * A body with nothing to redact is kept as the bytes it came as, and decoded only when read.
 */
export class BodyKeeper {
  readonly #scratch: Uint8Array;
  /**
   * What was kept of each answer buffer, by buffer: the backend answers the same cached bytes again
   * and again (an app, a list page), and never changes them, so each is read once.
   */
  readonly #answers = new WeakMap<Uint8Array, KeptBody>();

  constructor(readonly maxBytes: number) {
    this.#scratch = new Uint8Array(maxBytes);
  }

  /**
   * A request body: `bytes` are the server's (copied, never kept), `text` their decoding when the
   * route already made it.
   */
  request(bytes: Uint8Array, text: string | undefined, contentType: string | null): KeptBody {
    return this.#keep(bytes, text, contentType, false);
  }

  /** A body whose bytes were not read (larger than the routes read): its size only. */
  unread(size: number): KeptBody {
    return { data: '', size, truncated: true, binary: false };
  }

  /** An answer's body: a string, or bytes the backend never changes (kept as they are when they fit). */
  answer(body: string | Uint8Array, contentType: string | null): KeptBody {
    if (typeof body === 'string') return this.#keepText(body, contentType);
    const known = this.#answers.get(body);
    if (known !== undefined) return known;
    const kept = this.#keep(body, undefined, contentType, true);
    this.#answers.set(body, kept);
    return kept;
  }

  #keep(bytes: Uint8Array, text: string | undefined, contentType: string | null, owned: boolean): KeptBody {
    const kind = sniffedKind(bodyKind(contentType), bytes, text);
    const size = bytes.byteLength;
    if (kind === 'binary' || kind === 'jwt') {
      const truncated = size > this.maxBytes;
      // The text the route decoded is kept as it is (a string never changes): no copy of a security event token.
      if (!truncated && text !== undefined && kind === 'jwt') return { data: text, size, truncated, binary: false };
      const fits = owned && !truncated;
      return { data: fits ? bytes : copyStart(bytes, this.maxBytes), size, truncated, binary: kind === 'binary' };
    }
    const decoded = text ?? decoder.decode(bytes);
    const redacted = redactBodyText(decoded, kind);
    if (redacted === decoded && size <= this.maxBytes) {
      // Nothing to take out and it fits: the text the route decoded, the answer's own bytes, or a copy of the request's.
      return { data: text ?? (owned ? bytes : copyStart(bytes, size)), size, truncated: false, binary: false };
    }
    return this.#cut(redacted, size);
  }

  #keepText(text: string, contentType: string | null): KeptBody {
    const redacted = redactBodyText(text, bodyKind(contentType));
    if (redacted === text && !exceedsUtf8Bytes(text, this.maxBytes)) return { data: text, truncated: false, binary: false };
    return this.#cut(redacted, utf8ByteLength(text));
  }

  /** Redacted text, cut to the bound; `size` is the body's as sent. */
  #cut(text: string, size: number): KeptBody {
    if (!exceedsUtf8Bytes(text, this.maxBytes)) return { data: text, size, truncated: false, binary: false };
    return { data: cutUtf8(text, this.maxBytes, this.#scratch), size, truncated: true, binary: false };
  }
}

/** The size of a kept body as sent, in bytes. */
export function bodySize(body: KeptBody): number {
  if (body.size !== undefined) return body.size;
  return typeof body.data === 'string' ? utf8ByteLength(body.data) : body.data.byteLength;
}

/** A kept body as text: decoded bytes, or base64 for binary ones. */
export function bodyText(body: KeptBody): string {
  if (typeof body.data === 'string') return body.data;
  if (!body.binary) return decoder.decode(body.data);
  let binary = '';
  for (let i = 0; i < body.data.length; i += 0x8000) binary += String.fromCharCode(...body.data.subarray(i, i + 0x8000));
  return btoa(binary);
}
