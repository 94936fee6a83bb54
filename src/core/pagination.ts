import type * as z from 'zod/mini';
import { fieldIssues } from '../validation/field-issues';
import { parseInPlace } from '../validation/in-place';
import { AppsetError, InvalidResponseError, RequestValidationError } from '../errors';
import { MAX_LINK_HEADER_LENGTH, parseLinkHeader } from './link-header';
import { describeResponse, type ResponseInfo } from './response-info';
import { parseJson, type CallOptions, type QueryParams, type Transport } from './transport';

/** One page of a list: its items and the relations of its `Link` headers. */
export interface Page<T> {
  /** The items of this page, in the order the server sent them. */
  items: T[];
  /** Targets of the page's `Link` headers by relation (`self`, `next`, …), verbatim. */
  links: Record<string, string>;
  /** Response headers of the page (rate-limit headers, request id). */
  headers: Headers;
  /** The page's response: status, headers, URL, request id and rate limit. */
  response: ResponseInfo;
}

/** Parses one page's JSON body into items; throws a message when the body is not a list of them. */
export type PageParser<T> = (body: unknown) => T[];

/**
 * The {@link PageParser} of a list schema. The items are checked where they lie (see `parseInPlace`):
 * a valid page's items are the parsed JSON itself. A page of the wrong shape throws `a body that is
 * not a list of {what}` naming the first wrong item and field (zod's error is its cause), which the
 * pager reports as an `InvalidResponseError`.
 */
export function pageParser<T>(schema: z.ZodMiniType<T[]>, what: string): PageParser<T> {
  return (body) => {
    const result = parseInPlace(schema, body);
    if (result.success) return result.data;
    // The first problem, at its item and field: `[2].settings`.
    const [first] = fieldIssues(result.error);
    throw new Error(`a body that is not a list of ${what}${first?.path ? ` (at ${first.path}: ${first.reason})` : ''}`, { cause: result.error });
  };
}

/** Bounds for {@link Pager.toArray}. */
export interface ToArrayOptions {
  /** The most items to collect; required, so a list cannot silently buffer a whole organization. */
  max: number;
}

/** Options of a `list()` call: the per-call options, and whether to read one page ahead. */
export interface ListOptions extends CallOptions {
  /**
   * Request the next page as soon as the current page's body has arrived, so the server works on
   * it while this page is parsed and its items are used. A walk of a whole list is faster, and
   * holds the page read ahead besides the one in use. A walk stopped early (a `break`, a `toArray`
   * bound) may have sent one request it never uses; that request is aborted. Default `false`: a
   * page is requested only when the previous one has been consumed.
   */
  prefetch?: boolean;
}

/** Where a walk goes after a page, decided from the page's `Link` header and items. */
type NextStep = { kind: 'end' } | { kind: 'follow'; target: URL } | { kind: 'refuse'; error: AppsetError };

/** One page as fetched, with the step that follows it. */
interface Fetched<T> {
  page: Page<T>;
  next: NextStep;
}

/** One page request of a walk; with prefetch it may start the request for the page after it. */
interface PageRequest<T> {
  result: Promise<Fetched<T>>;
  /** Set once the body has arrived: where the walk goes next, if it goes on. */
  arrivedNext?: URL | null;
  /** The request for the following page, when it was started ahead. */
  ahead?: PageRequest<T>;
}

/** A body that is an empty JSON array; such a page ends the walk, so nothing is read ahead of it. */
const EMPTY_ARRAY = /^\s*\[\s*\]\s*$/;

/**
 * A lazy list. Iterate it with `for await (const item of pager)` to walk every item across pages,
 * or with `pager.pages()` page by page. By default a page is requested only when the previous one
 * has been consumed, so memory stays proportional to one page; `prefetch: true` in the list options
 * reads one page ahead. The walk ends at the first page without a `next` link or without items.
 * Each iteration starts a new walk from the first page; concurrent `next()` calls on one iterator
 * are served in order.
 */
export class Pager<T> implements AsyncIterable<T> {
  readonly #transport: Transport;
  readonly #path: string;
  readonly #query: QueryParams;
  readonly #parse: PageParser<T>;
  readonly #options: ListOptions | undefined;

  /** @internal created by the resources; user code gets pagers from `list()`. */
  constructor(transport: Transport, path: string, query: QueryParams, parse: PageParser<T>, options?: ListOptions) {
    this.#transport = transport;
    this.#path = path;
    this.#query = query;
    this.#parse = parse;
    this.#options = options;
  }

  /** Iterates page by page, following each page's `rel="next"` link verbatim until there is none. */
  pages(): AsyncGenerator<Page<T>, void, undefined> {
    return this.#walk(new AbortController());
  }

