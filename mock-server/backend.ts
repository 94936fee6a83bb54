import type { Application } from '../src/apps/application';
import type { CreateApplicationInput } from '../src/apps/create-input';
import { ConfigurationError, createApiError } from '../src/errors';
import { assignmentRoutes } from './apps/assignment-routes';
import { credentialRoutes } from './apps/credentials/routes';
import { CredentialService } from './apps/credentials/service';
import { Assignments } from './apps/assignments';
import { appRoutes } from './apps/routes';
import { orgSubdomain, renderApp } from './apps/representation';
import type { CatalogAppDefinition } from './apps/catalog';
import { AppService, type MockPlan } from './apps/service';
import { AppSurroundings, type IssueRefreshTokenInput } from './apps/surroundings';
import type { PolicyInput } from './apps/policies/store';
import type { AppUserAssignment } from './apps/store';
import { Directory, type AddGroupInput, type AddUserInput, type DirectoryGroup, type DirectoryUser, type UserStatus } from './directory/store';
import { GroupAppUsers } from './directory/app-membership';
import { GroupService } from './directory/groups';
import { userTypeIds } from './directory/representation';
import { directoryRoutes } from './directory/routes';
import { UserService } from './directory/users';
import { DEFAULT_MOCK_TOKEN, TokenRegistry, type MockToken } from './http/auth';
import { OktaHttpError } from './http/okta-errors';
import { OKTA_RATE_LIMITS, RateLimiter, type RateLimitTable } from './http/rate-limits';
import { createRouter, incomingWithBody, toResponse, type IncomingRequest, type RouteEnv } from './http/route';
import { attachServeHooks } from './http/serve-hooks';
import { demoApps } from './seed/demo';
import { logRoutes } from './logs/routes';
import { OAuthServer, type MockOAuthOptions, type MockOAuthState } from './oauth/server';
import { createLogCollection, logEvent, type StoredLogEvent } from './logs/store';
import type { IgnoredDelivery } from './security-events/ignored';
import { IngestionService } from './security-events/ingestion';
import { ProviderService, type RegisterProviderInput } from './security-events/providers';
import { REPLAY_DEFAULTS, ReplayMemory } from './security-events/replay';
import { renderProvider, securityEventRoutes } from './security-events/routes';
import { SignalsStore, type DeviceSignals, type UserSignals } from './security-events/signals';
import type { SecurityEventsProvider } from '../src/providers/schemas';
import type { SubjectIdentifier } from '../src/set/subject';
import { ControlInputError } from './control/body-errors';
import { ControlClock } from './control/clock';
import type { Fault, FaultInput } from './control/faults';
import { IdSource, type IdMode } from './control/ids';
import type { JournalEntry, JournalFilter, UnmatchedEntry } from './control/requests/journal';
import type { RequestMatcher } from './control/requests/matcher';
import { ControlPlane, type MockHealth, type RateLimitSetting, type SeedResult } from './control/plane';
import type { Stub, StubInput } from './control/stubs';
import { createControlRouter, isControlPath } from './control/routes';
import type { SeedDocument } from './control/seed-schema';
import type { Snapshot, SnapshotOptions } from './control/snapshot-schema';

