// The public surface of `appset/mock-server`. Nothing else is reachable from the package.
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
} from './backend';
export { DEFAULT_MOCK_TOKEN } from './http/auth';
export type { MockScope, MockToken } from './http/auth';
export { OKTA_RATE_LIMITS } from './http/rate-limits';
export type { RateLimitBucket, RateLimitTable } from './http/rate-limits';
export type { MockPlan } from './apps/service';
export type { CatalogAppDefinition } from './apps/catalog';
export type { AddGroupInput, AddUserInput, DirectoryGroup, DirectoryUser } from './directory/store';
export type { AppUserAssignment } from './apps/store';
export type { ListenOptions, RequestLogEntry, RunningServer } from './server/listen';
export type { RegisterProviderInput } from './security-events/providers';
export type { DeviceSignals, UserSignals } from './security-events/signals';
export type { StoredLogEvent } from './logs/store';
export { RECEIVE_EVENT_TYPE } from './security-events/ingestion';
