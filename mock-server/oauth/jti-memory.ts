/**
 * The `jti`s the authorization server has accepted, each until the moment its token could no longer
 * be accepted anyway, so a replay within that time is recognized. Bounded: past `maxEntries` the
 * oldest are forgotten first (a long-running server does not grow without limit).
 */
export class JtiMemory {
  // Insertion order is arrival order, so the oldest entries are at the front.
  readonly #seen = new Map<string, number>();

  constructor(private readonly maxEntries = 100_000) {}

  /** Records `jti` of `issuer` until `until` (epoch ms); false when it was already seen and still remembered. */
  remember(issuer: string, jti: string, until: number, now: number): boolean {
    this.#evict(now);
    const key = `${issuer}\n${jti}`;
    const known = this.#seen.get(key);
    if (known !== undefined && known > now) return false;
    this.#seen.delete(key);
    this.#seen.set(key, until);
    while (this.#seen.size > this.maxEntries) this.#seen.delete(this.#seen.keys().next().value!);
    return true;
  }

  /** How many `jti`s are remembered. */
  get size(): number {
    return this.#seen.size;
  }

  clear(): void {
    this.#seen.clear();
  }

  #evict(now: number): void {
    // Entries expire in roughly arrival order; stop at the first one still alive.
    for (const [key, until] of this.#seen) {
      if (until > now) break;
      this.#seen.delete(key);
    }
  }
}
