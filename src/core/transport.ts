import ky, { TimeoutError as KyTimeoutError } from 'ky';
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

class BodyTimeout extends Error {}

/**
 * Reads a body within `ms`, or rejects as soon as `signal` aborts, cancelling the body either way:
 * ky's timeout ends when the headers arrive, and not every fetch stops a body read on abort.
 */
function readBodyWithin(response: Response, ms: number, signal: AbortSignal | undefined): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const stop = (reason: unknown): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void response.body?.cancel().catch(() => {});
      reject(reason);
    };
    const onAbort = (): void => stop(signal?.reason);
    const timer = setTimeout(() => stop(new BodyTimeout()), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    response.text().then(
      (text) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(text);
      },
      (error: unknown) => stop(error),
    );
  });
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
      // `timeout` bounds the whole attempt: ky's timer covers the headers, then the body gets what is
      // left (a server may stall half-way through a body).
      const started = Date.now();
      try {
        response = await this.#ky(url, { method: spec.method, headers, body, signal, timeout });
        text = await readBodyWithin(response, Math.max(1, timeout - (Date.now() - started)), signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof KyTimeoutError || error instanceof BodyTimeout) throw new TimeoutError(summary, timeout);
        const failure = new ConnectionError(summary, error);
        await this.#waitOrThrow(decideAfterConnectionError(this.#context(spec.retry, attempt)), failure, signal);
        continue;
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
