import { AppsetError, InvalidResponseError, RequestValidationError } from '../errors';
import { parseLinkHeader } from './link-header';
import type { CallOptions, QueryParams, Transport } from './transport';

/** One page of a list: its items and the relations of its `Link` headers. */
export interface Page<T> {
  /** The items of this page, in the order the server sent them. */
  items: T[];
  /** Targets of the page's `Link` headers by relation (`self`, `next`, …), verbatim. */
  links: Record<string, string>;
  /** Response headers of the page (rate-limit headers, request id). */
  headers: Headers;
}

/** Parses one page's JSON body into items; throws a message when the body is not a list of them. */
export type PageParser<T> = (body: unknown) => T[];

/** Bounds for {@link Pager.toArray}. */
export interface ToArrayOptions {
  /** The most items to collect; required, so a list cannot silently buffer a whole organization. */
  max: number;
}

/**
 * A lazy list. Iterate it with `for await (const item of pager)` to walk every item across pages,
 * or with `pager.pages()` page by page. A page is requested only when the previous one has been
 * consumed, so memory stays proportional to one page. The walk ends at the first page without a
 * `next` link or without items. Each iteration starts a new walk from the first page; concurrent
 * `next()` calls on one iterator are served in order.
 */
export class Pager<T> implements AsyncIterable<T> {
  readonly #transport: Transport;
  readonly #path: string;
  readonly #query: QueryParams;
  readonly #parse: PageParser<T>;
  readonly #options: CallOptions | undefined;

  /** @internal created by the resources; user code gets pagers from `list()`. */
  constructor(transport: Transport, path: string, query: QueryParams, parse: PageParser<T>, options?: CallOptions) {
    this.#transport = transport;
    this.#path = path;
    this.#query = query;
    this.#parse = parse;
    this.#options = options;
  }

  /** Iterates page by page, following each page's `rel="next"` link verbatim until there is none. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let target: string | URL = this.#path;
    let query: QueryParams | undefined = this.#query;
    for (;;) {
      const response = await this.#transport.send({
        method: 'GET',
        target,
        query,
        retry: 'idempotent',
        options: this.#options,
      });
      let items: T[];
      try {
        items = this.#parse(response.body);
      } catch (error) {
        throw new InvalidResponseError(
          { method: 'GET', path: `${response.url.pathname}${response.url.search}` },
          response.status,
          response.headers,
          error instanceof Error ? error.message : 'a body that is not a list',
          error,
        );
      }
      const links = parseLinkHeader(response.headers.get('link'));
      yield { items, links, headers: response.headers };
      // An empty page ends the walk even with a next link: Okta's System Log keeps offering one
      // to poll for new events, and a walk must end.
      if (links.next === undefined || items.length === 0) return;
      const next = new URL(links.next, response.url);
      if (next.origin !== this.#transport.orgUrl.origin) {
        // The next request carries the organization's credentials: never send them elsewhere.
        throw new AppsetError(
          `The server's next-page link points to ${next.origin}, not to the organization ${this.#transport.orgUrl.origin}; appset does not send credentials there. Check the orgUrl.`,
        );
      }
      if (next.href === response.url.href) {
        throw new AppsetError(`The server's next-page link repeats the page just read (${next.pathname}${next.search}); stopping to avoid an endless walk.`);
      }
      target = next;
      query = undefined;
    }
  }

  /** Iterates every item of every page. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Collects at most `max` items, requesting no page beyond the one that reaches `max`. */
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
