import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isFetchMethod, MAX_JSON_BODY_BYTES, type RenderedReply, type RouteEnv } from '../http/route';

/** Where {@link MockBackend.listen} binds, and what it reports. */
export interface ListenOptions {
  /** TCP port; `0` (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /** Called once per answered request, e.g. to log it. */
  onRequest?: (entry: RequestLogEntry) => void;
}

/** One answered request, for logs. */
export interface RequestLogEntry {
  method: string;
  /** Path and query. */
  path: string;
  status: number;
  /** Time from the first byte of the request to the last byte of the answer. */
  milliseconds: number;
}

/** A listening server. */
export interface RunningServer {
  /** The served URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** Stops accepting connections, ends open ones and resolves when the server is closed. */
  close(): Promise<void>;
}

/** How the server reaches the backend it serves. */
export interface ServeHooks {
  env: RouteEnv;
  /**
   * Answers a request to the organization: the backend's routes, as its msw handlers serve them.
   * `method`, when given, is the request's real method and `request` a stand-in (see `isFetchMethod`).
   */
  route(request: Request, url: URL, method?: string): Promise<RenderedReply>;
  /** Called with the served URL before the first request is answered. */
  onBound(url: URL): void;
}

class BodyTooLarge extends Error {
  constructor(readonly bytesSeen: number) {
    super(`The request body is larger than the server reads (${bytesSeen} bytes seen)`);
  }
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners('data');
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

function writeReply(res: ServerResponse, reply: RenderedReply): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of reply.headers) {
    const seen = headers[name];
    // A repeated name (one `Link` per relation) is sent as repeated headers, as the API does.
    headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  const bodyless = reply.status === 204 || reply.status === 304;
  const body = bodyless ? null : reply.body;
  if (!bodyless) {
    headers['content-length'] = String(body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  }
  res.writeHead(reply.status, headers);
  res.end(body ?? undefined);
}

function servedUrl(host: string, port: number): URL {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new URL(`http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`);
}

/**
 * Serves the backend on node:http. Each request is rebuilt as a fetch `Request` on the organization
 * URL and answered by the same routes, auth, rate limits and error rendering as the msw handlers; only
 * the last step differs (the reply is written to the socket rather than wrapped in a `Response`).
 * Bodies larger than the API accepts are refused before being read.
 */
export async function listen(options: ListenOptions, hooks: ServeHooks): Promise<RunningServer> {
  const { env } = hooks;
  const server = createServer((req, res) => {
    const started = performance.now();
    void answer(req)
      .then((reply) => {
        writeReply(res, reply);
        return reply.status;
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end();
        return 500;
      })
      .then((status) => {
        options.onRequest?.({
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          status,
          milliseconds: Math.round((performance.now() - started) * 10) / 10,
        });
      });
  });

  async function answer(req: IncomingMessage): Promise<RenderedReply> {
    // The request target is a path on the organization; `//host/…` must not be read as another origin.
    const target = req.url ?? '/';
    const url = new URL(`${env.orgUrl().origin}${target.startsWith('/') ? target : `/${target}`}`);
    const method = req.method ?? 'GET';
    const headers = toHeaders(req);
    headers.delete('host');
    let body: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      try {
        body = await readBody(req, MAX_JSON_BODY_BYTES);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        // The route refuses it in its own form (Okta's E0000003, or RFC 8935's invalid_request at the
        // receiver): routes check the declared length before reading, so they get the size, not the body.
        const declared = Number(headers.get('content-length'));
        if (!(declared > MAX_JSON_BODY_BYTES)) headers.set('content-length', String(error.bytesSeen));
        headers.delete('transfer-encoding');
      }
    }
    // A method fetch refuses (TRACE, …) is never served: a bodiless stand-in lets the router answer 405.
    if (!isFetchMethod(method)) return hooks.route(new Request(url, { method: 'GET', headers }), url, method);
    const request = new Request(url, { method, headers, body: body?.length ? body : undefined });
    return hooks.route(request, url);
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = servedUrl(host, (server.address() as AddressInfo).port);
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
