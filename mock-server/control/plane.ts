import { z } from 'zod';
import type { MemoryReport } from '../pipeline/hooks';
import type { MockToken } from '../pipeline/auth';
import { OKTA_RATE_LIMITS, type RateLimitBucket, type RateLimitTable } from '../pipeline/rate-limits';
import type { IncomingRequest } from '../pipeline/request';
import type { RouterControl } from '../pipeline/hooks';
import type { RouteSpec } from '../pipeline/route';
import type { IgnoredDelivery } from '../security-events/ignored';
import type { MockSignalsState } from '../security-events/state';
import type { DeviceSignals, UserSignals } from '../security-events/signals';
import { ControlInputError, inputError, refuseProtoKeys } from './body-errors';
import { FaultInputSchema, FaultTable, type Fault, type FaultInput } from './faults';
import type { IdMode } from '../state/ids';
import { JOURNAL_DEFAULT_SIZE, JournalFilterSchema, RequestJournal, type JournalEntry, type JournalSummary } from './requests/journal';
import { type AnsweredRequest } from '../pipeline/hooks';
import { RequestMatcherSchema } from './requests/matcher';
import { StubInputSchema, StubRefusal, StubTable, type Stub } from './stubs';
import { applySeed, emptySeedResult, refuseSeed, seedTools, type SeedResult } from './seed';
import { SeedDocumentSchema } from './seed-schema';
import { checkSnapshot, loadSnapshot, takeSnapshot } from './snapshot';
import { SNAPSHOT_VERSION, SnapshotSchema, type Snapshot, type SnapshotOptions } from './snapshot-schema';
import { clearStores, type BackendStores } from './stores';

export type { SeedResult } from './seed';

/** Rate limits as the plane sets them: `'okta'`, `'off'`, or numbers per bucket (the rest Okta's). */
export type RateLimitSetting = 'okta' | 'off' | Partial<RateLimitTable>;

const BUCKETS = Object.keys(OKTA_RATE_LIMITS) as RateLimitBucket[];

/** The body of `PUT /__appset/rate-limits` and the argument of `backend.rateLimits.set`. */
export const RateLimitSettingSchema = z.union(
  [
    z.enum(['okta', 'off']),
    z.strictObject(Object.fromEntries(BUCKETS.map((b) => [b, z.int().min(1).max(1_000_000).optional()])) as Record<RateLimitBucket, z.ZodOptional<z.ZodInt>>),
  ],
  { error: `Must be "okta" (Okta's published limits), "off", or requests per minute by bucket, e.g. {"apps": 100} (buckets: ${BUCKETS.join(', ')})` },
);

const CLOCK_FORMS = 'give {"advanceMs": <milliseconds>} to move the clock forward, or {"now": "<ISO 8601 time>"} to set it';