  /**
   * The walk behind `pages()` and item iteration. Its requests carry `stop`'s signal, which follows
   * the caller's; aborting `stop` from outside (the item iterator's `return()`) ends the walk and the
   * request in flight.
   */
  async *#walk(stop: AbortController): AsyncGenerator<Page<T>, void, undefined> {
    const prefetch = this.#options?.prefetch === true;
    // A listener removed when the walk ends, rather than AbortSignal.any: on Node.js 20 every
    // AbortSignal.any call leaves an entry on a long-lived caller signal (nodejs/node#55351).
    const caller = this.#options?.signal;
    const follow = (): void => stop.abort(caller?.reason);
    if (caller?.aborted) follow();
    else caller?.addEventListener('abort', follow, { once: true });
    const signal = stop.signal;
    const options: CallOptions = { timeout: this.#options?.timeout, signal };

    let current: PageRequest<T>;
    const request = (target: URL, query: QueryParams | undefined): PageRequest<T> => {
      const onArrival = (next: URL | null): void => {
        pending.arrivedNext = next;
        // One page ahead at most: only the page being waited for starts the next request.
        if (next && pending === current) pending.ahead = request(next, undefined);
      };
      const pending: PageRequest<T> = { result: this.#fetch(target, query, options, prefetch ? onArrival : undefined) };
      // Failures surface when the page is awaited; one that is never awaited must not go unhandled.
      pending.result.catch(() => undefined);
      return pending;
    };

    try {
      current = request(new URL(this.#path, this.#transport.orgUrl), this.#query);
      for (;;) {
        let fetched: Fetched<T>;
        try {
          fetched = await current.result;
        } catch (error) {
          // A page's failure reaches the beforeError hooks only now that the walk uses the page:
          // a page read ahead that the walk never reaches fails silently.
          throw await this.#transport.failed(error);
        }
        // A page read ahead may have arrived before the walk was aborted; it is not handed out after.
        signal.throwIfAborted();
        yield fetched.page;
        if (fetched.next.kind === 'end') return;
        if (fetched.next.kind === 'refuse') throw await this.#transport.failed(fetched.next.error);
        const following: PageRequest<T> = current.ahead ?? request(fetched.next.target, undefined);
        current = following;
        // The following page arrived while this one was in use: its successor starts now.
        if (following.arrivedNext && !following.ahead) following.ahead = request(following.arrivedNext, undefined);
      }
    } catch (error) {
      // The pager's own errors quote the server's body and links, which may echo a credential.
      throw this.#transport.redactor.redactError(error);
    } finally {
      caller?.removeEventListener('abort', follow);
      // Aborts a page read ahead that the walk will not use.
      if (!signal.aborted) stop.abort(new AppsetError('The walk ended before this page was used.'));
    }
  }

  /**
   * Requests one page and parses it. `onArrival` hears where the walk would go next (or `null` if it
   * ends there) as soon as the body has arrived, before the parse. Failures go through the client's
   * redaction and `beforeError` hooks (`transport.failed`) only when the walk reaches the page.
   */
  async #fetch(
    target: URL,
    query: QueryParams | undefined,
    options: CallOptions | undefined,
    onArrival: ((next: URL | null) => void) | undefined,
  ): Promise<Fetched<T>> {
    const response = await this.#transport.receive({ method: 'GET', target, query, retry: 'idempotent', options, deferErrorHooks: true });
    const request = { method: 'GET', path: `${response.url.pathname}${response.url.search}` };
    const invalid = (problem: string, cause?: unknown) => new InvalidResponseError(request, response.status, response.headers, problem, cause);
    const linkHeader = response.headers.get('link');
    if (linkHeader !== null && linkHeader.length > MAX_LINK_HEADER_LENGTH) {
      const problem = `a Link header of ${linkHeader.length} characters (at most ${MAX_LINK_HEADER_LENGTH} are read)`;
      throw invalid(problem);
    }
    const links = parseLinkHeader(linkHeader);
    let next = this.#nextStep(links.next, response.url);
    onArrival?.(next.kind === 'follow' && !EMPTY_ARRAY.test(response.text) ? next.target : null);

    const parsed = parseJson(response.text);
    if (!parsed.ok) {
      throw invalid('a body that is not JSON', parsed.error);
    }
    let items: T[];
    try {
      items = this.#parse(parsed.value);
    } catch (error) {
      const problem = error instanceof Error ? error.message : 'a body that is not a list';
      throw invalid(problem, error);
    }
    // An empty page ends the walk even with a next link: Okta's System Log keeps offering one to
    // poll for new events, and a walk must end.
    if (items.length === 0) next = { kind: 'end' };
    return { page: { items, links, headers: response.headers, response: describeResponse(response) }, next };
  }

  /** Checks a page's next link before any request follows it. */
  #nextStep(link: string | undefined, pageUrl: URL): NextStep {
    if (link === undefined) return { kind: 'end' };
    let next: URL;
    try {
      next = new URL(link, pageUrl);
    } catch {
      return { kind: 'refuse', error: new AppsetError(`The server's next-page link is not a URL (${link}); the walk stops after this page.`) };
    }
    const org = this.#transport.orgUrl.origin;
    if (next.origin !== org) {
      // The next request carries the organization's credentials: never send them elsewhere.
      const message = `The server's next-page link points to ${next.origin}, not to the organization ${org}; appset does not send credentials there. Check the orgUrl.`;
      return { kind: 'refuse', error: new AppsetError(message) };
    }
    if (next.username !== '' || next.password !== '') {
      // fetch refuses such a URL with a bare TypeError; and no credential of the server's choosing is sent.
      const message = `The server's next-page link carries a user name or password (${next.pathname}${next.search}); appset does not follow it.`;
      return { kind: 'refuse', error: new AppsetError(message) };
    }
    if (next.href === pageUrl.href) {
      const message = `The server's next-page link repeats the page just read (${next.pathname}${next.search}); stopping to avoid an endless walk.`;
      return { kind: 'refuse', error: new AppsetError(message) };
    }
    return { kind: 'follow', target: next };
  }

  /** Iterates every item of every page. */
  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    const stop = new AbortController();
    return new ItemIterator(this.#walk(stop), stop);
  }

  /**
   * Collects at most `max` items. No page beyond the one that reaches `max` is used; with `prefetch`
   * its successor may already have been requested, and that request is aborted.
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    const max = options?.max;
    if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) {
      throw new RequestValidationError('toArray options', [
        { path: 'max', reason: 'Must be a positive integer: pass the most items you are ready to hold in memory, e.g. toArray({ max: 1000 })' },
      ]);
    }
    const out: T[] = [];
    for await (const item of this) {
      out.push(item);
      if (out.length >= max) break;
    }
    return out;
  }
}

/**
 * Hands out the items of a page walk one by one. Written out rather than as an async generator: a
 * generator's `yield` costs several promise turns per item, about 8% of a 10,000-app walk. Calls are
 * served in order: while one waits for a page, later calls queue behind it. `return()` and `throw()`
 * end the walk at once, aborting a page request in flight; nothing is handed out after them.
 */
class ItemIterator<T> implements AsyncIterableIterator<T> {
  readonly #pages: AsyncGenerator<Page<T>, void, undefined>;
  readonly #stop: AbortController;
  #items: T[] = [];
  #index = 0;
  #done = false;
  /** Set by `return()` or `throw()`: from then on nothing is handed out. */
  #closed = false;
  /** Calls waiting for a page; while there are any, a new call queues behind them. */
  #waiting = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(pages: AsyncGenerator<Page<T>, void, undefined>, stop: AbortController) {
    this.#pages = pages;
    this.#stop = stop;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#waiting === 0 && this.#index < this.#items.length) {
      return Promise.resolve({ value: this.#items[this.#index++] as T, done: false });
    }
    this.#waiting++;
    const result = this.#queue.then(() => this.#pull());
    const settle = (): void => {
      this.#waiting--;
    };
    this.#queue = result.then(settle, settle);
    return result;
  }

  async return(): Promise<IteratorResult<T, undefined>> {
    this.#close();
    await this.#pages.return();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<T, undefined>> {
    await this.return();
    throw error;
  }

  #close(): void {
    this.#closed = true;
    this.#done = true;
    this.#items = [];
    this.#index = 0;
    this.#stop.abort(new AppsetError('The walk was ended by return().'));
  }

  async #pull(): Promise<IteratorResult<T, undefined>> {
    while (this.#index >= this.#items.length) {
      if (this.#done) return { value: undefined, done: true };
      let step: IteratorResult<Page<T>, void>;
      try {
        step = await this.#pages.next();
      } catch (error) {
        // After return() the walk's end is no failure, even one that raced it (a 5xx, a network error).
        if (this.#closed) return { value: undefined, done: true };
        this.#done = true;
        throw error;
      }
      if (this.#done) return { value: undefined, done: true };
      if (step.done) {
        this.#done = true;
        return { value: undefined, done: true };
      }
      this.#items = step.value.items;
      this.#index = 0;
    }
    return { value: this.#items[this.#index++] as T, done: false };
  }
}
