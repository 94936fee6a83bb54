import type { ApiCall } from '../../core/api-call';
import { transportOf } from '../../core/client-transport';
import type { CallOptions } from '../../core/transport';
import type { ClientExtension } from '../../client';
import {
  appCsrs,
  appJwks,
  appKeys,
  appSecrets,
  rotateSigningKey,
  samlMetadata,
  type AppCsrsResource,
  type AppJwksResource,
  type AppKeysResource,
  type AppSecretsResource,
  type GenerateKeyParams,
  type MetadataParams,
  type RotatedSigningKey,
} from './resources';

/** The credentials around an app, as {@link appCredentials} adds them to `client.apps`. */
export interface AppCredentialsResources {
  /** Signing keys of apps and their certificates (`/api/v1/apps/{appId}/credentials/keys`). */
  readonly keys: AppKeysResource;
  /** Certificate signing requests of apps (`/api/v1/apps/{appId}/credentials/csrs`). */
  readonly csrs: AppCsrsResource;
  /** Client secrets of OAuth 2.0 client apps (`/api/v1/apps/{appId}/credentials/secrets`). */
  readonly secrets: AppSecretsResource;
  /** JSON Web Keys of OAuth 2.0 client apps (`/api/v1/apps/{appId}/credentials/jwks`). */
  readonly jwks: AppJwksResource;
  /** A SAML 2.0 app's IdP metadata (`GET /api/v1/apps/{appId}/sso/saml/metadata`), the XML document as a string; `kid` picks the certificate. */
  readonly metadata: (appId: string, params?: MetadataParams, options?: CallOptions) => ApiCall<string>;
  /**
   * Rotates an app's signing key: generates a key valid `validityYears`, switches the app's
   * `credentials.signing.kid` to it with a replace that changes nothing else, and answers the key,
   * the app and (for SAML 2.0) its metadata with the new certificate. See docs/credentials.md.
   */
  readonly rotateSigningKey: (appId: string, params: GenerateKeyParams, options?: CallOptions) => Promise<RotatedSigningKey>;
}

/**
 * The extension that gives a client the credentials around its apps: `client.apps.keys`, `csrs`,
 * `secrets`, `jwks`, `metadata` and `rotateSigningKey` (see {@link AppCredentialsResources}).
 * `createClient` from `appset` has it already; a bare client takes it with
 * `createClient(options).extend(appCredentials)`, both from `appset/core`.
 */
export const appCredentials: ClientExtension<{ apps: AppCredentialsResources }> = (client) => {
  const transport = transportOf(client);
  const keys = appKeys(transport);
  const metadata = samlMetadata(transport);
  return {
    apps: {
      keys,
      csrs: appCsrs(transport),
      secrets: appSecrets(transport),
      jwks: appJwks(transport),
      metadata,
      rotateSigningKey: rotateSigningKey(client.apps, keys, metadata),
    },
  };
};
