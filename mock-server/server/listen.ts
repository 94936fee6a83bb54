import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type HttpHandler } from 'msw';
import { notFound } from '../http/okta-errors';
import { MAX_JSON_BODY_BYTES, serve, type RouteEnv } from '../http/route';

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

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    // Fetch headers join repeated `Link`s with ", "; the API sends one header per relation.
    headers[name] = name === 'link' ? value.split(/,\s*(?=<)/) : value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 204 && response.status !== 304) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(response.status === 204 ? undefined : body);
}

function servedUrl(host: string, port: number): URL {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new URL(`http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`);
}

/**
 * Serves msw handlers on node:http. Each request is rebuilt as a fetch `Request` on the
 * organization URL and answered by msw's `getResponse`, so the HTTP server and the in-process
 * handlers share one code path. Bodies larger than the API accepts are refused before being read.
 */
export async function listen(handlers: HttpHandler[], options: ListenOptions, hooks: ServeHooks): Promise<RunningServer> {
  const { env } = hooks;
  const server = createServer((req, res) => {
    const started = performance.now();
    void answer(req)
      .then((response) => writeResponse(res, response).then(() => response.status))
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

  async function answer(req: IncomingMessage): Promise<Response> {
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
    const request = new Request(url, { method, headers, body: body?.length ? body : undefined });
    const response = await getResponse(handlers, request);
    // The backend's last handler answers every path on the organization, so this is a safety net.
    return response ?? serve(env, 'default', null, request, () => {
      throw notFound(`${method} ${url.pathname}`, 'Route');
    });
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
