import { http, HttpResponse, matchRequestUrl, type HttpHandler } from 'msw';
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
  /** Serialized as JSON; leave out (and `json`) for an empty body. */
  body?: unknown;
  /** A body already serialized as JSON, used instead of `body` (list pages join cached strings). */
  json?: string;
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

function render(reply: RouteReply, context: ResponseContext): Response {
  const headers = new Headers(commonHeaders(context));
  for (const [name, value] of reply.headers ?? []) headers.append(name, value);
  const json = reply.json ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
  if (json === undefined) return new HttpResponse(null, { status: reply.status, headers });
  headers.set('content-type', 'application/json');
  return new HttpResponse(json, { status: reply.status, headers });
}

function renderError(error: OktaHttpError, context: ResponseContext): Response {
  return render({ status: error.status, body: error.body() }, context);
}

/** Runs a handler with rate limiting, auth and error rendering; the single path every response takes. */
export async function serve(
  env: RouteEnv,
  bucket: RateLimitBucket,
  scope: MockScope | null,
  request: Request,
  handle: (now: number, requestId: string) => RouteReply | Promise<RouteReply>,
): Promise<Response> {
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

/** Turns a {@link RouteSpec} into an msw handler that serves only requests to the backend's organization. */
export function defineRoute(env: RouteEnv, spec: RouteSpec): HttpHandler {
  // The org URL can change (listen() serves on a port chosen then), so the handler matches any origin
  // and then checks the whole URL against the current one: a path merely ending in the route is not it.
  return http[spec.method](`*${spec.path}`, async ({ request }) => {
    const url = new URL(request.url);
    const match = matchRequestUrl(url, `${env.orgUrl().origin}${spec.path}`);
    if (!match.matches) return undefined;
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(match.params ?? {})) if (typeof v === 'string') flat[k] = v;
    return serve(env, spec.bucket, spec.scope, request, (now, requestId) =>
      spec.handle({ request, url, params: flat, now, requestId }),
    );
  });
}

/** The last handler: any other request to the organization gets a 404 in Okta's shape. */
export function unknownRoute(env: RouteEnv): HttpHandler {
  return http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== env.orgUrl().origin) return undefined;
    return serve(env, 'default', null, request, () => {
      throw notFound(`${request.method} ${url.pathname}`, 'Route');
    });
  });
}
