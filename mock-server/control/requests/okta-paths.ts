// Which paths are Okta's: how the journal tells "not implemented by appset-mock" (an Okta path this
// backend does not serve) from a path that is nobody's (likely a typo). Data only, from Okta's public
// OpenAPI description (okta/okta-management-openapi-spec, dist/current: management and oauth).

/**
 * Every path of the Applications API: under `/api/v1/apps` a path matching none of these is a typo,
 * not an endpoint this backend lacks. `{…}` takes one segment.
 */
export const OKTA_APP_PATHS: readonly string[] = [
  '/api/v1/apps',
  '/api/v1/apps/{appId}',
  '/api/v1/apps/{appId}/connections/default',
  '/api/v1/apps/{appId}/connections/default/jwks',
  '/api/v1/apps/{appId}/connections/default/lifecycle/activate',
  '/api/v1/apps/{appId}/connections/default/lifecycle/deactivate',
  '/api/v1/apps/{appId}/credentials/csrs',
  '/api/v1/apps/{appId}/credentials/csrs/{csrId}',
  '/api/v1/apps/{appId}/credentials/csrs/{csrId}/lifecycle/publish',
  '/api/v1/apps/{appId}/credentials/jwks',
  '/api/v1/apps/{appId}/credentials/jwks/{keyId}',
  '/api/v1/apps/{appId}/credentials/jwks/{keyId}/lifecycle/activate',
  '/api/v1/apps/{appId}/credentials/jwks/{keyId}/lifecycle/deactivate',
  '/api/v1/apps/{appId}/credentials/keys',
  '/api/v1/apps/{appId}/credentials/keys/generate',
  '/api/v1/apps/{appId}/credentials/keys/{keyId}',
  '/api/v1/apps/{appId}/credentials/keys/{keyId}/clone',
  '/api/v1/apps/{appId}/credentials/secrets',
  '/api/v1/apps/{appId}/credentials/secrets/{secretId}',
  '/api/v1/apps/{appId}/credentials/secrets/{secretId}/lifecycle/activate',
  '/api/v1/apps/{appId}/credentials/secrets/{secretId}/lifecycle/deactivate',
  '/api/v1/apps/{appId}/cwo/connections',
  '/api/v1/apps/{appId}/cwo/connections/{connectionId}',
  '/api/v1/apps/{appId}/express-configure/oauth2/authorize',
  '/api/v1/apps/{appId}/express-configure/{capabilityType}',
  '/api/v1/apps/{appId}/features',
  '/api/v1/apps/{appId}/features/{featureName}',
  '/api/v1/apps/{appId}/federated-claims',
  '/api/v1/apps/{appId}/federated-claims/{claimId}',
  '/api/v1/apps/{appId}/grants',
  '/api/v1/apps/{appId}/grants/{grantId}',
  '/api/v1/apps/{appId}/group-push/mappings',
  '/api/v1/apps/{appId}/group-push/mappings/{mappingId}',
  '/api/v1/apps/{appId}/groups',
  '/api/v1/apps/{appId}/groups/{groupId}',
  '/api/v1/apps/{appId}/interclient-allowed-apps',
  '/api/v1/apps/{appId}/interclient-allowed-apps/{allowedAppId}',
  '/api/v1/apps/{appId}/interclient-target-apps',
  '/api/v1/apps/{appId}/lifecycle/activate',
  '/api/v1/apps/{appId}/lifecycle/deactivate',
  '/api/v1/apps/{appId}/logo',
  '/api/v1/apps/{appId}/policies/{policyId}',
  '/api/v1/apps/{appId}/sso/saml/metadata',
  '/api/v1/apps/{appId}/tokens',
  '/api/v1/apps/{appId}/tokens/{tokenId}',
  '/api/v1/apps/{appId}/unconfirmed-users',
  '/api/v1/apps/{appId}/users',
  '/api/v1/apps/{appId}/users/{userId}',
  '/api/v1/apps/{appName}/{appId}/oauth2/callback',
];

/**
 * The other families of Okta's published APIs, by the segments they start with: a path at or under
 * one of them is Okta's (listed by family, not path by path, to keep this file small).
 */
export const OKTA_API_FAMILIES: readonly string[] = [
  ...[
    'agentPools', 'api-tokens', 'authenticators', 'authorizationServers', 'behaviors', 'bot-protection', 'brands', 'captchas',
    'device-assurances', 'device-integrations', 'device-posture-checks', 'devices', 'directories', 'domains', 'dr', 'email-domains',
    'email-servers', 'eventHooks', 'features', 'first-party-app-settings', 'groups', 'hook-keys', 'iam', 'identity-sources', 'idps',
    'inlineHooks', 'logStreams', 'logs', 'mappings', 'meta', 'org', 'orgs', 'policies', 'principal-rate-limits', 'push-providers',
    'rate-limit-settings', 'realm-assignments', 'realms', 'roles', 'security-events-providers', 'sessions', 'ssf', 'telephony-providers',
    'templates', 'threats', 'trustedOrigins', 'users', 'zones',
  ].map((family) => `/api/v1/${family}`),
  '/.well-known',
  '/attack-protection/api/v1',
  '/integrations/api/v1',
  '/oauth2',
  '/okta-personal-settings/api/v1',
  '/privileged-access/api/v1',
  '/security/api/v1',
  '/webauthn-registration/api/v1',
];
