import type { AfterResponseHook, BeforeRequestHook, BeforeRetryHook } from 'ky';
import type { AppsetError } from '../errors';

/**
 * Runs when a request has failed, with the appset error about to be thrown (an `ApiError`,
 * `ConnectionError`, `TimeoutError`, `InvalidResponseError` or `RedirectError`). Return it, or
 * another error to throw instead. Unlike ky's own `beforeError`, it sees every failure of a
 * request, not only HTTP errors, and appset's error rather than ky's `HTTPError`. A list's page
 * read ahead (`prefetch`) that fails reaches it only if the walk gets to that page.
 */
export type BeforeErrorHook = (error: AppsetError) => Error | Promise<Error>;

/**
 * Functions called around every request, for logging, tracing and metrics: ky's hooks, handed to
 * ky as they are (`beforeRequest`, `afterResponse`, `beforeRetry`), plus `beforeError` given appset's
 * error. The requests they see never carry the `Authorization` header: appset adds it as the request
 * leaves, so a hook that logs a request, its options or an error cannot log the credential. The
 * responses they see (status text, headers, an error answer's body) and the error `beforeRetry` gets
 * have the client's secrets redacted; with `afterResponse` or `beforeRetry` hooks given, the headers
 * a call's `withResponse()` and a pager's pages carry are those redacted copies too.
 */
export interface ClientHooks {
  /** `(request, options, { retryCount })`: before each attempt; may change the request's headers. */
  beforeRequest?: BeforeRequestHook[];
  /** `(request, options, response, { retryCount })`: after each attempt's response, errors included. */
  afterResponse?: AfterResponseHook[];
  /** `({ request, options, error, retryCount })`: before each retry, after appset decided to retry. */
  beforeRetry?: BeforeRetryHook[];
  /** `(error)`: before a failed request's error is thrown; returns the error to throw. */
  beforeError?: BeforeErrorHook[];
}

/** The hook names {@link ClientHooks} takes, for the option check. */
export const HOOK_NAMES = ['beforeRequest', 'afterResponse', 'beforeRetry', 'beforeError'] as const;
