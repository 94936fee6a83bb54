/**
 * Which failures are retried, and how long to wait before the next attempt. Kept as data and pure
 * functions so the rules can be read (and tested) apart from the transport.
 */

/**
 * How a call may be retried. `idempotent` calls (GET, PUT, DELETE, lifecycle, SET publish) are
 * retried after 429, 5xx and connection errors; `create` calls only after 429, because a 5xx or a
 * broken connection may have created the resource already and a retry could duplicate it.
 */
export type RetryMode = 'idempotent' | 'create';

/** Added to a rate-limit wait: `X-Rate-Limit-Reset` and `Date` have one-second resolution. */
export const RATE_LIMIT_MARGIN_MS = 500;
/** First wait after a 5xx or a connection error without `Retry-After`; doubles per attempt. */
export const BACKOFF_BASE_MS = 500;

/** What the transport knows when deciding on a retry. */
export interface RetryContext {
  mode: RetryMode;
  /** Attempts made so far, starting at 1. */
  attempt: number;
  maxRetries: number;
  maxRetryWait: number;
  /** The client's clock, in epoch milliseconds. */
  now: number;
}

/** The decision: wait this many milliseconds and try again, or give up with the error in hand. */
export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

const GIVE_UP: RetryDecision = { retry: false };

function backoff(ctx: RetryContext, retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (retryAfter !== null && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return BACKOFF_BASE_MS * 2 ** (ctx.attempt - 1);
}

function within(ctx: RetryContext, waitMs: number): RetryDecision {
  return waitMs <= ctx.maxRetryWait ? { retry: true, waitMs } : GIVE_UP;
}

/**
 * Wait for a 429: until `X-Rate-Limit-Reset` (epoch seconds) as measured against the response's
 * `Date` header (so a skewed local clock does not matter), plus a margin.
 */
export function rateLimitWait(headers: Headers, now: number): number | undefined {
  const reset = Number(headers.get('x-rate-limit-reset'));
  if (!headers.has('x-rate-limit-reset') || !Number.isFinite(reset)) return undefined;
  const dateHeader = headers.get('date');
  const serverNow = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  const reference = Number.isFinite(serverNow) ? serverNow : now;
  return Math.max(0, reset * 1000 - reference) + RATE_LIMIT_MARGIN_MS;
}

/** Decides whether a response with this status is retried, and after how long. */
export function decideAfterResponse(ctx: RetryContext, status: number, headers: Headers): RetryDecision {
  if (ctx.attempt > ctx.maxRetries) return GIVE_UP;
  if (status === 429) {
    return within(ctx, rateLimitWait(headers, ctx.now) ?? backoff(ctx, headers.get('retry-after')));
  }
  if (status >= 500 && ctx.mode === 'idempotent') {
    return within(ctx, backoff(ctx, headers.get('retry-after')));
  }
  return GIVE_UP;
}

/** Decides whether a connection error (no response at all) is retried. */
export function decideAfterConnectionError(ctx: RetryContext): RetryDecision {
  if (ctx.attempt > ctx.maxRetries || ctx.mode !== 'idempotent') return GIVE_UP;
  return within(ctx, backoff(ctx, null));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
