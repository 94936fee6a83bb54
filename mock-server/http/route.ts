import type { MockScope, TokenRegistry } from './auth';
import { base62 } from './ids';
import { utf8ByteLength } from './utf8';
import { malformedBody, notFound, OktaHttpError, rateLimited } from './okta-errors';
import type { RateLimitBucket, RateLimiter, RateLimitState } from './rate-limits';

/** The largest request body the Management API routes read. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** What every route needs from its backend. */
export interface RouteEnv {
  /** The organization URL: responses' absolute links point here, and only requests to it are served. */
  orgUrl(): URL;
  /** The backend's clock, in epoch milliseconds. */
  now(): number;
  readonly tokens: TokenRegistry;
  readonly limiter: RateLimiter;
}

/** A request as a route handler sees it. */
export interface RouteRequest {
  readonly request: Request;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  /** The backend clock when the request arrived. */
  readonly now: number;
  /** The `X-Okta-Request-Id` the response will carry. */
  readonly requestId: string;
}

/** What a route handler answers; the wrapper adds the common headers. */
export interface RouteReply {
  status: number;
  /** Serialized as JSON; leave out (and `jsonBytes`) for an empty body. */
  body?: unknown;
  /** A body already serialized as UTF-8 JSON, used instead of `body` (list pages copy cached bytes). */
  jsonBytes?: Uint8Array;
  headers?: Array<[string, string]>;
}

/** One route: method, path (msw syntax), rate-limit bucket, the scope it needs (`null`: no auth) and its handler. */
export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  bucket: RateLimitBucket;
  scope: MockScope | null;
  handle(req: RouteRequest): RouteReply | Promise<RouteReply>;
}

/**
 * Reads a JSON body of at most `maxBytes`: a larger or unparsable body is `E0000003`. The length is
 * checked from `Content-Length` first so an oversized body is refused before it is read.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const tooLarge = `The request body exceeds ${maxBytes} bytes.`;
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw malformedBody(tooLarge);
  const text = await request.text();
  if (utf8ByteLength(text) > maxBytes) throw malformedBody(tooLarge);
  try {
    return JSON.parse(text);
  } catch {
    throw malformedBody();
  }
}

interface ResponseContext {
  now: number;
  requestId: string;
  rate: RateLimitState;
}

function commonHeaders({ now, requestId, rate }: ResponseContext): Array<[string, string]> {
  return [
    ['x-okta-request-id', requestId],
    ['date', new Date(now).toUTCString()],
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
}

function render(reply: RouteReply, context: ResponseContext): RenderedReply {
  const headers = commonHeaders(context);
  if (reply.headers) headers.push(...reply.headers);
  const body = reply.jsonBytes ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
  if (body !== null) headers.push(['content-type', 'application/json']);
  return { status: reply.status, headers, body };
}

function renderError(error: OktaHttpError, context: ResponseContext): RenderedReply {
  return render({ status: error.status, body: error.body() }, context);
}

/** A rendered reply as a fetch `Response` (for `backend.fetch`, and so for msw and edge runtimes). */
export function toResponse(reply: RenderedReply): Response {
  return new Response(reply.body, { status: reply.status, headers: new Headers(reply.headers) });
}

/** Runs a handler with rate limiting, auth and error rendering; the single path every response takes. */
export async function serve(
  env: RouteEnv,
  bucket: RateLimitBucket,
  scope: MockScope | null,
  request: { readonly headers: HeaderReader },
  handle: (now: number, requestId: string) => RouteReply | Promise<RouteReply>,
): Promise<RenderedReply> {
  const now = env.now();
  const context: ResponseContext = { now, requestId: base62(20), rate: env.limiter.take(bucket, now) };
  if (!context.rate.allowed) return renderError(rateLimited(), context);
  try {
    if (scope !== null) env.tokens.authorize(request.headers.get('authorization'), scope);
    return render(await handle(now, context.requestId), context);
  } catch (error) {
    if (error instanceof OktaHttpError) return renderError(error, context);
    // A bug in the backend must still answer in Okta's shape, and say so.
    const message = error instanceof Error ? error.message : String(error);
    return renderError(new OktaHttpError(500, 'E0000009', 'Internal Server Error', [message]), context);
  }
}

/** Matches a path against a route path (`/api/v1/apps/:appId`): its decoded parameters, or `undefined`. */
type PathMatcher = (pathname: string) => Record<string, string> | undefined;

/**
 * Compiles a route path once. Segments match exactly (letter case included); a `:name` segment takes
 * one non-empty segment, percent-decoded. A path that does not decode matches nothing.
 */
export function compilePath(path: string): PathMatcher {
  const pattern = path.split('/');
  return (pathname) => {
    const segments = pathname.split('/');
    if (segments.length !== pattern.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
      const expected = pattern[i]!;
      const actual = segments[i]!;
      if (expected.startsWith(':')) {
        if (actual === '') return undefined;
        try {
          params[expected.slice(1)] = decodeURIComponent(actual);
        } catch {
          return undefined;
        }
      } else if (expected !== actual) {
        return undefined;
      }
    }
    return params;
  };
}

function notFoundHere(env: RouteEnv, request: { readonly method: string; readonly headers: HeaderReader }, url: URL): Promise<RenderedReply> {
  return serve(env, 'default', null, request, () => {
    throw notFound(`${request.method} ${url.pathname}`, 'Route');
  });
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
}

/** Reads a request header by its name, case-insensitively; `null` when absent. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A fetch `Request` as an {@link IncomingRequest}. */
export function incoming(request: Request): IncomingRequest {
  return { method: request.method, headers: request.headers, request: () => request };
}

/**
 * The backend's one router: finds the route for a request to the organization and serves it through
 * {@link serve}, or answers Okta's 404. `backend.fetch` (and so the msw handlers) and the Node HTTP
 * server both answer through it.
 */
export function createRouter(env: RouteEnv, specs: readonly RouteSpec[]): (request: IncomingRequest, url: URL) => Promise<RenderedReply> {
  const routes = specs.map((spec) => ({ spec, method: spec.method.toUpperCase(), match: compilePath(spec.path) }));
  return (input, url) => {
    for (const route of routes) {
      if (route.method !== input.method) continue;
      const params = route.match(url.pathname);
      if (params === undefined) continue;
      const { spec } = route;
      return serve(env, spec.bucket, spec.scope, input, (now, requestId) =>
        spec.handle({
          get request() {
            return input.request();
          },
          url,
          params,
          now,
          requestId,
        }),
      );
    }
    return notFoundHere(env, input, url);
  };
}
