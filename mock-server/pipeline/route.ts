import { readBoundedBody, ResponseTooLarge } from '../../src/core/bounded-body';
import type { MockScope, TokenRegistry } from './auth';
import { base62 } from './ids';
import { exceedsUtf8Bytes } from './utf8';
import { refuseDeepBody } from './json-bounds';
import { malformedBody, notFound, OktaHttpError, rateLimited } from './okta-errors';
import type { RateLimitBucket, RateLimiter, RateLimitLane, RateLimitState } from './rate-limits';
import type { FaultAction } from '../control/faults';
import type { AnsweredRequest, JournalNote } from '../control/requests/journal';
import type { StubAnswer } from '../control/stubs';

/** The largest request body the Management API routes read. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * The largest request body the HTTP server reads for any route: a JSON body's bound, and room for
 * the multipart envelope of a 1 MB logo upload. Each route still checks its own bound.
 */
export const MAX_REQUEST_BODY_BYTES = MAX_JSON_BODY_BYTES + 64 * 1024;

/** What every route needs from its backend. */
export interface RouteEnv {
  /** The organization URL: responses' absolute links point here, and only requests to it are served. */
  orgUrl(): URL;
  /** `orgUrl().origin`, kept as one string (the URL's `origin` getter builds a new one at each read). */
  orgOrigin(): string;
  /** The backend's clock, in epoch milliseconds. */
  now(): number;
  readonly tokens: TokenRegistry;
  readonly limiter: RateLimiter;
  /** The control plane's hooks: faults matched before the route, and the request journal. */
  readonly control?: RouterControl;
}

/** What the router asks the control plane for every request on Okta's paths. */
export interface RouterControl {
  /** The fault to apply to this request (counted as used), if one matches. */
  takeFault(method: string, pathname: string): FaultAction | undefined;
  /**
   * The stub answering this request instead of the routes (counted as used), if one matches; a promise
   * only when a stub that could match reads the body.
   */
  takeStub?(request: IncomingRequest, url: URL): StubAnswer | undefined | Promise<StubAnswer | undefined>;
  /** Records the answered request. */
  record(entry: AnsweredRequest): void;
}

/** A request as a route handler sees it. */
export interface RouteRequest {
  /** The fetch `Request`; built on first read by the HTTP server, so a route that needs only headers and text reads those. */
  readonly request: Request;
  /** The request's headers, as the fetch `Request` would answer them. */
  readonly headers: HeaderReader;
  /** The body as text (UTF-8, a leading byte order mark dropped), as `request.text()` reads it. */
  text(): Promise<string>;
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

/** One route: method, path (msw syntax), rate-limit bucket, the scope it needs (`null`: no auth) and its handler. */
export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  bucket: RateLimitBucket;
  scope: MockScope | null;
  handle(req: RouteRequest): RouteReply | Promise<RouteReply>;
}

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

interface ResponseContext {
  now: number;
  requestId: string;
  rate: RateLimitState;
}

// The `Date` header names whole seconds, so its text is made once per second, not once per answer.
let dateSecond = Number.NaN;
let dateText = '';

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

