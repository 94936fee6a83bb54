import { z } from 'zod';
import { ConfigurationError } from '../../../src/errors';
import type { AnsweredRequest } from '../../pipeline/hooks';
import type { IngestionNote, JournalNote } from '../../pipeline/reply';
import type { RouteSpec } from '../../pipeline/route';
import {
  BodyKeeper,
  bodySize,
  bodyText,
  fitsRawHeaderPairs,
  fitsRawHeaders,
  JOURNAL_DEFAULT_BODY_BYTES,
  JOURNAL_MAX_BODY_BYTES,
  keepHeaderPairs,
  keepHeaders,
  MAX_KEPT_METHOD_CHARS,
  MAX_KEPT_PATH_CHARS,
  ownCopy,
  type KeptBody,
  type KeptHeaders,
} from './capture';
import { compileMatcher, sameMethod, type MatchedRequest, type RequestMatcherSchema } from './matcher';
import { nearMisses, unmatchedNote, type NearMiss, type UnmatchedNote } from './near-miss';
import { redactQuery } from './redact';
import { BoundedMemo } from '../../shared/bounded-memo';

/** One side of a journaled exchange: what was sent, or what was answered. */
export interface JournalMessage {
  /** Header names in lower case; a repeated header's values joined with `, `; secrets redacted. */
  headers: Record<string, string>;
  /** The body as text (secrets redacted), base64 when `bodyEncoding` says so; `null` when there was none. */
  body: string | null;
  /** The body's whole size as sent, in bytes (for a body larger than the routes read, as far as it was read). */
  bodySize: number;
  /** Only the start of the body was kept (see the journal's body bound). */
  truncated: boolean;
  /** `'base64'` for a binary body (an image). */
  bodyEncoding?: 'base64';
  /** Some headers were left out past the journal's bound. */
  headersTruncated?: true;
}

/** One request the backend answered on Okta's paths. */
export interface JournalEntry {
  /** The request's method, as the request spelled it (`GET`; fetch keeps `patch` lowercase); filters and matchers compare it in any case. */
  method: string;
  /** Path and query, as requested (secret query parameters redacted). */
  path: string;
  /** The status answered; `0` when a fault dropped the connection. */
  status: number;
  /** The Okta `errorCode` (or the receiver's `err`) of an error answer, else `null`. */
  errorCode: string | null;
  /** The `X-Okta-Request-Id` of the answer: the entry's id. */
  requestId: string;
  /** When it was answered, by the backend's clock (ISO 8601). */
  time: string;
  /** The route that served it (`GET /api/v1/apps/:appId`), or `null` when none did. */
  route: string | null;
  /** The id of the stub that answered it, or `null`. */
  stub: string | null;
  /** What was sent. */
  request: JournalMessage;
  /** What was answered (the headers as the backend wrote them, before the HTTP server's CORS headers). */
  response: JournalMessage;
  /** For a security event token: what the receiver did with it. */
  ingestion?: IngestionNote;
  /** When no route or stub served it: why (an Okta path not implemented here, or no Okta path at all). */
  unmatched?: UnmatchedNote;
}

/** An entry without what was sent and answered (`GET /__appset/requests?summary=true`). */
export type JournalSummary = Omit<JournalEntry, 'request' | 'response'>;

/** An entry no route served, with the routes it came closest to. */
export type UnmatchedEntry = JournalEntry & { unmatched: UnmatchedNote; closest: NearMiss[] };

