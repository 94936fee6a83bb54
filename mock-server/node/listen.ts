import { hash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ConfigurationError } from '../../src/errors';
import type { MockBackend } from '../backend';
import { base62 } from '../pipeline/ids';
import { isFetchMethod, MAX_REQUEST_BODY_BYTES, type BodySeen, type HeaderReader, type IncomingRequest } from '../pipeline/request';
import { type RenderedReply } from '../pipeline/reply';
import type { Served } from '../pipeline/serve';
import { serveHooksOf, type ServeHooks } from '../pipeline/serve-hooks';
import { redactQuery } from '../control/requests/redact';
import { isControlPath } from '../control/routes';
import { corsPolicy, ORIGIN_REFUSED, type CorsOrigins } from './cors';
import { planeRefusal } from './plane-guard';
import { shorten } from '../shared/text';
import { BoundedMemo } from '../shared/bounded-memo';

/** Where {@link listen} binds, who may call it, and what it reports. */
export interface ListenOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /**
   * The origins of web pages allowed to call the server (CORS), e.g. `['http://localhost:5173']`.
   * Default `'*'`: any origin. Each must be an origin as browsers send it: scheme, host and port.
   */
  corsOrigins?: CorsOrigins;
  /** Called once per answered request, e.g. to log it. */
  onRequest?: (entry: RequestLogEntry) => void;
}

/** One answered request, for logs. */
export interface RequestLogEntry {
  /** When the request arrived, ISO 8601 UTC (the machine's clock, not the backend's). */
  time: string;
  /** The request's method. */
  method: string;
  /** Path and query. */
  path: string;
  /** The status answered. */
  status: number;
  /** Time from the first byte of the request to the last byte of the answer. */
  milliseconds: number;
  /** The `X-Okta-Request-Id` of the answer. */
  requestId: string;
  /**
   * For a refusal, its code: Okta's `errorCode` (`E0000011`), RFC 8935's `err` for a security event
   * token (`invalid_issuer`), OAuth's `error` at the token endpoint (`invalid_client`),
   * `control_refused` for a control-plane request refused (a bad body, or a web page or host the
   * plane does not serve), or `cors_origin_not_allowed` for a page on an origin not allowed.
   */
  errorCode?: string;
}

/** A listening server. */
export interface RunningServer {
  /** The served URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops accepting connections, ends open ones and resolves when the server is closed. */
  close(): Promise<void>;
}

/** How a request was answered, for its log line. */
interface Answered {
  reply: RenderedReply;
  /** The server itself failed (answered 500). */
  failed: boolean;
  /** A page on an origin the server does not allow called it. */
  refusedOrigin: boolean;
}

class BodyTooLarge extends Error {
  constructor(readonly bytesSeen: number) {
    super(`The request body is larger than the server reads (${bytesSeen} bytes seen)`);
  }
}

/** How many parsed request URLs the server keeps, and the longest target it keeps one for. */
const MAX_CACHED_URLS = 256;
const MAX_CACHED_TARGET = 512;

/** Requests whose body was cut off at the bound: their connection is closed once answered. */
const cutOff = new WeakSet<IncomingMessage>();

/** How long a connection closed after a cut-off body still reads (and drops) what the sender streams. */
const LINGER_MS = 500;

/**
 * Closes `socket` the way a sender still streaming a body can see the answer: the answer goes out,
 * the sending side is closed after it, and reading (dropping the rest) stops {@link LINGER_MS} later.
 * Node's server would destroy the socket as soon as the answer is written (`destroySoon`); the
 * sender's next chunk then meets a reset, which can discard the answer unread (EPIPE, status 0).
 */
function lingerAfterAnswer(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners('data');
        // Drained until answered, then the connection is closed: a sender cannot keep it streaming.
        cutOff.add(req);
        req.resume();
        reject(new BodyTooLarge(size));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  return headers;
}

/**
 * The request's headers read from Node's raw header list, as a fetch `Headers` answers them (repeated
 * names joined with `, `): a fetch `Headers` is built only with the fetch `Request`, for the routes
 * that read it.
 */
class NodeHeaderReader implements HeaderReader {
  constructor(private readonly raw: string[]) {}

  get(name: string): string | null {
    const wanted = name.toLowerCase();
    const { raw } = this;
    let value: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const seen = raw[i]!;
      if (seen.length !== wanted.length || (seen !== wanted && seen.toLowerCase() !== wanted)) continue;
      value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
    }
    return value;
  }
}

