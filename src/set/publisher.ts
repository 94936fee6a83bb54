/**
 * RFC 8935 push delivery for providers: a bounded queue of tokens, a bounded number delivered at once,
 * each retried after a 429, a 5xx or a network failure until it is accepted, refused, or out of
 * attempts or time. A redelivery sends the identical token, which a receiver acknowledges without
 * acting twice (RFC 8935 §2.1 and Okta's receiver both recognise it by `jti`).
 *
 * It uses `fetch` rather than ky, the client's HTTP library: ky alone adds 4.7 kB gzipped to the
 * `appset/set` browser bundle, which would pass its 30 kB bound before any of this code, and the
 * retry rules here (full jitter, a total time bound, `Retry-After` as seconds or a date, no retry of
 * a refusal) would be written as ky options and callbacks just the same.
 */
import { BLANK_FIELD, type FieldIssue } from '../validation/field-issues';
import { isJsonObject } from '../validation/record';
import { secureUrlProblem } from '../validation/loopback';
import { decodeBase64url } from './base64url';
import {
  SecurityEventTokenInputError,
  SET_ERROR_CODES,
  SetDeliveryError,
  SetVerificationError,
  type SetDeliveryErrorCode,
  type SetErrorCode,
} from './errors';
import { readBounded } from './fetch-document';

/** The path of Okta's security event receiver on an organization. */
export const OKTA_RECEIVER_PATH = '/security/api/v1/security-events';

/** Defaults of {@link PublisherOptions}. */
export const PUBLISHER_DEFAULTS = {
  maxAttempts: 6,
  maxElapsedMs: 60_000,
  timeoutMs: 10_000,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  concurrency: 4,
  maxQueue: 1_000,
} as const;

/** The largest token published: the size Okta's receiver (and the backend's) reads. */
export const MAX_PUBLISHED_TOKEN_BYTES = 64 * 1024;

/** The most of a receiver's answer read, for its RFC 8935 error body. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Options of {@link createPublisher}. Give `orgUrl` or `endpoint`. */
export interface PublisherOptions {
  /** The organization URL, e.g. `https://example.okta.com`: tokens go to its `/security/api/v1/security-events`. */
  orgUrl?: string | URL;
  /** Or the receiver's full URL, for an RFC 8935 receiver other than Okta's. */
  endpoint?: string | URL;
  /** Headers sent with every token, e.g. an `Authorization` a receiver other than Okta's asks for. */
  headers?: Record<string, string>;
  /** The fetch to use; default `globalThis.fetch`, looked up at each attempt (so msw applies). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Most times one token is sent, retries included (1 to 20); default 6. */
  maxAttempts?: number;
  /** Most milliseconds from a token's first attempt to its last answer, waits included; default 60,000. */
  maxElapsedMs?: number;
  /** Milliseconds to wait for one attempt's answer; default 10,000. */
  timeoutMs?: number;
  /** The backoff before the second attempt, doubling after each; default 500 ms. */
  baseDelayMs?: number;
  /** The most a backoff grows to; default 30,000 ms. A `Retry-After` may ask for more, within `maxElapsedMs`. */
  maxDelayMs?: number;
  /** Tokens delivered at once (1 to 256); default 4. */
  concurrency?: number;
  /** Tokens waiting beyond those being delivered; default 1,000. A token past it fails at once with `queue_full`. */
  maxQueue?: number;
  /** Aborting it closes the publisher: waiting and in-flight tokens end with the signal's reason. */
  signal?: AbortSignal;
  /** Called once for every token taken, when its delivery ends (see {@link PublishOutcome}). A hook that throws changes nothing. */
  onOutcome?: (outcome: PublishOutcome) => void;
  /** Called before each retry, with the wait and what caused it. */
  onRetry?: (retry: PublishRetry) => void;
  /** The source of jitter, in [0, 1); default `Math.random`. */
  random?: () => number;
  /** The clock, in epoch milliseconds, for the time bound and `Retry-After` dates; default `Date.now`. */
  now?: () => number;
}

