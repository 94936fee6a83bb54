import { MAX_JSON_BODY_BYTES, type RenderedReply } from '../http/route';
import { exceedsUtf8Bytes } from '../http/utf8';
import { ControlInputError } from './body-errors';
import type { ControlPlane } from './plane';

/** The reserved prefix of the control plane; nothing of Okta's API lives under it. */
export const CONTROL_PREFIX = '/__appset';

/** Whether a path belongs to the control plane. */
export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = { status: number; body?: unknown; headers?: Array<[string, string]> };
type Handler = (request: Request, params: { id?: string }) => Reply | Promise<Reply>;

function json(status: number, body?: unknown): Reply {
  return body === undefined ? { status } : { status, body };
}

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length'));
  const tooLarge = () => new ControlInputError(`body: larger than ${MAX_JSON_BODY_BYTES} bytes; send less (a larger state can be loaded with appset-mock --state FILE)`, 'body', 413);
  if (Number.isFinite(declared) && declared > MAX_JSON_BODY_BYTES) throw tooLarge();
  const text = await request.text();
  if (exceedsUtf8Bytes(text, MAX_JSON_BODY_BYTES)) throw tooLarge();
  if (text.trim() === '') throw new ControlInputError('body: empty; send a JSON document with Content-Type: application/json', 'body');
  try {
    return JSON.parse(text);
  } catch {
    throw new ControlInputError('body: not valid JSON; send a JSON document with Content-Type: application/json', 'body');
  }
}

/**
 * The control plane over HTTP: each endpoint calls the same {@link ControlPlane} method as the
 * in-process API. Needs no token; answers `{"error": …}` naming the field on a bad body, and 404 on
 * any other path under the prefix.
 */
export function createControlRouter(plane: ControlPlane): (request: Request, url: URL) => Promise<RenderedReply> {
  const table: Array<{ path: RegExp; methods: Partial<Record<Method, Handler>> }> = [
    { path: /^\/health$/, methods: { GET: () => json(200, plane.health()) } },
    { path: /^\/reset$/, methods: { POST: () => (plane.reset(), json(204)) } },
    {
      path: /^\/snapshot$/,
      methods: {
        GET: (request) => json(200, plane.snapshot({ includeSecrets: new URL(request.url).searchParams.get('secrets') === 'include' })),
        PUT: async (request) => (plane.restore(await readBody(request)), json(204)),
      },
    },
    { path: /^\/seed$/, methods: { POST: async (request) => json(201, await plane.seed(await readBody(request))) } },
    { path: /^\/signals$/, methods: { GET: () => json(200, plane.signals()) } },
    {
      path: /^\/requests$/,
      methods: {
        GET: () => json(200, { requests: plane.journal.list() }),
        DELETE: () => (plane.journal.clear(), json(204)),
      },
    },
    {
      path: /^\/faults$/,
      methods: {
        GET: () => json(200, { faults: plane.faults.list() }),
        POST: async (request) => json(201, plane.addFault(await readBody(request))),
        DELETE: () => (plane.faults.clear(), json(204)),
      },
    },
    {
      path: /^\/faults\/(?<id>[^/]+)$/,
      methods: {
        DELETE: (_request, { id }) => {
          if (plane.faults.remove(id!)) return json(204);
          return json(404, { error: `No waiting fault has the id "${id}"; GET /__appset/faults lists them (a fault is gone once used up)` });
        },
      },
    },
    {
      path: /^\/clock$/,
      methods: {
        GET: () => json(200, { now: plane.health().now }),
        POST: async (request) => {
          plane.changeClock(await readBody(request));
          return json(200, { now: plane.health().now });
        },
      },
    },
    {
      path: /^\/rate-limits$/,
      methods: {
        GET: () => json(200, { limits: plane.rateLimits() }),
        PUT: async (request) => {
          plane.setRateLimits(await readBody(request));
          return json(200, { limits: plane.rateLimits() });
        },
      },
    },
  ];

  async function dispatch(request: Request, url: URL): Promise<Reply> {
    const rest = url.pathname.slice(CONTROL_PREFIX.length);
    for (const entry of table) {
      const match = entry.path.exec(rest);
      if (!match) continue;
      const handler = entry.methods[request.method as Method];
      if (!handler) {
        const allow = Object.keys(entry.methods).join(', ');
        return { status: 405, body: { error: `${request.method} is not served on ${url.pathname}; use ${allow}` }, headers: [['allow', allow]] };
      }
      let id: string | undefined;
      try {
        id = match.groups?.id === undefined ? undefined : decodeURIComponent(match.groups.id);
      } catch {
        return json(404, { error: `${url.pathname} names no fault` });
      }
      return handler(request, { id });
    }
    return json(404, {
      error: `No control endpoint ${url.pathname}; the plane serves ${CONTROL_PREFIX}/health, reset, snapshot, seed, signals, requests, faults, clock and rate-limits`,
    });
  }

  return async (request, url) => {
    let reply: Reply;
    try {
      reply = await dispatch(request, url);
    } catch (error) {
      // A bug in the plane still answers in the plane's shape, and says so.
      reply =
        error instanceof ControlInputError
          ? json(error.status, { error: error.message })
          : json(500, { error: `internal error of the control plane: ${error instanceof Error ? error.message : String(error)}` });
    }
    const headers: Array<[string, string]> = [['cache-control', 'no-store'], ...(reply.headers ?? [])];
    if (reply.body === undefined) return { status: reply.status, headers, body: null };
    headers.push(['content-type', 'application/json']);
    return { status: reply.status, headers, body: JSON.stringify(reply.body) };
  };
}
