import { z } from 'zod';
import type { StubAnswer } from '../pipeline/hooks';
import type { IncomingRequest } from '../pipeline/request';
import type { RouteReply } from '../pipeline/reply';
import { compileGlob, isPlanePath, oktaPathSchema } from './path-glob';
import { compileStubMatch, HEADER_NAME, StubRequestSchema, StubRequestView, type CompiledStubMatch, type StubRequestMatch } from './stub-match';

/** The most stubs waiting at once. */
export const MAX_STUBS = 100;

/** The largest body a stub answers with, in UTF-8 bytes. */
export const MAX_STUB_BODY_BYTES = 256 * 1024;

/** The most headers a stub answers with. */
const MAX_STUB_HEADERS = 50;

/** The priority of a stub that gives none (WireMock's default): 1 is the highest. */
export const DEFAULT_STUB_PRIORITY = 5;

/** The lowest priority a stub may have. */
const LOWEST_STUB_PRIORITY = 100;

/** Hop-by-hop headers (RFC 9110 §7.6.1, and `Proxy-Connection`): they belong to one connection, not to an answer. */
const HOP_BY_HOP_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'te', 'proxy-connection']);

/** Headers the server writes itself on every answer: a stub cannot set them. */
const SERVER_HEADERS = new Set([
  'content-length',
  'date',
  'x-okta-request-id',
  'x-rate-limit-limit',
  'x-rate-limit-remaining',
  'x-rate-limit-reset',
]);

/**
 * Headers no stub answer may carry: cookies (a stub answers on the control plane's origin, whose
 * cookies it must not set) and headers of a request, not of an answer.
 */
const REFUSED_HEADERS: ReadonlyMap<string, string> = new Map([
  ['set-cookie', 'A stub cannot set cookies: it answers on the origin of the control plane; leave set-cookie out'],
  ['set-cookie2', 'A stub cannot set cookies: it answers on the origin of the control plane; leave set-cookie2 out'],
  ['host', 'host is a header of a request, not of an answer; leave it out'],
  ['expect', 'expect is a header of a request, not of an answer; leave it out'],
]);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

/**
 * What every stub answer carries, so that a stub answering a browser with markup cannot run script on the
 * server's origin (where the control plane answers): a sandboxed document has an opaque origin and runs
 * no script, and the browser takes the content type as given.
 */
export const STUB_SAFETY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; sandbox"],
  ['x-content-type-options', 'nosniff'],
];

const stubPath = () =>
  oktaPathSchema('/api/v1/users/*', 'The control plane cannot be stubbed; name a path outside /__appset, such as /api/v1/users').refine(
    (p) => p !== '/',
    'A stub cannot answer "/", the page a browser opens on this server; name another path, such as /api/v1/users',
  );

/** A header value without CR, LF or other control characters. */
const headerValue = z.string().max(4096).regex(/^[\t\x20-\x7e]*$/, 'Must be printable ASCII text without CR or LF (at most 4096 characters)');