/** What a delivery ended with, given to `onOutcome`. */
export type PublishOutcome = OutcomeBase &
  (
    | { status: 'delivered'; httpStatus: number }
    | { status: 'refused'; error: SetVerificationError }
    | { status: 'failed'; error: SetDeliveryError }
    | { status: 'aborted'; reason: unknown }
  );

/** What every {@link PublishOutcome} carries. */
export interface OutcomeBase {
  /** The token, as given. */
  token: string;
  /** The token's `jti`, read from its payload (`undefined` if it has none). */
  jti: string | undefined;
  /** How many times it was sent (0 when it never left the queue). */
  attempts: number;
  /** Milliseconds from its first attempt to the end. */
  elapsedMs: number;
}

/** A retry about to wait, given to `onRetry`. */
export interface PublishRetry {
  token: string;
  jti: string | undefined;
  /** The attempt that failed, from 1. */
  attempt: number;
  /** How long the publisher waits before the next attempt. */
  waitMs: number;
  /** The status that caused the retry (429, 5xx), or `undefined` after a network failure or a timeout. */
  status: number | undefined;
  /** The network failure, when there was no answer. */
  error: unknown;
}

/** What `publish` resolves to once the receiver accepted the token. */
export interface PublishReceipt {
  /** The receiver's status (202 for Okta). */
  status: number;
  attempts: number;
  elapsedMs: number;
}

/** Delivers security event tokens by RFC 8935 push; created by {@link createPublisher}. */
export interface SetPublisher {
  /**
   * Queues a signed token and resolves when the receiver accepts it. Rejects with a
   * `SetVerificationError` when the receiver refuses it (a 400 with RFC 8935's `err`; never retried),
   * a `SetDeliveryError` when it cannot be delivered (`code` says why), or the signal's reason when
   * aborted. A token that is not a compact JWS is refused at once, before it is queued.
   */
  publish(token: string, options?: { signal?: AbortSignal }): Promise<PublishReceipt>;
  /** Resolves once no token is waiting or being delivered. */
  drain(): Promise<void>;
  /** Takes no more tokens (they fail with `closed`) and resolves once those taken are delivered or failed. */
  close(): Promise<void>;
  /** Tokens being delivered now. */
  readonly active: number;
  /** Tokens waiting for a slot. */
  readonly waiting: number;
}

/** One token in the publisher. */
interface Job {
  token: string;
  signal: AbortSignal | undefined;
  resolve: (receipt: PublishReceipt) => void;
  reject: (error: unknown) => void;
  /** Removes the job from the queue when its signal aborts while it waits. */
  onAbort?: () => void;
}

/** Why one attempt got no usable answer: its status, or the network failure (a timeout is one). */
type AttemptResult = { response: Response; text: string } | { failure: unknown };

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Why `token` cannot be published (not a compact JWS, too large), or `undefined`. */
export function tokenProblem(token: unknown): string | undefined {
  if (typeof token !== 'string') return `Must be a string holding a compact JWS (got ${token === null ? 'null' : typeof token})`;
  if (token.length > MAX_PUBLISHED_TOKEN_BYTES) return `Must be at most ${MAX_PUBLISHED_TOKEN_BYTES} bytes, the most a receiver reads`;
  if (!COMPACT_JWS.test(token)) return 'Must be a signed compact JWS: three base64url segments joined by dots (header.payload.signature)';
  return undefined;
}

/** The `jti` of a token's payload, unverified (for the hooks' logs); `undefined` if unreadable. */
function readJti(token: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(new TextDecoder().decode(decodeBase64url(token.split('.')[1]!)));
    return isJsonObject(payload) && typeof payload.jti === 'string' ? payload.jti : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds a `Retry-After` asks to wait (delay-seconds or an HTTP-date, RFC 9110 §10.2.3), if it says. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The RFC 8935 refusal in a 400's body, if it holds one. */
function refusal(text: string): SetVerificationError | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(body) || !(SET_ERROR_CODES as readonly unknown[]).includes(body.err)) return undefined;
  const description = typeof body.description === 'string' ? body.description : `The receiver refused the token with ${String(body.err)}`;
  return new SetVerificationError(body.err as SetErrorCode, description);
}

