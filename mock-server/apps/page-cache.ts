/** A list page's answer as sent: its JSON bytes and `Link` headers. */
export interface PageAnswer {
  bytes: Uint8Array;
  links: Array<[string, string]>;
}

/** What a cached page was made from: the collection's version and the organization URL it was written for. */
export interface PageSource {
  /** The app collection's `version` when the page was listed. */
  version: number;
  /** The organization URL the links were written on (the object itself: it is replaced, never changed). */
  orgUrl: URL;
  /** The origin the app bodies' links were written on. */
  origin: string;
}

interface CachedPage extends PageAnswer, PageSource {}

/** How many pages are kept; a page of 200 apps is about 300 KB. */
const MAX_PAGES = 16;

/**
 * The last list pages answered, by query string. A page answers again only while the app collection
 * is at the version it was listed from (every stored change moves the version, and versions never
 * repeat) and the organization URL and origin are the ones it was written for: then listing the same
 * query would find the same apps, in the same order, with the same next cursor, and render the same
 * bytes. A client asking for the same page again gets the same buffer without the page being listed
 * or copied together from its apps again.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();

  /** The cached answer for this query, if it was made from this source. */
  get(search: string, source: PageSource): PageAnswer | undefined {
    const page = this.#pages.get(search);
    if (page === undefined || page.version !== source.version || page.orgUrl !== source.orgUrl || page.origin !== source.origin) return undefined;
    return page;
  }

  /** Keeps the answer for this query and source, forgetting the page answered longest ago past {@link MAX_PAGES}. */
  set(search: string, source: PageSource, answer: PageAnswer): void {
    this.#pages.delete(search);
    this.#pages.set(search, { bytes: answer.bytes, links: answer.links, version: source.version, orgUrl: source.orgUrl, origin: source.origin });
    // Map order is insertion order: the first key is the page answered longest ago.
    if (this.#pages.size > MAX_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
  }
}
