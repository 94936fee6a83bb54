import { z } from 'zod';
import { compileGlob, oktaPathSchema } from '../path-glob';

const METHOD = /^[A-Za-z]{1,20}$/;

const journalPath = () => oktaPathSchema('/api/v1/apps/*', 'The journal holds requests on Okta\'s paths only; name one such as /api/v1/apps');

/**
 * Which journaled requests `POST /__appset/requests/find` and `/count` (and `backend.journal.find`,
 * `.count`) select: every member given must hold.
 */
export const RequestMatcherSchema = z
  .strictObject({
    /** The method, in any case (`POST`). */
    method: z.string().regex(METHOD, 'Must be an HTTP method such as GET or POST').optional(),
    /** The exact path, without query (`/api/v1/apps`). */
    path: journalPath().optional(),
    /** A glob of paths: `*` takes one segment, a trailing `/*` any deeper path (`/api/v1/apps/*`). */
    pathPattern: journalPath().optional(),
    /** Query parameters the request carried, each with exactly this (first) value. */
    query: z.record(z.string().min(1).max(256), z.string().max(4096)).optional(),
    /** Headers the request carried, names in any case, each with exactly this value (secret ones read as stored: `SSWS [REDACTED]`). */
    headers: z.record(z.string().min(1).max(256), z.string().max(4096)).optional(),
    /** Text the request's body (as kept: redacted, perhaps cut) contains. */
    bodyContains: z.string().min(1).max(16 * 1024).optional(),
    /** A JSON value the body must contain: every member given, at any depth; arrays element by element. */
    json: z.json().optional(),
    /** The status answered. */
    status: z.int().min(0).max(599).optional(),
  })
  .refine((m) => m.path === undefined || m.pathPattern === undefined, {
    message: 'Give path (one exact path) or pathPattern (a glob such as /api/v1/apps/*), not both',
    path: ['pathPattern'],
  });

/**
 * Which journaled requests `backend.journal.find` and `.count` (and `POST /__appset/requests/find`,
 * `/count`) select; every member is optional and every one given must hold: `method` (in any case),
 * `path` (exact, without query) or `pathPattern` (a glob: `*` takes one segment, a trailing `/*` any
 * deeper path), not both; `query` and `headers` (each with exactly this value; secret headers read as
 * stored, `SSWS [REDACTED]`); `bodyContains` (text in the body as kept); `json` (a JSON value the body
 * contains, at any depth) and `status`.
 */
export type RequestMatcher = z.input<typeof RequestMatcherSchema>;

/** A journaled request as a matcher reads it. */
export interface MatchedRequest {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  status: number;
  header(name: string): string | null;
  /** The body as kept, or `null`. */
  body(): string | null;
  /** Only the start of the body was kept. */
  bodyTruncated: boolean;
}

/** Whether `actual` contains `expected`: objects by every member given, arrays element by element, the rest by equality. */
export function containsJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => containsJson(actual[i], item));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && containsJson((actual as Record<string, unknown>)[key], value));
  }
  // `===`, not Object.is: JSON has one zero, so a body's -0 is the 0 a test wrote.
  return actual === expected;
}

/**
 * Whether a journaled request's method is `wanted`, in any case: fetch sends a lowercase `patch` as
 * it is, and a test asking for `PATCH` means it. Matchers and the journal's list filter both ask here.
 */
export function sameMethod(sent: string, wanted: string): boolean {
  return sent.toUpperCase() === wanted.toUpperCase();
}

/** A checked matcher as a test on journaled requests. */
export function compileMatcher(matcher: z.output<typeof RequestMatcherSchema>): (request: MatchedRequest) => boolean {
  const method = matcher.method;
  const glob = matcher.pathPattern === undefined ? undefined : compileGlob(matcher.pathPattern);
  const query = Object.entries(matcher.query ?? {});
  const headers = Object.entries(matcher.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value] as const);
  const { bodyContains, json, status, path } = matcher;
  return (request) => {
    if (method !== undefined && !sameMethod(request.method, method)) return false;
    if (path !== undefined && request.pathname !== path) return false;
    if (glob !== undefined && !glob(request.pathname)) return false;
    if (status !== undefined && request.status !== status) return false;
    for (const [name, value] of query) if (request.searchParams.get(name) !== value) return false;
    for (const [name, value] of headers) if (request.header(name) !== value) return false;
    if (bodyContains === undefined && json === undefined) return true;
    const body = request.body();
    if (body === null) return false;
    if (bodyContains !== undefined && !body.includes(bodyContains)) return false;
    if (json !== undefined) {
      // A cut body cannot be parsed: it matches no json matcher.
      if (request.bodyTruncated) return false;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return false;
      }
      if (!containsJson(parsed, json)) return false;
    }
    return true;
  };
}
