/**
 * `appset/set/node`: serves a web `fetch` handler (such as `createProviderHandler`'s) with Node's own
 * `node:http`, which takes `(req, res)` listeners and, in Node 20, no `(Request) => Response` handler.
 * Node only: `appset/set` itself stays on web platform APIs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A web `fetch` handler. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** A `node:http` request listener. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Turns a web `fetch` handler into a `node:http` listener:
 *
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(handler)).listen(8080);
 * ```
 *
 * The request's URL is built from its `Host` header (`https` on a TLS socket), its body is streamed to
 * the handler, and the handler's response is streamed back with its status and headers (each
 * `Set-Cookie` kept apart). A request whose `Host` makes no URL is answered `400`; a handler that
 * throws, `500` (nothing of the error is sent). When the client goes away, the request's `signal` aborts.
 */
export function toNodeListener(handler: FetchHandler): NodeListener {
  return (req, res) => {
    void serve(handler, req, res);
  };
}

async function serve(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.once('close', () => controller.abort());
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `${scheme}://${req.headers.host ?? 'localhost'}`);
  } catch {
    plain(res, 400, 'The Host header does not make a URL\n');
    return;
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  let response: Response;
  try {
    const request = new Request(url, {
      method,
      headers,
      signal: controller.signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    } as RequestInit);
    response = await handler(request);
  } catch {
    if (!res.headersSent) plain(res, 500, 'The handler failed\n');
    else res.destroy();
    return;
  }
  const outgoing: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, outgoing);
  if (response.body === null || method === 'HEAD') {
    void response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      // Waits for the socket to take the chunk before reading the next (backpressure).
      if (!res.write(chunk)) await drained(res);
      if (res.destroyed) return;
    }
    res.end();
  } catch {
    res.destroy();
  }
}

/** Resolves once `res` takes more data, or closes. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** Answers with a short text of the adapter's own. */
function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) }).end(text);
}