function checkInteger(issues: FieldIssue[], name: string, value: unknown, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    issues.push({ path: name, reason: `Must be a whole number from ${min} to ${max}` });
  }
}

/** The receiver URL from the options, or the issues that stop the publisher being created. */
function receiverUrl(options: PublisherOptions, issues: FieldIssue[]): string {
  const { orgUrl, endpoint } = options;
  if ((orgUrl === undefined) === (endpoint === undefined)) {
    issues.push({ path: 'orgUrl', reason: `${BLANK_FIELD}: give orgUrl (the organization, e.g. https://example.okta.com) or endpoint (a receiver's full URL), not both` });
    return '';
  }
  const name = orgUrl !== undefined ? 'orgUrl' : 'endpoint';
  const value = orgUrl ?? endpoint;
  const problem = secureUrlProblem(value);
  if (problem !== undefined) {
    issues.push({ path: name, reason: problem });
    return '';
  }
  return orgUrl !== undefined ? new URL(OKTA_RECEIVER_PATH, new URL(String(orgUrl)).origin).href : new URL(String(endpoint)).href;
}

/** Resolves after `ms`, or rejects with the first signal's reason as soon as one aborts. */
function sleep(ms: number, signals: ReadonlyArray<AbortSignal | undefined>): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      forget();
      reject(signals.find((s) => s?.aborted)?.reason);
    };
    const forget = (): void => signals.forEach((s) => s?.removeEventListener('abort', onAbort));
    const timer = setTimeout(() => {
      forget();
      resolve();
    }, ms);
    signals.forEach((s) => s?.addEventListener('abort', onAbort, { once: true }));
    if (signals.some((s) => s?.aborted)) onAbort();
  });
}

/**
 * Creates a publisher that delivers security event tokens to a receiver by RFC 8935 push, without any
 * Okta credentials (the token's signature authenticates it). Each token is retried after a 429, a 5xx,
 * a network failure or a timeout, with exponential backoff and full jitter (a wait drawn between 0
 * and `baseDelayMs` × 2^(attempt−1), capped at `maxDelayMs`) or exactly the wait `Retry-After` asks
 * for, within `maxAttempts` and `maxElapsedMs`; any other answer ends it. Every retry sends the
 * identical token.
 *
 * @example
 * const publisher = createPublisher({ orgUrl: 'https://example.okta.com', onOutcome: (o) => console.log(o.status, o.jti) });
 * await publisher.publish(token); // resolves on 202
 */
