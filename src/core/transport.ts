import ky, { HTTPError, TimeoutError as KyTimeoutError, type KyInstance, type Options } from 'ky';
import {
  AppsetError,
  ConnectionError,
  createApiError,
  InvalidResponseError,
  RedirectError,
  TimeoutError,
  type ApiError,
  type RequestSummary,
} from '../errors';
import { readBoundedBody, ResponseTooLarge } from './bounded-body';
import { isRedirect, RedirectRefusal, untilAborted } from './fetch-guards';
import type { ClientHooks } from './hooks';
import { SecretRedactor } from './redact';
import { decideAfterConnectionError, decideAfterResponse, type RetryDecision, type RetryMode } from './retry-policy';

/** Per-call options accepted by every method of the client. */
export interface CallOptions {
  /** Aborts the call, including any wait before a retry. The call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Milliseconds to wait for each attempt's response, body included; overrides the client's `timeout`. */
  timeout?: number;
}

/** The fetch function appset calls; defaults to `globalThis.fetch` looked up at each call. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The request a credential scheme authenticates (an `AuthProvider`'s): one attempt's method and full URL. */
export interface AuthRequest {
  method: string;
  url: URL;
}

/**
 * How requests are authenticated: `apply` sets the credential headers of each attempt as it leaves,
 * after every hook, so no hook and no error ever holds them. An internal seam: API tokens and access
 * tokens use {@link headerAuth}; a service app (tokens on demand, DPoP proofs) plugs in here too.
 */
export interface RequestAuth {
  apply(headers: Headers, request: AuthRequest, signal: AbortSignal): void | Promise<void>;
  /**
   * After each answer to `request` (successful ones too, which may carry a new DPoP nonce): whether
   * sending it once more with credentials applied anew can succeed (a renewed token, a server's DPoP
   * nonce). That send is part of the same attempt, within its timeout, and is not counted as a
   * retry; the auth bounds how often it says yes.
   */
  sendAgain?(response: Response, request: AuthRequest): Promise<boolean>;
}

/** Sends one fixed `Authorization` header value, e.g. `SSWS <token>`. */
export function headerAuth(authorization: string): RequestAuth {
  return {
    apply(headers) {
      headers.set('authorization', authorization);
    },
  };
}

/** Settings the transport is created with (already validated by `createClient`). */
export interface TransportSettings {
  orgUrl: URL;
  /** Sets the credential on each attempt. Kept in a closure, never on a request a hook sees, nor on an error. */
  auth: RequestAuth;
  fetch: FetchLike | undefined;
  timeout: number;
  maxRetries: number;
  maxRetryWait: number;
  /** The largest response body read, in bytes; a larger one is an `InvalidResponseError`. */
  maxResponseBytes: number;
  userAgent: string;
  headers: Record<string, string>;
  hooks: ClientHooks;
}

/** Query values; `undefined` members are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

/** One logical call; the transport may send it several times. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path on the organization (`/api/v1/apps`) or an absolute URL (a `Link` header's target). */
  target: string | URL;
  query?: QueryParams;
  /** Serialized as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body sent as is, with `contentType` (a `FormData` sets its own multipart type: leave `contentType` out). */
  rawBody?: string | Blob | FormData | Uint8Array;
  contentType?: string;
  /** The `Accept` header, when the answer is not JSON (SAML metadata is XML); default `application/json`. */
  accept?: string;
  /** Leave out the `Authorization` header (the SET receiver takes none). */
  anonymous?: boolean;
  /**
   * Turns the API error built from a refusal into the error this call throws (the SET receiver's
   * RFC 8935 body, say), before the `beforeError` hooks see it; `undefined` keeps the API error.
   */
  apiError?: (error: ApiError) => AppsetError | undefined;
  retry: RetryMode;
  options?: CallOptions;
  /**
   * Throw failures redacted but before the `beforeError` hooks, which the caller runs with
   * {@link Transport.failed} once it uses the failure: a page read ahead that a walk may never reach.
   */
  deferErrorHooks?: boolean;
}

/** A successful answer: status below 300 and a readable body. */
export interface TransportResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or `undefined` for an empty body. */
  body: unknown;
  /** The URL that was requested. */
  readonly url: URL;
}

