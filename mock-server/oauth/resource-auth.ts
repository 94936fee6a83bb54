import type { AppService } from '../apps/service';
import type { CredentialVerifier, MockScope } from '../pipeline/auth';
import { OktaHttpError } from '../pipeline/okta-errors';
import type { RouteEnv } from '../pipeline/route';
import type { AccessTokenStore } from './access-tokens';
import { DPOP_ALGORITHMS, DpopProblem, verifyDpopProof } from './dpop-proof';
import type { JtiMemory } from './jti-memory';
import type { DpopNonces } from './nonces';

/** What the resource server checks access tokens with. */
export interface ResourceAuthDeps {
  apps: AppService;
  tokens: AccessTokenStore;
  proofJtis: JtiMemory;
  /** When given, resource requests with DPoP tokens must carry this server's nonce. */
  nonces?: DpopNonces;
}

/**
 * A challenge parameter's quoted value. RFC 6750 §3 allows only printable ASCII without `"` and `\`
 * in `error_description`: `"` becomes `'`, and anything else outside it (a proof's claims quoted
 * back may hold any character) becomes `?`, so the header can always be written.
 */
const quote = (value: string) => `"${value.replace(/"/g, "'").replace(/[^\x20-\x7e]|\\/g, '?')}"`;

/**
 * The `WWW-Authenticate` value Okta's management API sends with a refused access token:
 * the scheme, then `authorization_uri`, `realm`, `scope`, `error`, `error_description`, `resource`.
 */
function challenge(scheme: 'Bearer' | 'DPoP', orgUrl: URL, scope: MockScope, error: string, description: string, path: string): string {
  const params: Array<[string, string]> = [];
  if (scheme === 'DPoP') params.push(['algs', DPOP_ALGORITHMS.join(' ')]);
  params.push(
    ['authorization_uri', `${orgUrl.origin}/oauth2/v1/authorize`],
    ['realm', orgUrl.origin],
    ['scope', scope],
    ['error', error],
    ['error_description', description],
    ['resource', path],
  );
  return `${scheme} ${params.map(([k, v]) => `${k}=${quote(v)}`).join(', ')}`;
}

/**
 * Accepts the access tokens the token endpoint issued, with their scopes, on every management API
 * route: a Bearer token as `Authorization: Bearer`, a DPoP-bound one only as `Authorization: DPoP`
 * with a valid proof by the key it is bound to. Refusals are 401 `E0000011` with Okta's
 * `WWW-Authenticate` challenge (and `DPoP-Nonce` when a nonce is demanded), a token never issued
 * or revoked included (`invalid_token`); it is the last verifier asked, so it may refuse those.
 */
export function accessTokenVerifier(env: RouteEnv, deps: ResourceAuthDeps): CredentialVerifier {
  return {
    async verify(request, header, scope) {
      const match = /^(bearer|dpop)\s+(\S+)\s*$/i.exec(header);
      if (!match) return undefined;
      const scheme = match[1]!.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
      const value = match[2]!;
      const record = deps.tokens.get(value);
      const url = new URL(request.url);
      const now = env.now();
      const refuse = (as: 'Bearer' | 'DPoP', error: string, description: string, extra: Array<[string, string]> = []) =>
        new OktaHttpError(401, 'E0000011', 'Invalid token provided', [], [
          ['www-authenticate', challenge(as, env.orgUrl(), scope, error, description, url.pathname)],
          ...extra,
        ]);
      if (record === undefined) {
        // An API token under the wrong scheme keeps the plain E0000011 of API tokens; any other
        // token never issued (or revoked since) is refused as Okta refuses it, with a challenge.
        if (env.tokens.isApiToken(value)) return undefined;
        throw refuse(scheme, 'invalid_token', 'The access token is invalid.');
      }
      const bound = record.jkt !== undefined ? 'DPoP' : 'Bearer';
      if (record.expiresAt <= now) throw refuse(bound, 'invalid_token', 'The access token is expired.');
      const app = deps.apps.apps.get(record.clientId);
      if (!app || app.body.status !== 'ACTIVE') throw refuse(bound, 'invalid_token', 'The access token\'s client is deactivated or deleted.');
      if (record.jkt === undefined) {
        if (scheme === 'DPoP') throw refuse('Bearer', 'invalid_token', 'The access token is not DPoP-bound; send it as Authorization: Bearer.');
        return record.scopes;
      }
      if (scheme === 'Bearer') {
        throw refuse('DPoP', 'invalid_dpop_proof', 'The access token is DPoP-bound; send it as Authorization: DPoP with a DPoP proof.');
      }
      let jkt: string;
      try {
        ({ jkt } = await verifyDpopProof({
          proof: request.headers.get('dpop'),
          method: request.method,
          url,
          now,
          nonces: deps.nonces,
          nonceOwner: 'Resource server',
          accessToken: value,
          replay: deps.proofJtis,
        }));
      } catch (error) {
        if (!(error instanceof DpopProblem)) throw error;
        const nonce: Array<[string, string]> = error.error === 'use_dpop_nonce' && deps.nonces ? [['dpop-nonce', deps.nonces.current(now)]] : [];
        throw refuse('DPoP', error.error, error.description, nonce);
      }
      if (jkt !== record.jkt) {
        throw refuse('DPoP', 'invalid_dpop_proof', 'The DPoP proof is signed by another key than the one the access token is bound to.');
      }
      return record.scopes;
    },
  };
}
