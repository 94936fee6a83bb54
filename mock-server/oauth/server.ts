import type { JWK } from 'jose';
import type { Application } from '../../src/apps/application';
import { ConfigurationError } from '../../src/errors';
import type { AppService } from '../apps/service';
import type { StoredApp } from '../apps/store';
import type { CredentialVerifier } from '../pipeline/auth';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { AccessTokenStore } from './access-tokens';
import { GrantStore, type StoredGrant } from './grants';
import { grantRoutes } from './grants-routes';
import { JtiMemory } from './jti-memory';
import { DpopNonces } from './nonces';
import { accessTokenVerifier } from './resource-auth';
import { tokenRoute } from './token-endpoint';

/** Options of the backend's authorization server (`createMockBackend({ oauth })`). */
export interface MockOAuthOptions {
  /**
   * Whether the management API demands a server nonce in DPoP proofs (401 `use_dpop_nonce` with a
   * `DPoP-Nonce` header first), as RFC 9449 §9 allows resource servers to. Default `false`; the
   * token endpoint always demands one, as Okta's does.
   */
  resourceNonce?: boolean;
}

/** What {@link MockOAuthState.registerServiceApp} takes. */
export interface RegisterServiceAppInput {
  /** The service app's public key, or several (each should carry a `kid`). Private members are refused. */
  publicJwk?: JWK;
  /** Several public keys (each with its `kid`), added to `publicJwk`. */
  publicJwks?: JWK[];
  /** Okta scopes granted to the app, e.g. `['okta.apps.read']`. */
  scopes: string[];
  /** Whether the app requires DPoP-bound tokens (`dpop_bound_access_tokens`). Default `false`. */
  dpop?: boolean;
  /** The app's label. Default `Service app`. */
  label?: string;
}

/** What the oauth capability shows on the backend (`backend.oauth`). */
export interface OAuthBackendState {
  /** The authorization server: service apps, grants and issued tokens. */
  readonly oauth: MockOAuthState;
}

/** The backend's authorization server, driven directly (no HTTP). */
export interface MockOAuthState {
  /** Creates an ACTIVE `private_key_jwt` service app with its keys and grants its scopes: the one-call shortcut for tests. */
  registerServiceApp(input: RegisterServiceAppInput): { clientId: string; app: Application };
  /** The scope consent grants of an app, in creation order. */
  grants(appId: string): StoredGrant[];
  /** Revokes every access token issued to a client (as an admin revoking them); returns how many. */
  revokeTokens(clientId: string): number;
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/**
 * The org authorization server: the token endpoint, the Application Grants API, the issued tokens
 * and the verifier the management API checks them with. One per backend.
 */
export class OAuthServer {
  readonly grants: GrantStore;
  readonly tokens = new AccessTokenStore();
  readonly assertionJtis = new JtiMemory();
  readonly proofJtis = new JtiMemory();
  readonly tokenNonces = new DpopNonces();
  readonly resourceNonces: DpopNonces | undefined;
  readonly routes: RouteSpec[];
  readonly verifier: CredentialVerifier;

  constructor(
    private readonly env: RouteEnv,
    private readonly apps: AppService,
    options: MockOAuthOptions = {},
    newId?: (prefix: string) => string,
  ) {
    this.grants = new GrantStore(newId);
    this.resourceNonces = options.resourceNonce ? new DpopNonces() : undefined;
    this.routes = [
      tokenRoute(env, {
        apps,
        grants: this.grants,
        tokens: this.tokens,
        assertionJtis: this.assertionJtis,
        proofJtis: this.proofJtis,
        nonces: this.tokenNonces,
      }),
      ...grantRoutes(env, apps, this.grants),
    ];
    this.verifier = accessTokenVerifier(env, { apps, tokens: this.tokens, proofJtis: this.proofJtis, nonces: this.resourceNonces });
  }

  /** Creates the service app and its grants, with the same rules as the API. */
  registerServiceApp(input: RegisterServiceAppInput, now: number): StoredApp {
    const keys = [...(input.publicJwk ? [input.publicJwk] : []), ...(input.publicJwks ?? [])];
    if (keys.length === 0) throw new ConfigurationError('registerServiceApp needs the app\'s public key: pass publicJwk (or publicJwks).');
    for (const key of keys) {
      if (PRIVATE_MEMBERS.some((m) => m in key)) {
        throw new ConfigurationError('registerServiceApp got a private or symmetric key; pass the public JWK only (jose: exportJWK(publicKey)).');
      }
    }
    const app = this.apps.create(
      {
        name: 'oidc_client',
        label: input.label ?? 'Service app',
        signOnMode: 'OPENID_CONNECT',
        credentials: { oauthClient: { token_endpoint_auth_method: 'private_key_jwt' } },
        settings: {
          oauthClient: {
            application_type: 'service',
            grant_types: ['client_credentials'],
            response_types: ['token'],
            jwks: { keys },
            dpop_bound_access_tokens: input.dpop ?? false,
          },
        },
      },
      true,
      now,
    );
    for (const scopeId of input.scopes) this.grants.grant(app.body.id, { issuer: this.env.orgUrl().origin, scopeId }, this.env.orgUrl(), now);
    return app;
  }

  /**
   * Forgets what belongs to the test run rather than the organization: issued tokens, remembered
   * `jti`s and nonces. Grants are the organization's; the control plane's stores clear them.
   */
  clearRunState(): void {
    this.tokens.clear();
    this.assertionJtis.clear();
    this.proofJtis.clear();
    this.tokenNonces.clear();
    this.resourceNonces?.clear();
  }
}
