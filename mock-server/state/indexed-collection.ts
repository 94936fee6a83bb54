import { decodeCursor, encodeCursor } from './cursor';
import { insertSorted, removeSorted, upperBound } from './sorted-numbers';

export { InvalidCursorError } from './cursor';

/** Maps a record to the keys one index lists it under: none, one or several (repeats are ignored). */
export type KeyExtractor<T> = (record: T) => Iterable<string>;

/**
 * How an {@link IndexedCollection} identifies and indexes its records. Annotate the parameter of `id`
 * (`id: (app: App) => app.id`) so that both the record type and the index names are inferred.
 */
export interface IndexedCollectionOptions<T, K extends string> {
  /** The record's unique id; it must not change across {@link IndexedCollection.update}. */
  readonly id: (record: T) => string;
  /** One key extractor per index, by index name. */
  readonly indexes: { readonly [Name in K]: KeyExtractor<T> };
}

/** Which records {@link IndexedCollection.page} is asked for. */
export interface PageOptions<T, K extends string> {
  /** Cursor from a previous page's `next`; absent for the first page. */
  readonly after?: string | undefined;
  /** Most items to return; a positive integer (clamping to the API's bounds is the caller's job). */
  readonly limit: number;
  /** Restrict the page to the records that one index lists under one key. */
  readonly index?: readonly [name: K, key: string] | undefined;
  /**
   * Keep only the records it accepts. Records are tested in sequence order from the cursor and testing
   * stops at the first match past `limit`, so a selective predicate makes a page scan further. It must
   * not modify the collection.
   */
  readonly where?: ((record: T) => boolean) | undefined;
}

/** One page of records, in insertion order. */
export interface Page<T> {
  /** At most `limit` records. */
  readonly items: T[];
  /** Cursor for the following page; present only when more matching records exist after `items`. */
  readonly next?: string;
}

interface Entry<T> {
  record: T;
  readonly sequence: number;
  /** Keys per index, in the order of `IndexedCollection.#indexes`; kept so `update` can diff them. */
  keys: ReadonlyArray<readonly string[]>;
}

interface Index<T> {
  readonly name: string;
  readonly extract: KeyExtractor<T>;
  /** Sequence numbers per key, ascending. A key with no records has no bucket. */
  readonly buckets: Map<string, number[]>;
}

const NO_KEYS: readonly string[] = Object.freeze([]);
const NO_SEQUENCES: readonly number[] = Object.freeze([]);

/** The last version given to any collection of the process (see {@link IndexedCollection.version}). */
let lastVersion = 0;

function nextVersion(): number {
  return ++lastVersion;
}

/**
 * Records kept in insertion order, each given a sequence number that is never reused, with secondary
 * indexes from string keys to the records that carry them, and cursor pagination that stays correct
 * while records are inserted and deleted between pages.
 *
 * Records are stored by reference. After changing one, in place or as a new object, call
 * {@link IndexedCollection.update}: the indexes follow only then (the keys a record was stored under are
 * remembered, so an in-place change is re-indexed correctly).
 *
 * @typeParam T - the record type.
 * @typeParam K - the index names, taken from {@link IndexedCollectionOptions.indexes}.
 */
export class IndexedCollection<T, K extends string> {
  #version = nextVersion();
  readonly #id: (record: T) => string;
  readonly #indexes: Index<T>[];
  readonly #indexByName = new Map<string, Index<T>>();
  readonly #byId = new Map<string, Entry<T>>();
  readonly #bySequence = new Map<number, Entry<T>>();
  /** Sequence numbers of every record, ascending. */
  readonly #order: number[] = [];
  #lastSequence = 0;