interface StoredEntry {
  method: string;
  /** The URL as requested, or the path and query as kept when they needed redacting or cutting. */
  target: URL | string;
  status: number;
  errorCode: string | null;
  requestId: string;
  at: number;
  route: string | null;
  stub: string | null;
  note: JournalNote | undefined;
  /**
   * What was sent, as kept (see {@link sentHeaders}, the one way to read it); `null` while the
   * headers are held as they came in `requestRaw`.
   */
  requestHeaders: KeptHeaders | null;
  /**
   * The request's headers as they came (names and values alternating, nothing redacted yet), held
   * until the entry is first read, then kept as the rest are and dropped; `null` once kept. Only a
   * list within the kept bounds is held so (see `fitsRawHeaders`), and only for a request without a
   * body (whose kind the kept `Content-Type` decides at once).
   */
  requestRaw: readonly string[] | null;
  requestBody: KeptBody | null;
  /** What was answered, as kept (see {@link answerHeaders}); `null` while held as written in `responseRaw`. */
  responseHeaders: KeptHeaders | null;
  /**
   * The answer's headers as the backend wrote them, held until first read as `requestRaw` is, for an
   * answer without a body or with bytes the journal has kept before; only the first `responseCount`
   * are the entry's (the HTTP server adds its CORS headers to the same list after).
   */
  responseRaw: ReadonlyArray<readonly [string, string]> | null;
  responseCount: number;
  responseBody: KeptBody | null;
}

/**
 * An entry's request headers as the journal shows them: names in lower case, secrets redacted,
 * within the bounds. Every read of them goes through here: headers held as they came are kept on
 * the first read (and the list as sent let go), so no read ever sees them unredacted.
 */
function sentHeaders(entry: StoredEntry): KeptHeaders {
  if (entry.requestHeaders === null) {
    entry.requestHeaders = keepHeaders(entry.requestRaw ?? []);
    entry.requestRaw = null;
  }
  return entry.requestHeaders;
}

/** The same for the answer's headers. */
function answerHeaders(entry: StoredEntry): KeptHeaders {
  if (entry.responseHeaders === null) {
    entry.responseHeaders = keepHeaderPairs(entry.responseRaw ?? [], entry.responseCount);
    entry.responseRaw = null;
  }
  return entry.responseHeaders;
}

/**
 * The default number of entries the journal keeps: enough for what one test sends between resets.
 * Measured (`npm run bench -- set-ingestion-http`): at 1,000 entries, entries outlive the young
 * generation under load and their collection took the SET receiver from 0.84 to 0.70 of a bare
 * receiver's throughput; at 200 they die young. `journalSize` (`--journal-size`) keeps more.
 */
export const JOURNAL_DEFAULT_SIZE = 200;

/** The most entries a journal may be asked to keep. */
export const JOURNAL_MAX_SIZE = 100_000;

const METHOD = /^[A-Za-z]{1,20}$/;

/** How many kept paths and queries the journal remembers by URL, and the longest URL it remembers one for. */
const MAX_REMEMBERED_TARGETS = 256;
const MAX_REMEMBERED_TARGET_CHARS = 512;

/** Which entries `GET /__appset/requests` and `backend.journal.list(…)` answer. */
export const JournalFilterSchema = z.strictObject({
  /** Only this method, in any case. */
  method: z.string().regex(METHOD, 'Must be an HTTP method such as GET or POST').optional(),
  /** Only this path: without `?`, the path alone; with one, the path and query exactly. */
  path: z.string().min(1).max(MAX_KEPT_PATH_CHARS).regex(/^\//, 'Must be a path starting with "/", e.g. /api/v1/apps').optional(),
  /** Only answers with this status. */
  status: z.int().min(0).max(599).optional(),
  /** Only requests answered at or after this instant (ISO 8601, by the backend's clock). */
  since: z.iso.datetime({ offset: true }).optional(),
  /** Only the most recent this many (still oldest first). */
  limit: z.int().min(1).max(100_000).optional(),
});

/**
 * A filter of the journal; every member is optional and every one given must hold: `method` (in any
 * case), `path` (without `?` the path alone, with one the path and query exactly), `status`, `since`
 * (answered at or after this ISO 8601 instant, by the backend's clock) and `limit` (only the most
 * recent this many, 1 to 100,000, still oldest first).
 */
export type JournalFilter = z.input<typeof JournalFilterSchema>;

function contentTypeOf(list: readonly string[]): string | null {
  for (let i = 0; i < list.length; i += 2) if (list[i] === 'content-type') return list[i + 1]!;
  return null;
}

function headerOf(list: KeptHeaders, name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) value = value === null ? list[i + 1]! : `${value}, ${list[i + 1]!}`;
  return value;
}