/** A successful answer whose body has been read but not parsed. */
export interface TextResponse {
  status: number;
  headers: Headers;
  /** The whole body as text. */
  text: string;
  /** The URL that was requested. */
  readonly url: URL;
  /** The same URL as text. */
  href: string;
}

/**
 * `fields` with a `url` parsed from `href` when first read (for an error, a page's next link,
 * `withResponse()`), not on every call; the getter holds the text of the URL only.
 */
function lazyUrl<T extends object>(fields: T, href: string): T & { readonly url: URL } {
  let url: URL | undefined;
  return Object.defineProperty(fields, 'url', { get: () => (url ??= new URL(href)), enumerable: true }) as T & { readonly url: URL };
}

function buildUrl(orgUrl: URL, spec: RequestSpec): URL {
  const url = new URL(spec.target, orgUrl);
  for (const [key, value] of Object.entries(spec.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** The query's defined members, or `undefined` when none is (ky would add a bare `?`). */
function definedQuery(query: QueryParams | undefined): Record<string, string | number | boolean> | undefined {
  let defined: Record<string, string | number | boolean> | undefined;
  for (const key in query) {
    const value = query[key];
    if (value !== undefined) (defined ??= {})[key] = value;
  }
  return defined;
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

/** A fetch or body read that failed without an answer: the only failure retried as a broken connection. */
class NetworkFailure extends Error {
  constructor(readonly original: unknown) {
    super('network failure', { cause: original });
  }
}

/** What one call tells the fetch behind ky, through an option ky hands to fetch untouched. */
interface CallState {
  anonymous: boolean;
  /**
   * Whether the request's signal may be one the fetch does not answer for: the caller's, or one a
   * hook's request of its own carries. ky's own signal needs no guard: ky's timer settles the call
   * on timeout whatever the fetch does.
   */
  guardAbort: boolean;
  /** The URL of the latest attempt, as ky built it. */
  url?: string;
  /**
   * The latest attempt's body, read already, and the response handed back to ky without it (a hook
   * may put another response in its place: `beforeRetry` may return one).
   */
  read?: { response: Response; bytes: Uint8Array };
  /** The DPoP proofs the call's attempts sent, redacted from its errors whatever other calls sent since. */
  proofs?: string[];
}

/** The body the call's fetch read already, as text, if `response` is the one it came with (otherwise read `response` itself). */
function keptText(call: CallState, response: Response): string | undefined {
  return call.read?.response === response ? decoder.decode(call.read.bytes) : undefined;
}

/** The key under which a call's {@link CallState} travels from ky's options to its `fetch`. */
const CALL_STATE = 'appsetCall';

const decoder = new TextDecoder();

const RETRY_METHODS: Array<'get' | 'post' | 'put' | 'patch' | 'delete'> = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The one place requests are sent: one ky instance per client does the timeouts (body included,
 * since the body is read inside ky's fetch), the retries, the hooks, `prefixUrl`, `searchParams` and
 * JSON; appset decides which failures are retried and for how long (Okta's rate-limit reset), adds
 * the credential as each attempt leaves, refuses redirects and oversized bodies, and turns every
 * failure into an appset error. Resources are thin layers over `send` (and the pager over `receive`).
 */
export class Transport {
  readonly orgUrl: URL;
  readonly #settings: TransportSettings;
  readonly #ky: KyInstance;
  /** Whether `afterResponse` hooks will read responses, so each must come with its body. */
  readonly #hooksReadResponses: boolean;
  /** Whether hooks will see ky's responses (`afterResponse`, `beforeRetry`), so theirs must hold no secret. */
  readonly #hooksSeeResponses: boolean;
  /** Whether hooks may put a request of their own, with a signal of its own, in ky's (`beforeRequest`, `beforeRetry`). */
  readonly #hooksReplaceRequests: boolean;

  /** The client's secrets, removed from every error before a hook or the caller sees it (see {@link SecretRedactor}). */
  readonly redactor = new SecretRedactor();

  constructor(settings: TransportSettings) {
    this.#settings = settings;
    this.orgUrl = settings.orgUrl;
    this.#hooksReadResponses = (settings.hooks.afterResponse?.length ?? 0) > 0;
    this.#hooksSeeResponses = this.#hooksReadResponses || (settings.hooks.beforeRetry?.length ?? 0) > 0;
    this.#hooksReplaceRequests = (settings.hooks.beforeRequest?.length ?? 0) + (settings.hooks.beforeRetry?.length ?? 0) > 0;
    this.redactor.addHeaders(settings.headers);
    const headers = new Headers(settings.headers);
    // The credential is appset's alone, added as each attempt leaves (see #fetch).
    headers.delete('authorization');
    headers.set('accept', 'application/json');
    headers.set('user-agent', settings.userAgent);
    // ky merges these defaults into every call's options, key by key: only what differs from ky's
    // own defaults is set (the timeout here once, per call only when the call's own differs; the
    // hooks only when there are some).
    const { beforeRequest = [], afterResponse = [], beforeRetry = [] } = settings.hooks;
    const hooks = { beforeRequest, afterResponse, beforeRetry };
    this.#ky = ky.create({
      prefixUrl: settings.orgUrl.href,
      headers,
      redirect: 'manual',
      timeout: settings.timeout,
      fetch: (input, init) => this.#fetch(input as Request, init as Record<string, unknown> | undefined),
      ...(beforeRequest.length + afterResponse.length + beforeRetry.length > 0 ? { hooks } : {}),
    });
  }

  /** Sends `spec` and parses the successful answer's body as JSON. */
  async send(spec: RequestSpec): Promise<TransportResponse> {
    const received = await this.receive(spec);
    const parsed = parseJson(received.text);
    if (!parsed.ok) {
      const { status, headers, url } = received;
      throw await this.failed(new InvalidResponseError(summarize(spec.method, url), status, headers, 'a body that is not JSON', parsed.error));
    }
    return lazyUrl({ status: received.status, headers: received.headers, body: parsed.value }, received.href);
  }

  /**
   * Sends `spec` and reads the successful answer's whole body without parsing it, so a caller can act
   * on the headers (a pager starting the next request) before the parse.
   */
  async receive(spec: RequestSpec): Promise<TextResponse> {
    const signal = spec.options?.signal;
    if (signal === undefined) return this.#receive(spec, undefined, undefined);
    signal.throwIfAborted();
    // ky combines the signal it is given with AbortSignal.any, which on Node.js 20 leaves an entry
    // on a long-lived signal per call (nodejs/node#55351): it gets a per-call signal that follows
    // the caller's through a listener removed when the call ends.
    const controller = new AbortController();
    const follow = (): void => controller.abort(signal.reason);
    signal.addEventListener('abort', follow, { once: true });
    try {
      return await this.#receive(spec, signal, controller.signal);
    } finally {
      signal.removeEventListener('abort', follow);
    }
  }

  async #receive(spec: RequestSpec, signal: AbortSignal | undefined, callSignal: AbortSignal | undefined): Promise<TextResponse> {
    const timeout = spec.options?.timeout ?? this.#settings.timeout;
    const call: CallState = { anonymous: spec.anonymous === true, guardAbort: signal !== undefined || this.#hooksReplaceRequests };
    let wait = 0;
    const options: Options & { [CALL_STATE]: CallState } = {
      method: spec.method,
      retry: {
        limit: this.#settings.maxRetries,
        methods: RETRY_METHODS,
        // appset's policy decides every retry and its wait; ky waits (abortably) and sends again.
        shouldRetry: ({ error, retryCount }) => {
          const decision = this.#decide(spec.retry, error, retryCount, signal);
          if (!decision.retry) return false;
          wait = decision.waitMs;
          // ky hands this very error to the beforeRetry hooks next (ky's HTTPError quotes the status text).
          if (this.#hooksSeeResponses) this.redactor.redactError(error, call.proofs);
          return true;
        },
        delay: () => wait,
      },
      [CALL_STATE]: call,
    };
    if (timeout !== this.#settings.timeout) options.timeout = timeout;
    if (callSignal) options.signal = callSignal;
    const query = definedQuery(spec.query);
    if (query) options.searchParams = query;
    if (spec.json !== undefined) options.json = spec.json;
    else if (spec.rawBody !== undefined) {
      options.body = spec.rawBody as RequestInit['body'];
      if (spec.contentType) options.headers = { 'content-type': spec.contentType };
    }
    if (spec.accept !== undefined) options.headers = { ...(options.headers as Record<string, string> | undefined), accept: spec.accept };
    // ky's prefixUrl takes a path without its leading slash.
    const input = typeof spec.target === 'string' && spec.target.startsWith('/') ? spec.target.slice(1) : spec.target;

    let response: Response;
    try {
      response = await this.#ky(input, options);
    } catch (error) {
      const failure = await this.#failure(error, spec, call, timeout, signal);
      throw spec.deferErrorHooks ? this.redactor.redactError(failure, call.proofs) : await this.failed(failure, call.proofs);
    }
    const text = keptText(call, response) ?? (await response.text());
    const href = call.url ?? buildUrl(this.orgUrl, spec).href;
    return lazyUrl({ status: response.status, headers: response.headers, text, href }, href);
  }

  /**
   * The fetch behind ky: adds the credential, sends with the fetch of the moment, refuses a redirect,
   * and reads the whole body within the bound. ky's timeout covers all of it, so a body that stalls
   * half-way times out, and a connection that breaks mid-body is retried like one that broke before.
   */
  async #fetch(request: Request, init: Record<string, unknown> | undefined): Promise<Response> {
    const call = init?.[CALL_STATE] as CallState | undefined;
    // ky's own copy of the request (the one hooks see from now on) was taken before this call.
    const headers = request.headers;
    const auth = call?.anonymous ? undefined : this.#settings.auth;
    if (!auth) headers.delete('authorization');
    if (call) call.url = request.url;
    const signal = request.signal;
    try {
      // A fetch given in the options (or patched in) may ignore its signal: one listener for the
      // whole attempt makes the request's abort hold all the same (see CallState.guardAbort).
      const attempt = this.#attempt(request, headers, auth, call);
      return await (call?.guardAbort === false ? attempt : untilAborted(attempt, signal));
    } catch (error) {
      // A credential that could not be had (a service app's token request refused) is no broken connection.
      if (signal.aborted || error instanceof RedirectRefusal || error instanceof ResponseTooLarge || error instanceof AppsetError) throw error;
      throw new NetworkFailure(error);
    }
  }

  /** One attempt of {@link Transport.#fetch}: credentials, the send (again, if the auth asks), the bounded body. */
  async #attempt(request: Request, headers: Headers, auth: RequestAuth | undefined, call: CallState | undefined): Promise<Response> {
    const signal = request.signal;
    // Parsed only for an auth that reads it (a service app's DPoP proof); an API token never does.
    let url: URL | undefined;
    const authRequest: AuthRequest = {
      method: request.method,
      get url() {
        return (url ??= new URL(request.url));
      },
    };
    const body = request.body === null ? undefined : await request.arrayBuffer();
    // Looked up per call, so a client created before msw (or any fetch patch) starts is still intercepted.
    const fetchNow = this.#settings.fetch ?? globalThis.fetch;
    let response: Response;
    for (;;) {
      // Once the attempt is abandoned (abort, timeout), nothing more is sent, even by a fetch that
      // ignores its signal: the caller has been answered already (see #fetch).
      signal.throwIfAborted();
      if (auth) await this.#authenticate(auth, headers, authRequest, signal, call);
      signal.throwIfAborted();
      response = await fetchNow(request.url, { method: request.method, headers, body, signal, redirect: 'manual' });
      if (!auth?.sendAgain || !(await auth.sendAgain(response, authRequest))) break;
      void response.body?.cancel().catch(() => undefined);
    }
    if (isRedirect(response)) {
      void response.body?.cancel().catch(() => undefined);
      throw new RedirectRefusal(response);
    }
    if (signal.aborted) {
      void response.body?.cancel().catch(() => undefined);
      signal.throwIfAborted();
    }
    let bytes = await readBoundedBody(response, this.#settings.maxResponseBytes);
    // What ky hands to hooks (and quotes in its HTTPError) holds none of the client's secrets.
    let { statusText, headers: responseHeaders } = response;
    if (this.#hooksSeeResponses) {
      statusText = this.redactor.redactText(statusText, call?.proofs);
      responseHeaders = this.redactor.redactHeaders(responseHeaders, call?.proofs);
      // An error's body too, when hooks read it; a successful body is the caller's data, left as is.
      if (this.#hooksReadResponses && !response.ok) bytes = this.#redactBytes(bytes, call?.proofs);
    }
    // Building a Response around the bytes costs more than the rest of the call: only hooks that
    // read the response get one; otherwise ky gets the read response and the bytes wait here.
    if (!this.#hooksReadResponses && call) {
      const answer =
        statusText === response.statusText && responseHeaders === response.headers
          ? response
          : new Response(null, { status: response.status, statusText, headers: responseHeaders });
      call.read = { response: answer, bytes };
      return answer;
    }
    return new Response(bytes.byteLength === 0 ? null : bytes, { status: response.status, statusText, headers: responseHeaders });
  }

  /** `bytes` as UTF-8 text with the client's secrets redacted, re-encoded; `bytes` themselves when they hold none. */
  #redactBytes(bytes: Uint8Array, proofs: readonly string[] | undefined): Uint8Array {
    const text = decoder.decode(bytes);
    const redacted = this.redactor.redactText(text, proofs);
    return redacted === text ? bytes : new TextEncoder().encode(redacted);
  }

  /**
   * Applies the credentials, remembering every credential header the auth set as a secret to keep
   * out of errors and hooks: the `Authorization` value, and the DPoP proof (also on the call, whose
   * errors are redacted with its own proofs however many other requests were sent since).
   */
  async #authenticate(auth: RequestAuth, headers: Headers, request: AuthRequest, signal: AbortSignal, call: CallState | undefined): Promise<void> {
    await auth.apply(headers, request, signal);
    const credential = headers.get('authorization');
    if (credential !== null) this.redactor.addIssued(credential);
    const proof = headers.get('dpop');
    if (proof !== null) {
      this.redactor.addProof(proof);
      if (call) (call.proofs ??= []).push(proof);
    }
  }

  #decide(mode: RetryMode, error: Error, attempt: number, signal: AbortSignal | undefined): RetryDecision {
    if (signal?.aborted) return { retry: false };
    const ctx = {
      mode,
      attempt,
      maxRetries: this.#settings.maxRetries,
      maxRetryWait: this.#settings.maxRetryWait,
      now: Date.now(),
    };
    if (error instanceof HTTPError) return decideAfterResponse(ctx, error.response.status, error.response.headers);
    if (error instanceof NetworkFailure) return decideAfterConnectionError(ctx);
    // Timeouts, redirects, oversized bodies and errors thrown by hooks are never retried.
    return { retry: false };
  }

  /** The appset error for a call that failed; the caller's abort reason and hooks' own errors pass as they are. */
  async #failure(
    error: unknown,
    spec: RequestSpec,
    call: CallState,
    timeout: number,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    if (signal?.aborted) return signal.reason;
    const url = call.url !== undefined ? new URL(call.url) : buildUrl(this.orgUrl, spec);
    const summary = summarize(spec.method, url);
    if (error instanceof KyTimeoutError) return new TimeoutError(summary, timeout);
    if (error instanceof NetworkFailure) return new ConnectionError(summary, error.original);
    if (error instanceof RedirectRefusal) {
      return new RedirectError(summary, error.response.status, error.response.headers, url);
    }
    if (error instanceof ResponseTooLarge) {
      return new InvalidResponseError(summary, error.response.status, error.response.headers, error.problem);
    }
    if (error instanceof HTTPError) {
      const text = keptText(call, error.response) ?? (await error.response.text());
      const parsed = parseJson(text);
      const apiError = createApiError({
        status: error.response.status,
        headers: error.response.headers,
        request: summary,
        body: parsed.ok ? parsed.value : undefined,
      });
      return spec.apiError?.(apiError) ?? apiError;
    }
    return error;
  }

  /**
   * The error to throw for a request that failed, however late it was found: a failure of the
   * exchange, or an answer the caller could not use (a page or body of the wrong shape). Removes the
   * client's secrets, then runs the `beforeError` hooks on it. Every request failure thrown to the
   * caller goes through here once: `throw await transport.failed(error)`. `proofs`: the DPoP proofs
   * of the request the error is about (see `SecretRedactor.redactError`).
   */
  failed(error: unknown, proofs?: readonly string[]): Promise<unknown> {
    return this.#beforeError(this.redactor.redactError(error, proofs));
  }

  /** Runs the `beforeError` hooks on an appset error; anything else passes untouched. */
  async #beforeError(error: unknown): Promise<unknown> {
    const hooks = this.#settings.hooks.beforeError;
    if (!hooks?.length || !(error instanceof AppsetError)) return error;
    let current: Error = error;
    for (const hook of hooks) {
      const next = await hook(current as AppsetError);
      if (next instanceof Error) current = next;
    }
    return current;
  }
}
