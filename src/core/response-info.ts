/** What a call's HTTP response said besides its body: status, headers, request id, rate limit. */
export interface ResponseInfo {
  /** HTTP status of the response. */
  status: number;
  /** The response headers. */
  headers: Headers;
  /** The URL that was requested (the last attempt's, when the call was retried). */
  url: string;
  /** `X-Okta-Request-Id`: quote it to Okta support. */
  requestId: string | undefined;
  /** The endpoint bucket's rate limit, from the `X-Rate-Limit-*` headers. */
  rateLimit: RateLimitInfo;
}

/** The `X-Rate-Limit-Limit`, `-Remaining` and `-Reset` headers of one response, read. */
export interface RateLimitInfo {
  /** Requests allowed per window in this endpoint's bucket. */
  limit: number | undefined;
  /** Requests left in the current window. */
  remaining: number | undefined;
  /** When the window resets (`X-Rate-Limit-Reset`, epoch seconds). */
  resetAt: Date | undefined;
}

function count(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Describes a response the transport received. */
export function describeResponse(response: { status: number; headers: Headers; url: URL | string }): ResponseInfo {
  const { headers } = response;
  const reset = count(headers, 'x-rate-limit-reset');
  return {
    status: response.status,
    headers,
    url: String(response.url),
    requestId: headers.get('x-okta-request-id') ?? undefined,
    rateLimit: {
      limit: count(headers, 'x-rate-limit-limit'),
      remaining: count(headers, 'x-rate-limit-remaining'),
      resetAt: reset === undefined ? undefined : new Date(reset * 1000),
    },
  };
}
