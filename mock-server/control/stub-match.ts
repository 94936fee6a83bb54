import { z } from 'zod';
import { findDocumentFault } from '../pipeline/json-bounds';
import { MAX_JSON_BODY_BYTES, type HeaderReader, type IncomingRequest } from '../pipeline/request';
import { exceedsUtf8Bytes, utf8ByteLength } from '../pipeline/utf8';
import { containsJson } from './requests/matcher';

/** The most query parameters one stub matches on, and the most request headers. */
export const MAX_STUB_MATCHERS = 20;

/** The largest JSON value `bodyJson` compares with, in UTF-8 bytes of its JSON text, and how deep it may nest. */
export const MAX_BODY_JSON_MATCH_BYTES = 16 * 1024;
const MAX_BODY_JSON_MATCH_DEPTH = 32;

/** The longest text a value matcher compares with. */
const MAX_MATCH_TEXT = 4096;

/** A header name as HTTP allows one (a token). */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

// No user regular expression is taken: JavaScript's engine backtracks, so a pattern's matching time
// has no bound. equalTo, contains and absent cover what stubs need in linear time.
const NO_REGEX = 'Regular expressions are not accepted (their matching time has no bound); use equalTo, contains or absent';

const matchText = z.string().max(MAX_MATCH_TEXT);

/** How a query parameter's or a header's value is matched: a string (the exact value) or one of `equalTo`, `contains`, `absent`. */
const ValueMatcherSchema = z.union([
  matchText,
  z
    .strictObject({
      /** The exact value. */
      equalTo: matchText.optional(),
      /** Text the value contains. */
      contains: matchText.min(1).optional(),
      /** `true`: the request must not carry it; `false`: it must, with any value. */
      absent: z.boolean().optional(),
      /** Compare `equalTo` or `contains` ignoring letter case (ASCII and beyond, as `toLowerCase` does). */
      caseInsensitive: z.boolean().optional(),
      /** Not accepted: a regular expression's matching time has no bound. */
      matches: z.never({ error: NO_REGEX }).optional(),
      /** Not accepted: a regular expression's matching time has no bound. */
      doesNotMatch: z.never({ error: NO_REGEX }).optional(),
    })
    .refine((m) => [m.equalTo, m.contains, m.absent].filter((v) => v !== undefined).length === 1, {
      message: 'Give one of equalTo (the exact value), contains (text it holds) or absent (true: not sent; false: sent)',
    })
    .refine((m) => m.caseInsensitive === undefined || m.absent === undefined, {
      message: 'caseInsensitive goes with equalTo or contains, not with absent',
      path: ['caseInsensitive'],
    }),
]);

const boundedJson = z.json().superRefine((value, context) => {
  const text = JSON.stringify(value);
  if (utf8ByteLength(text) > MAX_BODY_JSON_MATCH_BYTES) {
    context.addIssue({ code: 'custom', message: `At most ${MAX_BODY_JSON_MATCH_BYTES} bytes of JSON; match on fewer members (contains compares only those given)` });
  } else if (findDocumentFault(value, { maxDepth: MAX_BODY_JSON_MATCH_DEPTH }) !== undefined) {
    context.addIssue({ code: 'custom', message: `Nested at most ${MAX_BODY_JSON_MATCH_DEPTH} levels deep` });
  }
});

const misplaced = (member: string) => z.never({ error: `Give ${member} at the top of the stub, beside status, as every stub does; request holds query, headers and bodyJson` }).optional();

/**
 * What else a request must carry for a stub to answer it, beyond its method and path (WireMock's
 * `request`): every member given must hold.
 */
