import type { HttpHandler } from 'msw';
import type { Application } from '../src/apps/application';
import type { CreateApplicationInput } from '../src/apps/create-input';
import { ConfigurationError, createApiError } from '../src/errors';
import { appRoutes } from './apps/routes';
import { renderApp } from './apps/representation';
import { AppService, type MockPlan } from './apps/service';
import type { AppUserAssignment } from './apps/store';
import { DEFAULT_MOCK_TOKEN, TokenRegistry, type MockToken } from './http/auth';
import { oktaId } from './http/ids';
import { OktaHttpError } from './http/okta-errors';
import { OKTA_RATE_LIMITS, RateLimiter, type RateLimitTable } from './http/rate-limits';
import { createRouter, defineRoute, unknownRoute, type RouteEnv } from './http/route';
import { listen, type ListenOptions, type RunningServer } from './server/listen';
import { demoApps } from './seed/demo';
import { logRoutes } from './logs/routes';
import { createLogCollection, type StoredLogEvent } from './logs/store';
import { IngestionService } from './security-events/ingestion';
import { ProviderService, type RegisterProviderInput } from './security-events/providers';
import { REPLAY_DEFAULTS, ReplayMemory } from './security-events/replay';
import { renderProvider, securityEventRoutes } from './security-events/routes';
import { SignalsStore, type DeviceSignals, type UserSignals } from './security-events/signals';
import type { SecurityEventsProvider } from '../src/providers/schemas';
import type { SubjectIdentifier } from '../src/set/subject';

/** Options of {@link createMockBackend}. */
export interface MockBackendOptions {
  /**
   * The organization URL the backend answers for and writes into links. Default: the served URL
   * once {@link MockBackend.listen} runs, `https://appset.okta.test` in-process before that.
   */
  orgUrl?: string | URL;
  /** Credentials the backend accepts. Default: one API token, {@link DEFAULT_MOCK_TOKEN}, with every scope. */
  tokens?: MockToken[];
  /** `'free-integrator'` makes `okta_org2org` unavailable. Default `'standard'`. */
  plan?: MockPlan;
  /**
   * Per-minute rate limits: `'off'` (default; headers are sent, nothing is refused), `'okta'` (the
   * published limits, {@link OKTA_RATE_LIMITS}) or custom numbers per bucket.
   */
  rateLimits?: 'off' | 'okta' | Partial<RateLimitTable>;
  /** The backend's clock; default `Date.now`. Timestamps, rate-limit windows and `Date` headers use it. */
  now?: () => number | Date;
  /** Apps to start with (and to restore on `reset()`): create inputs, or `'demo'` for a dozen realistic apps. */
  seed?: SeedApp[] | 'demo';
  /**
   * How long, and for how many tokens, the receiver remembers `jti`s to recognize redeliveries.
   * Default: one day, 100,000 tokens (the oldest are forgotten first).
   */
  replay?: { windowMs?: number; maxEntries?: number };
}

/** An app to seed: a create input, optionally created INACTIVE. */
export type SeedApp = CreateApplicationInput | { input: CreateApplicationInput; activate?: boolean };

/** A user assignment given to {@link MockBackend.users}`.assign`; unspecified members get realistic values. */
export interface AssignUserInput {
  id: string;
  userName?: string;
  externalId?: string | null;
  status?: string;
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
}

/** The System Log. */
export interface MockLogsState {
  /** Every event, oldest first; with `eventType`, only those. */
  list(eventType?: string): StoredLogEvent[];
}

/** An in-memory organization: msw handlers, a state API, and an HTTP server on demand. */
export interface MockBackend {
  /** msw request handlers: pass them to `setupServer(...backend.handlers)` or `setupWorker`. */
  readonly handlers: HttpHandler[];
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
  /** Security events providers. */
  readonly providers: MockProvidersState;
  /** What received security events changed. */
  readonly signals: MockSignalsState;
  /** The System Log. */
  readonly logs: MockLogsState;
  /** Empties every store, resets rate-limit windows and applies the seed again. */
  reset(): void;
  /** Serves the same routes over HTTP on node:http. Resolves once listening. */
  listen(options?: ListenOptions): Promise<RunningServer>;
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
 * one. Use `handlers` with msw in-process, or `listen()` for clients in any language.
 *
 * @example
 * const backend = createMockBackend({ seed: 'demo' });
 * const server = setupServer(...backend.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
 */
export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  let orgUrl = parseOrgUrl(options.orgUrl ?? DEFAULT_ORG_URL);
  const orgUrlFixed = options.orgUrl !== undefined;
  // Date.now is looked up at each call, so fake timers installed after the backend is created apply.
  const clock = options.now ?? (() => Date.now());
  const now = () => {
    const t = clock();
    return typeof t === 'number' ? t : t.getTime();
  };
  const tokens = options.tokens ?? [{ type: 'SSWS', token: DEFAULT_MOCK_TOKEN }];
  const env: RouteEnv = {
    orgUrl: () => orgUrl,
    now,
    tokens: new TokenRegistry(tokens),
    limiter: new RateLimiter(rateLimitTable(options.rateLimits)),
  };
  const apps = new AppService({ orgId: oktaId('00o'), plan: options.plan ?? 'standard', orgUrl: () => orgUrl });
  const render = (id: string) => renderApp(apps.require(id), orgUrl) as Application;
  const providers = new ProviderService({ now });
  const signals = new SignalsStore();
  const logs = createLogCollection();
  const ingestion = new IngestionService({
    orgUrl: () => orgUrl,
    providers,
    signals,
    logs,
    replay: new ReplayMemory({ ...REPLAY_DEFAULTS, ...options.replay }),
  });
  const renderP = (id: string) => renderProvider(providers.require(id), orgUrl) as unknown as SecurityEventsProvider;

  const seed = () => {
    const list = options.seed === 'demo' ? demoApps() : (options.seed ?? []);
    for (const entry of list) {
      const { input, activate } = 'input' in entry ? entry : { input: entry, activate: true };
      direct('seed', () => apps.create(input, activate ?? true, now()));
    }
  };

  const routes = [...appRoutes(env, apps), ...securityEventRoutes(env, providers, ingestion), ...logRoutes(env, logs)];
  const handlers: HttpHandler[] = [...routes.map((spec) => defineRoute(env, spec)), unknownRoute(env, routes)];
  const route = createRouter(env, routes);

  const backend: MockBackend = {
    handlers,
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
            lastSync: null,
            credentials: { userName: user.userName ?? `${user.id}@example.com` },
          };
          apps.assignUser(appId, assignment);
          return assignment;
        }),
      unassign: (appId, userId) => direct('users.unassign', () => apps.unassignUser(appId, userId)),
    },
    groups: {
      assign: (appId, groupId) => direct('groups.assign', () => apps.assignGroup(appId, groupId)),
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
    },
    logs: {
      list: (eventType) =>
        eventType === undefined
          ? [...logs.values()]
          : [...logs.values()].filter((event) => event.eventType === eventType),
    },
    reset() {
      apps.clear();
      providers.clear();
      signals.clear();
      logs.clear();
      ingestion.replay.clear();
      env.limiter.clear();
      seed();
    },
    async listen(listenOptions) {
      const running = await listen(listenOptions ?? {}, {
        env,
        route,
        onBound: (served) => {
          if (!orgUrlFixed) orgUrl = served;
        },
      });
      return running;
    },
  };
  seed();
  return backend;
}
