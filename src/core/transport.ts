import ky from 'ky';
import {
  ConnectionError,
  createApiError,
  InvalidResponseError,
  TimeoutError,
  type RequestSummary,
} from '../errors';
import {
  decideAfterConnectionError,
  decideAfterResponse,
  sleep,
  type RetryDecision,
  type RetryMode,
} from './retry-policy';

/** Per-call options accepted by every method of the client. */
export interface CallOptions {
  /** Aborts the call, including any wait before a retry. The call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Milliseconds to wait for each attempt's response; overrides the client's `timeout`. */
  timeout?: number;
}

/** The fetch function appset calls; defaults to `globalThis.fetch` looked up at each call. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Settings the transport is created with (already validated by `createClient`). */
export interface TransportSettings {
  orgUrl: URL;
  /** The full `Authorization` header value. Kept in a closure, never on an error. */
  authorization: string;
  fetch: FetchLike | undefined;
  timeout: number;
  maxRetries: number;
  maxRetryWait: number;
  userAgent: string;
  headers: Record<string, string>;
}

/** Query values; `undefined` members are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** One logical call; the transport may send it several times. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A path on the organization (`/api/v1/apps`) or an absolute URL (a `Link` header's target). */
  target: string | URL;
  query?: QueryParams;
  /** Serialized as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body sent as is, with `contentType`. */
  rawBody?: string;
  contentType?: string;
  /** Leave out the `Authorization` header (the SET receiver takes none). */
  anonymous?: boolean;
  retry: RetryMode;
  options?: CallOptions;
}

/** A successful answer: status below 400 and a readable body. */
export interface TransportResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or `undefined` for an empty body. */
  body: unknown;
  /** The URL that was requested. */
  url: URL;
}

function buildUrl(orgUrl: URL, spec: RequestSpec): URL {
  const url = new URL(spec.target, orgUrl);
  for (const [key, value] of Object.entries(spec.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function summarize(method: string, url: URL): RequestSummary {
  return { method, path: `${url.pathname}${url.search}` };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Aborts one attempt after `ms`, or as soon as the caller's signal aborts. */
class AttemptTimeout {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #caller: AbortSignal | undefined;
  readonly #onCallerAbort = (): void => this.#controller.abort(this.#caller?.reason);
  expired = false;

  constructor(ms: number, caller: AbortSignal | undefined) {
    this.#caller = caller;
    this.#timer = setTimeout(() => {
      this.expired = true;
      this.#controller.abort();
    }, ms);
    caller?.addEventListener('abort', this.#onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * Settles with `work`, or rejects as soon as the attempt is aborted (calling `onAbort` to release
   * the work): not every fetch implementation stops reading a body when its signal aborts.
   */
  race<T>(work: Promise<T>, onAbort: () => void): Promise<T> {
    const signal = this.#controller.signal;
    if (signal.aborted) {
      onAbort();
      return Promise.reject(signal.reason);
    }
    return new Promise<T>((resolve, reject) => {
      const abort = (): void => {
        onAbort();
        reject(signal.reason);
      };
      signal.addEventListener('abort', abort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  }

  clear(): void {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this.#onCallerAbort);
  }
}

/**
 * The one place requests are sent: builds headers, applies timeouts, retries as the retry policy
 * says, and turns every failure into an appset error. Resources are thin layers over `send`.
 */
export class Transport {
  readonly orgUrl: URL;
  readonly #settings: TransportSettings;
  readonly #ky: typeof ky;

  constructor(settings: TransportSettings) {
    this.#settings = settings;
    this.orgUrl = settings.orgUrl;
    // Looked up per call, so a client created before msw (or any fetch patch) starts is still intercepted.
    const fetchAtCallTime: FetchLike = (input, init) =>
      (this.#settings.fetch ?? globalThis.fetch)(input, init);
    this.#ky = ky.create({ retry: 0, throwHttpErrors: false, fetch: fetchAtCallTime });
  }

  async send(spec: RequestSpec): Promise<TransportResponse> {
    const url = buildUrl(this.orgUrl, spec);
    const summary = summarize(spec.method, url);
    const signal = spec.options?.signal;
    const timeout = spec.options?.timeout ?? this.#settings.timeout;
    const headers = this.#headers(spec);
    const body = spec.json !== undefined ? JSON.stringify(spec.json) : spec.rawBody;

    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let response: Response;
      let text: string;
      // One timer per attempt bounds the headers and the body alike (ky's own timeout stops at the
      // headers, and a server may stall half-way through a body).
      const attemptTimeout = new AttemptTimeout(timeout, signal);
      try {
        response = await this.#ky(url, { method: spec.method, headers, body, signal: attemptTimeout.signal, timeout: false });
        text = await attemptTimeout.race(response.text(), () => void response.body?.cancel().catch(() => {}));
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (attemptTimeout.expired) throw new TimeoutError(summary, timeout);
        const failure = new ConnectionError(summary, error);
        await this.#waitOrThrow(decideAfterConnectionError(this.#context(spec.retry, attempt)), failure, signal);
        continue;
      } finally {
        attemptTimeout.clear();
      }

      const parsed = parseJson(text);
      if (response.ok) {
        if (!parsed.ok) {
          throw new InvalidResponseError(summary, response.status, response.headers, 'a body that is not JSON', parsed.error);
        }
        return { status: response.status, headers: response.headers, body: parsed.value, url };
      }
      const failure = createApiError({
        status: response.status,
        headers: response.headers,
        request: summary,
        body: parsed.ok ? parsed.value : undefined,
      });
      const decision = decideAfterResponse(this.#context(spec.retry, attempt), response.status, response.headers);
      await this.#waitOrThrow(decision, failure, signal);
    }
  }

  #context(mode: RetryMode, attempt: number) {
    return {
      mode,
      attempt,
      maxRetries: this.#settings.maxRetries,
      maxRetryWait: this.#settings.maxRetryWait,
      now: Date.now(),
    };
  }

  async #waitOrThrow(decision: RetryDecision, failure: Error, signal: AbortSignal | undefined): Promise<void> {
    if (!decision.retry) throw failure;
    await sleep(decision.waitMs, signal);
  }

  #headers(spec: RequestSpec): Headers {
    const headers = new Headers(this.#settings.headers);
    headers.set('accept', 'application/json');
    headers.set('user-agent', this.#settings.userAgent);
    if (spec.json !== undefined) headers.set('content-type', 'application/json');
    else if (spec.contentType) headers.set('content-type', spec.contentType);
    if (spec.anonymous) headers.delete('authorization');
    else headers.set('authorization', this.#settings.authorization);
    return headers;
  }
}