export const StubRequestSchema = z
  .strictObject({
    /** Query parameters, by name: a string (that exact value) or `{ equalTo | contains | absent, caseInsensitive? }`; a parameter sent more than once matches when one of its values does. */
    query: z.record(z.string().min(1).max(256), ValueMatcherSchema).optional(),
    /** Request headers, names in any case: a string (that exact value) or `{ equalTo | contains | absent, caseInsensitive? }`; a repeated header is read as fetch reads it, its values joined with `, `. */
    headers: z.record(z.string(), ValueMatcherSchema).optional(),
    /** The body, parsed as JSON: `{ equalTo: value }` (the same JSON value) or `{ contains: value }` (every member given, at any depth; arrays element by element). */
    bodyJson: z
      .strictObject({
        /** The whole body, as a JSON value (member order aside). */
        equalTo: boundedJson.optional(),
        /** A JSON value the body contains: every member given, at any depth; arrays element by element. */
        contains: boundedJson.optional(),
      })
      .refine((b) => (b.equalTo === undefined) !== (b.contains === undefined), {
        message: 'Give equalTo (the whole body) or contains (the members it must hold), one of them',
      })
      .optional(),
    /** Not here: the method is given beside `status`. */
    method: misplaced('method'),
    /** Not here: the path is given beside `status`. */
    path: misplaced('path'),
    /** Not here: the path pattern is given beside `status`. */
    pathPattern: misplaced('pathPattern'),
  })
  .superRefine((r, context) => {
    for (const [field, names] of [['query', Object.keys(r.query ?? {})], ['headers', Object.keys(r.headers ?? {})]] as const) {
      if (names.length > MAX_STUB_MATCHERS) context.addIssue({ code: 'custom', message: `At most ${MAX_STUB_MATCHERS}; match on fewer`, path: [field] });
    }
    const seen = new Set<string>();
    for (const name of Object.keys(r.headers ?? {}).slice(0, MAX_STUB_MATCHERS)) {
      if (!HEADER_NAME.test(name)) {
        context.addIssue({ code: 'custom', message: "Must be a header name: letters, digits and !#$%&'*+.^_`|~- (at most 100)", path: ['headers', name] });
      } else if (seen.has(name.toLowerCase())) {
        context.addIssue({ code: 'custom', message: 'Named twice (header names are case-insensitive); give it once', path: ['headers', name] });
      }
      seen.add(name.toLowerCase());
    }
  });

/** A value matcher as listed: the string shorthand written out as `{ equalTo }`. */
export interface StubValueMatcher {
  /** The exact value. */
  equalTo?: string;
  /** Text the value contains. */
  contains?: string;
  /** `true`: not sent; `false`: sent, with any value. */
  absent?: boolean;
  /** `equalTo` or `contains` compared ignoring letter case. */
  caseInsensitive?: boolean;
}

/** What else a stub's request must carry, as listed (header names in lower case). */
export interface StubRequestMatch {
  /** Query parameters, by name. */
  query?: Record<string, StubValueMatcher>;
  /** Request headers, names in lower case. */
  headers?: Record<string, StubValueMatcher>;
  /** The body as JSON: equal to a value, or containing one. */
  bodyJson?: { equalTo: z.core.util.JSONType } | { contains: z.core.util.JSONType };
}

/** A request as a stub's matchers read it; the body is parsed at most once, and only when a matcher needs it. */
export class StubRequestView {
  #json: { value: unknown } | null | undefined;

  constructor(
    readonly input: IncomingRequest,
    readonly url: URL,
  ) {}

  get headers(): HeaderReader {
    return this.input.headers;
  }