// Decodes a body as `Request.text()` does: UTF-8, malformed bytes replaced, a leading byte order mark dropped.
const utf8 = new TextDecoder();

/**
 * A Node request as the router takes it: headers read from Node's list, a body read whole handed over
 * as text, and the fetch `Request` built only if a route reads it (a GET of a cached app does not).
 */
class NodeRequest implements IncomingRequest {
  #request: Request | undefined;
  #text: string | undefined;

  constructor(
    private readonly req: IncomingMessage,
    readonly method: string,
    readonly headers: HeaderReader,
    private readonly url: URL,
    private readonly body: Buffer | undefined,
    private readonly bytesSeen: number | undefined,
  ) {}

  text(): Promise<string> {
    if (this.body === undefined) return this.request().text();
    // Decoded once: the journal keeps the text the route read.
    this.#text ??= utf8.decode(this.body);
    return Promise.resolve(this.#text);
  }

  rawHeaders(): readonly string[] {
    return this.req.rawHeaders;
  }

  journalBody(): BodySeen | undefined {
    if (this.bytesSeen !== undefined) return { bytes: null, size: this.bytesSeen };
    return this.body === undefined || this.body.length === 0 ? undefined : { bytes: this.body, text: this.#text };
  }

  request(): Request {
    if (this.#request) return this.#request;
    const { req, method, url, body, bytesSeen } = this;
    const all = toHeaders(req);
    all.delete('host');
    if (bytesSeen !== undefined) {
      // The route refuses it in its own form (Okta's E0000003, or RFC 8935's invalid_request at the
      // receiver): routes check the declared length before reading, so they get the size, not the body.
      const declared = Number(all.get('content-length'));
      if (!(declared > MAX_REQUEST_BODY_BYTES)) all.set('content-length', String(bytesSeen));
      all.delete('transfer-encoding');
    }
    // A method fetch refuses (TRACE, …) gets a bodiless GET stand-in; the router matches `method`, so it answers 405.
    this.#request = isFetchMethod(method)
      ? new Request(url, { method, headers: all, body: body?.length ? body : undefined })
      : new Request(url, { method: 'GET', headers: all });
    return this.#request;
  }
}

function writeReply(res: ServerResponse, reply: RenderedReply): void {
  if (reply.dropped) {
    // A fault asked for no answer: the client sees the connection closed, as when a proxy fails.
    res.socket?.destroy();
    return;
  }
  // Node takes the pairs as they are (no copy) and keeps a repeated name (one `Link` per relation) as
  // repeated headers, as the API sends them. The journal has kept what it needs of them already.
  const { headers } = reply;
  const bodyless = reply.status === 204 || reply.status === 304;
  const body = bodyless ? null : reply.body;
  if (!bodyless) {
    headers.push(['content-length', String(body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)]);
  }
  res.writeHead(reply.status, headers);
  res.end(body ?? undefined);
}

/** SHA-256 of a token's UTF-8 bytes, base64url: what the replay memory fingerprints tokens with. */
function tokenDigest(token: string): string {
  // One call, no Hash object (Node 20.12 and later; a string is hashed as UTF-8).
  return hash('sha256', token, 'base64url');
}

/**
 * The process's memory for `GET /__appset/health`: after a full collection when Node runs with
 * `--expose-gc`, so a test can tell retained memory from garbage not yet collected.
 */
function processMemory(): { heapUsedBytes: number; rssBytes: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsedBytes: heapUsed, rssBytes: rss };
}

function servedUrl(host: string, port: number): URL {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new URL(`http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`);
}

/** An error answer's code, read from the small JSON bodies errors have. */
function errorCodeOf(reply: RenderedReply): string | undefined {
  if (reply.status < 400 || typeof reply.body !== 'string' || reply.body.length > 65_536) return undefined;
  try {
    const parsed = JSON.parse(reply.body) as { errorCode?: unknown; err?: unknown; error?: unknown };
    const code = parsed.errorCode ?? parsed.err;
    if (typeof code === 'string') return code;
    // OAuth's `error` is a code (`invalid_client`); the control plane's is a sentence.
    if (typeof parsed.error === 'string') return /^[a-z_]{1,64}$/.test(parsed.error) ? parsed.error : 'control_refused';
    return undefined;
  } catch {
    return undefined;
  }
}


// The log's time of arrival is made once per millisecond: many requests arrive within one.
let isoMillisecond = Number.NaN;
let isoText = '';

function isoTime(ms: number): string {
  if (ms !== isoMillisecond) {
    isoText = new Date(ms).toISOString();
    isoMillisecond = ms;
  }
  return isoText;
}

/** The log's copy of a request target, bounded so one request cannot flood the log. */
function loggedPath(target: string): string {
  const query = target.indexOf('?');
  // Secrets in a query string are taken out as the journal takes them out.
  const redacted = query === -1 ? target : target.slice(0, query) + redactQuery(target.slice(query));
  return redacted.length > 2048 ? `${redacted.slice(0, 2048)}…` : redacted;
}

/**
 * Serves a backend over HTTP on node:http (Node only; the CLI `appset-mock` runs it). Each request is
 * rebuilt as a fetch `Request` on the organization URL and answered by the same routes, auth, rate
 * limits and error rendering as `backend.fetch`; only the last step differs (the reply is written to
 * the socket rather than wrapped in a `Response`). Bodies larger than the API accepts are refused
 * before being read. CORS preflights are answered and every answer carries CORS headers, so web pages
 * on other origins can call the server and read `Link` and the rate-limit headers. When the backend
 * was created without `orgUrl`, the served URL becomes its organization URL.
 *
 * @example
 * const backend = createMockBackend({ seed: 'demo' });
 * const server = await listen(backend, { port: 4010 });
 * // … later
 * await server.close();
 */
export function listen(backend: MockBackend, options: ListenOptions = {}): Promise<RunningServer> {
  return listenWith(backend, options);
}

/** {@link listen}'s options, and what the `appset-mock` command asks of its log beyond them. */
export interface ServeOptions extends ListenOptions {
  /**
   * Which answers `onRequest` hears of: `'all'` (the default), or `'refusals'`: only refusals and
   * failures (status 400 and up, no answer, the server's own failure, a page on an origin not
   * allowed), the others' entries not even made (`--log errors`, the command's default).
   */
  logged?: 'all' | 'refusals';
}

/** Whether a log of refusals takes this answer: status 400 and up, no answer, a failure or an origin refused. */
function isRefusal({ reply, failed, refusedOrigin }: Answered): boolean {
  return failed || refusedOrigin || reply.status >= 400 || reply.status === 0;
}

/** {@link listen}, with the options only the `appset-mock` command takes. */
export async function listenWith(backend: MockBackend, options: ServeOptions = {}): Promise<RunningServer> {
  const hooks = serveHooksOf(backend);
  if (hooks === undefined) {
    throw new ConfigurationError('listen() serves a backend made by createMockBackend(); pass the object it returned.');
  }
  const { env, route, oktaRoute, controlOn } = hooks;
  // The same digest as the backend's own SHA-256 in JavaScript, natively.
  hooks.useTokenDigest(tokenDigest);
  hooks.reportMemory(processMemory);
  const cors = corsPolicy(options.corsOrigins);
  const boundHost = options.host ?? '127.0.0.1';
  const planeOptions = { corsOrigins: options.corsOrigins ?? '*', boundHost, orgUrl: env.orgUrl };
  const { onRequest } = options;
  const onlyRefusals = options.logged === 'refusals';
  // Parsed request URLs by request target, for the current origin: a receiver or a client asks for the
  // same few targets again and again, and parsing a URL costs more than finding it. Nothing changes a
  // request's URL (routes and the journal only read it), so one object serves every request to a target.
  // The target is a path on the organization, dot segments resolved: `//host/…` is never read as
  // another origin, and the plane guard sees the path the router will.
  const urls = new BoundedMemo<URL>(MAX_CACHED_URLS, MAX_CACHED_TARGET);
  let urlsOrigin = '';
  const requestUrl = (target: string): URL => {
    const current = env.orgOrigin();
    if (current !== urlsOrigin) {
      urls.clear();
      urlsOrigin = current;
    }
    return urls.get(target) ?? urls.remember(target, new URL(`${current}${target.startsWith('/') ? target : `/${target}`}`));
  };
  // The last guard: whatever escapes `respond` (it answers its own failures), or a throwing
  // `onRequest`, ends that connection and is reported as a process warning, never ends the process.
  const abandon = (res: ServerResponse) => (error: unknown) => {
    res.socket?.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    process.emitWarning(`appset-mock: a request ended without an answer or its log line: ${reason}`);
  };
  // The log's copy of each target, for the same few targets asked again and again (see `urls`).
  const loggedPaths = new BoundedMemo<string>(MAX_CACHED_URLS, MAX_CACHED_TARGET);
  const logPath = (target: string): string => loggedPaths.get(target) ?? loggedPaths.remember(target, loggedPath(target));
  /**
   * Tells `onRequest` of an answered request, unless it hears of refusals only and this is none.
   * `arrived` is the clock's reading at arrival; when only refusals are logged it is not read for
   * every request, and a refusal's is worked out from its duration.
   */
  const log = (req: IncomingMessage, started: number, arrived: number | undefined, answered: Answered): void => {
    if (onlyRefusals && !isRefusal(answered)) return;
    onRequest?.(logEntry(req, started, arrived ?? Math.round(Date.now() - (performance.now() - started)), answered));
  };
  /** The log's line for an answered request. */
  const logEntry = (req: IncomingMessage, started: number, arrived: number, { reply, failed, refusedOrigin }: Answered): RequestLogEntry => {
    const entry: RequestLogEntry = {
      time: isoTime(arrived),
      method: req.method ?? 'GET',
      path: logPath(req.url ?? '/'),
      status: reply.status,
      milliseconds: Math.round((performance.now() - started) * 10) / 10,
      requestId: reply.headers.find(([name]) => name === 'x-okta-request-id')?.[1] ?? '',
    };
    const errorCode = failed ? 'internal_error' : (errorCodeOf(reply) ?? (refusedOrigin ? ORIGIN_REFUSED : undefined));
    if (errorCode !== undefined) entry.errorCode = errorCode;
    return entry;
  };
  const server = createServer((req, res) => {
    const started = onRequest === undefined ? 0 : performance.now();
    const arrived = onRequest === undefined || onlyRefusals ? undefined : Date.now();
    let answered: Answered | Promise<Answered>;
    try {
      answered = respond(req, res);
    } catch (error) {
      abandon(res)(error);
      return;
    }
    // Most answers are written before `respond` returns (see `Served`): their log line follows at once.
    if (!(answered instanceof Promise)) {
      if (onRequest === undefined) return;
      try {
        log(req, started, arrived, answered);
      } catch (error) {
        abandon(res)(error);
      }
      return;
    }
    if (onRequest === undefined) answered.catch(abandon(res));
    else answered.then((done) => log(req, started, arrived, done)).catch(abandon(res));
  });

  /** A refused control-plane request: 403 `{"error"}`, with no CORS headers (the page may not read it). */
  function planeRefusedReply(reason: string): RenderedReply {
    return {
      status: 403,
      headers: [
        ['x-okta-request-id', base62(20)],
        ['date', new Date(env.now()).toUTCString()],
        ['content-type', 'application/json'],
      ],
      body: JSON.stringify({ error: reason }),
    };
  }

  /**
   * Answers one request and says how, for the log: the reply, and whether it failed or its origin was
   * refused. The answer is written before it returns, unless the route had to wait (then it is a promise).
   */
  function respond(req: IncomingMessage, res: ServerResponse): Answered | Promise<Answered> {
    const method = req.method ?? 'GET';
    const headers = new NodeHeaderReader(req.rawHeaders);
    const origin = headers.get('origin');
    try {
      // The plane needs no token: a web page or a rebound host name it does not serve is refused
      // before anything runs (see planeRefusal), preflights included.
      // (The router reaches the plane only for a path spelling `__appset`, so other targets skip the parse.)
      const target = req.url ?? '/';
      const toPlane = controlOn && target.includes('__appset') && isControlPath(requestUrl(target).pathname);
      const refusal = toPlane ? planeRefusal(headers, planeOptions) : undefined;
      if (refusal !== undefined) return send(req, res, planeRefusedReply(refusal), origin, false);
      if (cors.isPreflight(method, headers)) {
        const allowed = cors.preflight(headers);
        return send(req, res, preflightReply(allowed, origin ?? ''), origin, allowed === undefined);
      }
      const reply = answer(req, method, headers, toPlane);
      if (reply instanceof Promise) {
        return reply.then(
          (done) => sendRouted(req, res, done, origin),
          () => failedAnswer(res, origin, false),
        );
      }
      return sendRouted(req, res, reply, origin);
    } catch {
      return failedAnswer(res, origin, false);
    }
  }

  /** Writes a route's answer with the CORS headers and, for the log, an Okta request id. */
  function sendRouted(req: IncomingMessage, res: ServerResponse, reply: RenderedReply, origin: string | null): Answered {
    let refusedOrigin = false;
    try {
      const corsHeaders = cors.responseHeaders(origin);
      refusedOrigin = origin !== null && !corsHeaders.some(([name]) => name === 'access-control-allow-origin');
      for (const header of corsHeaders) reply.headers.push(header);
      // Control-plane answers carry no Okta request id of their own; the log names each answer by one.
      // (The routes' answers carry it first.)
      if (reply.headers[0]?.[0] !== 'x-okta-request-id' && !reply.headers.some(([name]) => name === 'x-okta-request-id')) {
        reply.headers.push(['x-okta-request-id', base62(20)]);
      }
    } catch {
      return failedAnswer(res, origin, refusedOrigin);
    }
    return send(req, res, reply, origin, refusedOrigin);
  }

  /** Writes an answer (closing a connection whose body was cut off); one Node refuses to write is a 500. */
  function send(req: IncomingMessage, res: ServerResponse, reply: RenderedReply, origin: string | null, refusedOrigin: boolean): Answered {
    try {
      if (cutOff.has(req)) {
        reply.headers.push(['connection', 'close']);
        lingerAfterAnswer(req.socket);
      }
      // An answer Node refuses to write (a header value it finds invalid) is a 500, not a crash.
      writeReply(res, reply);
    } catch {
      return failedAnswer(res, origin, refusedOrigin);
    }
    return { reply, failed: false, refusedOrigin };
  }

  /** A failure of the server itself still answers a page it could read, with an id to report. */
  function failedAnswer(res: ServerResponse, origin: string | null, refusedOrigin: boolean): Answered {
    const failedReply: RenderedReply = {
      status: 500,
      headers: [['content-type', 'application/json'], ['x-okta-request-id', base62(20)], ...cors.responseHeaders(origin)],
      body: null,
    };
    if (!res.headersSent) res.writeHead(500, failedReply.headers.flat());
    res.end();
    return { reply: failedReply, failed: true, refusedOrigin };
  }

  /** A preflight's answer: 204 with the CORS headers, or 403 saying how to allow the origin. */
  function preflightReply(allowed: Array<[string, string]> | undefined, origin: string): RenderedReply {
    const common: Array<[string, string]> = [
      ['x-okta-request-id', base62(20)],
      ['date', new Date(env.now()).toUTCString()],
    ];
    if (allowed !== undefined) return { status: 204, headers: [...common, ...allowed], body: null };
    return {
      status: 403,
      headers: [...common, ['content-type', 'text/plain; charset=utf-8'], ['vary', 'Origin']],
      body: `This server does not allow pages on ${shorten(origin)} to call it; allow the origin with --cors-origin (option corsOrigins).\n`,
    };
  }

  /** Answers a request the plane guard let through; `toPlane`: its path is the control plane's. */
  function answer(req: IncomingMessage, method: string, headers: HeaderReader, toPlane: boolean): Served {
    // The request target is a path on the organization; `//host/…` must not be read as another origin.
    const url = requestUrl(req.url ?? '/');
    // A path the guard found not to be the plane's goes straight to Okta's routes.
    const router = toPlane ? route : oktaRoute;
    // No body is read for these: the router's answer is written in the turn the request came in.
    if (method === 'GET' || method === 'HEAD') return router(new NodeRequest(req, method, headers, url, undefined, undefined), url);
    return answerWithBody(router, req, method, headers, url);
  }

  async function answerWithBody(route: ServeHooks['route'], req: IncomingMessage, method: string, headers: HeaderReader, url: URL): Promise<RenderedReply> {
    let body: Buffer | undefined;
    let bytesSeen: number | undefined;
    try {
      body = await readBody(req, MAX_REQUEST_BODY_BYTES);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      bytesSeen = error.bytesSeen;
    }
    const incoming = new NodeRequest(req, method, headers, url, body, bytesSeen);
    // A body cut short is read through the `Request`, whose headers carry the size seen, so the
    // route refuses it in its own form.
    if (bytesSeen !== undefined) {
      return route({ method, headers: incoming.request().headers, request: () => incoming.request(), rawHeaders: () => incoming.rawHeaders(), journalBody: () => incoming.journalBody() }, url);
    }
    return await route(incoming, url);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, boundHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = servedUrl(boundHost, (server.address() as AddressInfo).port);
  hooks.onBound(url);
  return {
    url: url.origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
