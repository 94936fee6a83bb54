import { OktaHttpError } from './okta-errors';
import type { RateLimitState } from './rate-limits';

// What a route answers, and how the pipeline renders it: the headers every answer carries, errors, a fetch Response.

// The `Date` header names whole seconds, so its text is made once per second, not once per answer.
let dateSecond = Number.NaN;

let dateText = '';

/** What a route handler answers; the wrapper adds the common headers. */
export interface RouteReply {
  status: number;
  /** Serialized as JSON; leave out (and `jsonBytes`) for an empty body. */
  body?: unknown;
  /**
   * A body already serialized as UTF-8 JSON, used instead of `body` (list pages copy cached bytes).
   * Never changed once answered: the journal may keep it as it is.
   */
  jsonBytes?: Uint8Array;
  /** A body that is not JSON (a served logo), sent as is with its own media type. */
  binary?: { bytes: Uint8Array; contentType: string };
  /** The body's `Content-Type`; default `application/json`. */
  contentType?: string;
  /** A body that is not JSON (SAML metadata's XML, a PKCS #10 request), sent as it is with its media type. */
  raw?: { body: string; contentType: string };
  headers?: Array<[string, string]>;
  /** What the request journal keeps beside the answer (what the receiver did with a security event token). */
  journal?: JournalNote;
}

/** What every answer's headers are made from. */
export interface ResponseContext {
  /** The backend clock, epoch milliseconds (the `date` header). */
  now: number;
  /** The request's id (`x-okta-request-id`). */
  requestId: string;
  /** The rate limit bucket's state after this request (the `x-rate-limit-*` headers). */
  rate: RateLimitState;
}

function httpDate(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateText = new Date(now).toUTCString();
    dateSecond = second;
  }
  return dateText;
}

function commonHeaders({ now, requestId, rate }: ResponseContext): Array<[string, string]> {
  return [
    ['x-okta-request-id', requestId],
    ['date', httpDate(now)],
    ['x-rate-limit-limit', String(rate.limit)],
    ['x-rate-limit-remaining', String(rate.remaining)],
    ['x-rate-limit-reset', String(rate.reset)],
  ];
}

/**
 * A route's answer with every header, before it becomes a fetch `Response` (`backend.fetch`) or is
 * written to a node:http response (the HTTP server writes the body as is, with no stream in between).
 */
export interface RenderedReply {
  status: number;
  /** In order; a name may repeat (one `Link` per relation). */
  headers: Array<[string, string]>;
  /** JSON, as text or UTF-8 bytes, or `null` for an empty body. */
  body: string | Uint8Array | null;
  /** A fault asked for no answer at all: the connection is closed (a network error in-process). */
  dropped?: true;
}

/** A route's reply with the common headers and its body as sent (JSON text, bytes or raw text). */
export function render(reply: RouteReply, context: ResponseContext): RenderedReply {
  const headers = commonHeaders(context);
  if (reply.headers) headers.push(...reply.headers);
  if (reply.raw) {
    headers.push(['content-type', reply.raw.contentType]);
    return { status: reply.status, headers, body: reply.raw.body };
  }
  const body = reply.binary?.bytes ?? reply.jsonBytes ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
  if (body !== null) headers.push(['content-type', reply.binary?.contentType ?? reply.contentType ?? 'application/json']);
  return { status: reply.status, headers, body };
}

/** An Okta error as its reply is sent (with `allow` for a method not allowed). */
export function renderError(error: OktaHttpError, context: ResponseContext): RenderedReply {
  const headers = error instanceof MethodNotAllowed ? [...(error.headers ?? []), ['allow', error.allow] as [string, string]] : error.headers;
  return render({ status: error.status, body: error.body(), headers }, context);
}

/** A rendered reply as a fetch `Response` (for `backend.fetch`, and so for msw and edge runtimes). */
export function toResponse(reply: RenderedReply): Response {
  if (reply.dropped) return Response.error();
  return new Response(reply.body, { status: reply.status, headers: new Headers(reply.headers) });
}

/** The `errorCode` of an Okta error body, or the `err` of a receiver's refusal. */
export function errorCodeOf(status: number, body: unknown): string | null {
  if (status < 400 || typeof body !== 'object' || body === null) return null;
  const { errorCode, err } = body as { errorCode?: unknown; err?: unknown };
  return typeof errorCode === 'string' ? errorCode : typeof err === 'string' ? err : null;
}

/** `E0000022` (405): the path exists, but not with this method; carries the `Allow` header. */
export class MethodNotAllowed extends OktaHttpError {
  constructor(readonly allow: string) {
    super(405, 'E0000022', 'The endpoint does not support the provided HTTP method');
  }
}

/** What the receiver did with a security event token: accepted, ignored (and why), or refused (with its RFC 8935 error). */
export type IngestionNote =
  | { outcome: 'accepted' }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'refused'; err: string; description: string };

/** What a route adds to its request's journal entry (see `RouteReply.journal`). */
export interface JournalNote {
  /** For a security event token: what the receiver did with it. */
  ingestion?: IngestionNote;
}
