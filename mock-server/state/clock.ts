/** The latest time the clock may read (the last millisecond of 9999): timestamps keep four-digit years. */
const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The backend's one clock: the `now` option (or `Date.now`) plus an offset that the control plane
 * moves. Timestamps, `Date` headers, rate-limit windows and the replay window all read it.
 */
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

  /** The offset that moves the clock `ms` forward (`{ advanceMs }`) or makes it read `at` now (`{ at }`). */
  offsetFor(change: { advanceMs: number } | { at: number }): number {
    return 'advanceMs' in change ? this.#offsetMs + change.advanceMs : this.#offsetMs + change.at - this.now();
  }

  /**
   * Whether the clock may read what the offset `ms` makes it read: a time from 1970 to the end of
   * 9999. Past JavaScript's last date every timestamp would fail.
   */
  canTakeOffset(ms: number): boolean {
    const at = this.now() - this.#offsetMs + ms;
    return Number.isFinite(at) && at >= 0 && at <= LATEST_CLOCK_MS;
  }

  /** Sets the offset (a change, a restore) or back to 0 (reset). */
  setOffset(ms: number): void {
    this.#offsetMs = ms;
  }
}