/** Options of {@link createMockBackend}. */
export interface MockBackendOptions {
  /**
   * The organization URL the backend answers for and writes into links. Default: the served URL
   * once `listen(backend)` (`appset/mock-server/node`) serves it, `https://appset.okta.test` in-process before that.
   */
  orgUrl?: string | URL;
  /** Credentials the backend accepts. Default: one API token, {@link DEFAULT_MOCK_TOKEN}, with every scope. */
  tokens?: MockToken[];
  /** `'free-integrator'` makes `okta_org2org` unavailable. Default `'standard'`. */
  plan?: MockPlan;
  /**
   * Catalog apps creates may name beyond the SDK's typed ones and the built-in ones real
   * organizations were recorded creating (`pagerduty`, `amazon_aws`, …): name, sign-on modes and
   * the required and optional `settings.app` members. Any other name is answered 404 `E0000007`.
   */
  catalog?: CatalogAppDefinition[];
  /**
   * Whether the org lets apps be created with `accessibility.selfService: true`. Default `false`:
   * real organizations answer such a create 403 `E0000043` until self-service assignment is enabled.
   */
  selfServiceAssignment?: boolean;
  /**
   * Per-minute rate limits: `'off'` (default; headers are sent, nothing is refused), `'okta'` (the
   * published limits, {@link OKTA_RATE_LIMITS}) or custom numbers per bucket.
   */
  rateLimits?: 'off' | 'okta' | Partial<RateLimitTable>;
  /** The backend's clock; default `Date.now`. Timestamps, rate-limit windows and `Date` headers use it. */
  now?: () => number | Date;
  /**
   * What to start with (and to restore on `reset()`): create inputs, `'demo'` for a dozen realistic
   * apps, or a seed document (apps, users, groups, assignments, providers, tokens; see
   * `appset/seed.schema.json`).
   */
  seed?: SeedApp[] | 'demo' | SeedDocument;
  /** Serve the control plane and its dashboard under `/__appset/` (msw handlers and HTTP server). Default `true`. */
  control?: boolean;
  /** `'deterministic'`: the same id sequence on every start and after `reset()`. Default `'random'`. */
  ids?: IdMode;
  /** How many requests `journal` (`GET /__appset/requests`) keeps, the oldest dropped first. Default 200 (see `JOURNAL_DEFAULT_SIZE`). */
  journalSize?: number;
  /**
   * How much of each request and answer body the journal keeps, in bytes (0 to 1 MiB); past it an
   * entry says `truncated: true`. Default 16 KiB. The journal never holds more than
   * `journalSize` × (2 × `journalBodyBytes` + 20 KiB of path and headers).
   */
  journalBodyBytes?: number;
  /**
   * How long, and for how many tokens, the receiver remembers `jti`s to recognize redeliveries.
   * Default: one day, 100,000 tokens (the oldest are forgotten first).
   */
  replay?: { windowMs?: number; maxEntries?: number };
  /** The authorization server (`/oauth2/v1/token`, grants, DPoP); see {@link MockOAuthOptions}. */
  oauth?: MockOAuthOptions;
}

/** An app to seed: a create input, optionally created INACTIVE. */
export type SeedApp = CreateApplicationInput | { input: CreateApplicationInput; activate?: boolean };

/** A user assignment given to {@link MockBackend.users}`.assign`; unspecified members get realistic values. */
export interface AssignUserInput {
  /** The user's id (`00u…`). */
  id: string;
  /** The user's name in the app; default `<id>@example.com`. */
  userName?: string;
  /** The user's id in the app's own system; default `null`. */
  externalId?: string | null;
  /** The assignment's status; default `ACTIVE`. */
  status?: string;
  /** `USER` (default) or `GROUP`. */
  scope?: 'USER' | 'GROUP';
}

/** The backend's apps, read and changed directly (no HTTP, no auth, no rate limits), with the same rules. */
export interface MockAppsState {
  /** Creates an app as `POST /api/v1/apps` would; throws the appset error the client would get. */
  create(input: CreateApplicationInput, options?: { activate?: boolean }): Application;
  /** The app as `GET /api/v1/apps/{id}` renders it, or `undefined`. */
  get(id: string): Application | undefined;
  /** Every app, in creation order. */
  list(): Application[];
  /** How many apps exist. */
  readonly size: number;
  /** Activates an app. */
  activate(id: string): void;
  /** Deactivates an app. */
  deactivate(id: string): void;
  /** Deletes an INACTIVE app (an ACTIVE one throws `ForbiddenError` `E0000056`). */
  delete(id: string): void;
}

/** App-user assignments: what `expand=user/{id}` embeds and `filter=user.id eq "…"` finds. */
export interface MockUsersState {
  /** Assigns a user to an app and returns the assignment as it is embedded. */
  assign(appId: string, user: AssignUserInput): AppUserAssignment;
  /** Removes an assignment; true when there was one. */
  unassign(appId: string, userId: string): boolean;
}

/** App-group assignments: what `filter=group.id eq "…"` finds. */
export interface MockGroupsState {
  /** Assigns a group to an app. */
  assign(appId: string, groupId: string): void;
}

