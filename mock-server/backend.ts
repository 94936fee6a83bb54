import { ConfigurationError } from '../src/errors';
import { answersAsOf } from './shared/answer-changes';
import { editDistance, shorten } from './shared/text';
import type { CatalogAppDefinition } from './apps/catalog';
import type { MockPlan } from './apps/service';
import type { SeedApp } from './apps/state';
import { BUILT_IN_CAPABILITIES } from './capabilities';
import type { CapabilityDefinition } from './capability';
import { DEFAULT_MOCK_TOKEN, TokenRegistry, type MockToken } from './pipeline/auth';
import { RateLimiter, type RateLimitTable } from './pipeline/rate-limits';
import { createRouter } from './pipeline/router';
import { incomingWithBody, type IncomingRequest } from './pipeline/request';
import { toResponse } from './pipeline/reply';
import { type RouteEnv } from './pipeline/route';
import { attachServeHooks } from './pipeline/serve-hooks';
import type { MockOAuthOptions } from './oauth/server';
import type { MockClockState, MockFaultsState, MockJournalState, MockRateLimitsState, MockStubsState } from './control/state';
import type { AppsParts } from './apps/parts';
import type { PoliciesParts } from './policies/capability';
import type { SecurityEventsParts } from './security-events/capability';
import { ControlInputError } from './control/body-errors';
import { Capabilities, seedMembersOf, type StateOf } from './control/capabilities';
import { ControlPlane, rateLimitTable, type MockHealth, type SeedResult } from './control/plane';
import { createControlRouter, isControlPath } from './control/routes';
import { SeedDocumentSchema, type SeedDocument } from './control/seed-schema';
import { snapshotSchemaOf, type Snapshot, type SnapshotOptions } from './control/snapshot-schema';
import { demoApps } from './seed/demo';
import { direct } from './state/direct';
import { ControlClock } from './state/clock';
import { IdSource, type IdMode } from './state/ids';

export type { AssignUserInput, MockAppsState, MockGroupsState, MockUsersState, SeedApp } from './apps/state';
export type { MockRefreshTokensState } from './apps/surroundings-state';
export type { MockPoliciesState } from './policies/state';
export type { MockDirectoryState } from './directory/state';
export type { MockLogsState } from './logs/state';
export type { MockProvidersState, MockSignalsState } from './security-events/state';
export type { MockClockState, MockFaultsState, MockJournalState, MockRateLimitsState, MockStubsState } from './control/state';

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
   * Whether the org lets apps be created with `accessibility.selfService: true`. Default `true`, as
   * the recording orgs answered from 2025 on; `false` plays an org where self-service assignment is
   * off, which answers such a create 403 `E0000043` (as the same orgs did in 2023).
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
  /**
   * Answer as Okta organizations did on this day (`YYYY-MM-DD`) where Okta has since changed an
   * answer ({@link OKTA_ANSWER_CHANGES} lists each change and its date), for a test suite whose
   * expectations were written against an organization of that time. Default: as organizations answer today.
   */
  answersAsOf?: string;
}


/**
 * What the built-in capabilities show on the backend, read and changed directly (no HTTP):
 * `backend.apps`, `backend.users`, `backend.groups`, `backend.directory`, `backend.policies`,
 * `backend.refreshTokens`, `backend.providers`, `backend.signals`, `backend.logs`, `backend.oauth`.
 * It is each capability's `state` type (its members' doc comments live there), so a capability
 * added to the list adds its members here.
 */
export type MockCapabilityState = StateOf<typeof BUILT_IN_CAPABILITIES>;

/**
 * An in-memory organization: a web `fetch` handler, a state API, and nothing that needs Node or msw.
 * msw handlers come from `createHandlers(backend)` (`appset/mock-server/msw`), an HTTP server from
 * `listen(backend)` (`appset/mock-server/node`).
 */
