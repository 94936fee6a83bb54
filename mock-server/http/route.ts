import { http, HttpResponse, type HttpHandler } from 'msw';
import type { MockScope, TokenRegistry } from './auth';
import { base62 } from './ids';
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
  if (Buffer.byteLength(text) > maxBytes) throw malformedBody(tooLarge);
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
 * A route's answer with every header, before it becomes a fetch `Response` (msw) or is written to a
 * node:http response (the HTTP server writes the body as is, with no stream in between).
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
  const headers: Array<[string, string]> | undefined = error instanceof MethodNotAllowed ? [['allow', error.allow]] : undefined;
  return render({ status: error.status, body: error.body(), headers }, context);
}

/** A rendered reply as a fetch `Response`, for msw. */
export function toResponse(reply: RenderedReply): Response {
  return new HttpResponse(reply.body, { status: reply.status, headers: new Headers(reply.headers) });
}

/** Whether an auth refusal means the caller is nobody the organization knows (no or unknown credentials). */
function isUnauthenticated(error: OktaHttpError): boolean {
  return error.errorCode === 'E0000005' || error.errorCode === 'E0000011';
}

/** Runs a handler with auth, rate limiting and error rendering; the single path every response takes. */
export async function serve(
  env: RouteEnv,
  bucket: RateLimitBucket,
  scope: MockScope | null,
  request: Request,
  handle: (now: number, requestId: string) => RouteReply | Promise<RouteReply>,
): Promise<RenderedReply> {
  const now = env.now();
  // Credentials are checked before the bucket is counted: missing or unknown ones spend a lane of
  // their own, not the organization's (see RateLimitLane).
  let refusal: OktaHttpError | undefined;
  if (scope !== null) {
    try {
      env.tokens.authorize(request.headers.get('authorization'), scope);
    } catch (error) {
      if (!(error instanceof OktaHttpError)) throw error;
      refusal = error;
    }
  }
  const lane = refusal !== undefined && isUnauthenticated(refusal) ? 'unauthenticated' : 'authenticated';
  const context: ResponseContext = { now, requestId: base62(20), rate: env.limiter.take(bucket, now, lane) };
  if (!context.rate.allowed) return renderError(rateLimited(), context);
  if (refusal !== undefined) return renderError(refusal, context);
  try {
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

/**
 * Answers a request no route serves: 405 `E0000022` with an `Allow` header when the path exists with
 * other methods or the method is one the API never serves (`TRACE`, `PATCH`, …), else Okta's 404.
 * `OPTIONS` keeps the 404 (it belongs to CORS, which answers it before the routes when enabled).
 */
function unmatched(env: RouteEnv, request: Request, url: URL, method: string, routes: readonly CompiledRoute[]): Promise<RenderedReply> {
  const allowed = [...new Set(routes.filter((route) => route.match(url.pathname) !== undefined).map((route) => route.method))];
  const knownMethod = API_METHODS.has(method) || method === 'HEAD';
  const error =
    method === 'OPTIONS' || (allowed.length === 0 && knownMethod)
      ? notFound(`${method} ${url.pathname}`, 'Route')
      : new MethodNotAllowed((allowed.length > 0 ? allowed : [...API_METHODS]).join(', '));
  return serve(env, 'default', null, request, () => {
    throw error;
  });
}

/** The methods some route of the API answers. */
const API_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** `E0000022` (405): the path exists, but not with this method; carries the `Allow` header. */
class MethodNotAllowed extends OktaHttpError {
  constructor(readonly allow: string) {
    super(405, 'E0000022', 'The endpoint does not support the provided HTTP method');
  }
}

interface CompiledRoute {
  spec: RouteSpec;
  method: string;
  match: PathMatcher;
}

function compileRoutes(specs: readonly RouteSpec[]): CompiledRoute[] {
  return specs.map((spec) => ({ spec, method: spec.method.toUpperCase(), match: compilePath(spec.path) }));
}

/**
 * The routes without msw, for the HTTP server: finds the route for a request to the organization
 * and serves it through the same {@link serve} as the msw handlers, or answers Okta's 404 or 405.
 * `method` is the request's own when it differs from `request.method`: the Fetch API cannot build a
 * `Request` for `TRACE`, `TRACK` or `CONNECT`, so the server passes a stand-in for those.
 */
export function createRouter(
  env: RouteEnv,
  specs: readonly RouteSpec[],
): (request: Request, url: URL, method?: string) => Promise<RenderedReply> {
  const routes = compileRoutes(specs);
  return (request, url, method = request.method) => {
    for (const route of routes) {
      if (route.method !== method) continue;
      const params = route.match(url.pathname);
      if (params === undefined) continue;
      const { spec } = route;
      return serve(env, spec.bucket, spec.scope, request, (now, requestId) =>
        spec.handle({ request, url, params, now, requestId }),
      );
    }
    return unmatched(env, request, url, method, routes);
  };
}

/** Whether the Fetch API can build a `Request` with this method (it refuses `CONNECT`, `TRACE`, `TRACK`). */
export function isFetchMethod(method: string): boolean {
  return !/^(connect|trace|track)$/i.test(method);
}

/** Turns a {@link RouteSpec} into an msw handler that serves only requests to the backend's organization. */
export function defineRoute(env: RouteEnv, spec: RouteSpec): HttpHandler {
  const match = compilePath(spec.path);
  // The org URL can change (listen() serves on a port chosen then), so the handler matches any origin
  // and then checks the whole URL against the current one: a path merely ending in the route is not it.
  return http[spec.method](`*${spec.path}`, async ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== env.orgUrl().origin) return undefined;
    const params = match(url.pathname);
    if (params === undefined) return undefined;
    return toResponse(
      await serve(env, spec.bucket, spec.scope, request, (now, requestId) =>
        spec.handle({ request, url, params, now, requestId }),
      ),
    );
  });
}

/**
 * The last handler: any other request to the organization gets a 404 in Okta's shape, or a 405 when
 * the path exists with other methods or the method is one the API never serves.
 */
export function unknownRoute(env: RouteEnv, specs: readonly RouteSpec[] = []): HttpHandler {
  const routes = compileRoutes(specs);
  return http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== env.orgUrl().origin) return undefined;
    return toResponse(await unmatched(env, request, url, request.method, routes));
  });
}
