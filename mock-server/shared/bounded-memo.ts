/**
 * What a hot path computes once per key and then reads back: a request's parsed URL, the route a
 * path takes, the journal's kept form of a URL. A client asks for the same few keys again and again;
 * a hostile one may send a new key with every request, so the memo is bounded: keys longer than
 * `maxKeyChars` are never kept, and past `maxEntries` it forgets everything before keeping the next
 * (the keys that matter are asked again at once). `get` and `remember` allocate nothing.
 */
export class BoundedMemo<V> {
  readonly #values = new Map<string, V>();

  constructor(
    /** The most keys kept at once. */
    readonly maxEntries: number,
    /** The longest key kept. */
    readonly maxKeyChars: number,
  ) {}

  /** The value kept for `key`, if any. */
  get(key: string): V | undefined {
    return this.#values.get(key);
  }

  /** Keeps `value` for `key` (unless the key is too long to keep) and answers it. */
  remember(key: string, value: V): V {
    if (key.length <= this.maxKeyChars) {
      if (this.#values.size >= this.maxEntries) this.#values.clear();
      this.#values.set(key, value);
    }
    return value;
  }

  /** How many keys are kept. */
  get size(): number {
    return this.#values.size;
  }

  /** Forgets every key. */
  clear(): void {
    this.#values.clear();
  }
}