/** A stub: `POST /__appset/stubs` or `backend.stubs.add(…)`. */
export const StubInputSchema = z
  .strictObject({
    /** The method it answers. */
    method: z.enum(METHODS),
    /** The exact path it answers (no query); give this or `pathPattern`. */
    path: stubPath().optional(),
    /** A glob of the paths it answers: `*` takes one segment, a trailing `/*` any deeper path. */
    pathPattern: stubPath().optional(),
    /** The status it answers with. */
    status: z.int().min(200).max(599),
    /** Headers of the answer; `Content-Type` defaults to JSON for a JSON body, text for a string. */
    headers: z.record(z.string(), headerValue).optional(),
    /** The body: a string is sent as it is, any other JSON value as JSON. */
    body: z.json().optional(),
    /** How many requests it answers before it is gone; default: until removed or reset. */
    times: z.int().min(1).max(10_000).optional(),
    /** What else the request must carry: query parameters, headers, a JSON body (WireMock's `request`). */
    request: StubRequestSchema.optional(),
    /** Which stub answers when several match: 1 is the highest, default 5; among equals, the newest. */
    priority: z.int().min(1).max(LOWEST_STUB_PRIORITY).optional(),
  })
  .refine((s) => (s.path === undefined) !== (s.pathPattern === undefined), {
    message: 'Give path (one exact path) or pathPattern (a glob such as /api/v1/users/*), one of them',
    path: ['path'],
  })
  .refine((s) => s.body === undefined || (s.status !== 204 && s.status !== 205 && s.status !== 304 && s.method !== 'HEAD'), {
    message: 'A 204, 205 or 304 answer, or an answer to HEAD, has no body; leave body out',
    path: ['body'],
  })
  .superRefine((s, context) => {
    const names = Object.keys(s.headers ?? {});
    if (names.length > MAX_STUB_HEADERS) {
      context.addIssue({ code: 'custom', message: `At most ${MAX_STUB_HEADERS} headers`, path: ['headers'] });
      return;
    }
    const seen = new Set<string>();
    for (const name of names) {
      const lower = name.toLowerCase();
      if (!HEADER_NAME.test(name)) {
        context.addIssue({ code: 'custom', message: "Must be a header name: letters, digits and !#$%&'*+.^_`|~- (at most 100)", path: ['headers', name] });
      } else if (REFUSED_HEADERS.has(lower)) {
        context.addIssue({ code: 'custom', message: REFUSED_HEADERS.get(lower)!, path: ['headers', name] });
      } else if (HOP_BY_HOP_HEADERS.has(lower)) {
        context.addIssue({ code: 'custom', message: `${lower} is a hop-by-hop header, which belongs to one connection, not to an answer; leave it out`, path: ['headers', name] });
      } else if (lower === 'x-content-type-options' && s.headers![name]!.trim().toLowerCase() !== 'nosniff') {
        context.addIssue({ code: 'custom', message: 'Every stub answer carries x-content-type-options: nosniff; leave it out', path: ['headers', name] });
      } else if (SERVER_HEADERS.has(lower) || lower.startsWith('access-control-')) {
        const hint = lower.startsWith('x-rate-limit') ? '; for a 429 with its reset, add a fault (POST /__appset/faults with status 429 and resetInMs)' : '';
        context.addIssue({ code: 'custom', message: `The server writes ${lower} itself; leave it out${hint}`, path: ['headers', name] });
      } else if (seen.has(lower)) {
        context.addIssue({ code: 'custom', message: 'Named twice (header names are case-insensitive); give it once', path: ['headers', name] });
      }
      seen.add(lower);
    }
  });

/**
 * A stub to add: `method` (`GET`, `POST`, `PUT`, `DELETE`, `PATCH`, `HEAD` or `OPTIONS`); `path` (one
 * exact path, no query) or `pathPattern` (a glob: `*` takes one segment, a trailing `/*` any deeper
 * path), one of them; `status` (200 to 599); optional `headers` (`Content-Type` defaults to JSON for
 * a JSON body, text for a string), `body` (a string sent as it is, any other JSON value as JSON; none
 * for 204, 304 or HEAD), `times` (how many requests it answers, 1 to 10,000; default until removed
 * or reset), `request` (what else the request must carry: `query` and `headers`, each name with a
 * string or `{ equalTo | contains | absent, caseInsensitive? }`, and `bodyJson`, `{ equalTo }` or
 * `{ contains }`) and `priority` (1, the highest, to 100; default 5: among stubs that match, the one
 * of highest priority answers, the newest among equals).
 */
export type StubInput = z.input<typeof StubInputSchema>;

/** A waiting stub, as listed. */
export interface Stub {
  /** The stub's id (`stub-1`, `stub-2`…), to remove it by. */
  id: string;
  /** The method it answers. */
  method: string;
  /** The exact path it answers, or `null` when it answers a `pathPattern`. */
  path: string | null;
  /** The glob of the paths it answers, or `null` when it answers one exact `path`. */
  pathPattern: string | null;
  /** The status it answers with. */
  status: number;
  /** Its headers, names in lower case. */
  headers: Record<string, string>;
  /** Its body, as given; absent for none. */
  body?: z.core.util.JSONType;
  /** What else the request must carry, as given (a string matcher written out as `{ equalTo }`, header names in lower case); absent when nothing. */
  request?: StubRequestMatch;
  /** Its priority: 1 is the highest; among equals, the newest answers. */
  priority: number;
  /** How many more requests it answers; `null`: until removed or reset. */
  remaining: number | null;
  /** How many requests it has answered. */
  used: number;
}

interface WaitingStub {
  stub: Stub;
  matches: (pathname: string) => boolean;
  /** The query, header and body matchers; `undefined` when the stub gives none. */
  request: CompiledStubMatch | undefined;
  reply: RouteReply;
}

const utf8 = new TextEncoder();