function headerRecord(list: KeptHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i]!;
    out[name] = Object.hasOwn(out, name) ? `${out[name]}, ${list[i + 1]!}` : list[i + 1]!;
  }
  return out;
}

function message(headers: KeptHeaders, body: KeptBody | null): JournalMessage {
  const out: JournalMessage = {
    headers: headerRecord(headers),
    body: body === null ? null : bodyText(body),
    bodySize: body === null ? 0 : bodySize(body),
    truncated: body?.truncated ?? false,
  };
  if (body?.binary) out.bodyEncoding = 'base64';
  if (headers.truncated) out.headersTruncated = true;
  return out;
}

function pathOf(entry: StoredEntry): string {
  return typeof entry.target === 'string' ? entry.target : entry.target.pathname + entry.target.search;
}

function pathnameOf(entry: StoredEntry): string {
  if (typeof entry.target !== 'string') return entry.target.pathname;
  const query = entry.target.indexOf('?');
  return query === -1 ? entry.target : entry.target.slice(0, query);
}

/**
 * The last requests answered on Okta's paths, oldest first: what was sent and answered, secrets
 * redacted and bodies cut to a bound. Past `size` entries the oldest is dropped, so the journal never
 * holds more than `size` entries of at most 4 KiB of path, 8 KiB of headers each way and
 * `bodyBytes` of body each way.
 */
export class RequestJournal {
  /** Oldest first once `#start` is taken into account: a ring, so recording is O(1) and never holds more than `size`. */
  #entries: StoredEntry[] = [];
  #start = 0;
  readonly #bodies: BodyKeeper;
  /** Kept paths and queries by URL (see `#keptTarget`). */
  readonly #targets = new BoundedMemo<string>(MAX_REMEMBERED_TARGETS, MAX_REMEMBERED_TARGET_CHARS);

  constructor(
    readonly size = JOURNAL_DEFAULT_SIZE,
    readonly bodyBytes = JOURNAL_DEFAULT_BODY_BYTES,
    /** The router's routes, for what the journal says of requests none served. */
    private readonly routes: () => readonly RouteSpec[] = () => [],
  ) {
    if (!Number.isInteger(size) || size < 1 || size > JOURNAL_MAX_SIZE) {
      throw new ConfigurationError(`journalSize must be a whole number from 1 to ${JOURNAL_MAX_SIZE} (got ${size}); leave it out for the default, ${JOURNAL_DEFAULT_SIZE}.`);
    }
    if (!Number.isInteger(bodyBytes) || bodyBytes < 0 || bodyBytes > JOURNAL_MAX_BODY_BYTES) {
      throw new ConfigurationError(
        `journalBodyBytes must be a whole number from 0 to ${JOURNAL_MAX_BODY_BYTES} (got ${bodyBytes}); leave it out for the default, ${JOURNAL_DEFAULT_BODY_BYTES}.`,
      );
    }
    this.#bodies = new BodyKeeper(bodyBytes);
  }

