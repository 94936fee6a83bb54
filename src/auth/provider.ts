import type { AuthRequest, RequestAuth } from '../core/transport';

export type { AuthRequest } from '../core/transport';

/**
 * Credentials computed per attempt, for schemes where a fixed `Authorization` header is not
 * enough (OAuth 2.0 service apps: tokens on demand, DPoP proofs bound to method and URL). The
 * transport asks for headers before each attempt and, after an error answer, whether to send the
 * request again with fresh headers (a renewed token, a server nonce).
 */
export interface AuthProvider {
  /** The headers to send with this attempt (`authorization`, `dpop`). May fetch a token; honours `signal`. */
  headers(request: AuthRequest, signal?: AbortSignal): Promise<Record<string, string>>;
  /**
   * Called with each answer to the attempt `request` made (the same object given to `headers`),
   * successful ones included; true when sending it again with new headers can succeed. The provider
   * bounds its own retries.
   */
  shouldRetry(response: Response, request: AuthRequest): Promise<boolean>;
}

/** The transport's view of an {@link AuthProvider}: headers applied per attempt, one more send when the provider says so. */
export function serviceAppAuth(provider: AuthProvider): RequestAuth {
  return {
    async apply(headers, request, signal) {
      for (const [name, value] of Object.entries(await provider.headers(request, signal))) headers.set(name, value);
    },
    sendAgain: (response, request) => provider.shouldRetry(response, request),
  };
}
