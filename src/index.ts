// The public surface of `appset`. Nothing else is reachable from the package.
export { createClient } from './full-client';
export type { AppsetClient } from './full-client';
export type { ClientExtension, ClientOptions, CoreClient } from './client';
export type { CallOptions, FetchLike } from './core/transport';
export { ApiCall } from './core/api-call';
export type { WithResponse } from './core/api-call';
export type { RateLimitInfo, ResponseInfo } from './core/response-info';
export type { BeforeErrorHook, ClientHooks } from './core/hooks';
export { Pager } from './core/pagination';
export type { ListOptions, Page, ToArrayOptions } from './core/pagination';

export type { ApplicationsResource } from './apps/resource';
export type {
  CreateApplicationParams,
  GetApplicationParams,
  ListApplicationsParams,
} from './apps/resource';
export { AppUsersResource, AppUserSchema, AssignAppUserInputSchema, UpdateAppUserInputSchema } from './apps/app-users';
export type { AppUser, AssignAppUserInput, ListAppUsersParams, UpdateAppUserInput } from './apps/app-users';
export { AppGroupsResource, AppGroupSchema, AssignAppGroupInputSchema } from './apps/app-groups';
export type { AppGroup, AssignAppGroupInput, ListAppGroupsParams } from './apps/app-groups';
export { appResources } from './apps/app-resources';
export type { AppResources } from './apps/app-resources';
export type { AppPoliciesResource, AppPolicyRulesResource, CreatePolicyParams, ListPoliciesParams, Policy, PolicyRule } from './apps/policies/resource';
export type { AccessPolicyInput, AccessPolicyRuleInput } from './apps/policies/input';
export type { AppLogoResource, LogoSource, UploadedLogo } from './apps/logo/resource';
export type { LogoMediaType } from './apps/logo/image-type';
export type { AppFeature, AppFeaturesResource } from './apps/provisioning/features';
export type { AppConnectionsResource, ProvisioningConnection, ProvisioningConnectionJwks, UpdateConnectionParams } from './apps/provisioning/connections';
export type { AppFeatureName, AppFeatureUpdate, ProvisioningConnectionUpdate } from './apps/provisioning/input';
export type { AppRefreshToken, AppTokensResource, GetAppTokenParams, ListAppTokensParams } from './apps/tokens/resource';
export type { AppGroupPushResource, DeleteGroupPushMappingParams, GroupPushMapping, ListGroupPushMappingsParams } from './apps/group-push/resource';
export type { CreateGroupPushMappingInput } from './apps/group-push/input';
export type { AppFederatedClaimsResource, FederatedClaim } from './apps/federated-claims/resource';
export type { FederatedClaimInput } from './apps/federated-claims/input';
export type { AppUserSchemaDocument, AppUserSchemaResource } from './apps/user-schema/resource';
export type { AppUserSchemaUpdate } from './apps/user-schema/input';
export { ClientJwkSchema, ClientSecretInputSchema, ClientSecretSchema, CsrSchema, SigningKeySchema } from './apps/credentials/schemas';
export type { ClientJwk, ClientSecret, ClientSecretInput, Csr, SigningKey } from './apps/credentials/schemas';
export type { ClientJwkInput, CsrMetadata } from './apps/credentials/inputs';
export { expiringKeys } from './apps/credentials/resources';
export { appCredentials } from './apps/credentials/extension';
export type { AppCredentialsResources } from './apps/credentials/extension';
export type {
  AppCsrsResource,
  AppJwksResource,
  AppKeysResource,
  AppSecretsResource,
  ExpiringKey,
  ExpiringKeysParams,
  GenerateKeyParams,
  MetadataParams,
  RotatedSigningKey,
} from './apps/credentials/resources';
export { AppGrantInputSchema, AppGrantSchema } from './apps/grants';
export type { AppGrant, AppGrantInput, AppGrantParams, AppGrantsResource } from './apps/grants';
export {
  APPLICATION_FILTER_ATTRIBUTES,
  ApplicationFilterAttributesSchema,
  parseApplicationFilter,
  quoteFilterValue,
  serializeApplicationFilter,
} from './apps/filter';
export type {
  ApplicationFilter,
  ApplicationFilterAttribute,
  ApplicationFilterAttributes,
  ParsedApplicationFilter,
} from './apps/filter';
export {
  ApplicationSchema,
  APPLICATION_STATUSES,
  SIGN_ON_MODES,
} from './apps/application';
export type { Application, ApplicationStatus, SignOnMode } from './apps/application';
export { isApplicationOf, isKnownApplication, isKnownApplicationName } from './apps/typed-application';
export type { ApplicationOf, KnownApplication, KnownApplicationName } from './apps/typed-application';
export {
  CreateApplicationInputSchema,
  CATALOG_APP_NAMES,
  CUSTOM_APP_NAMES,
} from './apps/create-input';
export type {
  CatalogAppName,
  CreateApplicationInput,
  CustomAppName,
  ReplaceApplicationInput,
} from './apps/create-input';

export { SecurityEventsResource } from './security-events/resource';

export { SecurityEventsProvidersResource } from './providers/resource';
export type { ListSecurityEventsProvidersParams } from './providers/resource';
export {
  IssuerAndJwksSettingsSchema,
  SecurityEventsProviderSchema,
  WellKnownSettingsSchema,
} from './providers/schemas';
export type { SecurityEventsProvider, SecurityEventsProviderInput } from './providers/schemas';

export { directory } from './directory/extension';
export type { DirectoryResources } from './directory/extension';
export { GroupSchema, UserProfileSchema, UserSchema } from './directory/schemas';
export type { Group, User } from './directory/schemas';
export { CreateUserInputSchema, ReplaceUserInputSchema, UpdateUserInputSchema, UserActivationSchema } from './directory/users';
export type {
  ActivateUserParams,
  CreateUserInput,
  CreateUserParams,
  ListUsersParams,
  ReplaceUserInput,
  UpdateUserInput,
  UserActivation,
  UsersResource,
} from './directory/users';
export { GroupInputSchema } from './directory/groups';
export type { GroupInput, GroupsResource, ListGroupMembersParams, ListGroupsParams } from './directory/groups';
export { AssignRoleInputSchema, RoleAppTargetSchema, RoleAssignmentSchema } from './roles/resource';
export type { AssignRoleInput, RoleAppTarget, RoleAssignment, RoleAssignmentsResource, RolesResource } from './roles/resource';

export { LogsResource } from './logs/resource';
export type { ListLogEventsParams } from './logs/resource';
export { LogEventSchema } from './logs/schemas';
export type { LogEvent } from './logs/schemas';

export {
  ApiError,
  AppsetError,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConnectionError,
  ForbiddenError,
  InvalidResponseError,
  isApiError,
  isAppsetError,
  NotFoundError,
  RateLimitError,
  RedirectError,
  RequestValidationError,
  SecurityEventTokenError,
  ServerError,
  TimeoutError,
} from './errors';
export type { ErrorCause, OktaErrorCode, RequestSummary, SecurityEventTokenErrorCode } from './errors';
export type { FieldIssue } from './validation/field-issues';

export { isOAuthError, OAuthError } from './auth/errors';
export type { OAuthErrorCode } from './auth/errors';
export type { ServiceAppOptions } from './auth/service-app';
export type { ServiceAppPrivateKey } from './auth/private-key';
