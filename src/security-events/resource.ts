import { apiCall, type ApiCall } from '../core/api-call';
import { checkCallOptions } from '../core/call-checks';
import type { CallOptions, Transport } from '../core/transport';
import {
  BadRequestError,
  readSecurityEventErrorBody,
  RequestValidationError,
  SecurityEventTokenError,
} from '../errors';

/** The path of the organization's security event receiver (RFC 8935 push delivery). */
const RECEIVER_PATH = '/security/api/v1/security-events';

/** The media type of a security event token (RFC 8417 §2.3). */
const SECEVENT_MEDIA_TYPE = 'application/secevent+jwt';

// A compact JWS: header, payload and signature, each base64url without padding.
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Refuses anything that is not a compact JWS; the token is never echoed, since it may carry personal data. */
function checkToken(token: unknown): asserts token is string {
  if (typeof token === 'string' && COMPACT_JWS.test(token)) return;
  const reason =
    typeof token === 'string'
      ? 'Must be a signed compact JWS: three base64url segments joined by dots (header.payload.signature)'
      : `Must be a string holding a compact JWS (got ${token === null ? 'null' : typeof token})`;
  throw new RequestValidationError('security event token', [{ path: 'token', reason }]);
}

/**
 * The organization's security event receiver: pushes security event tokens (SETs) from a
 * registered security events provider, as RFC 8935 describes. Sign tokens with `appset/set`.
 */
export class SecurityEventsResource {
  readonly #transport: Transport;

  /** @internal created by `createClient`. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Publishes one signed security event token. Sent without the client's credentials: the token's
   * signature authenticates it. Resolves when the organization accepts it (202); throws a
   * {@link SecurityEventTokenError} carrying RFC 8935's `err` and `description` when it refuses it.
   * Retried after 429, 5xx and connection errors, since the receiver accepts an identical token
   * again without acting twice.
   */
  publish(token: string, options?: CallOptions): ApiCall<void> {
    return apiCall(async () => {
      checkToken(token);
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'POST',
        target: RECEIVER_PATH,
        rawBody: token,
        contentType: SECEVENT_MEDIA_TYPE,
        anonymous: true,
        retry: 'idempotent',
        options,
        // The receiver's 400 body is RFC 8935's, not Okta's: the refusal is a SecurityEventTokenError,
        // and the beforeError hooks see it as such.
        apiError: (error) =>
          error instanceof BadRequestError && readSecurityEventErrorBody(error.body) !== undefined
            ? new SecurityEventTokenError({ status: error.status, headers: error.headers, request: error.request, body: error.body })
            : undefined,
      });
      return { data: undefined, response };
    });
  }
}
