import type { AppService } from '../apps/service';
import type { StoredApp } from '../apps/store';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import type { RouteReply } from '../pipeline/reply';
import { ACCESS_TOKEN_LIFETIME_SECONDS, type AccessTokenStore } from './access-tokens';
import { claimedClientId, JWT_BEARER_ASSERTION_TYPE, verifyClientAssertion } from './client-assertion';
import { DpopProblem, verifyDpopProof } from './dpop-proof';
import type { GrantStore } from './grants';
import type { JtiMemory } from './jti-memory';
import type { DpopNonces } from './nonces';
import { invalidClient, invalidDpopProof, invalidRequest, invalidScope, OAuthHttpError } from './oauth-errors';
import { exceedsUtf8Bytes } from '../pipeline/utf8';
import { isObject, type Json } from '../shared/json';
import { isFormLabel } from '../shared/media-types';

/** The token endpoint's path on the org (the org authorization server). */
export const TOKEN_PATH = '/oauth2/v1/token';

/** The largest form body the token endpoint reads. */
export const MAX_FORM_BYTES = 64 * 1024;

/** The most scopes one token request may name. */
const MAX_SCOPES = 50;

/** What the token endpoint works with. */
export interface TokenEndpointDeps {
  apps: AppService;
  grants: GrantStore;
  tokens: AccessTokenStore;
  /** `jti`s of accepted client assertions and DPoP proofs. */
  assertionJtis: JtiMemory;
  proofJtis: JtiMemory;
  nonces: DpopNonces;
}

async function readForm(request: Request): Promise<Map<string, string>> {
  const type = request.headers.get('content-type') ?? '';
  if (!isFormLabel(type)) {
    throw invalidRequest('The token request must be sent as application/x-www-form-urlencoded.');
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_FORM_BYTES) throw invalidRequest(`The request body exceeds ${MAX_FORM_BYTES} bytes.`);
  const text = await request.text();
  if (exceedsUtf8Bytes(text, MAX_FORM_BYTES)) throw invalidRequest(`The request body exceeds ${MAX_FORM_BYTES} bytes.`);
  const form = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(text)) {
    if (form.has(key)) throw invalidRequest(`The '${key}' parameter is repeated; send each parameter once.`);
    form.set(key, value);
  }
  return form;
}

function oauthClient(app: StoredApp): { credentials: Json; settings: Json } {
  const credentials = isObject(app.body.credentials) && isObject(app.body.credentials.oauthClient) ? app.body.credentials.oauthClient : {};
  const settings = isObject(app.body.settings) && isObject(app.body.settings.oauthClient) ? app.body.settings.oauthClient : {};
  return { credentials, settings };
}

/** Finds the client the assertion names and checks it may use `client_credentials` with `private_key_jwt`. */
function requireServiceClient(apps: AppService, clientId: string): StoredApp {
  const app = apps.apps.get(clientId);
  if (!app || app.body.signOnMode !== 'OPENID_CONNECT') {
    throw invalidClient(`The client_id '${clientId}' is not an OAuth 2.0 client of this organization.`);
  }
  if (app.body.status !== 'ACTIVE') throw invalidClient(`The client '${clientId}' is deactivated; activate the app first.`);
  const { credentials, settings } = oauthClient(app);
  if (credentials.token_endpoint_auth_method !== 'private_key_jwt') {
    throw invalidClient(
      `The client '${clientId}' authenticates with ${String(credentials.token_endpoint_auth_method)}; this endpoint accepts private_key_jwt clients only.`,
    );
  }
  if (!Array.isArray(settings.grant_types) || !settings.grant_types.includes('client_credentials')) {
    throw new OAuthHttpError(400, 'unauthorized_client', `The client '${clientId}' is not allowed the client_credentials grant; add it to settings.oauthClient.grant_types.`);
  }
  return app;
}

function grantedScopes(form: Map<string, string>, grants: GrantStore, clientId: string): string[] {
  const requested = [...new Set((form.get('scope') ?? '').split(' ').filter((s) => s !== ''))];
  if (requested.length === 0) throw invalidScope('The scope parameter is required: name the Okta scopes the token needs, separated by spaces.');
  if (requested.length > MAX_SCOPES) throw invalidScope(`A token request names at most ${MAX_SCOPES} scopes.`);
  const granted = grants.scopesOf(clientId);
  const missing = requested.filter((s) => !granted.has(s));
  if (missing.length) {
    throw invalidScope(
      `The following scopes are not granted to the client '${clientId}': ${missing.join(' ')}. Grant them with POST /api/v1/apps/${clientId}/grants.`,
    );
  }
  return requested;
}