/**
 * The organization's users and groups, the same directory `/api/v1/users` and `/api/v1/groups`
 * serve, app assignments refer to and the SET receiver looks subjects up in. Changes made here
 * follow the API's rules (a group assigned to an app makes a new member an app user, …).
 */
export interface MockDirectoryState {
  /**
   * Adds a user: `ACTIVE` unless `status` says otherwise, `id` a fresh `00u…`, `email` the login;
   * `groupIds` to join, `profile` for more attributes, `password` (checked, then forgotten). A
   * duplicate id or login, or an unknown group, throws.
   */
  addUser(input: AddUserInput): DirectoryUser;
  /** Adds a group (`id` defaults to a fresh `00g…`); a duplicate id or name throws. */
  addGroup(input: AddGroupInput): DirectoryGroup;
  /** A user by id, if any. */
  user(id: string): DirectoryUser | undefined;
  /** The user whose login, or else whose (unshared) email, this is, compared case-insensitively: how a SET subject is matched. */
  findUser(loginOrEmail: string): DirectoryUser | undefined;
  /** A group by id, if any. */
  group(id: string): DirectoryGroup | undefined;
  /** The id of the built-in group Everyone, which every organization has and which holds every user. */
  readonly everyoneGroupId: string;
  /** Every user, in the order they were added. */
  users(): DirectoryUser[];
  /** Every group, Everyone first, then in the order they were added. */
  groups(): DirectoryGroup[];
  /** Puts a user in a group (not Everyone); true when the user was not in it. Unknown ids throw. */
  addMember(groupId: string, userId: string): boolean;
  /** Takes a user out of a group; true when the user was in it. */
  removeMember(groupId: string, userId: string): boolean;
  /** Every member of a group (of Everyone: every user). */
  members(groupId: string): DirectoryUser[];
  /** The groups a user is in, Everyone first. */
  groupsOf(userId: string): DirectoryGroup[];
  /** Sets a user's status (`LOCKED_OUT`, `SUSPENDED`, …) as if it had happened now. An unknown id throws. */
  setUserStatus(userId: string, status: UserStatus): DirectoryUser;
  /** Deletes a user at once (whatever its status), with its memberships and app assignments; true when there was one. */
  deleteUser(userId: string): boolean;
  /** Deletes a group (not Everyone) with its memberships and app assignments; true when there was one. */
  deleteGroup(groupId: string): boolean;
}

/** The org's app sign-in policies (`ACCESS_POLICY`), as `GET /api/v1/policies/{id}` renders them. */
export interface MockPoliciesState {
  /** The id of the org's default app sign-in policy, which every new app is assigned to. */
  readonly defaultAccessPolicyId: string;
  /** Adds an app sign-in policy (an id is made unless given); a duplicate id throws. */
  add(input: PolicyInput): Record<string, unknown>;
  /** A policy, if any. */
  get(id: string): Record<string, unknown> | undefined;
}

/** Refresh tokens of apps' clients (the token endpoint grants client credentials, which issue none). */
export interface MockRefreshTokensState {
  /** Issues a refresh token to an app's client and answers its id (`oar…`); `GET …/tokens` lists it. */
  issue(appId: string, input: IssueRefreshTokenInput): string;
}

/** Security events providers, read and changed directly. */
export interface MockProvidersState {
  /** Adds an ACTIVE provider whose key set is given (nothing is fetched): the shortcut for tests. */
  register(input: RegisterProviderInput): SecurityEventsProvider;
  /** The provider as the API renders it, or `undefined`. */
  get(id: string): SecurityEventsProvider | undefined;
  /** Every provider, in creation order. */
  list(): SecurityEventsProvider[];
  /** Activates a provider. */
  activate(id: string): void;
  /** Deactivates a provider: its tokens are then refused with `invalid_issuer`. */
  deactivate(id: string): void;
}

