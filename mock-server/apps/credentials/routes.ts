import type { RouteEnv, RouteSpec } from '../../pipeline/route';
import type { AppService } from '../service';
import { csrRoutes } from './csr-routes';
import { jwkRoutes } from './jwk-routes';
import { credentialRouteKit } from './route-kit';
import { secretRoutes } from './secret-routes';
import type { CredentialService } from './service';
import { signingKeyRoutes } from './signing-key-routes';

/**
 * The routes around an app's credentials: signing keys (list, get, generate, clone), SAML metadata,
 * certificate signing requests (generate, list, get, revoke, publish), OAuth 2.0 client secrets and
 * client JSON Web Keys, each with Okta's rules and error answers.
 */
export function credentialRoutes(env: RouteEnv, apps: AppService, credentials: CredentialService): RouteSpec[] {
  const kit = credentialRouteKit(env, apps, credentials);
  return [...signingKeyRoutes(kit), ...csrRoutes(kit), ...secretRoutes(kit), ...jwkRoutes(kit)];
}