export function createPublisher(options: PublisherOptions): SetPublisher {
  const issues: FieldIssue[] = [];
  const url = receiverUrl(options, issues);
  checkInteger(issues, 'maxAttempts', options.maxAttempts, 1, 20);
  checkInteger(issues, 'maxElapsedMs', options.maxElapsedMs, 1, 86_400_000);
  checkInteger(issues, 'timeoutMs', options.timeoutMs, 1, 2_147_483_647);
  checkInteger(issues, 'baseDelayMs', options.baseDelayMs, 0, 2_147_483_647);
  checkInteger(issues, 'maxDelayMs', options.maxDelayMs, 0, 2_147_483_647);
  checkInteger(issues, 'concurrency', options.concurrency, 1, 256);
  checkInteger(issues, 'maxQueue', options.maxQueue, 0, 1_000_000);
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  } catch {
    issues.push({ path: 'headers', reason: 'Must be valid HTTP header names and values (no line breaks)' });
  }
  if (issues.length > 0) throw new SecurityEventTokenInputError('Cannot create the publisher', issues);
  headers.set('content-type', 'application/secevent+jwt');
  headers.set('accept', 'application/json');

  const {
    maxAttempts = PUBLISHER_DEFAULTS.maxAttempts,
    maxElapsedMs = PUBLISHER_DEFAULTS.maxElapsedMs,
    timeoutMs = PUBLISHER_DEFAULTS.timeoutMs,
    baseDelayMs = PUBLISHER_DEFAULTS.baseDelayMs,
    maxDelayMs = PUBLISHER_DEFAULTS.maxDelayMs,
    concurrency = PUBLISHER_DEFAULTS.concurrency,
    maxQueue = PUBLISHER_DEFAULTS.maxQueue,
  } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const closing = options.signal;
  const queue: Job[] = [];
  let active = 0;
  let closed = false;
  let idle: Array<() => void> = [];

  const emit = <T>(hook: ((value: T) => void) | undefined, value: () => T): void => {
    if (hook === undefined) return;
    try {
      hook(value());
    } catch {
      // A hook's own failure must not change a delivery or leave a rejection unhandled.
    }
  };

  const end = (job: Job, started: number | undefined, attempts: number, result: { receipt: PublishReceipt } | { error: unknown }): void => {
    const elapsedMs = started === undefined ? 0 : Math.max(0, now() - started);
    emit(options.onOutcome, (): PublishOutcome => {
      const base = { token: job.token, jti: readJti(job.token), attempts, elapsedMs };
      if ('receipt' in result) return { ...base, status: 'delivered', httpStatus: result.receipt.status };
      const { error } = result;
      if (error instanceof SetVerificationError) return { ...base, status: 'refused', error };
      if (error instanceof SetDeliveryError) return { ...base, status: 'failed', error };
      return { ...base, status: 'aborted', reason: error };
    });
    if ('receipt' in result) job.resolve(result.receipt);
    else job.reject(result.error);
  };

  const fail = (code: SetDeliveryErrorCode, message: string, details: { status?: number; attempts: number; cause?: unknown }) =>
    new SetDeliveryError(code, message, details);

  /** One attempt within `limitMs`: the answer and its body (bounded), or why there was none. */
  const attempt = async (job: Job, limitMs: number): Promise<AttemptResult> => {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    const timer = setTimeout(stop, limitMs);
    closing?.addEventListener('abort', stop, { once: true });
    job.signal?.addEventListener('abort', stop, { once: true });
    try {
      const send = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
      const response = await send(url, { method: 'POST', headers, body: job.token, redirect: 'manual', signal: controller.signal });
      let text = '';
      try {
        // Read whole (and bounded) so the connection is free for the next token; only a refusal's body is used.
        const bytes = await readBounded(response, MAX_ANSWER_BYTES, limitMs);
        if (response.status === 400) text = new TextDecoder().decode(bytes);
      } catch {
        // The status is the answer; a body cut short or too long changes nothing about it.
      }
      return { response, text };
    } catch (failure) {
      return { failure };
    } finally {
      clearTimeout(timer);
      closing?.removeEventListener('abort', stop);
      job.signal?.removeEventListener('abort', stop);
    }
  };

  const deliver = async (job: Job): Promise<void> => {
    const started = now();
    let attempts = 0;
    try {
      for (;;) {
        const aborted = [job.signal, closing].find((s) => s?.aborted);
        if (aborted) throw aborted.reason;
        attempts += 1;
        const left = maxElapsedMs - (now() - started);
        const result = await attempt(job, Math.max(1, Math.min(timeoutMs, left)));
        const abortedNow = [job.signal, closing].find((s) => s?.aborted);
        if (abortedNow) throw abortedNow.reason;
        let status: number | undefined;
        let waitMs = Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1)));
        if ('response' in result) {
          status = result.response.status;
          if (status >= 200 && status < 300) {
            end(job, started, attempts, { receipt: { status, attempts, elapsedMs: Math.max(0, now() - started) } });
            return;
          }
          if (status === 400) {
            const refused = refusal(result.text);
            if (refused) throw refused;
          }
          if (status !== 429 && status < 500) {
            // A browser's fetch reports a redirect it did not follow as status 0.
            const answered = status < 400 ? `a redirect (${status}), which is not followed; give the final URL` : `${status}, which is not retried; check the receiver URL${status === 401 || status === 403 ? ' and the headers it asks for' : ''}`;
            throw fail('unexpected_status', `The receiver at ${url} answered the security event token with ${answered}`, { status, attempts });
          }
          waitMs = retryAfterMs(result.response.headers.get('retry-after'), now()) ?? waitMs;
        }
        const what = status === undefined ? 'a network failure or timeout' : `${status}`;
        const cause = 'failure' in result ? result.failure : undefined;
        if (attempts >= maxAttempts) {
          throw fail('attempts_exhausted', `The security event token was not delivered to ${url}: ${attempts} attempts, the last met ${what}; raise maxAttempts or try later`, { status, attempts, cause });
        }
        if (now() - started + waitMs >= maxElapsedMs) {
          throw fail('time_exhausted', `The security event token was not delivered to ${url} within ${maxElapsedMs} ms: after ${attempts} attempts (the last met ${what}) the next would wait ${waitMs} ms; raise maxElapsedMs or try later`, { status, attempts, cause });
        }
        emit(options.onRetry, () => ({ token: job.token, jti: readJti(job.token), attempt: attempts, waitMs, status, error: cause }));
        await sleep(waitMs, [job.signal, closing]);
      }
    } catch (error) {
      end(job, started, attempts, { error });
    }
  };

  const pump = (): void => {
    while (active < concurrency && queue.length > 0) start(queue.shift()!);
    if (active === 0 && queue.length === 0) {
      const waiting = idle;
      idle = [];
      waiting.forEach((wake) => wake());
    }
  };

  const start = (job: Job): void => {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    active += 1;
    void deliver(job).finally(() => {
      active -= 1;
      pump();
    });
  };

  const shut = (): void => {
    closed = true;
    for (const job of queue.splice(0)) {
      if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
      end(job, undefined, 0, { error: closing?.aborted ? closing.reason : fail('closed', 'The publisher was closed before the security event token was sent', { attempts: 0 }) });
    }
    pump();
  };
  closing?.addEventListener('abort', shut, { once: true });

  const drain = (): Promise<void> =>
    active === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve));
  if (closing?.aborted) shut();

  return {
    publish(token, callOptions = {}) {
      const problem = tokenProblem(token);
      if (problem !== undefined) {
        return Promise.reject(new SecurityEventTokenInputError('Cannot publish the security event token', [{ path: 'token', reason: problem }]));
      }
      const signal = callOptions.signal;
      return new Promise<PublishReceipt>((resolve, reject) => {
        const job: Job = { token, signal, resolve, reject };
        if (signal?.aborted) return end(job, undefined, 0, { error: signal.reason });
        if (closed) {
          const error = closing?.aborted ? closing.reason : fail('closed', 'The publisher is closed; create another to publish more tokens', { attempts: 0 });
          return end(job, undefined, 0, { error });
        }
        if (active < concurrency) return start(job);
        if (queue.length >= maxQueue) {
          return end(job, undefined, 0, {
            error: fail('queue_full', `The publisher already holds ${maxQueue} waiting tokens; wait for publish() to resolve (or drain()) before sending more, or raise maxQueue`, { attempts: 0 }),
          });
        }
        job.onAbort = () => {
          const at = queue.indexOf(job);
          if (at >= 0) queue.splice(at, 1);
          end(job, undefined, 0, { error: signal?.reason });
          pump();
        };
        signal?.addEventListener('abort', job.onAbort, { once: true });
        queue.push(job);
      });
    },
    drain,
    close() {
      closed = true;
      return drain();
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