export interface MockBackend extends MockCapabilityState {
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

/** The orgUrl used in-process when none is given: a reserved `.test` name, never a real host. */
export const DEFAULT_ORG_URL = 'https://appset.okta.test';

function parseOrgUrl(value: string | URL): URL {
  if (!URL.canParse(String(value))) {
    throw new ConfigurationError(`orgUrl "${String(value)}" is not a URL; give the organization's address, e.g. https://acme.okta.com.`);
  }
  return new URL(new URL(String(value)).origin);
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
 * @throws {ConfigurationError} for an option it does not have (naming the nearest one), a `seed`
 * string other than `'demo'`, or an option value out of its range.
 */
export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  checkOptionNames(options);
  return composeBackend(options, BUILT_IN_CAPABILITIES);
}

/** Every member of {@link MockBackendOptions} (the compiler checks the list is whole and exact). */
export const OPTION_NAMES: readonly string[] = Object.keys({
  orgUrl: 0,
  tokens: 0,
  plan: 0,
  catalog: 0,
  selfServiceAssignment: 0,
  rateLimits: 0,
  now: 0,
  seed: 0,
  control: 0,
  ids: 0,
  journalSize: 0,
  journalBodyBytes: 0,
  replay: 0,
  oauth: 0,
  answersAsOf: 0,
} satisfies Record<keyof MockBackendOptions, 0>);

/**
 * Refuses options a caller without the types could get wrong unnoticed: a misspelt name (`sed`)
 * would otherwise start an empty organization, and a seed named other than `'demo'` would be read as
 * a document. Each refusal names the option and the fix.
 */
function checkOptionNames(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ConfigurationError(`createMockBackend takes an options object (or nothing), not ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}; e.g. createMockBackend({ seed: 'demo' }).`);
  }
  for (const name of Object.keys(options)) {
    if (OPTION_NAMES.includes(name)) continue;
    // The nearest option within two edits (letter case aside); the first listed of those equally near.
    let near: string | undefined;
    let nearest = 3;
    for (const known of OPTION_NAMES) {
      const distance = editDistance(name.toLowerCase(), known.toLowerCase(), 2);
      if (distance < nearest) [near, nearest] = [known, distance];
    }
    const hint = near === undefined ? '' : ` Did you mean "${near}"?`;
    throw new ConfigurationError(`createMockBackend has no option "${shorten(name)}".${hint} Its options: ${OPTION_NAMES.join(', ')}.`);
  }
  const { seed } = options as { seed?: unknown };
  if (typeof seed === 'string' && seed !== 'demo') {
    throw new ConfigurationError(`seed "${shorten(seed)}" names no seed: the one name it takes is 'demo' (a dozen realistic apps); otherwise give a seed document (appset/seed.schema.json) or a list of app create inputs.`);
  }
}

/**
 * A backend made of a list of capabilities: {@link createMockBackend} with the built-in list. A
 * list with more capabilities (a test's) gets them routed, reset, snapshot, restored and seeded;
 * their members of the snapshot and seed documents are read besides the published ones.
 */
export function composeBackend(options: MockBackendOptions, capabilityList: readonly CapabilityDefinition<never>[]): MockBackend {
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
  // The control plane changes orgId on restore and reset; capabilities read it from this same object.
  const org = { orgId: newId('00o') };
  const answers = answersAsOf(options.answersAsOf);
  const capabilities = new Capabilities(capabilityList, { env, clock, ids, org, now, newId, orgUrl: () => orgUrl, answers }, options);
  // What the backend reads of three capabilities, each optional: a list without them (a test's) works.
  const apps = capabilities.partsIf<AppsParts>('apps')?.apps;
  const policies = capabilities.partsIf<PoliciesParts>('policies')?.policies;
  const ingestion = capabilities.partsIf<SecurityEventsParts>('security-events')?.ingestion;
  // The list's own state; a list other than the built-in one (a test's) adds to it or lacks parts of it.
  const state = capabilities.state<MockCapabilityState>();

  const seed = () => {
    if (options.seed !== undefined && options.seed !== 'demo' && !Array.isArray(options.seed)) {
      plane.seedSync(options.seed);
      return;
    }
    const list = options.seed === 'demo' ? demoApps() : (options.seed ?? []);
    if (list.length > 0 && !apps) throw new ConfigurationError('seed: app inputs and \'demo\' need the apps capability, which is not in the backend\'s list; add it, or seed a document');
    for (const entry of list) {
      const { input, activate } = 'input' in entry ? entry : { input: entry, activate: true };
      direct('seed', () => apps!.create(input, activate ?? true, now()));
    }
  };

  const builtIn = capabilityList === BUILT_IN_CAPABILITIES;
  const plane = new ControlPlane({
    env,
    clock,
    ids,
    org,
    capabilities,
    tokens,
    rateLimits: options.rateLimits,
    journalSize: options.journalSize,
    journalBodyBytes: options.journalBodyBytes,
    routes: () => routes,
    applyInitialSeed: () => seed(),
    ...(policies ? { defaultAccessPolicyId: () => policies.defaultId } : {}),
    ...(Object.hasOwn(state, 'signals') ? { signals: state.signals } : {}),
    ...(builtIn ? {} : { schemas: { snapshot: snapshotSchemaOf(capabilityList), seed: extendedSeedSchema(capabilityList) } }),
  });
  plane.markIdBaseline();

  const routes = capabilities.routes(env);
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
    ...state,
    health: () => plane.health(),
    reset: () => plane.reset(),
    snapshot: (snapshotOptions) => plane.snapshot(snapshotOptions),
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
    oktaRoute,
    controlOn,
    routes,
    onBound: (served) => {
      if (orgUrlFixed) return;
      orgUrl = served;
      orgOrigin = served.origin;
    },
    useTokenDigest: (digest) => ingestion?.useDigest(digest),
    reportMemory: (probe) => {
      plane.memoryProbe = probe;
    },
  });
  seed();
  return backend;
}

/**
 * The seed document's schema with the members of capabilities beyond the built-in ones. `tokens`
 * is the control plane's own: a capability naming a seed member so is refused, not dropped.
 */
function extendedSeedSchema(list: readonly CapabilityDefinition<never>[]) {
  const own = { tokens: SeedDocumentSchema.shape.tokens };
  const extra = Object.fromEntries(Object.entries(seedMembersOf(list, own)).filter(([name]) => !(name in SeedDocumentSchema.shape)));
  return SeedDocumentSchema.extend(extra) as unknown as typeof SeedDocumentSchema;
}
