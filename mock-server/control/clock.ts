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

  /** Moves the clock forward by `ms` (at least 0). */
  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  /** Makes the clock read `at` now; it keeps running from there. */
  set(at: number): void {
    this.#offsetMs += at - this.now();
  }

  /** Sets the offset itself (restore) or back to 0 (reset). */
  setOffset(ms: number): void {
    this.#offsetMs = ms;
  }
}
