import ky, { TimeoutError as KyTimeoutError, type KyInstance } from 'ky';
import { readBoundedBody, ResponseTooLarge } from '../core/bounded-body';
import { isRedirect, RedirectRefusal, untilAborted } from '../core/fetch-guards';
import { ConnectionError, InvalidResponseError, RedirectError, TimeoutError, type RequestSummary } from '../errors';

/** The fetch a token request is sent with (the client's `fetch` option, or `globalThis.fetch` of the moment). */
export type TokenFetch = (input: string, init: RequestInit) => Promise<Response>;

/** Settings of {@link TokenRequester}, the client's own. */
export interface TokenRequesterSettings {
  url: URL;
  fetch: TokenFetch | undefined;
  /** Milliseconds for the whole exchange, body included (the client's `timeout`). */
  timeout: number;
  /** The largest answer read, in bytes (the client's `maxResponseBytes`). */
  maxResponseBytes: number;
}

/**
 * Sends a service app's token requests through ky, with a ky instance of its own: the client's
 * fetch and timeout (the body read included), no retries, no redirect followed (a 3xx is a
 * `RedirectError` and nothing goes to its target), the answer bounded by `maxResponseBytes`. The
 * client's hooks do not run on it: the request body carries the client assertion, a credential.
 */
export class TokenRequester {
  readonly #settings: TokenRequesterSettings;
  readonly #ky: KyInstance;
  readonly #summary: RequestSummary;

  constructor(settings: TokenRequesterSettings) {
    this.#settings = settings;
    this.#summary = { method: 'POST', path: settings.url.pathname };
    this.#ky = ky.create({
      timeout: settings.timeout,
      retry: 0,
      throwHttpErrors: false,
      redirect: 'manual',
      fetch: (input) => this.#fetch(input as Request),
    });
  }

  /** Posts a form; answers the response (any status but 3xx) and its whole body as text. */
  async post(body: URLSearchParams, headers: Record<string, string>): Promise<{ response: Response; text: string }> {
    let response: Response;
    try {
      response = await this.#ky.post(this.#settings.url, { body: body.toString(), headers });
    } catch (error) {
      throw this.#failure(error);
    }
    return { response, text: await response.text() };
  }

  /** The fetch behind ky: the fetch of the moment, redirects refused, the body read within ky's timeout and the bound. */
  async #fetch(request: Request): Promise<Response> {
    const { signal } = request;
    // Looked up per call, so msw (or any fetch patch) started after the client still applies.
    const fetchNow = this.#settings.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
    // One listener for the whole attempt, as the transport's: a fetch given in the options may ignore its signal.
    return untilAborted(
      (async () => {
        const response = await fetchNow(request.url, { method: request.method, headers: request.headers, body: await request.text(), signal, redirect: 'manual' });
        if (isRedirect(response)) {
          void response.body?.cancel().catch(() => undefined);
          throw new RedirectRefusal(response);
        }
        const bytes = await readBoundedBody(response, this.#settings.maxResponseBytes);
        return new Response(bytes.byteLength === 0 ? null : bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
      })(),
      signal,
    );
  }

  #failure(error: unknown): Error {
    if (error instanceof KyTimeoutError) return new TimeoutError(this.#summary, this.#settings.timeout);
    if (error instanceof RedirectRefusal) return new RedirectError(this.#summary, error.response.status, error.response.headers, this.#settings.url);
    if (error instanceof ResponseTooLarge) {
      return new InvalidResponseError(this.#summary, error.response.status, error.response.headers, error.problem);
    }
    return new ConnectionError(this.#summary, error);
  }
}
