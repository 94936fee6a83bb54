import type { AppBody, StoredApp } from './store';

/** A list page's answer as sent: its JSON bytes and `Link` headers. */
export interface PageAnswer {
  bytes: Uint8Array;
  links: Array<[string, string]>;
}

interface CachedPage extends PageAnswer {
  origin: string;
  bodies: AppBody[];
  next: string | undefined;
}

/** How many pages are kept; a page of 200 apps is about 300 KB. */
const MAX_PAGES = 16;

/**
 * The last list pages answered, by query string. A page is reused only when it lists the same stored
 * bodies, in the same order, with the same next cursor and organization origin: bodies are never
 * changed in place (every change stores a new object, see `renderAppBytes`), so the same bodies
 * render the same bytes. A client asking for the same page again then gets the same buffer, without
 * the page being copied together from its apps again.
 */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();

  /** The cached answer for this query, if it still lists exactly these apps. */
  get(search: string, origin: string, items: readonly StoredApp[], next: string | undefined): PageAnswer | undefined {
    const page = this.#pages.get(search);
    if (page === undefined || page.origin !== origin || page.next !== next || page.bodies.length !== items.length) return undefined;
    for (let i = 0; i < items.length; i++) if (items[i]!.body !== page.bodies[i]) return undefined;
    return page;
  }

  /** Keeps the answer for this query and these apps, forgetting the page answered longest ago past {@link MAX_PAGES}. */
  set(search: string, origin: string, items: readonly StoredApp[], next: string | undefined, answer: PageAnswer): void {
    this.#pages.delete(search);
    this.#pages.set(search, { ...answer, origin, next, bodies: items.map((app) => app.body) });
    // Map order is insertion order: the first key is the page answered longest ago.
    if (this.#pages.size > MAX_PAGES) this.#pages.delete(this.#pages.keys().next().value!);
  }
}
