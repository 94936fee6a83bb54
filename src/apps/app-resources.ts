import { transportOf } from '../core/client-transport';
import type { ClientExtension } from '../client';
import { appFederatedClaims, type AppFederatedClaimsResource } from './federated-claims/resource';
import { appGroupPush, type AppGroupPushResource } from './group-push/resource';
import { appLogo, type AppLogoResource } from './logo/resource';
import { appPolicies, type AppPoliciesResource } from './policies/resource';
import { appConnections, type AppConnectionsResource } from './provisioning/connections';
import { appFeatures, type AppFeaturesResource } from './provisioning/features';
import { appTokens, type AppTokensResource } from './tokens/resource';
import { appUserSchema, type AppUserSchemaResource } from './user-schema/resource';

/** The resources around an app, as {@link appResources} adds them to `client.apps`. */
export interface AppResources {
  /** The app's sign-in policy (`/api/v1/apps/{appId}/policies/{policyId}`). */
  readonly policies: AppPoliciesResource;
  /** The app's logo (`/api/v1/apps/{appId}/logo`). */
  readonly logo: AppLogoResource;
  /** The app's provisioning features (`/api/v1/apps/{appId}/features`). */
  readonly features: AppFeaturesResource;
  /** The app's default provisioning connection (`/api/v1/apps/{appId}/connections/default`). */
  readonly connections: AppConnectionsResource;
  /** The refresh tokens of the app's client (`/api/v1/apps/{appId}/tokens`). */
  readonly tokens: AppTokensResource;
  /** Group push mappings (`/api/v1/apps/{appId}/group-push/mappings`). */
  readonly groupPush: AppGroupPushResource;
  /** The app's federated claims (`/api/v1/apps/{appId}/federated-claims`). */
  readonly federatedClaims: AppFederatedClaimsResource;
  /** The app user schema (`/api/v1/meta/schemas/apps/{appId}/default`). */
  readonly userSchema: AppUserSchemaResource;
}

/**
 * The extension that gives a client the resources around its apps: `client.apps.policies`, `logo`,
 * `features`, `connections`, `tokens`, `groupPush`, `federatedClaims` and `userSchema` (see
 * {@link AppResources}). `createClient` from `appset` has it already; a bare client takes it with
 * `createClient(options).extend(appResources)`, both from `appset/core`.
 */
export const appResources: ClientExtension<{ apps: AppResources }> = (client) => {
  const transport = transportOf(client);
  return {
    apps: {
      policies: appPolicies(transport),
      logo: appLogo(transport),
      features: appFeatures(transport),
      connections: appConnections(transport),
      tokens: appTokens(transport),
      groupPush: appGroupPush(transport),
      federatedClaims: appFederatedClaims(transport),
      userSchema: appUserSchema(transport),
    },
  };
};
