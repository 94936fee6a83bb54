import {
  ConnectionError,
  createApiError,
  InvalidResponseError,
  TimeoutError,
  type RequestSummary,
} from '../errors';
import type { AuthProvider, AuthRequest } from '../auth/provider';
import { SecretRedactor } from './redact';
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
  /** Per-attempt credentials (OAuth 2.0 service apps); when set, `authorization` is not sent. */
  auth?: AuthProvider;
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

/** A successful answer whose body has been read but not parsed. */
export interface TextResponse {
  status: number;
  headers: Headers;
  /** The whole body as text. */
  text: string;
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

/** Parses a body as JSON; an empty or blank body is `undefined`. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The abort reason of an attempt whose `timeout` ran out. */
class AttemptTimeout extends Error {}

/** What one attempt sends: the request init without a signal (each attempt gets its own). */
interface AttemptInit {
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** One answered attempt: the response and its whole body. */
interface Answer {
  response: Response;
  text: string;
}

/**
 * Settles as `work` does, or rejects with the signal's reason as soon as it aborts: a `fetch` given in
 * the options, or a polyfill, may ignore its signal, and the timeout must hold all the same.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The one place requests are sent: builds headers, applies timeouts, retries as the retry policy
 * says, and turns every failure into an appset error. Resources are thin layers over `send`
 * (and the pager over `receive`).
 */
export class Transport {
  readonly orgUrl: URL;
  readonly #settings: TransportSettings;

  /** The client's secrets, removed from every error before it is thrown (see {@link SecretRedactor}). */
  readonly redactor = new SecretRedactor();

  constructor(settings: TransportSettings) {
    this.#settings = settings;
    this.orgUrl = settings.orgUrl;
    this.redactor.addAuthorization(settings.authorization);
    this.redactor.addHeaders(settings.headers);
  }

  /** Sends `spec` and parses the successful answer's body as JSON. */
  async send(spec: RequestSpec): Promise<TransportResponse> {
    try {
      return await this.#send(spec);
    } catch (error) {
      throw this.redactor.redactError(error);
    }
  }

  async #send(spec: RequestSpec): Promise<TransportResponse> {
    const { status, headers, text, url } = await this.#receive(spec);
    const parsed = parseJson(text);
    if (!parsed.ok) {
      throw new InvalidResponseError(summarize(spec.method, url), status, headers, 'a body that is not JSON', parsed.error);
    }
    return { status, headers, body: parsed.value, url };
  }

  /**
   * Sends `spec` and reads the successful answer's whole body without parsing it, so a caller can act
   * on the headers (a pager starting the next request) before the parse.
   */
  async receive(spec: RequestSpec): Promise<TextResponse> {
    try {
      return await this.#receive(spec);
    } catch (error) {
      throw this.redactor.redactError(error);
    }
  }

  async #receive(spec: RequestSpec): Promise<TextResponse> {
    const url = buildUrl(this.orgUrl, spec);
    const summary = summarize(spec.method, url);
    const signal = spec.options?.signal;
    const timeout = spec.options?.timeout ?? this.#settings.timeout;
    const init: AttemptInit = {
      method: spec.method,
      headers: this.#headers(spec),
      body: spec.json !== undefined ? JSON.stringify(spec.json) : spec.rawBody,
    };

    // Auth seam (issue 14): an AuthProvider adds headers per attempt and may ask for one more
    // attempt after an error answer (renewed token, server nonce); such attempts are not retries.
    const auth = spec.anonymous ? undefined : this.#settings.auth;
    const authRequest: AuthRequest = { method: spec.method, url };

    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let attemptInit = init;
      if (auth !== undefined) {
        const headers = new Headers(init.headers);
        for (const [name, value] of Object.entries(await auth.headers(authRequest, signal))) {
          // Access tokens a service app obtains are secrets too: kept out of every error.
          if (name.toLowerCase() === 'authorization') this.redactor.addIssued(value);
          headers.set(name, value);
        }
        attemptInit = { ...init, headers };
      }
      let answer: Answer;
      try {
        answer = await this.#attempt(url.href, attemptInit, timeout, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof AttemptTimeout) throw new TimeoutError(summary, timeout);
        const failure = new ConnectionError(summary, error);
        await this.#waitOrThrow(decideAfterConnectionError(this.#context(spec.retry, attempt)), failure, signal);
        continue;
      }

      const { response, text } = answer;
      if (response.ok) return { status: response.status, headers: response.headers, text, url };
      if (auth !== undefined && (await auth.shouldRetry(response, authRequest))) {
        attempt--;
        continue;
      }
      const parsed = parseJson(text);
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

  /**
   * Sends one attempt and reads its whole body. `timeout` bounds both (a server may stall half-way
   * through a body); the caller's `signal` aborts both. Each attempt has its own controller, so a
   * timed-out attempt never poisons the next one.
   */
  async #attempt(href: string, init: AttemptInit, timeout: number, signal: AbortSignal | undefined): Promise<Answer> {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new AttemptTimeout()), timeout);
    try {
      // Looked up per call, so a client created before msw (or any fetch patch) starts is still intercepted.
      const fetchNow = this.#settings.fetch ?? globalThis.fetch;
      const response = await untilAborted(fetchNow(href, { ...init, signal: controller.signal }), controller.signal);
      return { response, text: await untilAborted(response.text(), controller.signal) };
    } catch (error) {
      // A fetch rejects with its own error on abort; report why the attempt was aborted instead.
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
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
    if (spec.anonymous || this.#settings.auth !== undefined) headers.delete('authorization');
    else headers.set('authorization', this.#settings.authorization);
    return headers;
  }
}