  /**
   * The body parsed as JSON, or `null` when there is none, it is larger than the API reads, or it is not
   * JSON. Read only where the server already holds it whole (`text()`): a body still streaming is not
   * consumed here, so the route that answers can read it.
   */
  async json(): Promise<{ value: unknown } | null> {
    if (this.#json !== undefined) return this.#json;
    const { input } = this;
    const declared = Number(input.headers.get('content-length'));
    if (input.text === undefined || input.method === 'GET' || input.method === 'HEAD' || (Number.isFinite(declared) && declared > MAX_JSON_BODY_BYTES)) {
      return (this.#json = null);
    }
    try {
      const text = await input.text();
      if (text === '' || exceedsUtf8Bytes(text, MAX_JSON_BODY_BYTES)) return (this.#json = null);
      return (this.#json = { value: JSON.parse(text) as unknown });
    } catch {
      // Not JSON, or a body that could not be read: it matches no bodyJson, and the route says what is wrong.
      return (this.#json = null);
    }
  }
}

/** A checked request matcher, compiled: `test` answers for a request whose body (if needed) is parsed. */
export interface CompiledStubMatch {
  /** As listed. */
  listed: StubRequestMatch;
  /** Whether the body must be read first. */
  needsBody: boolean;
  /** Whether the request holds; `body` is the parsed body (only read when `needsBody`). */
  test(view: StubRequestView, body: { value: unknown } | null | undefined): boolean;
}

type ValueMatcher = z.output<typeof ValueMatcherSchema>;

function written(matcher: ValueMatcher): StubValueMatcher {
  return typeof matcher === 'string' ? { equalTo: matcher } : Object.fromEntries(Object.entries(matcher).filter(([, v]) => v !== undefined));
}

/** One value matcher as a test on the values sent (none: not sent); it holds when one value does. */
function valueTest(matcher: StubValueMatcher): (values: readonly string[]) => boolean {
  if (matcher.absent !== undefined) {
    const absent = matcher.absent;
    return (values) => (values.length === 0) === absent;
  }
  const fold = matcher.caseInsensitive === true ? (s: string) => s.toLowerCase() : (s: string) => s;
  if (matcher.equalTo !== undefined) {
    const wanted = fold(matcher.equalTo);
    return (values) => values.some((v) => fold(v) === wanted);
  }
  const part = fold(matcher.contains!);
  return (values) => values.some((v) => fold(v).includes(part));
}

/**
 * How many members each object of a request's parsed body has, counted once: every stub compared with
 * one body reads the same count, so many stubs cost one pass over a body of many members, not one each.
 */
const memberCounts = new WeakMap<object, number>();

function memberCount(value: object): number {
  let count = memberCounts.get(value);
  if (count === undefined) {
    count = Object.keys(value).length;
    memberCounts.set(value, count);
  }
  return count;
}

/**
 * Whether two JSON values are the same: objects by their members (in any order), arrays element by
 * element. The stub's members are compared first, and the body's are counted only then (once per
 * object): a stub that differs costs its own size, not the body's.
 */
function equalJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => equalJson(actual[i], item));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    return (
      keys.every((key) => Object.hasOwn(actual, key) && equalJson((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key])) &&
      memberCount(actual) === keys.length
    );
  }
  // `===`, not Object.is: JSON has one zero, so a body's -0 is the 0 a test wrote.
  return actual === expected;
}

/** Compiles a checked `request` member; `undefined` matches every request. */
export function compileStubMatch(request: z.output<typeof StubRequestSchema> | undefined): CompiledStubMatch | undefined {
  if (request === undefined) return undefined;
  const listed: StubRequestMatch = {};
  const query = Object.entries(request.query ?? {}).map(([name, m]) => [name, written(m)] as const);
  const headers = Object.entries(request.headers ?? {}).map(([name, m]) => [name.toLowerCase(), written(m)] as const);
  if (query.length > 0) listed.query = Object.fromEntries(query);
  if (headers.length > 0) listed.headers = Object.fromEntries(headers);
  const queryTests = query.map(([name, m]) => [name, valueTest(m)] as const);
  const headerTests = headers.map(([name, m]) => [name, valueTest(m)] as const);
  const { bodyJson } = request;
  let bodyTest: ((value: unknown) => boolean) | undefined;
  if (bodyJson !== undefined) {
    if (bodyJson.equalTo !== undefined) {
      const expected = structuredClone(bodyJson.equalTo);
      listed.bodyJson = { equalTo: structuredClone(expected) };
      bodyTest = (value) => equalJson(value, expected);
    } else {
      const expected = structuredClone(bodyJson.contains!);
      listed.bodyJson = { contains: structuredClone(expected) };
      bodyTest = (value) => containsJson(value, expected);
    }
  }
  return {
    listed,
    needsBody: bodyTest !== undefined,
    test(view, body) {
      const params = view.url.searchParams;
      for (const [name, test] of queryTests) if (!test(params.getAll(name))) return false;
      for (const [name, test] of headerTests) {
        const value = view.headers.get(name);
        if (!test(value === null ? [] : [value])) return false;
      }
      if (bodyTest === undefined) return true;
      return body !== null && body !== undefined && bodyTest(body.value);
    },
  };
}
