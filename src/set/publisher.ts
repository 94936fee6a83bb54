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
import { base64urlText } from './base64url';
import {
  SecurityEventTokenInputError,
  SET_ERROR_CODES,
  SetDeliveryError,
  SetVerificationError,
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
  /**
   * The fetch to use; default `globalThis.fetch`, looked up at each attempt (so msw applies). Its
   * `init.headers` is a frozen plain record, shared by every attempt: wrap it (`new Headers(init.headers)`)
   * to change it.
   */
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
  /**
   * Aborting it closes the publisher: waiting and in-flight tokens end with the signal's reason (a
   * token whose own signal has aborted too ends with its own).
   */
  signal?: AbortSignal;
  /** Called once for every token taken, when its delivery ends (see {@link PublishOutcome}). A hook that throws changes nothing. */
  onOutcome?: (outcome: PublishOutcome) => void;
  /** Called before each retry, with the wait and what caused it. */
  onRetry?: (retry: PublishRetry) => void;
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
  /** The token being retried, as given. */
  token: string;
  /** The token's `jti`, read from its payload (`undefined` if it has none). */
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
  /** How many times it was sent, the accepted attempt included (1 when accepted at once). */
  attempts: number;
  /** Milliseconds from its first attempt to the receiver's answer. */
  elapsedMs: number;
}

/** Delivers security event tokens by RFC 8935 push; created by {@link createPublisher}. */
export interface SetPublisher {
  /**
   * Queues a signed token and resolves when the receiver accepts it. Rejects with a
   * `SetVerificationError` when the receiver refuses it (a 400 with RFC 8935's `err`; never retried),
   * a `SetDeliveryError` when it cannot be delivered (`code` says why), or the signal's reason when
   * aborted: the token's own signal's when it has aborted, otherwise the publisher's. A token that is
   * not a compact JWS is refused at once, before it is queued.
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

const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Why `token` cannot be published (not a compact JWS, too large), or `undefined`. */
export function tokenProblem(token: unknown): string | undefined {
  return typeof token === 'string' && token.length <= MAX_PUBLISHED_TOKEN_BYTES && COMPACT_JWS.test(token)
    ? undefined
    : `Must be a signed compact JWS (header.payload.signature, in base64url) of at most ${MAX_PUBLISHED_TOKEN_BYTES} bytes`;
}

/** Decodes the receiver's refusals (one decoder: making one costs more than a decode). */
const utf8 = new TextDecoder();

/**
 * The `jti` of a token's payload, unverified (for the hooks' logs); `undefined` if unreadable. Bytes
 * that are not UTF-8 elsewhere in the payload do not hide it: they are read as U+FFFD.
 */
function readJti(token: string): string | undefined {
  const start = token.indexOf('.') + 1;
  try {
    const payload: unknown = JSON.parse(base64urlText(token.slice(start, token.indexOf('.', start)), 'replace'));
    return isJsonObject(payload) && typeof payload.jti === 'string' ? payload.jti : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds a `Retry-After` asks to wait (delay-seconds or an HTTP-date, RFC 9110 §10.2.3), if it says. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The RFC 8935 refusal in a 400's body, if it holds one. */
function refusal(text: string): SetVerificationError | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (isJsonObject(body) && (SET_ERROR_CODES as readonly unknown[]).includes(body.err)) {
      return new SetVerificationError(body.err as SetErrorCode, typeof body.description === 'string' ? body.description : '');
    }
  } catch {
    // Not JSON: not an RFC 8935 refusal.
  }
  return undefined;
}

/** What a delivery listens to when neither the token nor the publisher has a signal. */
const NO_SIGNALS: readonly AbortSignal[] = [];

/** The first of `signals`, in their order, that has aborted, if one has. */
function abortedOf(signals: readonly AbortSignal[]): AbortSignal | undefined {
  return signals.find((signal) => signal.aborted);
}

/** Resolves after `ms`, or rejects as soon as one of `signals` aborts, with the reason {@link abortedOf} picks. */
function sleep(ms: number, signals: readonly AbortSignal[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // A signal that aborted already (an `onRetry` hook may abort the token's) fires no more events.
    const already = abortedOf(signals);
    if (already) return reject(already.reason);
    const done = (): void => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', done);
      const aborted = abortedOf(signals);
      if (aborted) reject(aborted.reason);
      else resolve();
    };
    const timer = setTimeout(done, ms);
    for (const signal of signals) signal.addEventListener('abort', done);
  });
}