/** A refused stub: `field` names what is wrong. */
export class StubRefusal extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** The answer a stub gives, rendered once when it is added. */
function stubReply(input: z.output<typeof StubInputSchema>, headers: Record<string, string>): RouteReply {
  const reply: RouteReply = { status: input.status };
  const { 'content-type': contentType, 'x-content-type-options': _nosniff, ...rest } = headers;
  reply.headers = [...Object.entries(rest), ...STUB_SAFETY_HEADERS.map(([name, value]): [string, string] => [name, value])];
  if (input.body !== undefined) {
    const text = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
    const bytes = utf8.encode(text);
    if (bytes.byteLength > MAX_STUB_BODY_BYTES) {
      throw new StubRefusal(`stub field body: ${bytes.byteLength} bytes, more than ${MAX_STUB_BODY_BYTES}; answer with less`, 'body');
    }
    reply.jsonBytes = bytes;
    // Kept parsed too, so the journal reads an Okta error's errorCode from it.
    reply.body = input.body;
    reply.contentType = contentType ?? (typeof input.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json');
  } else if (contentType !== undefined) {
    reply.headers.push(['content-type', contentType]);
  }
  return reply;
}

/**
 * The waiting stubs. A request is answered by the stub of highest priority (1 first) among those that
 * match its method, path, query, headers and body; among equals, the most recently added, so a
 * narrower stub added later overrides a broader one. A stub with `times` is gone once it has answered
 * that many requests. No stub answers `/` or the control plane's paths.
 */
export class StubTable {
  readonly #stubs = new Map<string, WaitingStub>();
  #counter = 0;

  /** Adds a checked stub; more than {@link MAX_STUBS} waiting, or too large a body, is refused. */
  add(input: z.output<typeof StubInputSchema>): Stub {
    if (this.#stubs.size >= MAX_STUBS) {
      throw new StubRefusal(`${MAX_STUBS} stubs are already waiting; remove some (DELETE /__appset/stubs) before adding more`, 'stubs');
    }
    const headers = Object.fromEntries(Object.entries(input.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const reply = stubReply(input, headers);
    this.#counter += 1;
    const stub: Stub = {
      id: `stub-${this.#counter}`,
      method: input.method,
      path: input.path ?? null,
      pathPattern: input.pathPattern ?? null,
      status: input.status,
      headers,
      priority: input.priority ?? DEFAULT_STUB_PRIORITY,
      remaining: input.times ?? null,
      used: 0,
    };
    if (input.body !== undefined) stub.body = structuredClone(input.body);
    const request = compileStubMatch(input.request);
    if (request !== undefined) stub.request = request.listed;
    const exact = input.path;
    const matches = exact !== undefined ? (pathname: string) => pathname === exact : compileGlob(input.pathPattern!);
    this.#stubs.set(stub.id, { stub, matches, request, reply });
    return copy(stub);
  }

  /** Removes one stub; true when it was waiting. */
  remove(id: string): boolean {
    return this.#stubs.delete(id);
  }

  /** Removes every stub (reset does too), and numbers the next from 1 again. */
  clear(): void {
    this.#stubs.clear();
    this.#counter = 0;
  }

  /** The waiting stubs, in the order they were added. */
  list(): Stub[] {
    return [...this.#stubs.values()].map(({ stub }) => copy(stub));
  }

  /**
   * The answer of the stub that matches the request (highest priority, then newest), counting it once;
   * `undefined` when none matches. Synchronous unless a stub that could match reads the body: that is
   * parsed once, then the stubs are chosen again as they stand (another request may have used one up).
   */
  take(input: IncomingRequest, url: URL): StubAnswer | undefined | Promise<StubAnswer | undefined> {
    if (this.#stubs.size === 0) return undefined;
    const { pathname } = url;
    if (pathname === '/' || isPlanePath(pathname)) return undefined;
    const candidates = [...this.#stubs.values()].filter(({ stub, matches }) => stub.method === input.method && matches(pathname));
    if (candidates.length === 0) return undefined;
    const view = new StubRequestView(input, url);
    if (!candidates.some(({ request }) => request?.needsBody)) return this.#choose(candidates, view, undefined);
    return view.json().then((body) => this.#choose(candidates, view, body));
  }

  #choose(candidates: WaitingStub[], view: StubRequestView, body: { value: unknown } | null | undefined): StubAnswer | undefined {
    let best: WaitingStub | undefined;
    // Newest first: a later stub of the same priority wins.
    for (let i = candidates.length - 1; i >= 0; i--) {
      const waiting = candidates[i]!;
      if (best !== undefined && waiting.stub.priority >= best.stub.priority) continue;
      if (!this.#stubs.has(waiting.stub.id)) continue;
      if (waiting.request !== undefined && !waiting.request.test(view, body)) continue;
      best = waiting;
    }
    if (best === undefined) return undefined;
    const { stub, reply } = best;
    stub.used += 1;
    if (stub.remaining !== null) {
      stub.remaining -= 1;
      if (stub.remaining <= 0) this.#stubs.delete(stub.id);
    }
    return { id: stub.id, reply };
  }
}

function copy(stub: Stub): Stub {
  return structuredClone(stub);
}
