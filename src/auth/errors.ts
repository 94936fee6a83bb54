import { AppsetError } from '../errors';

/** OAuth 2.0 error codes a token endpoint answers with (RFC 6749 §5.2, RFC 9449), plus appset's own `invalid_response`. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_dpop_proof'
  | 'use_dpop_nonce'
  | 'server_error'
  | 'invalid_response';

const OAUTH_ERROR_BRAND = /* @__PURE__ */ Symbol.for('appset.OAuthError');

/** The longest server description kept in a message (a server could send anything). */
const MAX_DESCRIPTION = 500;

/** What to do about each error, in the caller's terms (the options of `createClient({ oauth })`). */
const HINTS: Record<string, string> = {
  invalid_client:
    'Check oauth.clientId (the service app\'s client id) and that the public half of oauth.privateKey is registered in the app\'s settings.oauthClient.jwks.keys (oauth.keyId must match its kid), and that the app is ACTIVE and uses private_key_jwt.',
  invalid_scope:
    'Grant the scopes to the service app (POST /api/v1/apps/{clientId}/grants, or the Okta API Scopes tab of the app), or request fewer in oauth.scopes.',
  unauthorized_client: 'Allow the client_credentials grant in the app\'s settings.oauthClient.grant_types.',
  unsupported_grant_type: 'The organization does not support the client_credentials grant at this endpoint.',
  use_dpop_nonce: 'The server kept refusing DPoP nonces; check that clocks are in sync and retry.',
  invalid_request: 'Check oauth.scopes and the organization URL.',
  server_error: 'Retry later; if it persists, quote the request id to Okta support.',
  invalid_response: 'Check that orgUrl is the organization\'s URL and that nothing between rewrites its answers.',
};

function hintFor(error: string, dpop: boolean): string {
  if (error === 'invalid_dpop_proof') {
    return dpop
      ? 'The DPoP proof was refused; check that the clocks of this machine and the organization agree.'
      : 'The app requires DPoP-bound tokens: pass oauth.dpop: true to createClient (or turn off "Require DPoP" on the app).';
  }
  return HINTS[error] ?? 'Check the service app\'s configuration in the organization.';
}

/**
 * The organization's token endpoint refused to issue an access token for the service app, or
 * answered something appset cannot use. `error` is the OAuth code (`invalid_client`,
 * `invalid_scope`, `invalid_dpop_proof`, …); the message says what to fix. Neither the private key,
 * the client assertion nor any token is ever kept on it.
 */
export class OAuthError extends AppsetError {
  /** @internal brand read by {@link isOAuthError}. */
  // Declared here and set in the constructor: a computed field would keep the class in browser bundles that never use it.
  declare readonly [OAUTH_ERROR_BRAND]: true;
  /** The OAuth error code. */
  readonly error: OAuthErrorCode | (string & {});
  /** The server's explanation, when it gave one. */
  readonly errorDescription: string | undefined;
  /** The HTTP status of the token endpoint's answer (0 when there was none). */
  readonly status: number;
  /** The `X-Okta-Request-Id` of the answer, to quote to Okta support. */
  readonly requestId: string | undefined;

  constructor(init: { error: string; description?: string; status: number; requestId?: string; dpop: boolean; cause?: unknown }) {
    const description = init.description?.slice(0, MAX_DESCRIPTION);
    const detail = description ? `: ${description.replace(/\.$/, '')}` : '';
    const id = init.requestId ? ` (request id ${init.requestId})` : '';
    super(`The organization refused the service app's token request with ${init.error}${detail}${id}. ${hintFor(init.error, init.dpop)}`, {
      cause: init.cause,
    });
    (this as { [OAUTH_ERROR_BRAND]: boolean })[OAUTH_ERROR_BRAND] = true;
    this.error = init.error;
    this.errorDescription = description;
    this.status = init.status;
    this.requestId = init.requestId;
  }
}

/** True for an {@link OAuthError}, also one from another copy of appset or another realm. */
export function isOAuthError(error: unknown): error is OAuthError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[OAUTH_ERROR_BRAND] === true;
}