/** What received security events did to users and devices. */
export interface MockSignalsState {
  /** A user by subject identifier (a string is an email address), if any signal was about them. */
  user(subject: SubjectIdentifier | string): UserSignals | undefined;
  /** A device by subject identifier (a string is an opaque id), if any signal was about it. */
  device(subject: SubjectIdentifier | string): DeviceSignals | undefined;
  /** Every user a signal was about. */
  users(): UserSignals[];
  /** Every device a signal was about. */
  devices(): DeviceSignals[];
  /**
   * The deliveries accepted (202) and ignored, oldest first, with why: a token received before, a
   * `jti` reused by another token, a subject user who is not a user of the organization. Okta tells
   * the provider nothing of these; the last 1,000 are kept, until a reset.
   */
  ignored(): IgnoredDelivery[];
}

/** The System Log. */
export interface MockLogsState {
  /** Every event, oldest first; with `eventType`, only those. */
  list(eventType?: string): StoredLogEvent[];
}

/**
 * An in-memory organization: a web `fetch` handler, a state API, and nothing that needs Node or msw.
 * msw handlers come from `createHandlers(backend)` (`appset/mock-server/msw`), an HTTP server from
 * `listen(backend)` (`appset/mock-server/node`).
 */
export interface MockBackend {
  /**
   * Answers one request as the organization would: the request's path and query are served on
   * {@link orgUrl}, whatever origin the request names. It takes what `fetch` takes (a `Request`, or
   * a URL and its init), so it serves edge runtimes and service workers as a `fetch` handler
   * (`export default { fetch: (request) => backend.fetch(request) }`), and a client can use it as its
   * `fetch`, with no msw and no HTTP: `createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: backend.fetch })`.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The organization URL (changes to the served URL on `listen()` when no `orgUrl` was given). */
  readonly orgUrl: string;
  /** The API token clients can use when `tokens` was not given. */
  readonly defaultToken: string;
  /** Applications. */
  readonly apps: MockAppsState;
  /** App-user assignments. */
  readonly users: MockUsersState;
  /** App-group assignments. */
  readonly groups: MockGroupsState;
  /** The organization's users and groups, whom the assignment endpoints assign. */
  readonly directory: MockDirectoryState;
  /** App sign-in policies: the default one every app is assigned to, and added ones. */
  readonly policies: MockPoliciesState;
  /** Refresh tokens of apps' clients. */
  readonly refreshTokens: MockRefreshTokensState;
  /** Security events providers. */
  readonly providers: MockProvidersState;
  /** What received security events changed. */
  readonly signals: MockSignalsState;
  /** The System Log. */
  readonly logs: MockLogsState;
  /** The authorization server: service apps, grants and issued tokens. */
  readonly oauth: MockOAuthState;
  /** What `GET /__appset/health` answers: `status: 'ok'`, the org URL, the clock, the id mode and the snapshot version. */
  health(): MockHealth;
  /**
   * Everything back to the seed: apps, users, groups, assignments, grants, providers, signals, System
   * Log, replay memory, faults, stubs, request journal, rate-limit windows and settings, clock, ids, seeded
   * tokens, and the tokens, `jti`s and nonces of the token endpoint.
   */
  reset(): void;
  /**
   * The whole state as one versioned document (`GET /__appset/snapshot`). OAuth 2.0 client secrets
   * are left out unless `includeSecrets` (`?secrets=include`): a restore then gives them new values.
   */
  snapshot(options?: SnapshotOptions): Snapshot;
  /**
   * Replaces the state with a snapshot exactly (ids, timestamps, statuses kept). A bad document
   * throws `ControlInputError` naming the field, and nothing changes.
   */
  restore(snapshot: unknown): void;
  /** Adds a seed document to the state and resolves to what it created, ids included (`POST /__appset/seed`). */
  seed(document: SeedDocument): Promise<SeedResult>;
  /** Faults injected before the route: 429s, 5xx, delays, dropped connections. */
  readonly faults: MockFaultsState;
  /** The backend's clock: timestamps, `Date` headers, rate-limit and replay windows follow it. */
  readonly clock: MockClockState;
  /** The requests answered on Okta's paths, with what was sent and answered, oldest first (the last 200 unless `journalSize` says otherwise). */
  readonly journal: MockJournalState;
  /** Answers given before the routes: for endpoints the backend does not implement, or to force one answer. */
  readonly stubs: MockStubsState;
  /** The enforced per-minute rate limits. */
  readonly rateLimits: MockRateLimitsState;
}

