import { invalidPaging } from '../pipeline/okta-errors';

/**
 * Things kept per app (refresh tokens, group push mappings, federated claims), each by its id, in the
 * order they were added, with a bound per app.
 */
export class PerApp<T extends { id: string; appId: string }> {
  readonly #byApp = new Map<string, Map<string, T>>();

  constructor(
    /** The most one app keeps. */
    readonly maxPerApp: number,
    /** What the items are, for the message past the bound (`refresh tokens`). */
    private readonly what: string,
  ) {}

  /** Keeps an item, replacing the one with its id. */
  add(item: T): void {
    let items = this.#byApp.get(item.appId);
    if (!items) this.#byApp.set(item.appId, (items = new Map()));
    if (items.size >= this.maxPerApp && !items.has(item.id)) throw new Error(`An app keeps at most ${this.maxPerApp} ${this.what}.`);
    items.set(item.id, item);
  }

  /** An app's items, in the order they were added. */
  list(appId: string): T[] {
    return [...(this.#byApp.get(appId)?.values() ?? [])];
  }

  /** An item, if the app has it. */
  get(appId: string, id: string): T | undefined {
    return this.#byApp.get(appId)?.get(id);
  }

  /** Removes an item; true when there was one. */
  remove(appId: string, id: string): boolean {
    return this.#byApp.get(appId)?.delete(id) ?? false;
  }

  /** Removes every item of an app. */
  removeApp(appId: string): void {
    this.#byApp.delete(appId);
  }

  /** Every item of every app. */
  all(): T[] {
    return [...this.#byApp.values()].flatMap((items) => [...items.values()]);
  }

  /** Forgets every item. */
  clear(): void {
    this.#byApp.clear();
  }
}

/**
 * One page of `items` after the cursor `after` (the id of the previous page's last item; one the
 * list does not hold is `E0000029`), the cursor of the next page while more follow, and the query
 * real organizations write in the page's links: `after` when given, then the page size.
 */
export function pageAfter<T extends { id: string }>(items: readonly T[], after: string | undefined, limit: number) {
  const start = after === undefined ? 0 : items.findIndex((item) => item.id === after) + 1;
  if (after !== undefined && start === 0) throw invalidPaging();
  const page = items.slice(start, start + limit);
  const next = start + limit < items.length ? page.at(-1)?.id : undefined;
  const query: Array<[string, string]> = after === undefined ? [['limit', String(limit)]] : [['after', after], ['limit', String(limit)]];
  return { page, next, query };
}