  /**
   * Keeps what is needed of an answered request. Bodies are kept at once (nothing of `answered` is
   * kept by reference but immutable answer bytes); headers within the bounds are held as they came
   * and kept when the entry is first read (most entries never are: redacting every request's
   * headers as it is answered cost more than the rest of recording it).
   */
  record(answered: AnsweredRequest): void {
    const { input, url, reply } = answered;
    const raw = input.rawHeaders();
    const seen = input.journalBody?.();
    let requestHeaders: KeptHeaders | null = null;
    let requestRaw: readonly string[] | null = null;
    let requestBody: KeptBody | null = null;
    if (seen === undefined && fitsRawHeaders(raw)) {
      requestRaw = raw;
    } else {
      requestHeaders = keepHeaders(raw);
      if (seen !== undefined) {
        requestBody = seen.bytes === null ? this.#bodies.unread(seen.size) : seen.bytes.byteLength === 0 ? null : this.#bodies.request(seen.bytes, seen.text, contentTypeOf(requestHeaders));
      }
    }
    const { headers, body } = reply;
    const responseCount = headers.length;
    const bodiless = body === null || body.length === 0;
    // Bytes kept before need no `Content-Type` to be kept again: their headers can wait too.
    const known = bodiless || typeof body === 'string' ? undefined : this.#bodies.knownAnswer(body);
    let responseHeaders: KeptHeaders | null = null;
    let responseRaw: ReadonlyArray<readonly [string, string]> | null = null;
    let responseBody: KeptBody | null = known ?? null;
    if ((bodiless || known !== undefined) && fitsRawHeaderPairs(headers, responseCount)) {
      responseRaw = headers;
    } else {
      responseHeaders = keepHeaderPairs(headers, responseCount);
      if (!bodiless) responseBody = known ?? this.#bodies.answer(body, contentTypeOf(responseHeaders));
    }
    const href = url.href;
    const target: URL | string = href.length > MAX_KEPT_PATH_CHARS || href.includes('?') ? this.#keptTarget(url, href) : url;
    const entry: StoredEntry = {
      // Over HTTP a method is one of the parser's few; in-process any token is, so a long one is cut.
      method: input.method.length > MAX_KEPT_METHOD_CHARS ? ownCopy(`${input.method.slice(0, MAX_KEPT_METHOD_CHARS)}…`) : input.method,
      target,
      status: reply.dropped ? 0 : reply.status,
      errorCode: answered.errorCode,
      requestId: answered.requestId,
      at: answered.at,
      route: answered.route,
      stub: answered.stub,
      note: answered.note,
      requestHeaders,
      requestRaw,
      requestBody,
      responseHeaders,
      responseRaw,
      responseCount,
      responseBody,
    };
    if (this.#entries.length < this.size) {
      this.#entries.push(entry);
    } else {
      this.#entries[this.#start] = entry;
      this.#start = (this.#start + 1) % this.size;
    }
  }