/** Injected faults, matched at the router before the route. */
export interface MockFaultsState {
  /** Adds a fault; throws `ControlInputError` naming the field of a bad one. */
  add(fault: FaultInput): Fault;
  /** Removes one fault; true when it was waiting. */
  remove(id: string): boolean;
  /** Removes every fault. */
  clear(): void;
  /** The waiting faults, in the order they are matched. */
  list(): Fault[];
}

/** The backend's controllable clock. */
export interface MockClockState {
  /** The backend's current time. */
  now(): Date;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Makes the clock read `at` now; it keeps running from there. */
  set(at: Date | string | number): void;
}

/**
 * The journal of requests answered on Okta's paths: what was sent and answered, secrets redacted,
 * bodies cut to `journalBodyBytes`. A bad filter or matcher throws `ControlInputError` naming the field.
 */
export interface MockJournalState {
  /** Oldest first; a filter selects by method, path, status, time (`since`) and keeps the latest `limit`. */
  list(filter?: JournalFilter): JournalEntry[];
  /** The request answered with this `X-Okta-Request-Id`, while the journal holds it. */
  get(requestId: string): JournalEntry | undefined;
  /** The requests a matcher selects, oldest first: `find({ method: 'POST', path: '/api/v1/apps', json: { label: 'Wiki' } })`. */
  find(matcher: RequestMatcher): JournalEntry[];
  /** How many requests a matcher selects. */
  count(matcher: RequestMatcher): number;
  /** The requests no route or stub served, each with the routes it came closest to and what differs. */
  unmatched(): UnmatchedEntry[];
  /** Forgets every entry. */
  clear(): void;
}

/** Stubs: answers given before the routes, cleared by `reset()`. A bad stub throws `ControlInputError` naming the field. */
export interface MockStubsState {
  /** Adds a stub: `{ method, path | pathPattern, status, headers?, body?, times?, request?: { query?, headers?, bodyJson? }, priority? }`. */
  add(stub: StubInput): Stub;
  /** Removes one stub; true when it was waiting. */
  remove(id: string): boolean;
  /** Removes every stub. */
  clear(): void;
  /** The waiting stubs, in the order they were added. */
  list(): Stub[];
}

/** The enforced rate limits. */
export interface MockRateLimitsState {
  /** `'okta'`, `'off'` or numbers per bucket (the others Okta's); the current windows keep their counts. */
  set(setting: RateLimitSetting): void;
  /** The limits per bucket, or `'off'`. */
  get(): RateLimitTable | 'off';
}

/** The orgUrl used in-process when none is given: a reserved `.test` name, never a real host. */
export const DEFAULT_ORG_URL = 'https://appset.okta.test';

function rateLimitTable(option: MockBackendOptions['rateLimits']): RateLimitTable | undefined {
  if (option === undefined || option === 'off') return undefined;
  if (option === 'okta') return { ...OKTA_RATE_LIMITS };
  return { ...OKTA_RATE_LIMITS, ...option };
}

function parseOrgUrl(value: string | URL): URL {
  if (!URL.canParse(String(value))) {
    throw new ConfigurationError(`orgUrl "${String(value)}" is not a URL; give the organization's address, e.g. https://acme.okta.com.`);
  }
  return new URL(new URL(String(value)).origin);
}

/** Turns a backend error into the appset error class the client would throw for the same answer. */
function asClientError(error: unknown, operation: string): unknown {
  if (!(error instanceof OktaHttpError)) return error;
  return createApiError({
    status: error.status,
    headers: new Headers(),
    request: { method: `backend.${operation}`, path: '' },
    body: error.body(),
  });
}

function direct<T>(operation: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw asClientError(error, operation);
  }
}

/**
 * Creates an in-memory organization implementing the Applications API with the rules of a real
 * one. Serve it with msw (`createHandlers` from `appset/mock-server/msw`), over HTTP for clients in
 * any language (`listen` from `appset/mock-server/node`), or call {@link MockBackend.fetch} directly.
 *
 * @example
 * const backend = createMockBackend({ seed: 'demo' });
 * const server = setupServer(...createHandlers(backend));
 * server.listen({ onUnhandledRequest: 'error' });
 * const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
 */
