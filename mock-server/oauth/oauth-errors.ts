import type { OAuthErrorCode as ClientOAuthErrorCode } from '../../src/auth/errors';
import type { RouteReply } from '../pipeline/reply';

/**
 * OAuth 2.0 error codes the token endpoint answers with (RFC 6749 §5.2, RFC 9449 §5 and §8): those
 * the client reads, less `server_error` and `invalid_response`, which this endpoint never answers.
 */
export type OAuthErrorCode = Exclude<ClientOAuthErrorCode, 'server_error' | 'invalid_response'>;

/**
 * A refusal of the authorization server, rendered as OAuth JSON `{"error", "error_description"}`
 * (not Okta's `errorCode` shape, which only the management API uses).
 */
export class OAuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly headers: Array<[string, string]> = [],
  ) {
    super(`${status} ${error}: ${description}`);
  }

  /** The reply the token route sends. */
  reply(): RouteReply {
    return {
      status: this.status,
      body: { error: this.error, error_description: this.description },
      headers: [['cache-control', 'no-store'], ['pragma', 'no-cache'], ...this.headers],
    };
  }
}

/** `invalid_client` (401): the client could not be authenticated. */
export const invalidClient = (description: string) => new OAuthHttpError(401, 'invalid_client', description);
/** `invalid_request` (400): a parameter is missing, repeated or malformed. */
export const invalidRequest = (description: string) => new OAuthHttpError(400, 'invalid_request', description);
/** `invalid_scope` (400): a requested scope is unknown or not granted. */
export const invalidScope = (description: string) => new OAuthHttpError(400, 'invalid_scope', description);
/** `invalid_dpop_proof` (400): the `DPoP` header is missing or does not prove what it must. */
export const invalidDpopProof = (description: string) => new OAuthHttpError(400, 'invalid_dpop_proof', description);
