import { MAX_JSON_BODY_BYTES } from '../pipeline/request';
import { type RenderedReply } from '../pipeline/reply';
import { exceedsUtf8Bytes } from '../pipeline/utf8';
import { shorten } from '../shared/text';
import { ControlInputError } from './body-errors';
import type { ControlPlane } from './plane';

/** The reserved prefix of the control plane; nothing of Okta's API lives under it. */
export const CONTROL_PREFIX = '/__appset';

/** Whether a path belongs to the control plane. */
export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Reply = { status: number; body?: unknown; headers?: Array<[string, string]>; html?: string; htmlHeaders?: ReadonlyArray<[string, string]> };
type Handler = (request: Request, params: { id?: string }, url: URL) => Reply | Promise<Reply>;

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

type Endpoint = { path: RegExp; methods: Partial<Record<Method, Handler>> };

/**
 * The endpoints of a table of things waiting for requests (faults, stubs): list them, add one,
 * remove all, remove one by id.
 */
function waitingEndpoints(
  plural: 'faults' | 'stubs',
  singular: string,
  table: { list(): unknown[]; clear(): void; remove(id: string): boolean },
  add: (body: unknown) => unknown,
  whenGone: string,
): Endpoint[] {
  return [
    {
      path: new RegExp(`^/${plural}$`),
      methods: {
        GET: () => json(200, { [plural]: table.list() }),
        POST: async (request) => json(201, add(await readBody(request))),
        DELETE: () => (table.clear(), json(204)),
      },
    },
    {
      path: new RegExp(`^/${plural}/(?<id>[^/]+)$`),
      methods: {
        DELETE: (_request, { id }) => {
          if (table.remove(id!)) return json(204);
          return json(404, { error: `No waiting ${singular} has the id "${shorten(id!)}"; GET ${CONTROL_PREFIX}/${plural} lists them (${whenGone})` });
        },
      },
    },
  ];
}

/** Filters of `GET /__appset/requests` that are numbers on the wire. */
const NUMERIC_FILTERS = new Set(['status', 'limit']);

/**
 * The query of `GET /__appset/requests` as a filter: numbers where the filter takes numbers (a value
 * that is not one is left as text for the filter's check to refuse), `summary` apart. A parameter
 * given twice is refused.
 */
function requestsQuery(url: URL): { filter: Record<string, unknown>; summary: boolean } {
  const filter: Record<string, unknown> = {};
  let summary = false;
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(filter, name) || (name === 'summary' && summary)) {
      throw new ControlInputError(`requests filter field ${name}: given more than once; give it once`, name);
    }
    if (name === 'summary') {
      if (value !== 'true' && value !== 'false') throw new ControlInputError(`requests filter field summary: Must be true or false (got "${value.slice(0, 50)}")`, 'summary');
      summary = value === 'true';
    } else {
      filter[name] = NUMERIC_FILTERS.has(name) && /^\d{1,9}$/.test(value) ? Number(value) : value;
    }
  }
  return { filter, summary };
}

/**
 * The control plane over HTTP: each endpoint calls the same {@link ControlPlane} method as the
 * in-process API. Needs no token; answers `{"error": …}` naming the field on a bad body, and 404 on
 * any other path under the prefix.
 */
export function createControlRouter(plane: ControlPlane): (request: Request, url: URL) => Promise<RenderedReply> {
  const table: Endpoint[] = [
    // The dashboard's page loads on its first request, not with the backend.
    {
      path: /^\/?$/,
      methods: {
        GET: async () => {
          const page = await import('./dashboard/page');
          return { status: 200, html: page.dashboardHtml(plane), htmlHeaders: page.dashboardHeaders() };
        },
      },
    },
    { path: /^\/health$/, methods: { GET: () => json(200, plane.health()) } },
    { path: /^\/reset$/, methods: { POST: () => (plane.reset(), json(204)) } },
    {
      path: /^\/snapshot$/,
      methods: {
        GET: (request) => json(200, plane.snapshot({ includeSecrets: new URL(request.url).searchParams.get('secrets') === 'include' })),
        PUT: async (request) => {
          const doc = await readBody(request);
          // What capabilities cannot do synchronously (loading PKI.js to check CSRs) is done first.
          await plane.prepareRestore(doc);
          plane.restore(doc);
          return json(204);
        },
      },
    },
    { path: /^\/seed$/, methods: { POST: async (request) => json(201, await plane.seed(await readBody(request))) } },
    { path: /^\/signals$/, methods: { GET: () => json(200, plane.signals()) } },
    {
      path: /^\/requests$/,
      methods: {
        GET: (_request, _params, url) => {
          const { filter, summary } = requestsQuery(url);
          return json(200, { requests: summary ? plane.requestSummaries(filter) : plane.requests(filter) });
        },
        DELETE: () => (plane.journal.clear(), json(204)),
      },
    },
    { path: /^\/requests\/find$/, methods: { POST: async (request) => json(200, { requests: plane.findRequests(await readBody(request)) }) } },
    { path: /^\/requests\/count$/, methods: { POST: async (request) => json(200, { count: plane.countRequests(await readBody(request)) }) } },
    { path: /^\/requests\/unmatched$/, methods: { GET: () => json(200, { requests: plane.journal.unmatched() }) } },
    {
      path: /^\/requests\/(?<id>[^/]+)$/,
      methods: {
        GET: (_request, { id }) => {
          const entry = plane.journal.get(id!);
          if (entry !== undefined) return json(200, entry);
          return json(404, { error: `The journal holds no request with the id "${shorten(id!)}"; GET /__appset/requests lists those it holds (the oldest are dropped past journalSize)` });
        },
      },
    },
    ...waitingEndpoints('stubs', 'stub', plane.stubs, (body) => plane.addStub(body), 'a stub with times is gone once used up'),
    ...waitingEndpoints('faults', 'fault', plane.faults, (body) => plane.addFault(body), 'a fault is gone once used up'),
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
        return json(404, { error: `${shorten(url.pathname)} names nothing: its last segment is not a valid percent-encoded id` });
      }
      return handler(request, { id }, url);
    }
    return json(404, {
      error: `No control endpoint ${shorten(url.pathname)}; the plane serves ${CONTROL_PREFIX}/ (a dashboard), health, reset, snapshot, seed, signals, requests (and requests/find, count, unmatched, {id}), stubs, faults, clock and rate-limits`,
    });
  }

  const router = async (request: Request, url: URL): Promise<RenderedReply> => {
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
    if (reply.html !== undefined) {
      headers.push(['content-type', 'text/html; charset=utf-8'], ...(reply.htmlHeaders ?? []));
      return { status: reply.status, headers, body: reply.html };
    }
    if (reply.body === undefined) return { status: reply.status, headers, body: null };
    headers.push(['content-type', 'application/json']);
    return { status: reply.status, headers, body: JSON.stringify(reply.body) };
  };
  // `/^\/faults\/(?<id>[^/]+)$/` is listed as `/__appset/faults/{id}`.
  const paths = table.map((entry) => CONTROL_PREFIX + entry.path.source.replace(/^\^|\$$/g, '').replace(/\(\?<(\w+)>[^)]*\)/g, '{$1}').replace(/\\\//g, '/'));
  endpoints.set(router, table.flatMap((entry, i) => Object.keys(entry.methods).map((method) => `${method} ${paths[i]!}`)));
  return router;
}

const endpoints = new WeakMap<object, readonly string[]>();

/** The endpoints a control router serves, as `METHOD /__appset/path` (`{id}` for a parameter): docs/testing.md lists each. */
export function controlEndpoints(router: object): readonly string[] {
  return endpoints.get(router) ?? [];
}