export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  let orgUrl = parseOrgUrl(options.orgUrl ?? DEFAULT_ORG_URL);
  let orgOrigin = orgUrl.origin;
  const orgUrlFixed = options.orgUrl !== undefined;
  // Date.now is looked up at each call, so fake timers installed after the backend is created apply.
  const clock = new ControlClock(options.now ?? (() => Date.now()));
  const now = () => clock.now();
  const ids = new IdSource(options.ids ?? 'random');
  const newId = (prefix: string) => ids.oktaId(prefix);
  const tokens = options.tokens ?? [{ type: 'SSWS', token: DEFAULT_MOCK_TOKEN }];
  const env: RouteEnv = {
    orgUrl: () => orgUrl,
    orgOrigin: () => orgOrigin,
    now,
    tokens: new TokenRegistry(tokens),
    limiter: new RateLimiter(rateLimitTable(options.rateLimits)),
    control: { takeFault: (method, path) => plane.takeFault(method, path), takeStub: (request, url) => plane.takeStub(request, url), record: (entry) => plane.record(entry) },
  };
  // The control plane changes orgId on restore; the app service reads it from this same object.
  const appOptions = { orgId: newId('00o'), plan: options.plan ?? 'standard', orgUrl: () => orgUrl, newId };
  const credentials = new CredentialService({ token: () => ids.token(), orgToken: () => ids.orgToken(), oktaId: newId, subdomain: () => orgSubdomain(orgUrl), now });
  const apps = new AppService({
    ...appOptions,
    catalog: options.catalog,
    selfServiceAssignment: options.selfServiceAssignment,
    defaultAccessPolicy: (): string => surroundings.policies.defaultId,
    newKid: (mode) => credentials.kidFor(mode),
    observer: credentials,
  });
  // Everyone's id follows the org's (restoring a snapshot of another org keeps that org's).
  const directory = new Directory({ id: () => `00g${appOptions.orgId.slice(3)}`, now });
  const assignments = new Assignments(apps, directory);
  const groupAppUsers = new GroupAppUsers(apps, directory);
  apps.groupListener = groupAppUsers;
  directory.listener = groupAppUsers;
  const userTypes = () => userTypeIds(appOptions.orgId);
  const userService = new UserService(directory, newId, () => userTypes().typeId);
  const groupService = new GroupService(directory, apps, newId);
  const surroundings: AppSurroundings = new AppSurroundings({ apps, directory, newId, orgUrl: () => orgUrl, now, orgId: appOptions.orgId });
  const render = (id: string) => renderApp(apps.require(id), orgUrl) as Application;
  const providers = new ProviderService({ now, newId });
  const signals = new SignalsStore();
  const logs = createLogCollection();
  const ingestion = new IngestionService({
    orgOrigin: env.orgOrigin,
    providers,
    signals,
    directory,
    logs,
    replay: new ReplayMemory({ ...REPLAY_DEFAULTS, ...options.replay }),
    uuid: () => ids.uuid(),
  });
  const oauth = new OAuthServer(env, apps, options.oauth, newId);
  env.tokens.use(oauth.verifier);
  const renderP = (id: string) => renderProvider(providers.require(id), orgUrl) as unknown as SecurityEventsProvider;

  const seed = () => {
    if (options.seed !== undefined && options.seed !== 'demo' && !Array.isArray(options.seed)) {
      plane.seedSync(options.seed);
      return;
    }
    const list = options.seed === 'demo' ? demoApps() : (options.seed ?? []);
    for (const entry of list) {
      const { input, activate } = 'input' in entry ? entry : { input: entry, activate: true };
      direct('seed', () => apps.create(input, activate ?? true, now()));
    }
  };

  const plane = new ControlPlane({
    env,
    clock,
    ids,
    org: appOptions,
    apps,
    credentials,
    directory,
    providers,
    signals,
    logs,
    replay: ingestion.replay,
    grants: oauth.grants,
    surroundings,
    tokens,
    rateLimits: options.rateLimits,
    journalSize: options.journalSize,
    journalBodyBytes: options.journalBodyBytes,
    routes: () => routes,
    renderApp: render,
    renderProvider: renderP,
    applyInitialSeed: () => seed(),
    clearRunState: () => oauth.clearRunState(),
  });
  plane.markIdBaseline();

  const routes = [...appRoutes(env, apps), ...assignmentRoutes(env, assignments), ...credentialRoutes(env, apps, credentials), ...securityEventRoutes(env, providers, ingestion), ...logRoutes(env, logs), ...oauth.routes, ...surroundings.routes(env), ...directoryRoutes(env, userService, groupService, userTypes)];
  const controlOn = options.control ?? true;
  const controlRoute = controlOn ? createControlRouter(plane) : undefined;
  const oktaRoute = createRouter(env, routes);
  const route = (request: IncomingRequest, url: URL) =>
    controlRoute && isControlPath(url.pathname) ? controlRoute(request.request(), url) : oktaRoute(request, url);

  const backend: MockBackend = {
    async fetch(input, init) {
      // A client calls its fetch with a URL and an init, a fetch handler with a Request: both are served.
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      let url = new URL(request.url);
      // Served on the organization whatever origin was named (an edge runtime's own host, say).
      if (url.origin !== orgUrl.origin) url = new URL(`${url.pathname}${url.search}`, orgUrl);
      if (controlRoute && isControlPath(url.pathname)) return toResponse(await controlRoute(request, url));
      return toResponse(await oktaRoute(await incomingWithBody(request), url));
    },
    get orgUrl() {
      return orgUrl.origin;
    },
    defaultToken: tokens.find((t) => t.type === 'SSWS')?.token ?? DEFAULT_MOCK_TOKEN,
    apps: {
      create: (input, o) => direct('apps.create', () => render(apps.create(input, o?.activate ?? true, now()).body.id)),
      get: (id) => (apps.apps.has(id) ? render(id) : undefined),
      list: () => [...apps.apps.values()].map((a) => renderApp(a, orgUrl) as Application),
      get size() {
        return apps.apps.size;
      },
      activate: (id) => direct('apps.activate', () => apps.setStatus(id, 'ACTIVE', now())),
      deactivate: (id) => direct('apps.deactivate', () => apps.setStatus(id, 'INACTIVE', now())),
      delete: (id) => direct('apps.delete', () => apps.delete(id)),
    },
    users: {
      assign: (appId, user) =>
        direct('users.assign', () => {
          const at = new Date(now()).toISOString();
          const assignment: AppUserAssignment = {
            id: user.id,
            externalId: user.externalId ?? null,
            created: at,
            lastUpdated: at,
            scope: user.scope ?? 'USER',
            status: user.status ?? 'ACTIVE',
            statusChanged: at,
            passwordChanged: null,
            syncState: 'DISABLED',
            credentials: { userName: user.userName ?? `${user.id}@example.com` },
          };
          apps.assignUser(appId, assignment);
          return assignment;
        }),
      unassign: (appId, userId) => direct('users.unassign', () => apps.unassignUser(appId, userId)),
    },
    groups: {
      assign: (appId, groupId) => void direct('groups.assign', () => apps.assignGroup(appId, groupId, now())),
    },
    directory: {
      // Copies out, so a caller cannot change the state behind the backend's rules; ids in the backend's sequence.
      addUser: (input) => structuredClone(directory.addUser({ ...input, id: input.id ?? newId('00u') }, now())),
      addGroup: (input) => structuredClone(directory.addGroup({ ...input, id: input.id ?? newId('00g') }, now())),
      user: (id) => structuredClone(directory.user(id)),
      findUser: (loginOrEmail) => structuredClone(directory.findUser(loginOrEmail)),
      group: (id) => structuredClone(directory.group(id)),
      get everyoneGroupId() {
        return directory.everyoneId;
      },
      users: () => structuredClone(directory.users()),
      groups: () => structuredClone(directory.groups()),
      addMember: (groupId, userId) => direct('directory.addMember', () => groupService.addMember(groupId, userId, now())),
      removeMember: (groupId, userId) => direct('directory.removeMember', () => groupService.removeMember(groupId, userId, now())),
      members: (groupId) => structuredClone(directory.members(groupId, Math.max(1, directory.memberCount(groupId)), undefined).items),
      groupsOf: (userId) => structuredClone(directory.groupsOf(userId)),
      setUserStatus: (userId, status) => structuredClone(direct('directory.setUserStatus', () => userService.setStatus(userId, status, now()))),
      deleteUser: (userId) => directory.removeUser(userId, now()),
      deleteGroup: (groupId) => (directory.group(groupId)?.type === 'OKTA_GROUP' ? (groupService.delete(groupId, now()), true) : false),
    },
    policies: {
      get defaultAccessPolicyId() {
        return surroundings.policies.defaultId;
      },
      add: (input) => direct('policies.add', () => surroundings.addPolicy(input)),
      get: (id) => surroundings.policy(id),
    },
    refreshTokens: {
      issue: (appId, input) => direct('refreshTokens.issue', () => surroundings.issueRefreshToken(appId, input)),
    },
    providers: {
      register: (input) => renderP(providers.register(input).id),
      get: (id) => (providers.providers.has(id) ? renderP(id) : undefined),
      list: () => [...providers.providers.values()].map((p) => renderP(p.id)),
      activate: (id) => void direct('providers.activate', () => providers.setStatus(id, 'ACTIVE')),
      deactivate: (id) => void direct('providers.deactivate', () => providers.setStatus(id, 'INACTIVE')),
    },
    signals: {
      user: (subject) => signals.user(subject),
      device: (subject) => signals.device(subject),
      users: () => signals.users.all(),
      devices: () => signals.devices.all(),
      ignored: () => signals.ignored.list(),
    },
    logs: {
      list: (eventType) =>
        eventType === undefined
          ? [...logs.values()].map(logEvent)
          : [...logs.values()].filter((record) => record.eventType === eventType).map(logEvent),
    },
    oauth: {
      registerServiceApp: (input) =>
        direct('oauth.registerServiceApp', () => {
          const id = oauth.registerServiceApp(input, now()).body.id;
          return { clientId: id, app: render(id) };
        }),
      grants: (appId) => oauth.grants.list(appId),
      revokeTokens: (clientId) => oauth.tokens.revokeClient(clientId),
    },
    health: () => plane.health(),
    reset: () => plane.reset(),
    snapshot: (options) => plane.snapshot(options),
    restore: (snapshot) => plane.restore(snapshot),
    seed: (document) => plane.seed(document),
    faults: {
      add: (fault) => plane.addFault(fault),
      remove: (id) => plane.faults.remove(id),
      clear: () => plane.faults.clear(),
      list: () => plane.faults.list(),
    },
    clock: {
      now: () => new Date(clock.now()),
      advance: (ms) => plane.changeClock({ advanceMs: ms }),
      set: (at) => {
        const when = new Date(at);
        if (Number.isNaN(when.getTime())) throw new ControlInputError(`clock.set: ${String(at)} is not a date; give a Date, an ISO 8601 string or epoch milliseconds`, 'now');
        plane.changeClock({ now: when.toISOString() });
      },
    },
    journal: {
      list: (filter) => plane.requests(filter),
      get: (requestId) => plane.journal.get(requestId),
      find: (matcher) => plane.findRequests(matcher),
      count: (matcher) => plane.countRequests(matcher),
      unmatched: () => plane.journal.unmatched(),
      clear: () => plane.journal.clear(),
    },
    stubs: {
      add: (stub) => plane.addStub(stub),
      remove: (id) => plane.stubs.remove(id),
      clear: () => plane.stubs.clear(),
      list: () => plane.stubs.list(),
    },
    rateLimits: {
      set: (setting) => plane.setRateLimits(setting),
      get: () => plane.rateLimits(),
    },
  };
  attachServeHooks(backend, {
    env,
    route,
    controlOn,
    routes,
    onBound: (served) => {
      if (orgUrlFixed) return;
      orgUrl = served;
      orgOrigin = served.origin;
    },
    useTokenDigest: (digest) => ingestion.useDigest(digest),
    reportMemory: (probe) => {
      plane.memoryProbe = probe;
    },
  });
  seed();
  return backend;
}
