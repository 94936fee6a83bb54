import { readBoundedBody, ResponseTooLarge } from '../../src/core/bounded-body';
import { exceedsUtf8Bytes } from './utf8';
import { refuseDeepBody } from './json-bounds';
import { malformedBody } from './okta-errors';

// A request as the pipeline reads it: its headers, its body read once and bounded, JSON parsed with Okta's limits.

/** The largest request body the Management API routes read. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The largest request body the HTTP server reads for any route: a JSON body's bound, and room for
 * the multipart envelope of a 1 MB logo upload. Each route still checks its own bound.
 */
export const MAX_REQUEST_BODY_BYTES = MAX_JSON_BODY_BYTES + 64 * 1024;

/** Where a body is read from: a fetch `Request`, or a {@link RouteRequest}. */
export interface BodySource {
  readonly headers: HeaderReader;
  text(): Promise<string>;
}

/**
 * Reads a JSON body of at most `maxBytes`: a larger or unparsable body, or one nested deeper than
 * `MAX_JSON_BODY_DEPTH` (see json-bounds.ts), is `E0000003`. The length is checked from `Content-Length` first so an
 * oversized body is refused before it is read. Every Okta route that takes JSON reads it here.
 */
export async function readJsonBody(request: BodySource, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const tooLarge = `The request body exceeds ${maxBytes} bytes.`;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw malformedBody(tooLarge);
  const text = await request.text();
  if (exceedsUtf8Bytes(text, maxBytes)) throw malformedBody(tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformedBody();
  }
  refuseDeepBody(body);
  return body;
}

/** An optional JSON body: a request without one is no input (`undefined`); one is read with the usual bound. */
export function readOptionalJsonBody(request: Request): Promise<unknown> {
  if (request.body === null || request.headers.get('content-length') === '0') return Promise.resolve(undefined);
  return readJsonBody(request);
}

/**
 * A request as the router receives it: method and headers at once, the fetch `Request` only when a
 * handler reads it. Building a `Request` costs more than serving a cached app, so the HTTP server
 * builds one only for the routes that read the body; `backend.fetch` already has one.
 */
export interface IncomingRequest {
  readonly method: string;
  /** The request's headers, read by name (a `Headers` object is one). */
  readonly headers: HeaderReader;
  request(): Request;
  /**
   * The body as `request().text()` reads it, when the server has it without building the `Request`
   * (the HTTP server, for a body it read whole).
   */
  text?(): Promise<string>;
  /** Every header, names and values alternating, in the order sent: read by the journal, which copies them. */
  rawHeaders(): readonly string[];
  /** The body as the server read it, for the journal (which copies what it keeps); `undefined` when there is none. */
  journalBody?(): BodySeen | undefined;
}

/**
 * A request body as the server read it: its bytes (and its text, once decoded), or only its size
 * (as far as it was read) when it was larger than the routes read.
 */
export type BodySeen = { bytes: Uint8Array; text?: string } | { bytes: null; size: number };

/** Reads a request header by its name, case-insensitively; `null` when absent. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A fetch `Request` as an {@link IncomingRequest} (its body unread, so the journal does not see it). */
export function incoming(request: Request): IncomingRequest {
  return { method: request.method, headers: request.headers, request: () => request, rawHeaders: () => headerList(request.headers) };
}

function headerList(headers: Headers): string[] {
  const raw: string[] = [];
  headers.forEach((value, name) => raw.push(name, value));
  return raw;
}

const utf8 = new TextDecoder();

/**
 * A fetch `Request` as an {@link IncomingRequest}, its body read first (no more than the routes
 * read), so the journal keeps what was sent whichever way the route reads it. A longer body is
 * handed on with a `Content-Length` past that bound, which every route refuses unread, as the HTTP
 * server does.
 */
export async function incomingWithBody(request: Request): Promise<IncomingRequest> {
  const plain = incoming(request);
  if (request.body === null) return plain;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BODY_BYTES) return { ...plain, journalBody: () => ({ bytes: null, size: declared }) };
  let bytes: Uint8Array | null = null;
  // Past the bound, the size is only known to be larger: the routes refuse it by that.
  let size = MAX_REQUEST_BODY_BYTES + 1;
  try {
    bytes = await readBoundedBody(new Response(request.body), MAX_REQUEST_BODY_BYTES);
    size = bytes.byteLength;
  } catch (error) {
    if (!(error instanceof ResponseTooLarge)) throw error;
  }
  let headers = request.headers;
  if (bytes === null) {
    headers = new Headers(request.headers);
    headers.set('content-length', String(size));
  }
  const body = bytes ?? new Uint8Array(0);
  let text: string | undefined;
  let rebuilt: Request | undefined;
  return {
    method: request.method,
    headers,
    rawHeaders: plain.rawHeaders,
    text: () => Promise.resolve((text ??= utf8.decode(body))),
    request: () => (rebuilt ??= new Request(request.url, { method: request.method, headers, body: bytes, signal: request.signal })),
    journalBody: () => (bytes === null ? { bytes: null, size } : { bytes, text }),
  };
}

/** Whether the Fetch API can build a `Request` with this method (it refuses `CONNECT`, `TRACE`, `TRACK`). */
export function isFetchMethod(method: string): boolean {
  return !/^(connect|trace|track)$/i.test(method);
}
