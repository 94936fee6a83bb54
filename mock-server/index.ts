// The public surface of `appset/mock-server`: the backend's core, web platform APIs only (no msw, no
// Node built-ins), so it loads in Node, browsers and edge runtimes. Nothing else is reachable from it.
export { createMockBackend, DEFAULT_ORG_URL } from './backend';
export type {
  AssignUserInput,
  MockAppsState,
  MockBackend,
  MockBackendOptions,
  MockDirectoryState,
  MockGroupsState,
  MockLogsState,
  MockProvidersState,
  MockSignalsState,
  MockUsersState,
  SeedApp,
  MockClockState,
  MockFaultsState,
  MockJournalState,
  MockRateLimitsState,
  MockPoliciesState,
  MockRefreshTokensState,
  MockStubsState,
} from './backend';
export type { IssueRefreshTokenInput, SurroundingsSeedResult } from './apps/surroundings';
export type { PolicyInput } from './policies/store';
export type { MockGroupRulesState } from './group-rules/state';
export type { MockAssignee, MockRoleAssignment, MockRolesState } from './roles/state';
export type { MockResourceSet, MockResourceSetResource, MockResourceSetsState } from './iam-resource-sets/state';
export type { MockAuthenticator, MockAuthenticatorsState } from './authenticators/state';
export type { MockNetworkZone, MockNetworkZonesState } from './network-zones/state';
export type { ZoneAddress } from './network-zones/addresses';
export type { MockDeviceAssurance, MockDeviceAssurancesState } from './device-assurances/state';
export type { AssuranceChecks } from './device-assurances/checks';
export type { MockInlineHook, MockInlineHooksState } from './inline-hooks/state';
export type { HookAuthScheme, HookChannel, HookHeader } from './inline-hooks/channel';
export type { HookStatus, HookType } from './inline-hooks/state';
export type {
  MockAuthorizationServer,
  MockAuthorizationServerClaim,
  MockAuthorizationServerPolicy,
  MockAuthorizationServerRule,
  MockAuthorizationServerScope,
  MockAuthorizationServersState,
} from './authorization-servers/state';
export type { AppTarget, AssigneeType } from './roles/store';
export type { LogEntity } from './logs/writer';
export { DEFAULT_MOCK_TOKEN } from './pipeline/auth';
export type { MockScope, MockToken } from './pipeline/auth';
export { OKTA_RATE_LIMITS } from './pipeline/rate-limits';
export type { RateLimitBucket, RateLimitTable } from './pipeline/rate-limits';
export { OKTA_ANSWER_CHANGES } from './shared/answer-changes';
export type { OktaAnswerChange, OktaAnswerChangeName, OktaAnswers } from './shared/answer-changes';
export type { MockPlan } from './apps/service';
export type { CatalogAppDefinition } from './apps/catalog';
export type { AddGroupInput, AddUserInput, DirectoryGroup, DirectoryUser, GroupType, UserCredentials, UserProfile } from './directory/store';
export type { AppUserAssignment } from './apps/store';
export type { RegisterProviderInput } from './security-events/providers';
export type { DeviceSignals, UserSignals } from './security-events/signals';
export type { IgnoredDelivery, IgnoreReason } from './security-events/ignored';
export type { StoredLogEvent } from './logs/store';
export { RECEIVE_EVENT_TYPE } from './security-events/log-events';
export { ControlInputError } from './control/body-errors';
export { SeedDocumentSchema, seedJsonSchema } from './control/seed-schema';
export type { SeedDocument } from './control/seed-schema';
export { SNAPSHOT_VERSION } from './control/snapshot-schema';
export type { Snapshot, SnapshotOptions } from './control/snapshot-schema';
export type { MockHealth, SeedResult, RateLimitSetting } from './control/plane';
export type { MemoryReport } from './pipeline/hooks';
export type { Fault, FaultInput } from './control/faults';
export type { JournalEntry, JournalFilter, JournalMessage, JournalSummary, UnmatchedEntry } from './control/requests/journal';
export type { IngestionNote } from './pipeline/reply';
export type { RequestMatcher } from './control/requests/matcher';
export type { Difference, NearMiss, UnmatchedKind, UnmatchedNote } from './control/requests/near-miss';
export { journalMatchers } from './control/requests/expect-matchers';
export type { JournalMatchers, MatcherContext } from './control/requests/expect-matchers';
export type { Stub, StubInput } from './control/stubs';
export type { StubRequestMatch, StubValueMatcher } from './control/stub-match';
export type { IdMode } from './state/ids';
export type { MockOAuthOptions, MockOAuthState, RegisterServiceAppInput } from './oauth/server';
export type { StoredGrant } from './oauth/grants';