/** The body of `POST /__appset/clock`: move forward by `advanceMs`, or jump to `now` (one of the two). */
export const ClockChangeSchema = z
  .strictObject({
    advanceMs: z.int().min(0).max(100 * 365 * 86_400_000).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((change) => (change.advanceMs === undefined) !== (change.now === undefined), `Needs one of advanceMs and now: ${CLOCK_FORMS}`);

/** What `GET /__appset/health` and `backend.health()` answer. */
export interface MockHealth {
  /** Always `'ok'`: the backend answers. */
  status: 'ok';
  /** The organization URL's origin, as links in answers spell it. */
  orgUrl: string;
  /** The backend clock, ISO 8601. */
  now: string;
  /** How ids are made: `'random'` or `'deterministic'`. */
  ids: IdMode;
  /** The version of the snapshot documents this backend writes and restores. */
  snapshotVersion: number;
  /** The id of the org's default app sign-in policy (`ACCESS_POLICY`), which every new app is assigned to. */
  defaultAccessPolicyId: string;
  /**
   * The process's memory, when the HTTP server (`listen`, the CLI) serves the backend: measured
   * after a full garbage collection when Node runs with `--expose-gc`.
   */
  memory?: MemoryReport;
}

/** Turns a rate-limit setting into the table the limiter enforces (`undefined`: off). */
export function rateLimitTable(setting: RateLimitSetting | undefined): RateLimitTable | undefined {
  if (setting === undefined || setting === 'off') return undefined;
  if (setting === 'okta') return { ...OKTA_RATE_LIMITS };
  return { ...OKTA_RATE_LIMITS, ...setting };
}

/** What the plane works on: the backend's stores and settings. */
export interface ControlDeps extends BackendStores {
  tokens: readonly MockToken[];
  rateLimits: RateLimitSetting | undefined;
  /** How many requests the journal keeps; default {@link JOURNAL_DEFAULT_SIZE}. */
  journalSize?: number;
  /** How much of each body the journal keeps, in bytes; default 16 KiB. */
  journalBodyBytes?: number;
  /** The router's routes, for what the journal says of requests none served. */
  routes(): readonly RouteSpec[];
  /** Applies the backend's own seed (the `seed` option) again. */
  applyInitialSeed(): void;
  /** The id of the org's default app sign-in policy (for `health()`); without (a list with no policies), health leaves it out. */
  defaultAccessPolicyId?(): string;
  /** What received security events changed (`GET /__appset/signals`); without (a list with no receiver), none. */
  signals?: Pick<MockSignalsState, 'users' | 'devices' | 'ignored'>;
  /** The documents this backend's capabilities read; default the published ones. */
  schemas?: { snapshot: z.ZodType; seed: z.ZodType<z.output<typeof SeedDocumentSchema>> };
}

function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  refuseProtoKeys(input, what);
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw inputError(result.error, what);
  return result.data;
}

/**
 * The control plane: reset, snapshot and restore, seed, signals, the request journal, stubs, faults,
 * the clock and rate limits. The in-process API (`backend.…`) and the HTTP routes under `/__appset/`
 * both call these methods, so the two surfaces cannot disagree.
 */
export class ControlPlane implements RouterControl {
  readonly faults = new FaultTable();
  readonly stubs = new StubTable();
  readonly journal: RequestJournal;
  /** Measures the process's memory for `health()`; set by the Node HTTP server. */
  memoryProbe: (() => MemoryReport) | undefined;
  readonly #baseOrgId: string;
  #baseIdCounter: number | null = null;
  #baseTokenCounter: number | null = null;
  /** Tokens added by seeds since the last reset. */
  #addedTokens: MockToken[] = [];

  readonly #addToken = (token: MockToken) => {
    this.deps.env.tokens.add(token);
    this.#addedTokens.push(token);
  };

  get #seedSchema() {
    return this.deps.schemas?.seed ?? SeedDocumentSchema;
  }

  constructor(private readonly deps: ControlDeps) {
    this.#baseOrgId = deps.org.orgId;
    this.journal = new RequestJournal(deps.journalSize, deps.journalBodyBytes, () => deps.routes());
  }

  /** Marks the current id counter as where `reset()` starts again (called once the backend is built, before its seed). */
  markIdBaseline(): void {
    this.#baseIdCounter = this.deps.ids.counter;
    this.#baseTokenCounter = this.deps.ids.tokenCounter;
  }

  /** The router asks, before each request on Okta's paths, whether a fault applies. */
  takeFault(method: string, pathname: string) {
    return this.faults.take(method, pathname);
  }

  /** The router asks, before the routes, whether a stub answers the request. */
  takeStub(request: IncomingRequest, url: URL) {
    return this.stubs.take(request, url);
  }

  /** The router records each answered request on Okta's paths. */
  record(entry: AnsweredRequest): void {
    this.journal.record(entry);
  }

  /** `GET /__appset/health`. */
  health(): MockHealth {
    const health: MockHealth = {
      status: 'ok' as const,
      orgUrl: this.deps.env.orgUrl().origin,
      now: new Date(this.deps.clock.now()).toISOString(),
      ids: this.deps.ids.mode,
      snapshotVersion: SNAPSHOT_VERSION,
    } as MockHealth;
    // Every backend createMockBackend makes has the policy; only a list without the policies capability (a test's) lacks it.
    if (this.deps.defaultAccessPolicyId) health.defaultAccessPolicyId = this.deps.defaultAccessPolicyId();
    if (this.memoryProbe !== undefined) health.memory = this.memoryProbe();
    return health;
  }

  /** The journal's entries a filter selects (`GET /__appset/requests`); a bad filter throws {@link ControlInputError} naming the field. */
  requests(filter: unknown = {}): JournalEntry[] {
    return this.journal.list(parse(JournalFilterSchema, filter, 'requests filter'));
  }

  /** The same, without what was sent and answered. */
  requestSummaries(filter: unknown = {}): JournalSummary[] {
    return this.journal.summaries(parse(JournalFilterSchema, filter, 'requests filter'));
  }

  /** The entries a matcher selects (`POST /__appset/requests/find`); a bad matcher throws naming the field. */
  findRequests(matcher: unknown): JournalEntry[] {
    return this.journal.find(parse(RequestMatcherSchema, matcher, 'matcher'));
  }

  /** How many entries a matcher selects (`POST /__appset/requests/count`). */
  countRequests(matcher: unknown): number {
    return this.journal.count(parse(RequestMatcherSchema, matcher, 'matcher'));
  }

  /** Adds a stub after checking it; throws {@link ControlInputError} naming the field. */
  addStub(input: unknown): Stub {
    const stub = parse(StubInputSchema, input, 'stub');
    try {
      return this.stubs.add(stub);
    } catch (error) {
      if (!(error instanceof StubRefusal)) throw error;
      throw new ControlInputError(error.message, error.field, error.field === 'stubs' ? 409 : 400);
    }
  }

  /**
   * Everything back to the seed: state, faults, stubs, journal, ignored deliveries, rate-limit windows and
   * settings, clock, ids, tokens (seeded ones and those the token endpoint issued) and the authorization server's memory.
   */
  reset(): void {
    const { env, clock, ids, org } = this.deps;
    // The clock first: the organization's new signing key is created at the reset clock's time.
    clock.setOffset(0);
    clearStores(this.deps);
    // What belongs to the run: issued tokens, remembered jtis and nonces, ignored deliveries.
    this.deps.capabilities.forgetRun();
    this.faults.clear();
    this.stubs.clear();
    this.journal.clear();
    env.limiter.clear();
    env.limiter.setLimits(rateLimitTable(this.deps.rateLimits));
    ids.counter = this.#baseIdCounter;
    ids.tokenCounter = this.#baseTokenCounter;
    org.orgId = this.#baseOrgId;
    for (const token of this.#addedTokens) env.tokens.remove(token);
    for (const token of this.deps.tokens) env.tokens.add(token);
    this.#addedTokens = [];
    this.deps.applyInitialSeed();
  }

  /** The whole state as one versioned document; client secrets only with `includeSecrets`. */
  snapshot(options?: SnapshotOptions): Snapshot {
    return takeSnapshot(this.deps, options);
  }

  /** What a restore posted over HTTP awaits first: what capabilities need before a synchronous {@link restore} (PKI.js for CSRs). */
  prepareRestore(input: unknown): Promise<void> {
    return this.deps.capabilities.prepareRestore(input);
  }

  /**
   * Replaces the state with a snapshot. The whole document is checked first; a bad one throws
   * {@link ControlInputError} naming the field, and nothing changes.
   */
  restore(input: unknown): void {
    parse(this.deps.schemas?.snapshot ?? SnapshotSchema, input, 'snapshot');
    // The checked input itself is applied (copied), so app bodies keep their members' order.
    const doc = structuredClone(input) as Snapshot;
    checkSnapshot(this.deps, doc);
    if (!this.deps.clock.canTakeOffset(doc.clock.offsetMs)) {
      throw new ControlInputError('snapshot field clock.offsetMs: would put the clock outside 1970 to 9999; give an offset that keeps it inside', 'clock.offsetMs');
    }
    // What is put back if this one fails to load holds the secrets, which must survive a refused restore.
    const previous = takeSnapshot(this.deps, { includeSecrets: true });
    try {
      loadSnapshot(this.deps, doc);
    } catch (error) {
      loadSnapshot(this.deps, previous);
      throw error;
    }
  }

  /**
   * Adds a seed document to the state and answers what it created. Providers given by
   * `well_known_url` are discovered first (fetched: the document asks for it). The document is
   * checked whole first; if any part fails, every part is undone and the error names the field.
   */
  async seed(input: unknown): Promise<SeedResult> {
    const doc = parse(this.#seedSchema, input, 'seed');
    const before = takeSnapshot(this.deps, { includeSecrets: true });
    const created = emptySeedResult(this.deps);
    try {
      await this.deps.capabilities.fetchForSeed(doc, created as unknown as Record<string, unknown>, seedTools(this.deps.clock.now()));
      return applySeed(this.deps, doc, created, this.#addToken);
    } catch (error) {
      loadSnapshot(this.deps, before);
      throw error;
    }
  }

  /**
   * Applies a seed document synchronously (the backend's `seed` option and reset): providers by
   * `well_known_url` need a fetch and are refused here.
   */
  seedSync(input: unknown): SeedResult {
    const doc = parse(this.#seedSchema, input, 'seed');
    this.deps.capabilities.refuseFetchAtStart(doc, refuseSeed);
    const before = takeSnapshot(this.deps, { includeSecrets: true });
    try {
      return applySeed(this.deps, doc, emptySeedResult(this.deps), this.#addToken);
    } catch (error) {
      loadSnapshot(this.deps, before);
      throw error;
    }
  }

  /**
   * What received security events did, as `GET /__appset/signals` answers it: the users and devices
   * they changed, and the deliveries the receiver accepted and ignored, with why.
   */
  signals(): { users: UserSignals[]; devices: DeviceSignals[]; ignored: IgnoredDelivery[] } {
    if (!this.deps.signals) return { users: [], devices: [], ignored: [] };
    const { users, devices, ignored } = this.deps.signals;
    return { ...structuredClone({ users: users(), devices: devices() }), ignored: ignored() };
  }

  /** Adds a fault after checking it; throws {@link ControlInputError} naming the field. */
  addFault(input: FaultInput | unknown): Fault {
    const fault = parse(FaultInputSchema, input, 'fault');
    try {
      return this.faults.add(fault);
    } catch (error) {
      throw new ControlInputError(error instanceof Error ? error.message : String(error), 'path', 409);
    }
  }

  /** Moves the clock: `{ advanceMs }` forward, or `{ now }` to an instant. */
  changeClock(input: unknown): void {
    const change = parse(ClockChangeSchema, input, 'clock');
    const clock = this.deps.clock;
    const offset = clock.offsetFor(change.advanceMs !== undefined ? { advanceMs: change.advanceMs } : { at: Date.parse(change.now!) });
    if (!clock.canTakeOffset(offset)) {
      const field = change.advanceMs !== undefined ? 'advanceMs' : 'now';
      throw new ControlInputError(`clock field ${field}: would move the clock outside 1970 to 9999; give a change that keeps it inside (the clock is unchanged)`, field);
    }
    clock.setOffset(offset);
  }

  /** Sets the enforced rate limits; the current windows keep their counts. */
  setRateLimits(input: unknown): void {
    const setting = parse(RateLimitSettingSchema, input, 'rate limits');
    this.deps.env.limiter.setLimits(rateLimitTable(setting as RateLimitSetting));
  }

  /** The enforced limits per bucket, or `'off'`. */
  rateLimits(): RateLimitTable | 'off' {
    const limits = this.deps.env.limiter.limits;
    return limits ? { ...limits } : 'off';
  }
}
