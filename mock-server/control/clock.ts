/**
 * The backend's one clock: the `now` option (or `Date.now`) plus an offset that the control plane
 * moves. Timestamps, `Date` headers, rate-limit windows and the replay window all read it.
 */
/** The latest time the clock may read (the last millisecond of 9999): timestamps keep four-digit years. */
export const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export class ControlClock {
  #offsetMs = 0;

  constructor(private readonly base: () => number | Date) {}

  /** Epoch milliseconds. */
  now(): number {
    const t = this.base();
    return (typeof t === 'number' ? t : t.getTime()) + this.#offsetMs;
  }

  /** How far the clock is moved from its base. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Moves the clock forward by `ms` (at least 0). */
  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  /** Makes the clock read `at` now; it keeps running from there. */
  set(at: number): void {
    this.#offsetMs += at - this.now();
  }

  /**
   * What the clock would read with the offset `ms`, or `undefined` when that is no time it may
   * read (before 1970 or after 9999): past JavaScript's last date every timestamp would fail.
   */
  readingWithOffset(ms: number): number | undefined {
    const at = this.now() - this.#offsetMs + ms;
    return Number.isFinite(at) && at >= 0 && at <= LATEST_CLOCK_MS ? at : undefined;
  }

  /** Sets the offset itself (restore) or back to 0 (reset). */
  setOffset(ms: number): void {
    this.#offsetMs = ms;
  }
}
