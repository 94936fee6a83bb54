// How the request journal keeps headers and bodies: secrets redacted first, then cut to a bound, so
// an entry never holds more than the bounds below, whatever was sent.
import { exceedsUtf8Bytes, utf8ByteLength } from '../../pipeline/utf8';
import { toBase64 } from '../../shared/base64';
import { bodyKind, redactBodyText, redactHeader } from './redact';

/** The default bound on each body the journal keeps, in UTF-8 bytes. */
export const JOURNAL_DEFAULT_BODY_BYTES = 16 * 1024;

/** The largest body bound a journal takes. */
export const JOURNAL_MAX_BODY_BYTES = 1024 * 1024;

/** How many headers of a request or answer the journal keeps, and how much of them (names and values). */
const MAX_KEPT_HEADERS = 100;
const MAX_KEPT_HEADER_CHARS = 8 * 1024;

/** How much of a request's path and query the journal keeps. */
export const MAX_KEPT_PATH_CHARS = 4 * 1024;

/** How much of a request's method the journal keeps (a method filter takes at most 20 letters). */
export const MAX_KEPT_METHOD_CHARS = 64;

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

/** The same, for the first `count` of headers as `[name, value]` pairs (an answer's). */
export function keepHeaderPairs(pairs: ReadonlyArray<readonly [string, string]>, count = pairs.length): KeptHeaders {
  const list: KeptHeaders = [];
  let chars = 0;
  for (let i = 0; i < count; i++) if ((chars = keepHeader(list, chars, pairs[i]![0], pairs[i]![1])) < 0) break;
  return list;
}

/**
 * Whether a raw header list (names and values alternating) is small enough to hold as it came until
 * it is read: no more headers and characters than a kept list holds. Counting costs a fraction of
 * keeping (no name is looked up, no value read for secrets).
 */
export function fitsRawHeaders(raw: readonly string[]): boolean {
  if (raw.length > MAX_KEPT_HEADERS * 2) return false;
  let chars = 0;
  for (let i = 0; i < raw.length; i++) chars += raw[i]!.length;
  return chars <= MAX_KEPT_HEADER_CHARS;
}

/** The same for the first `count` of headers as pairs. */
export function fitsRawHeaderPairs(pairs: ReadonlyArray<readonly [string, string]>, count: number): boolean {
  if (count > MAX_KEPT_HEADERS) return false;
  let chars = 0;
  for (let i = 0; i < count; i++) chars += pairs[i]![0].length + pairs[i]![1].length;
  return chars <= MAX_KEPT_HEADER_CHARS;
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
   * What is kept, at most the journal's body bound in UTF-8 bytes: bytes of its own (text with its
   * secrets redacted, or a body with nothing to redact as it came), decoded when read; or a string
   * that is the whole body with nothing to redact (the route's decoding, an answer's own text).
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
const decoder = new TextDecoder();

/** A compact JWS (three base64url parts), with the whitespace a sender may leave around it. */
const COMPACT_JWS = /^\s*[\w-]+\.[\w-]*\.[\w-]*\s*$/;

/**
 * A string of its own with `text`'s characters. What the journal keeps outlives the request, and a
 * string cut or joined from a larger one (a slice of a body or of a URL) keeps that larger one alive:
 * a copy decoded from bytes shares nothing.
 */
export function ownCopy(text: string): string {
  return decoder.decode(encoder.encode(text));
}

/**
 * Whether a body labelled as a JWT is one. The label is not trusted to spare a body from redaction:
 * the routes read JSON whatever a request's `Content-Type` says, so anything but a compact JWS
 * (JSON, a form) is read as text and redacted as such.
 */
function isCompactJws(bytes: Uint8Array, text: string | undefined): boolean {
  // A security event token the route has decoded already: one native regex test, not a byte loop.
  if (text !== undefined) return COMPACT_JWS.test(text);
  // A compact JWS holds base64url and two dots only, and its first character is not JSON's.
  for (let j = 0; j < Math.min(bytes.length, 4096); j++) {
    const c = bytes[j]!;
    const base64url = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f || c === 0x2e;
    if (!base64url && c !== 0x0a && c !== 0x0d && c !== 0x20) return false;
  }
  return true;
}

/** Whether the first byte past leading whitespace opens JSON: the routes read it as JSON, whatever its label. */
function opensJson(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x7b || bytes[i] === 0x5b;
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

  /** What was kept of answer bytes seen before, if they were. */
  knownAnswer(body: Uint8Array): KeptBody | undefined {
    return this.#answers.get(body);
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
    let kind = bodyKind(contentType);
    if (kind === 'jwt' && !isCompactJws(bytes, text)) kind = 'text';
    const size = bytes.byteLength;
    if (kind === 'jwt') {
      const truncated = size > this.maxBytes;
      // The text the route decoded is kept as it is (a string never changes): no copy of a security event token.
      if (!truncated && text !== undefined) return { data: text, size, truncated, binary: false };
      return { data: owned && !truncated ? bytes : copyStart(bytes, this.maxBytes), size, truncated, binary: false };
    }
    if (kind === 'binary' && opensJson(bytes)) kind = 'text';
    const decoded = text ?? decoder.decode(bytes);
    // A binary label spares no body: bytes that read as a form, multipart or JSON with secrets are kept as their redacted text.
    const redacted = redactBodyText(decoded, kind, contentType);
    const binary = kind === 'binary' && redacted === decoded;
    const truncated = size > this.maxBytes;
    if (binary) return { data: owned && !truncated ? bytes : copyStart(bytes, this.maxBytes), size, truncated, binary };
    if (redacted !== decoded || truncated) return this.#cut(redacted, size);
    // Nothing to take out and it fits: the text the route decoded, the answer's own bytes, or a copy of the request's.
    return { data: text ?? (owned ? bytes : copyStart(bytes, size)), size, truncated: false, binary: false };
  }

  #keepText(text: string, contentType: string | null): KeptBody {
    const redacted = redactBodyText(text, bodyKind(contentType), contentType);
    if (redacted === text && !exceedsUtf8Bytes(text, this.maxBytes)) return { data: text, truncated: false, binary: false };
    return this.#cut(redacted, utf8ByteLength(text));
  }

  /**
   * Redacted text, as UTF-8 bytes of their own cut to the bound (never splitting a character); `size`
   * is the body's as sent. Bytes, not a string: a string made from the body (a slice, or a
   * concatenation holding one) keeps the whole body alive in memory, and the journal's bound would
   * be the request bound instead.
   */
  #cut(text: string, size: number): KeptBody {
    const { read, written } = encoder.encodeInto(text, this.#scratch);
    return { data: this.#scratch.slice(0, written), size, truncated: read < text.length, binary: false };
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
  return toBase64(body.data);
}