/**
 * `POST /oauth2/v1/token`: the `client_credentials` grant for service apps authenticating with
 * `private_key_jwt`, with DPoP-bound tokens (RFC 9449) for apps that require them. Errors are OAuth JSON; a proof without the current nonce gets 400 `use_dpop_nonce`
 * with a `DPoP-Nonce` header.
 */
export function tokenRoute(env: RouteEnv, deps: TokenEndpointDeps): RouteSpec {
  const issue = async (request: Request, url: URL, now: number): Promise<RouteReply> => {
    const form = await readForm(request);
    const grantType = form.get('grant_type');
    if (grantType === undefined) throw invalidRequest('The grant_type parameter is required.');
    if (grantType !== 'client_credentials') {
      throw new OAuthHttpError(400, 'unsupported_grant_type', `The grant_type '${grantType.slice(0, 100)}' is not supported; use client_credentials.`);
    }
    if (request.headers.has('authorization') || form.has('client_secret')) {
      throw invalidClient('Client secrets are not accepted here; authenticate with a private_key_jwt client_assertion.');
    }
    const assertion = form.get('client_assertion');
    if (form.get('client_assertion_type') !== JWT_BEARER_ASSERTION_TYPE || assertion === undefined) {
      throw invalidClient(`Authenticate the client with client_assertion_type=${JWT_BEARER_ASSERTION_TYPE} and a client_assertion JWT.`);
    }
    const clientId = await claimedClientId(assertion);
    if (clientId === undefined) throw invalidClient('The client_assertion names no client: set its iss and sub to the client_id.');
    const formClientId = form.get('client_id');
    if (formClientId !== undefined && formClientId !== clientId) {
      throw invalidClient('The client_id parameter differs from the client_assertion\'s sub.');
    }
    const app = requireServiceClient(deps.apps, clientId);
    const tokenUrl = `${env.orgUrl().origin}${TOKEN_PATH}`;
    const claims = await verifyClientAssertion(assertion, app, { clientId, tokenUrl, now });
    const scopes = grantedScopes(form, deps.grants, clientId);

    // Only apps that require DPoP get bound tokens; for others a DPoP header is ignored, as Okta
    // does (its own Node SDK sends one on every token request, DPoP app or not).
    const dpopRequired = oauthClient(app).settings.dpop_bound_access_tokens === true;
    const proof = request.headers.get('dpop');
    let jkt: string | undefined;
    if (dpopRequired) {
      try {
        ({ jkt } = await verifyDpopProof({ proof, method: 'POST', url, now, nonces: deps.nonces, replay: deps.proofJtis }));
      } catch (error) {
        if (!(error instanceof DpopProblem)) throw error;
        if (error.error === 'invalid_dpop_proof') throw invalidDpopProof(error.description);
        throw new OAuthHttpError(400, 'use_dpop_nonce', error.description, [['dpop-nonce', deps.nonces.current(now)]]);
      }
    }
    if (!deps.assertionJtis.remember(clientId, claims.jti, claims.exp * 1000, now)) {
      throw invalidClient('The client_assertion\'s jti was already used; sign a new assertion for each token request.');
    }
    const { value } = deps.tokens.issue({ clientId, scopes, jkt }, now);
    return {
      status: 200,
      headers: [['cache-control', 'no-store'], ['pragma', 'no-cache']],
      body: {
        token_type: jkt === undefined ? 'Bearer' : 'DPoP',
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
        access_token: value,
        scope: scopes.join(' '),
      },
    };
  };
  return {
    method: 'post',
    path: TOKEN_PATH,
    summary: 'the authorization server: `client_credentials` with a `private_key_jwt` assertion, scopes limited to the app\'s grants, DPoP-bound tokens with nonces',
    bucket: 'default',
    scope: null,
    handle: async ({ request, url, now }) => {
      try {
        return await issue(request, url, now);
      } catch (error) {
        if (error instanceof OAuthHttpError) return error.reply();
        throw error;
      }
    },
  };
}
