import { z } from 'zod';
import type { RouteReply } from '../http/route';
import { compileGlob, oktaPathSchema } from './path-glob';

/** The most stubs waiting at once. */
export const MAX_STUBS = 100;

/** The largest body a stub answers with, in UTF-8 bytes. */
export const MAX_STUB_BODY_BYTES = 256 * 1024;

/** The most headers a stub answers with. */
const MAX_STUB_HEADERS = 50;

/** Headers the server writes itself on every answer: a stub cannot set them. */
const SERVER_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'date',
  'x-okta-request-id',
  'x-rate-limit-limit',
  'x-rate-limit-remaining',
  'x-rate-limit-reset',
]);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

const stubPath = () => oktaPathSchema('/api/v1/users/*', 'The control plane cannot be stubbed; name an Okta path such as /api/v1/users');

/** A header name as HTTP allows one (a token), and a value without CR, LF or other control characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
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
 * for 204, 304 or HEAD) and `times` (how many requests it answers, 1 to 10,000; default until removed
 * or reset).
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
  /** How many more requests it answers; `null`: until removed or reset. */
  remaining: number | null;
  /** How many requests it has answered. */
  used: number;
}

/** What the router answers for a request a stub matched. */
export interface StubAnswer {
  id: string;
  reply: RouteReply;
}

interface WaitingStub {
  stub: Stub;
  matches: (pathname: string) => boolean;
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
  const { 'content-type': contentType, ...rest } = headers;
  const extra = Object.entries(rest);
  if (extra.length > 0) reply.headers = extra;
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
    reply.headers = [...(reply.headers ?? []), ['content-type', contentType]];
  }
  return reply;
}

/**
 * The waiting stubs. A request is answered by the most recently added stub that matches its method
 * and path, so a narrower stub added later overrides a broader one; a stub with `times` is gone once
 * it has answered that many requests.
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
      remaining: input.times ?? null,
      used: 0,
    };
    if (input.body !== undefined) stub.body = structuredClone(input.body);
    const exact = input.path;
    const matches = exact !== undefined ? (pathname: string) => pathname === exact : compileGlob(input.pathPattern!);
    this.#stubs.set(stub.id, { stub, matches, reply });
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

  /** The answer of the newest stub matching the request, counting it once; `undefined` when none matches. */
  take(method: string, pathname: string): StubAnswer | undefined {
    if (this.#stubs.size === 0) return undefined;
    const waiting = [...this.#stubs.values()];
    for (let i = waiting.length - 1; i >= 0; i--) {
      const { stub, matches, reply } = waiting[i]!;
      if (stub.method !== method || !matches(pathname)) continue;
      stub.used += 1;
      if (stub.remaining !== null) {
        stub.remaining -= 1;
        if (stub.remaining <= 0) this.#stubs.delete(stub.id);
      }
      return { id: stub.id, reply };
    }
    return undefined;
  }
}

function copy(stub: Stub): Stub {
  return structuredClone(stub);
}