function render(reply: RouteReply, context: ResponseContext): RenderedReply {
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

function renderError(error: OktaHttpError, context: ResponseContext): RenderedReply {
  const headers = error instanceof MethodNotAllowed ? [...(error.headers ?? []), ['allow', error.allow] as [string, string]] : error.headers;
  return render({ status: error.status, body: error.body(), headers }, context);
}

/** A rendered reply as a fetch `Response` (for `backend.fetch`, and so for msw and edge runtimes). */
export function toResponse(reply: RenderedReply): Response {
  if (reply.dropped) return Response.error();
  return new Response(reply.body, { status: reply.status, headers: new Headers(reply.headers) });
}

/** The `errorCode` of an Okta error body, or the `err` of a receiver's refusal. */
function errorCodeOf(status: number, body: unknown): string | null {
  if (status < 400 || typeof body !== 'object' || body === null) return null;
  const { errorCode, err } = body as { errorCode?: unknown; err?: unknown };
  return typeof errorCode === 'string' ? errorCode : typeof err === 'string' ? err : null;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A bug in the backend must still answer in Okta's shape, and say so. */
function internalError(error: unknown): OktaHttpError {
  const message = error instanceof Error ? error.message : String(error);
  return new OktaHttpError(500, 'E0000009', 'Internal Server Error', [message]);
}

/** Whether an auth refusal means the caller is nobody the organization knows (no or unknown credentials). */
function isUnauthenticated(error: OktaHttpError): boolean {
  return error.errorCode === 'E0000005' || error.errorCode === 'E0000011';
}

/** Who answers a request, as {@link serve} runs it. */
export interface ServeTarget {
  bucket: RateLimitBucket;
  /** The scope the answer needs; `null`: no credentials are checked. */
  scope: MockScope | null;
  /** The route serving the request, as `GET /api/v1/apps/:appId`; `null` when none does. */
  route: string | null;
  /** The id of the stub answering the request: it answers as given (no fault, credentials or rate-limit window applies). */
  stub?: string;
  /** `'unauthenticated'`: count the call apart from the organization's whatever its credentials (paths no route serves). */
  lane?: RateLimitLane;
}

/**
 * Runs a handler with faults, rate limiting, auth and error rendering, and records the answer in
 * the journal: the single path every response takes.
 */
export async function serve(
  env: RouteEnv,
  target: ServeTarget,
  request: IncomingRequest,
  url: URL,
  handle: (now: number, requestId: string) => RouteReply | Promise<RouteReply>,
): Promise<RenderedReply> {
  const { bucket, scope, stub } = target;
  const fault = stub === undefined ? env.control?.takeFault(request.method, url.pathname) : undefined;
  if (fault && fault.delayMs > 0) await delay(fault.delayMs);
  const now = env.now();
  const requestId = base62(20);
  let errorCode: string | null = null;
  let note: JournalNote | undefined;
  let reply: RenderedReply;
  // Written out rather than in nested closures: this runs for every request, and each closure and
  // awaited plain value costs an allocation or a promise turn.
  if (fault?.drop) {
    reply = { status: 0, headers: [], body: null, dropped: true };
  } else {
    // Credentials are checked before the bucket is counted: missing or unknown ones spend a lane of
    // their own, not the organization's (see RateLimitLane).
    let refusal: OktaHttpError | undefined;
    if (scope !== null && !fault?.error) {
      try {
        // Static credentials are checked at once; only other verifiers (issued access tokens) are awaited.
        const pending = env.tokens.check(request, scope);
        if (pending !== undefined) await pending;
      } catch (error) {
        refusal = error instanceof OktaHttpError ? error : internalError(error);
      }
    }
    const lane = target.lane ?? (refusal !== undefined && isUnauthenticated(refusal) ? 'unauthenticated' : 'authenticated');
    // A stub's answer spends no window: it reports the bucket's as it stands.
    const rate = stub === undefined ? env.limiter.take(bucket, now, lane) : env.limiter.peek(bucket, now, lane);
    const context: ResponseContext = { now, requestId, rate };
    let failure: OktaHttpError | undefined;
    let failureContext = context;
    if (fault?.error) {
      // An injected 429 tells the client to wait, as a real one does: nothing left, reset ahead (or
      // where the fault's resetInMs puts it).
      const reset = fault.resetInMs === undefined ? Math.max(rate.reset, Math.floor(now / 1000) + 1) : Math.floor((now + fault.resetInMs) / 1000);
      failure = fault.error;
      failureContext = fault.error.status === 429 ? { ...context, rate: { ...rate, remaining: 0, reset } } : context;
    } else if (!rate.allowed) {
      failure = rateLimited();
    } else if (refusal !== undefined) {
      failure = refusal;
    } else {
      try {
        let answered = handle(now, requestId);
        if (answered instanceof Promise) answered = await answered;
        errorCode = errorCodeOf(answered.status, answered.body);
        note = answered.journal;
        reply = render(answered, context);
      } catch (error) {
        failure = error instanceof OktaHttpError ? error : internalError(error);
      }
    }
    if (failure !== undefined) {
      errorCode = failure.errorCode;
      reply = renderError(failure, failureContext);
    }
  }
  env.control?.record({ input: request, url, reply: reply!, errorCode, requestId, at: now, route: target.route, stub: stub ?? null, note });
  return reply!;
}

/** Matches a path against a route path (`/api/v1/apps/:appId`): its decoded parameters, or `undefined`. */
type PathMatcher = (pathname: string, segments?: readonly string[]) => Record<string, string> | undefined;

/**
 * Compiles a route path once. Segments match exactly (letter case included); a `:name` segment takes
 * one non-empty segment, percent-decoded. A path that does not decode matches nothing.
 */
export function compilePath(path: string): PathMatcher {
  const pattern = path.split('/');
  // Each segment's parameter name, or `undefined` for a literal one.
  const names = pattern.map((segment) => (segment.startsWith(':') ? segment.slice(1) : undefined));
  // `segments` is `pathname` split on `/`, when the caller tries many routes against one path.
  return (pathname, segments = pathname.split('/')) => {
    if (segments.length !== pattern.length) return undefined;
    // The literal segments first: a route that does not match fails there, before anything is decoded.
    for (let i = 0; i < pattern.length; i++) {
      if (names[i] === undefined && pattern[i] !== segments[i]) return undefined;
    }
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
      const name = names[i];
      if (name === undefined) continue;
      const actual = segments[i]!;
      if (actual === '') return undefined;
      // Without a `%`, decoding changes nothing.
      if (!actual.includes('%')) {
        params[name] = actual;
        continue;
      }
      try {
        params[name] = decodeURIComponent(actual);
      } catch {
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
function unmatched(env: RouteEnv, request: IncomingRequest, url: URL, method: string, routes: readonly CompiledRoute[]): Promise<RenderedReply> {
  const allowed = [...new Set(routes.filter((route) => route.match(url.pathname) !== undefined).map((route) => route.method))];
  const knownMethod = API_METHODS.has(method) || method === 'HEAD';
  const error =
    method === 'OPTIONS' || (allowed.length === 0 && knownMethod)
      ? notFound(`${method} ${url.pathname}`, 'Route')
      : new MethodNotAllowed((allowed.length > 0 ? allowed : [...API_METHODS]).join(', '));
  // No route speaks for the organization here: such calls cannot use up the bucket of the routes
  // that share `default` (the token endpoint among them).
  return serve(env, { bucket: 'default', scope: null, route: null, lane: 'unauthenticated' }, request, url, () => {
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

const NO_ROUTES: readonly CompiledRoute[] = [];

interface CompiledRoute {
  spec: RouteSpec;
  method: string;
  match: PathMatcher;
  /** How {@link serve} runs it; `route` names it for the journal: `GET /api/v1/apps/:appId`. */
  target: ServeTarget;
}

function compileRoutes(specs: readonly RouteSpec[]): CompiledRoute[] {
  return specs.map((spec) => {
    const method = spec.method.toUpperCase();
    return { spec, method, match: compilePath(spec.path), target: { bucket: spec.bucket, scope: spec.scope, route: routeLabel(spec) } };
  });
}

/** How the journal names a route: its method and path, `GET /api/v1/apps/:appId`. */
export function routeLabel(spec: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${spec.method.toUpperCase()} ${spec.path}`;
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

/** A {@link RouteRequest} over an {@link IncomingRequest}: the fetch `Request` is built only if read. */
class HandlerRequest implements RouteRequest {
  constructor(
    private readonly input: IncomingRequest,
    readonly url: URL,
    readonly params: Readonly<Record<string, string>>,
    readonly now: number,
    readonly requestId: string,
  ) {}

  get request(): Request {
    return this.input.request();
  }

  get headers(): HeaderReader {
    return this.input.headers;
  }

  text(): Promise<string> {
    return this.input.text ? this.input.text() : this.input.request().text();
  }
}

/**
 * The backend's one router: finds the route for a request to the organization and serves it through
 * {@link serve}, or answers Okta's 404 or 405. `backend.fetch` (and so the msw handlers) and the Node HTTP
 * server both answer through it.
 */
export function createRouter(env: RouteEnv, specs: readonly RouteSpec[]): (request: IncomingRequest, url: URL) => Promise<RenderedReply> {
  const routes = compileRoutes(specs);
  // The routes that could match, by method and number of path segments (a route matches only paths
  // with as many segments as its own), in the order given: a request tries only those.
  const candidates = new Map<string, Map<number, CompiledRoute[]>>();
  for (const route of routes) {
    const length = route.spec.path.split('/').length;
    let byLength = candidates.get(route.method);
    if (!byLength) candidates.set(route.method, (byLength = new Map()));
    const list = byLength.get(length);
    if (list) list.push(route);
    else byLength.set(length, [route]);
  }
  return (input, url) => {
    // Stubs answer before the routes: an endpoint the backend does not implement, or one forced answer.
    const stub = env.control?.takeStub?.(input, url);
    if (stub instanceof Promise) return stub.then((found) => (found === undefined ? routed(input, url) : serveStub(input, url, found)));
    if (stub !== undefined) return serveStub(input, url, stub);
    return routed(input, url);
  };

  function serveStub(input: IncomingRequest, url: URL, stub: StubAnswer): Promise<RenderedReply> {
    return serve(env, { bucket: 'default', scope: null, route: null, stub: stub.id }, input, url, () => stub.reply);
  }

  function routed(input: IncomingRequest, url: URL): Promise<RenderedReply> {
    const { pathname } = url;
    const segments = pathname.split('/');
    for (const route of candidates.get(input.method)?.get(segments.length) ?? NO_ROUTES) {
      const params = route.match(pathname, segments);
      if (params === undefined) continue;
      const { spec } = route;
      return serve(env, route.target, input, url, (now, requestId) => spec.handle(new HandlerRequest(input, url, params, now, requestId)));
    }
    return unmatched(env, input, url, input.method, routes);
  }
}

/** Whether the Fetch API can build a `Request` with this method (it refuses `CONNECT`, `TRACE`, `TRACK`). */
export function isFetchMethod(method: string): boolean {
  return !/^(connect|trace|track)$/i.test(method);
}