  constructor(options: IndexedCollectionOptions<T, K>) {
    this.#id = options.id;
    const extractors: Record<string, KeyExtractor<T>> = options.indexes;
    this.#indexes = Object.entries(extractors).map(([name, extract]) => ({
      name,
      extract,
      buckets: new Map<string, number[]>(),
    }));
    for (const index of this.#indexes) this.#indexByName.set(index.name, index);
  }

  /**
   * A number that changes whenever a record is inserted, updated or deleted (or the collection is
   * cleared), and that no other state of this or any other collection of the process ever had: an
   * answer made from the collection at one version can be reused while the version is unchanged.
   */
  get version(): number {
    return this.#version;
  }

  /** Number of records stored. */
  get size(): number {
    return this.#byId.size;
  }

  /** The record with this id, if any. */
  get(id: string): T | undefined {
    return this.#byId.get(id)?.record;
  }

  /** Whether a record with this id is stored. */
  has(id: string): boolean {
    return this.#byId.has(id);
  }

  /**
   * Adds a record after every other one.
   * @throws {Error} when a record with the same id is already stored.
   */
  insert(record: T): void {
    const id = this.#id(record);
    if (this.#byId.has(id)) {
      throw new Error(`A record with id "${id}" is already stored; use update() to replace it.`);
    }
    // Extract every key before changing anything, so a throwing extractor leaves the collection as it was.
    const keys = this.#extractKeys(record);
    const entry: Entry<T> = { record, sequence: ++this.#lastSequence, keys };
    this.#byId.set(id, entry);
    this.#bySequence.set(entry.sequence, entry);
    this.#order.push(entry.sequence);
    this.#indexes.forEach((index, i) => {
      for (const key of keys[i]!) addToBucket(index, key, entry.sequence);
    });
    this.#version = nextVersion();
  }

  /**
   * Replaces the record with this id, keeping its place in the order; only the index keys that
   * changed are moved.
   * @throws {Error} when no record has this id, or when `record` has another id.
   */
  update(id: string, record: T): void {
    const entry = this.#byId.get(id);
    if (!entry) throw new Error(`No record with id "${id}" is stored; use insert() to add it.`);
    const newId = this.#id(record);
    if (newId !== id) {
      throw new Error(
        `update() cannot change a record's id from "${id}" to "${newId}"; ` +
          'delete the record and insert the new one.',
      );
    }
    const keys = this.#extractKeys(record);
    this.#indexes.forEach((index, i) => {
      reindex(index, entry.sequence, entry.keys[i]!, keys[i]!);
    });
    entry.record = record;
    entry.keys = keys;
    this.#version = nextVersion();
  }

  /** Removes the record with this id. Returns whether there was one. */
  delete(id: string): boolean {
    const entry = this.#byId.get(id);
    if (!entry) return false;
    this.#byId.delete(id);
    this.#bySequence.delete(entry.sequence);
    removeSorted(this.#order, entry.sequence);
    this.#indexes.forEach((index, i) => {
      for (const key of entry.keys[i]!) removeFromBucket(index, key, entry.sequence);
    });
    this.#version = nextVersion();
    return true;
  }

  /**
   * Removes the `count` oldest records (all of them when there are fewer) with one `splice` of the
   * order and of each index bucket they were in, where deleting them one by one would shift those
   * arrays once per record: what a bounded collection drops when full. Returns how many it removed.
   */
  deleteOldest(count: number): number {
    const removed = this.#order.splice(0, Math.max(0, Math.min(Math.floor(count), this.#order.length)));
    if (removed.length === 0) return 0;
    this.#version = nextVersion();
    const touched = this.#indexes.map(() => new Set<string>());
    for (const sequence of removed) {
      const entry = this.#bySequence.get(sequence)!;
      this.#bySequence.delete(sequence);
      this.#byId.delete(this.#id(entry.record));
      entry.keys.forEach((keys, i) => {
        for (const key of keys) touched[i]!.add(key);
      });
    }
    // The removed records are the oldest, so in every bucket they are a prefix.
    const last = removed[removed.length - 1]!;
    this.#indexes.forEach((index, i) => {
      for (const key of touched[i]!) {
        const bucket = index.buckets.get(key);
        if (!bucket) continue;
        const end = upperBound(bucket, last);
        if (end === bucket.length) index.buckets.delete(key);
        else bucket.splice(0, end);
      }
    });
    return removed.length;
  }

  /** Removes every record. Sequence numbers keep counting, so older cursors never match new records. */
  clear(): void {
    this.#byId.clear();
    this.#bySequence.clear();
    this.#order.length = 0;
    for (const index of this.#indexes) index.buckets.clear();
    this.#version = nextVersion();
  }

  /**
   * Every record in insertion order. Iterating while records are inserted or deleted is safe: it
   * continues after the last record it yielded.
   */
  *values(): IterableIterator<T> {
    const order = this.#order;
    let last = 0;
    let at = 0;
    for (;;) {
      // A deletion shifts the array: find the place again after the last record yielded.
      if (at > 0 && order[at - 1] !== last) at = upperBound(order, last);
      const sequence = order[at];
      if (sequence === undefined) return;
      last = sequence;
      at += 1;
      yield this.#recordAt(sequence);
    }
  }

  /** Number of records that `index` lists under `key`. O(1). */
  countWhere(index: K, key: string): number {
    return this.#index(index).buckets.get(key)?.length ?? 0;
  }

  /** The keys under which `index` lists at least one record; a key whose last record left is gone. */
  indexKeys(index: K): IterableIterator<string> {
    return this.#index(index).buckets.keys();
  }

  /**
   * Up to `limit` records in insertion order, after the cursor, optionally those of one index key and
   * those a predicate accepts. Without `where` a page costs O(log n + limit); with it, O(log n) plus
   * the records tested. A record stored during a whole walk of pages (and, for an index page, listed
   * under its key throughout) appears in exactly one of them, whatever is inserted, updated or deleted
   * in between.
   * @throws {InvalidCursorError} when `after` is not a cursor this collection issued.
   * @throws {RangeError} when `limit` is not a positive integer.
   */
  page(options: PageOptions<T, K>): Page<T> {
    const { limit, where } = options;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`A page limit must be a positive integer, not ${String(limit)}.`);
    }
    const after = options.after === undefined ? 0 : decodeCursor(options.after);
    const sequences = options.index
      ? (this.#index(options.index[0]).buckets.get(options.index[1]) ?? NO_SEQUENCES)
      : this.#order;
    const start = upperBound(sequences, after);
    const items: T[] = [];

    if (!where) {
      const end = Math.min(start + limit, sequences.length);
      for (let at = start; at < end; at += 1) items.push(this.#recordAt(sequences[at]!));
      return end < sequences.length ? { items, next: encodeCursor(sequences[end - 1]!) } : { items };
    }

    let lastReturned = after;
    for (let at = start; at < sequences.length; at += 1) {
      const sequence = sequences[at]!;
      const record = this.#recordAt(sequence);
      if (!where(record)) continue;
      // One match past the limit proves there is a next page; it is returned again by that page.
      if (items.length === limit) return { items, next: encodeCursor(lastReturned) };
      items.push(record);
      lastReturned = sequence;
    }
    return { items };
  }

  #extractKeys(record: T): ReadonlyArray<readonly string[]> {
    return this.#indexes.map((index) => distinct(index.extract(record)));
  }

  #index(name: string): Index<T> {
    const index = this.#indexByName.get(name);
    if (!index) throw new Error(`This collection has no index named "${name}".`);
    return index;
  }

  #recordAt(sequence: number): T {
    const entry = this.#bySequence.get(sequence);
    // Every sequence in `#order` and in a bucket belongs to a stored entry; anything else is a bug here.
    if (!entry) throw new Error(`IndexedCollection is inconsistent: sequence ${sequence} has no record.`);
    return entry.record;
  }
}

function distinct(keys: Iterable<string>): readonly string[] {
  // Most extractors return zero or one key: skip the Set for those (this is the hot path of insert).
  if (Array.isArray(keys) && keys.length < 2) return keys.length === 0 ? NO_KEYS : [keys[0] as string];
  const unique = [...new Set(keys)];
  return unique.length === 0 ? NO_KEYS : unique;
}

function addToBucket<T>(index: Index<T>, key: string, sequence: number): void {
  const bucket = index.buckets.get(key);
  if (bucket) insertSorted(bucket, sequence);
  else index.buckets.set(key, [sequence]);
}

function removeFromBucket<T>(index: Index<T>, key: string, sequence: number): void {
  const bucket = index.buckets.get(key);
  if (!bucket) return;
  removeSorted(bucket, sequence);
  if (bucket.length === 0) index.buckets.delete(key);
}

function reindex<T>(
  index: Index<T>,
  sequence: number,
  before: readonly string[],
  after: readonly string[],
): void {
  if (before.length === 0 && after.length === 0) return;
  const kept = new Set(after);
  for (const key of before) if (!kept.has(key)) removeFromBucket(index, key, sequence);
  const had = new Set(before);
  for (const key of after) if (!had.has(key)) addToBucket(index, key, sequence);
}