  /**
   * The path and query of a URL with a query (or a long one) as kept: secret parameters redacted,
   * cut to the bound, in a string of its own. The same for every request to the same URL, and a
   * client asks for the same few again and again (each list page), so each is made once (bounded
   * as the HTTP server's URL cache is).
   */
  #keptTarget(url: URL, href: string): string {
    const kept = this.#targets.get(href);
    if (kept !== undefined) return kept;
    const path = url.pathname + redactQuery(url.search);
    // A copy: the path and query are cut from the whole URL, which they would keep alive.
    return this.#targets.remember(href, ownCopy(path.length > MAX_KEPT_PATH_CHARS ? `${path.slice(0, MAX_KEPT_PATH_CHARS)}…` : path));
  }

  #ordered(): StoredEntry[] {
    if (this.#start === 0) return this.#entries.slice();
    return [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
  }

  #filtered(filter: z.output<typeof JournalFilterSchema>): StoredEntry[] {
    const method = filter.method;
    const since = filter.since === undefined ? undefined : Date.parse(filter.since);
    const { path, status, limit } = filter;
    const withQuery = path?.includes('?') ?? false;
    const out = this.#ordered().filter(
      (entry) =>
        (method === undefined || sameMethod(entry.method, method)) &&
        (status === undefined || entry.status === status) &&
        (since === undefined || entry.at >= since) &&
        (path === undefined || (withQuery ? pathOf(entry) : pathnameOf(entry)) === path),
    );
    return limit === undefined ? out : out.slice(-limit);
  }

  /** The entries a checked filter selects, oldest first. */
  list(filter: z.output<typeof JournalFilterSchema> = {}): JournalEntry[] {
    return this.#filtered(filter).map((entry) => this.#toEntry(entry));
  }

  /** The same, without what was sent and answered. */
  summaries(filter: z.output<typeof JournalFilterSchema> = {}): JournalSummary[] {
    return this.#filtered(filter).map((entry) => this.#toSummary(entry));
  }

  /** The entry of the request answered with this `X-Okta-Request-Id`, if the journal still holds it. */
  get(requestId: string): JournalEntry | undefined {
    const entry = this.#entries.find((e) => e.requestId === requestId);
    return entry === undefined ? undefined : this.#toEntry(entry);
  }

  /** The entries a checked matcher selects, oldest first. */
  find(matcher: z.output<typeof RequestMatcherSchema>): JournalEntry[] {
    return this.#matching(matcher).map((entry) => this.#toEntry(entry));
  }

  /** How many entries a checked matcher selects. */
  count(matcher: z.output<typeof RequestMatcherSchema>): number {
    return this.#matching(matcher).length;
  }

  #matching(matcher: z.output<typeof RequestMatcherSchema>): StoredEntry[] {
    const matches = compileMatcher(matcher);
    return this.#ordered().filter((entry) => matches(matchedView(entry)));
  }

  /** The requests no route or stub served, oldest first, each with the routes it came closest to. */
  unmatched(): UnmatchedEntry[] {
    const routes = this.routes();
    return this.#ordered()
      .filter((entry) => entry.route === null && entry.stub === null)
      .map((entry) => {
        const full = this.#toEntry(entry) as UnmatchedEntry;
        const missed = {
          method: entry.method,
          pathname: pathnameOf(entry),
          header: (name: string) => headerOf(sentHeaders(entry), name),
          body: full.request.bodyEncoding === undefined ? full.request.body : null,
          bodyTruncated: full.request.truncated,
        };
        // A path of Okta's that the backend lacks is no typo: only a slip away from a route is worth naming.
        full.closest = nearMisses(missed, routes, undefined, full.unmatched.kind);
        return full;
      });
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries = [];
    this.#start = 0;
  }

  #toSummary(entry: StoredEntry): JournalSummary {
    const summary: JournalSummary = {
      method: entry.method,
      path: pathOf(entry),
      status: entry.status,
      errorCode: entry.errorCode,
      requestId: entry.requestId,
      time: new Date(entry.at).toISOString(),
      route: entry.route,
      stub: entry.stub,
    };
    if (entry.note?.ingestion !== undefined) summary.ingestion = { ...entry.note.ingestion };
    if (entry.route === null && entry.stub === null) summary.unmatched = unmatchedNote(entry.method, pathnameOf(entry), this.routes());
    return summary;
  }

  #toEntry(entry: StoredEntry): JournalEntry {
    const { ingestion, unmatched, ...summary } = this.#toSummary(entry);
    const full: JournalEntry = {
      ...summary,
      request: message(sentHeaders(entry), entry.requestBody),
      response: message(answerHeaders(entry), entry.responseBody),
    };
    if (ingestion !== undefined) full.ingestion = ingestion;
    if (unmatched !== undefined) full.unmatched = unmatched;
    return full;
  }
}

/** A stored entry as matchers read it, its body decoded only if a matcher asks. */
function matchedView(entry: StoredEntry): MatchedRequest {
  const target = typeof entry.target === 'string' ? new URL(entry.target, 'http://journal.invalid') : entry.target;
  return {
    method: entry.method,
    pathname: target.pathname,
    searchParams: target.searchParams,
    status: entry.status,
    header: (name) => headerOf(sentHeaders(entry), name),
    body: () => (entry.requestBody === null || entry.requestBody.binary ? null : bodyText(entry.requestBody)),
    bodyTruncated: entry.requestBody?.truncated ?? false,
  };
}
