/** The rate-limit buckets the backend counts separately. */
export type RateLimitBucket = 'apps' | 'app' | 'providers' | 'logs' | 'security-events' | 'users' | 'groups' | 'default';

/** Requests per minute for each bucket. */
export type RateLimitTable = Record<RateLimitBucket, number>;

/**
 * Okta's published per-minute limits for these endpoints (the `'okta'` setting):
 * `/api/v1/apps` (list, create) 100, `/api/v1/apps/{id}` 500, the rest as listed.
 */
export const OKTA_RATE_LIMITS: Readonly<RateLimitTable> = Object.freeze({
  apps: 100,
  app: 500,
  providers: 100,
  logs: 120,
  'security-events': 600,
  // `/api/v1/users…` and `/api/v1/groups…`, the most common published values.
  users: 600,
  groups: 500,
  default: 600,
});

/** Limits reported (but not enforced) when rate limiting is off. */
const NOMINAL_LIMIT = 10_000;

/** The `X-Rate-Limit-*` values for one response. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch seconds at which the window resets. */
  reset: number;
  /** False when the call is over the limit and must be refused with 429. */
  allowed: boolean;
}

/**
 * Whose calls a window counts. Calls with valid credentials spend the organization's bucket; calls
 * with missing or unknown credentials are counted apart, against the same limit, so that anyone who
 * can reach the server cannot exhaust the bucket of the organization's real clients (Okta keys its
 * limits to the organization, which an unknown token does not speak for).
 */
export type RateLimitLane = 'authenticated' | 'unauthenticated';

/**
 * Fixed one-minute windows per bucket and lane, aligned to the minute of the backend's clock. With
 * limits off, the headers are still sent (against a nominal limit) and nothing is refused.
 */
export class RateLimiter {
  #limits: RateLimitTable | undefined;
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(limits: RateLimitTable | undefined) {
    this.#limits = limits;
  }

  /** Counts one call in the bucket's window for `lane` and says whether it is within the limit. */
  take(bucket: RateLimitBucket, nowMs: number, lane: RateLimitLane = 'authenticated'): RateLimitState {
    const start = Math.floor(nowMs / 60_000) * 60_000;
    const key = lane === 'authenticated' ? bucket : `${bucket} ${lane}`;
    let window = this.#windows.get(key);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.#windows.set(key, window);
    }
    const limit = this.#limits?.[bucket] ?? NOMINAL_LIMIT;
    const reset = (start + 60_000) / 1000;
    if (this.#limits && window.count >= limit) return { limit, remaining: 0, reset, allowed: false };
    window.count += 1;
    return { limit, remaining: Math.max(0, limit - window.count), reset, allowed: true };
  }

  /** The bucket's window for `lane` as it stands, without counting a call (a stub's answer spends none). */
  peek(bucket: RateLimitBucket, nowMs: number, lane: RateLimitLane = 'authenticated'): RateLimitState {
    const start = Math.floor(nowMs / 60_000) * 60_000;
    const window = this.#windows.get(lane === 'authenticated' ? bucket : `${bucket} ${lane}`);
    const count = window?.start === start ? window.count : 0;
    const limit = this.#limits?.[bucket] ?? NOMINAL_LIMIT;
    return { limit, remaining: Math.max(0, limit - count), reset: (start + 60_000) / 1000, allowed: true };
  }

  /** The enforced limits, or `undefined` when limits are off. */
  get limits(): Readonly<RateLimitTable> | undefined {
    return this.#limits;
  }

  /** Changes the enforced limits (`undefined`: off); the current windows keep their counts. */
  setLimits(limits: RateLimitTable | undefined): void {
    this.#limits = limits;
  }

  /** Forgets every window (used by `backend.reset()`). */
  clear(): void {
    this.#windows.clear();
  }
}
