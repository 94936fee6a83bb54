/** Defaults for {@link ReplayMemory}: one day, at most 100,000 tokens. */
export const REPLAY_DEFAULTS = { windowMs: 24 * 60 * 60 * 1000, maxEntries: 100_000 } as const;

/** One remembered token: its issuer, `jti`, digest and when it arrived (epoch ms). */
export interface ReplayEntry {
  issuer: string;
  jti: string;
  digest: string;
  at: number;
}

/** What {@link ReplayMemory.check} found for a token. */
export type ReplayVerdict = 'new' | 'duplicate' | 'conflict';

/**
 * Remembers which `jti` each issuer used, with a digest of what the token signed (header and
 * payload), so a redelivery of the same signed content is
 * acknowledged without acting twice and a different token reusing a `jti` is refused. Bounded: entries
 * older than the window are evicted, and past `maxEntries` the oldest go first, so a long-running
 * server does not grow without limit.
 */
export class ReplayMemory {
  // Insertion order is arrival order, so the oldest entries are always at the front.
  readonly #seen = new Map<string, { digest: string; at: number }>();

  constructor(private readonly limits: { windowMs: number; maxEntries: number } = REPLAY_DEFAULTS) {}

  /** How long a token is remembered, in milliseconds: the receiver refuses tokens older than this. */
  get windowMs(): number {
    return this.limits.windowMs;
  }

  /** How many tokens are remembered. */
  get size(): number {
    return this.#seen.size;
  }

  /** Says whether the token is new, a duplicate or a conflicting reuse, without recording it. */
  check(issuer: string, jti: string, digest: string, now: number): ReplayVerdict {
    this.#evict(now);
    const entry = this.#seen.get(`${issuer}\n${jti}`);
    if (!entry) return 'new';
    return entry.digest === digest ? 'duplicate' : 'conflict';
  }

  /** Records an accepted token. */
  remember(issuer: string, jti: string, digest: string, now: number): void {
    this.#seen.set(`${issuer}\n${jti}`, { digest, at: now });
    this.#evict(now);
  }

  clear(): void {
    this.#seen.clear();
  }

  /** Every remembered token, oldest first (for a snapshot). */
  entries(): ReplayEntry[] {
    return [...this.#seen].map(([key, { digest, at }]) => {
      const cut = key.indexOf('\n');
      return { issuer: key.slice(0, cut), jti: key.slice(cut + 1), digest, at };
    });
  }

  /** Replaces what is remembered (restoring a snapshot), oldest first. */
  load(entries: readonly ReplayEntry[]): void {
    this.#seen.clear();
    for (const { issuer, jti, digest, at } of entries) this.#seen.set(`${issuer}\n${jti}`, { digest, at });
  }

  #evict(now: number): void {
    for (const [key, entry] of this.#seen) {
      if (this.#seen.size <= this.limits.maxEntries && now - entry.at < this.limits.windowMs) break;
      this.#seen.delete(key);
    }
  }
}