/** The least and most of each numeric option (the CLI's flags read theirs from here). */
export const PUBLISHER_BOUNDS: Readonly<Record<keyof typeof PUBLISHER_DEFAULTS, readonly [number, number]>> = {
  maxAttempts: [1, 20],
  maxElapsedMs: [1, 86_400_000],
  timeoutMs: [1, 2_147_483_647],
  baseDelayMs: [0, 2_147_483_647],
  maxDelayMs: [0, 2_147_483_647],
  concurrency: [1, 256],
  maxQueue: [0, 1_000_000],
};

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
  const { orgUrl, endpoint, onOutcome, onRetry, signal: closing } = options;
  const urlProblem =
    (orgUrl === undefined) === (endpoint === undefined) ? `${BLANK_FIELD}: give orgUrl or endpoint, not both` : secureUrlProblem(orgUrl ?? endpoint);
  if (urlProblem !== undefined) issues.push({ path: orgUrl === undefined && endpoint !== undefined ? 'endpoint' : 'orgUrl', reason: urlProblem });
  const settings: Record<string, number> = { ...PUBLISHER_DEFAULTS };
  for (const [name, [min, max]] of Object.entries(PUBLISHER_BOUNDS)) {
    const value = options[name as keyof typeof PUBLISHER_BOUNDS] ?? settings[name]!;
    if (Number.isInteger(value) && value >= min && value <= max) settings[name] = value;
    else issues.push({ path: name, reason: `Must be a whole number from ${min} to ${max}` });
  }
  const headers = new Headers();
  try {
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  } catch {
    issues.push({ path: 'headers', reason: 'Must be HTTP header names and values' });
  }
  if (issues.length > 0) throw new SecurityEventTokenInputError('Cannot create the publisher', issues);
  headers.set('content-type', 'application/secevent+jwt');
  headers.set('accept', 'application/json');
  // Sent as a plain record: fetch reads one more cheaply than a `Headers` (checked above, names lower-cased).
  // Frozen, since every attempt shares it.
  const sent: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(headers));
  const url = new URL(orgUrl !== undefined ? new URL(OKTA_RECEIVER_PATH, String(orgUrl)) : String(endpoint)).href;
  const { maxAttempts, maxElapsedMs, timeoutMs, baseDelayMs, maxDelayMs, concurrency, maxQueue } = settings as typeof PUBLISHER_DEFAULTS;
  const queue: Job[] = [];
  let active = 0;
  let closed = false;
  let idle: Array<() => void> = [];

  /** Calls a hook; its own failure must not change a delivery, nor leave a rejection unhandled. */
  const emit = <T>(hook: ((value: T) => void) | undefined, value: () => T): void => {
    try {
      hook?.(value());
    } catch {
      // Ignored, as said above.
    }
  };

  /** Ends a token: tells `onOutcome`, then settles its `publish`. */
  const end = (job: Job, attempts: number, elapsedMs: number, result: PublishReceipt | { error: unknown }): void => {
    const error = 'error' in result ? result.error : undefined;
    emit(onOutcome, (): PublishOutcome => {
      const { token } = job;
      const jti = readJti(token);
      if (!('error' in result)) return { token, jti, attempts, elapsedMs, status: 'delivered', httpStatus: result.status };
      if (error instanceof SetVerificationError) return { token, jti, attempts, elapsedMs, status: 'refused', error };
      if (error instanceof SetDeliveryError) return { token, jti, attempts, elapsedMs, status: 'failed', error };
      return { token, jti, attempts, elapsedMs, status: 'aborted', reason: error };
    });
    if ('error' in result) job.reject(error);
    else job.resolve(result);
  };

  const deliver = async (job: Job): Promise<void> => {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    // The delivery stops when the token's signal or the publisher's aborts, with that signal's
    // reason (the token's first). Most publishers have neither, and then nothing is listened to.
    const stops = job.signal || closing ? [job.signal, closing].filter((signal) => signal !== undefined) : NO_SIGNALS;
    const throwIfStopped = (): void => {
      const aborted = abortedOf(stops);
      if (aborted) throw aborted.reason;
    };
    let attempts = 0;
    try {
      for (;;) {
        throwIfStopped();
        attempts += 1;
        let status: number | undefined;
        let retryAfter: number | undefined;
        let cause: unknown;
        // One send, within the attempt's time and what is left of the token's.
        const attempt = new AbortController();
        const halt = (): void => attempt.abort();
        const limit = Math.max(1, Math.min(timeoutMs, maxElapsedMs - elapsed()));
        const timer = setTimeout(halt, limit);
        for (const signal of stops) signal.addEventListener('abort', halt);
        try {
          const init: RequestInit = { method: 'POST', headers: sent, body: job.token, redirect: 'manual', signal: attempt.signal };
          // Looked up now, so a fetch patched later (msw) is used; called on globalThis, as browsers require.
          const response = await (options.fetch ? options.fetch(url, init) : fetch(url, init));
          status = response.status;
          // Read only where a retry may follow.
          if (status === 429 || status >= 500) retryAfter = retryAfterMs(response.headers.get('retry-after'), Date.now());
          // Read whole (unless declared empty), so the connection is free for the next token; a body
          // cut short changes nothing.
          const body = await readBounded(response, MAX_ANSWER_BYTES, limit).catch(() => new Uint8Array(0));
          if (status === 400) {
            const refused = refusal(utf8.decode(body));
            if (refused) throw refused;
          }
        } catch (error) {
          if (error instanceof SetVerificationError) throw error;
          cause = error;
        } finally {
          clearTimeout(timer);
          for (const signal of stops) signal.removeEventListener('abort', halt);
        }
        throwIfStopped();
        if (status !== undefined && status >= 200 && status < 300) return end(job, attempts, elapsed(), { status, attempts, elapsedMs: elapsed() });
        // A redirect is not followed either (a browser's fetch reports it as status 0).
        if (status !== undefined && status !== 429 && status < 500) {
          throw new SetDeliveryError('unexpected_status', `The receiver at ${url} answered ${status}, which is not retried (nor followed); check the URL and any headers it asks for`, { attempts, status });
        }
        const waitMs = retryAfter ?? Math.floor(Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1)));
        const last = `(the last met ${status ?? 'a network failure or timeout'})`;
        if (attempts >= maxAttempts || elapsed() + waitMs >= maxElapsedMs) {
          const [code, bound] = attempts >= maxAttempts ? (['attempts_exhausted', 'maxAttempts'] as const) : (['time_exhausted', 'maxElapsedMs'] as const);
          const message = `Not delivered to ${url}: ${attempts} attempts ${last}${code === 'time_exhausted' ? `, then a wait of ${waitMs} ms, pass maxElapsedMs (${maxElapsedMs} ms)` : ''}; raise ${bound} or try later`;
          throw new SetDeliveryError(code, message, { attempts, status, cause });
        }
        emit(onRetry, () => ({ token: job.token, jti: readJti(job.token), attempt: attempts, waitMs, status, error: cause }));
        await sleep(waitMs, stops);
      }
    } catch (error) {
      end(job, attempts, elapsed(), { error });
    }
  };

  const pump = (): void => {
    while (active < concurrency && queue.length > 0) start(queue.shift()!);
    if (active === 0 && queue.length === 0) idle.splice(0).forEach((wake) => wake());
  };

  const start = (job: Job): void => {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    active += 1;
    void deliver(job).finally(() => {
      active -= 1;
      pump();
    });
  };

  closing?.addEventListener('abort', () => {
    closed = true;
    for (const job of queue.splice(0)) {
      if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
      end(job, 0, 0, { error: closing.reason });
    }
  });
  if (closing?.aborted) closed = true;

  const drain = (): Promise<void> =>
    active === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve));

  return {
    publish(token, callOptions = {}) {
      const problem = tokenProblem(token);
      if (problem !== undefined) {
        return Promise.reject(new SecurityEventTokenInputError('Cannot publish the security event token', [{ path: 'token', reason: problem }]));
      }
      const signal = callOptions.signal;
      return new Promise<PublishReceipt>((resolve, reject) => {
        const job: Job = { token, signal, resolve, reject };
        const refuse = (error: unknown): void => end(job, 0, 0, { error });
        if (signal?.aborted) return refuse(signal.reason);
        if (closed) return refuse(closing?.aborted ? closing.reason : new SetDeliveryError('closed', 'The publisher is closed; create another', { attempts: 0 }));
        if (active < concurrency) return start(job);
        if (queue.length >= maxQueue) {
          return refuse(new SetDeliveryError('queue_full', `${maxQueue} tokens already wait (maxQueue); await publish() before sending more, or raise maxQueue`, { attempts: 0 }));
        }
        job.onAbort = () => {
          queue.splice(queue.indexOf(job), 1);
          refuse(signal?.reason);
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
