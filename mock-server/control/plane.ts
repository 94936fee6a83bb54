import { z } from 'zod';
import type { Application } from '../../src/apps/application';
import type { SecurityEventsProvider } from '../../src/providers/schemas';
import { createLocalKeySet } from '../../src/set/keys';
import type { AppService } from '../apps/service';
import { storedApp, type AppUserAssignment } from '../apps/store';
import type { Directory, DirectoryGroup, DirectoryUser } from '../directory/store';
import type { MockToken } from '../http/auth';
import { OktaHttpError } from '../http/okta-errors';
import { OKTA_RATE_LIMITS, type RateLimitBucket, type RateLimitTable } from '../http/rate-limits';
import type { RouteEnv, RouterControl } from '../http/route';
import type { LogCollection, StoredLogEvent } from '../logs/store';
import type { ProviderService } from '../security-events/providers';
import type { ReplayMemory } from '../security-events/replay';
import type { DeviceSignals, SignalsStore, UserSignals } from '../security-events/signals';
import { ControlInputError, inputError } from './body-errors';
import type { ControlClock } from './clock';
import { FaultInputSchema, FaultTable, type Fault, type FaultInput } from './faults';
import type { IdSource } from './ids';
import { RequestJournal, type JournalEntry } from './journal';
import { SeedDocumentSchema, type SeedDocument } from './seed-schema';
import { SNAPSHOT_VERSION, SnapshotSchema, type Snapshot } from './snapshot-schema';

/** What the seed created, ids included (tokens are listed without their secret). */
export interface SeedResult {
  apps: Application[];
  users: DirectoryUser[];
  groups: DirectoryGroup[];
  assignments: Array<{ appId: string; userId: string } | { appId: string; groupId: string }>;
  providers: SecurityEventsProvider[];
  tokens: Array<{ type: 'SSWS' | 'Bearer'; scopes: string[] | null }>;
}

/** Rate limits as the plane sets them: `'okta'`, `'off'`, or numbers per bucket (the rest Okta's). */
export type RateLimitSetting = 'okta' | 'off' | Partial<RateLimitTable>;

const BUCKETS = Object.keys(OKTA_RATE_LIMITS) as RateLimitBucket[];

/** The body of `PUT /__appset/rate-limits` and the argument of `backend.rateLimits.set`. */
export const RateLimitSettingSchema = z.union([
  z.enum(['okta', 'off']),
  z.strictObject(Object.fromEntries(BUCKETS.map((b) => [b, z.int().min(1).max(1_000_000).optional()])) as Record<RateLimitBucket, z.ZodOptional<z.ZodInt>>),
]);

/** The body of `POST /__appset/clock`: move forward by `advanceMs`, or jump to `now`. */
export const ClockChangeSchema = z.union([
  z.strictObject({ advanceMs: z.int().min(0).max(100 * 365 * 86_400_000) }),
  z.strictObject({ now: z.iso.datetime({ offset: true }) }),
]);

/** Turns a rate-limit setting into the table the limiter enforces (`undefined`: off). */
export function rateLimitTable(setting: RateLimitSetting | undefined): RateLimitTable | undefined {
  if (setting === undefined || setting === 'off') return undefined;
  if (setting === 'okta') return { ...OKTA_RATE_LIMITS };
  return { ...OKTA_RATE_LIMITS, ...setting };
}

/** What the plane works on: the backend's stores and settings. */
export interface ControlDeps {
  env: RouteEnv;
  clock: ControlClock;
  ids: IdSource;
  /** Shared with the app service: changing `orgId` here changes the ORNs of apps created afterwards. */
  org: { orgId: string };
  apps: AppService;
  directory: Directory;
  providers: ProviderService;
  signals: SignalsStore;
  logs: LogCollection;
  replay: ReplayMemory;
  tokens: readonly MockToken[];
  rateLimits: RateLimitSetting | undefined;
  renderApp(id: string): Application;
  renderProvider(id: string): SecurityEventsProvider;
  /** Applies the backend's own seed (the `seed` option) again. */
  applyInitialSeed(): void;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw inputError(result.error, what);
  return result.data;
}

function duplicates(values: Iterable<string>): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return undefined;
}

/** JWK members holding private or symmetric key material. */
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** A key set without private members: a snapshot never carries secrets, and verifying needs none. */
function publicKeySet(jwks: { keys: object[] }): { keys: Array<Record<string, unknown>> } {
  return { keys: jwks.keys.map((key) => Object.fromEntries(Object.entries(key).filter(([member]) => !PRIVATE_MEMBERS.has(member)))) };
}

/** The reason of an error raised while a seed is applied, with the field path of the seed document. */
function seedFailure(error: unknown, field: string): ControlInputError {
  if (error instanceof ControlInputError) return error;
  if (error instanceof OktaHttpError) {
    const causes = error.causes.map((c) => `${field}.${c}`).join('; ');
    return new ControlInputError(`seed field ${field}: ${error.errorSummary}${causes ? ` (${causes})` : ''}`, field);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ControlInputError(`seed field ${field}: ${message}`, field);
}

/**
 * The control plane: reset, snapshot and restore, seed, signals, the request journal, faults, the
 * clock and rate limits. The in-process API (`backend.…`) and the HTTP routes under `/__appset/`
 * both call these methods, so the two surfaces cannot disagree.
 */
export class ControlPlane implements RouterControl {
  readonly faults = new FaultTable();
  readonly journal = new RequestJournal();
  readonly #baseOrgId: string;
  #baseIdCounter: number | null = null;
  /** Tokens added by seeds since the last reset. */
  #addedTokens: MockToken[] = [];

  constructor(private readonly deps: ControlDeps) {
    this.#baseOrgId = deps.org.orgId;
  }

  /** Marks the current id counter as where `reset()` starts again (called once the backend is built, before its seed). */
  markIdBaseline(): void {
    this.#baseIdCounter = this.deps.ids.counter;
  }

  takeFault(method: string, pathname: string) {
    return this.faults.take(method, pathname);
  }

  record(entry: JournalEntry): void {
    this.journal.record(entry);
  }

  /** `GET /__appset/health`. */
  health() {
    return {
      status: 'ok' as const,
      orgUrl: this.deps.env.orgUrl().origin,
      now: new Date(this.deps.clock.now()).toISOString(),
      ids: this.deps.ids.mode,
      snapshotVersion: SNAPSHOT_VERSION,
    };
  }

  /** Everything back to the seed: state, faults, journal, rate-limit windows and settings, clock, ids, tokens. */
  reset(): void {
    this.#clearState();
    const { env, clock, ids, org } = this.deps;
    this.faults.clear();
    this.journal.clear();
    env.limiter.clear();
    env.limiter.setLimits(rateLimitTable(this.deps.rateLimits));
    clock.setOffset(0);
    ids.counter = this.#baseIdCounter;
    org.orgId = this.#baseOrgId;
    for (const token of this.#addedTokens) env.tokens.remove(token);
    for (const token of this.deps.tokens) env.tokens.add(token);
    this.#addedTokens = [];
    this.deps.applyInitialSeed();
  }

  #clearState(): void {
    const d = this.deps;
    d.apps.clear();
    d.directory.clear();
    d.providers.clear();
    d.signals.clear();
    d.logs.clear();
    d.replay.clear();
  }

  /** The whole state as one versioned document. */
  snapshot(): Snapshot {
    const d = this.deps;
    return structuredClone({
      version: SNAPSHOT_VERSION,
      orgId: d.org.orgId,
      clock: { offsetMs: d.clock.offsetMs },
      idCounter: d.ids.counter,
      apps: {
        items: [...d.apps.apps.values()].map((app) => ({
          body: app.body,
          kind: app.kind ?? null,
          users: [...app.users.values()],
          groups: [...app.groups],
        })),
        nameCounters: d.apps.nameCounters(),
      },
      users: d.directory.users(),
      groups: d.directory.groups(),
      providers: [...d.providers.providers.values()].map(({ id, name, type, status, settings, jwks }) => ({
        id,
        name,
        type,
        status,
        settings,
        jwks: jwks ? publicKeySet(jwks) : null,
      })),
      signals: { users: d.signals.users.all(), devices: d.signals.devices.all() },
      logs: [...d.logs.values()],
      replay: d.replay.entries(),
    }) as Snapshot;
  }

  /**
   * Replaces the state with a snapshot. The whole document is checked first; a bad one throws
   * {@link ControlInputError} naming the field, and nothing changes.
   */
  restore(input: unknown): void {
    parse(SnapshotSchema, input, 'snapshot');
    // The checked input itself is applied (copied), so app bodies keep their members' order.
    const doc = structuredClone(input) as Snapshot;
    this.#checkSnapshot(doc);
    const previous = this.snapshot();
    try {
      this.#load(doc);
    } catch (error) {
      this.#load(previous);
      throw error;
    }
  }

  #checkSnapshot(doc: Snapshot): void {
    const refuse = (field: string, reason: string) => {
      throw new ControlInputError(`snapshot field ${field}: ${reason}`, field);
    };
    const unique = (field: string, values: string[], what: string) => {
      const dup = duplicates(values);
      if (dup !== undefined) refuse(field, `${what} "${dup}" appears twice; each must be unique`);
    };
    unique('apps.items', doc.apps.items.map((a) => a.body.id), 'the app id');
    unique('users', doc.users.map((u) => u.id), 'the user id');
    unique('users', doc.users.map((u) => u.profile.login.toLowerCase()), 'the login');
    unique('groups', doc.groups.map((g) => g.id), 'the group id');
    unique('providers', doc.providers.map((p) => p.id), 'the provider id');
    unique('signals.users', doc.signals.users.flatMap((u) => u.identifiers), 'the identifier');
    unique('signals.devices', doc.signals.devices.flatMap((u) => u.identifiers), 'the identifier');
    unique('logs', doc.logs.map((e) => e.uuid), 'the event uuid');
    unique('replay', doc.replay.map((e) => `${e.issuer} ${e.jti}`), 'the issuer and jti');
    doc.providers.forEach((p, i) => {
      if (p.jwks === null) return;
      try {
        createLocalKeySet(p.jwks);
      } catch {
        refuse(`providers[${i}].jwks`, 'not a JSON Web Key Set');
      }
    });
  }

  #load(doc: Snapshot): void {
    const d = this.deps;
    this.#clearState();
    d.org.orgId = doc.orgId;
    d.clock.setOffset(doc.clock.offsetMs);
    d.ids.counter = doc.idCounter;
    for (const item of doc.apps.items) {
      const app = storedApp(item.body as Parameters<typeof storedApp>[0], item.kind ?? undefined);
      for (const user of item.users) app.users.set(user.id, user as AppUserAssignment);
      for (const group of item.groups) app.groups.add(group);
      d.apps.apps.insert(app);
    }
    d.apps.setNameCounters(doc.apps.nameCounters);
    for (const u of doc.users) {
      const { login, email, firstName, lastName } = u.profile;
      const added = d.directory.addUser(
        { id: u.id, login, email, ...(firstName === null ? {} : { firstName }), ...(lastName === null ? {} : { lastName }) },
        Date.parse(u.created),
      );
      // The directory creates users ACTIVE with lastUpdated = created; a snapshot may say otherwise.
      added.status = u.status;
      added.lastUpdated = u.lastUpdated;
    }
    for (const g of doc.groups) {
      const added = d.directory.addGroup({ id: g.id, name: g.profile.name, ...(g.profile.description === null ? {} : { description: g.profile.description }) }, Date.parse(g.created));
      added.lastUpdated = g.lastUpdated;
    }
    for (const p of doc.providers) d.providers.load(p);
    for (const s of doc.signals.users) {
      const { identifiers, ...rest } = s;
      Object.assign(d.signals.users.upsert(identifiers), rest);
    }
    for (const s of doc.signals.devices) {
      const { identifiers, ...rest } = s;
      Object.assign(d.signals.devices.upsert(identifiers), rest);
    }
    for (const event of doc.logs) d.logs.insert(event as StoredLogEvent);
    d.replay.load(doc.replay);
  }

  /**
   * Adds a seed document to the state and answers what it created. Providers given by
   * `well_known_url` are discovered first (fetched: the document asks for it). The document is
   * checked whole first; if any part fails, every part is undone and the error names the field.
   */
  async seed(input: unknown): Promise<SeedResult> {
    const doc = parse(SeedDocumentSchema, input, 'seed');
    const before = this.snapshot();
    const created: SeedResult = { apps: [], users: [], groups: [], assignments: [], providers: [], tokens: [] };
    try {
      for (const [i, p] of (doc.providers ?? []).entries()) {
        if (!('well_known_url' in p)) continue;
        try {
          const provider = await this.deps.providers.create({ name: p.name, type: p.type ?? 'okta', settings: { well_known_url: p.well_known_url } });
          created.providers.push(this.deps.renderProvider(provider.id));
        } catch (error) {
          throw seedFailure(error, `providers[${i}]`);
        }
      }
      return this.#applySeed(doc, created);
    } catch (error) {
      this.#load(before);
      throw error;
    }
  }

  /**
   * Applies a seed document synchronously (the backend's `seed` option and reset): providers by
   * `well_known_url` need a fetch and are refused here.
   */
  seedSync(input: unknown): SeedResult {
    const doc = parse(SeedDocumentSchema, input, 'seed');
    const i = (doc.providers ?? []).findIndex((p) => 'well_known_url' in p);
    if (i >= 0) {
      throw new ControlInputError(
        `seed field providers[${i}].well_known_url: a seed applied at start cannot fetch a discovery document; give "issuer" and "jwks_url" (or "jwks"), or POST it to /__appset/seed`,
        `providers[${i}].well_known_url`,
      );
    }
    const before = this.snapshot();
    try {
      return this.#applySeed(doc, { apps: [], users: [], groups: [], assignments: [], providers: [], tokens: [] });
    } catch (error) {
      this.#load(before);
      throw error;
    }
  }

  #applySeed(doc: z.output<typeof SeedDocumentSchema>, created: SeedResult): SeedResult {
    const d = this.deps;
    const now = d.clock.now();
    const at = (field: string, run: () => void) => {
      try {
        run();
      } catch (error) {
        throw seedFailure(error, field);
      }
    };
    (doc.apps ?? []).forEach((entry, i) =>
      at(`apps[${i}]`, () => {
        const { status, ...input } = entry;
        created.apps.push(d.renderApp(d.apps.create(input, status !== 'INACTIVE', now).body.id));
      }),
    );
    (doc.users ?? []).forEach((u, i) =>
      at(`users[${i}]`, () => {
        created.users.push(structuredClone(d.directory.addUser({ ...u, id: u.id ?? d.ids.oktaId('00u') }, now)));
      }),
    );
    (doc.groups ?? []).forEach((g, i) =>
      at(`groups[${i}]`, () => {
        created.groups.push(structuredClone(d.directory.addGroup({ ...g, id: g.id ?? d.ids.oktaId('00g') }, now)));
      }),
    );
    (doc.providers ?? []).forEach((p, i) =>
      at(`providers[${i}]`, () => {
        if ('well_known_url' in p) return;
        const settings = {
          issuer: p.issuer,
          jwks_url: 'jwks_url' in p ? p.jwks_url : `${p.issuer.replace(/\/$/, '')}/jwks`,
          well_known_url: null,
        };
        const jwks = 'jwks' in p ? p.jwks : null;
        if (jwks) createLocalKeySet(jwks as Parameters<typeof createLocalKeySet>[0]);
        const provider = d.providers.load({
          id: d.ids.oktaId('sse'),
          name: p.name,
          type: p.type ?? 'okta',
          status: 'ACTIVE',
          settings,
          jwks: jwks as Parameters<typeof createLocalKeySet>[0] | null,
        });
        created.providers.push(d.renderProvider(provider.id));
      }),
    );
    (doc.assignments ?? []).forEach((a, i) => {
      const field = `assignments[${i}]`;
      if (!d.apps.apps.has(a.appId)) {
        throw new ControlInputError(`seed field ${field}.appId: no app has the id ${a.appId}; create the app first and use the id it was given`, `${field}.appId`);
      }
      if ('userId' in a) {
        const user = d.directory.user(a.userId);
        if (!user) {
          throw new ControlInputError(`seed field ${field}.userId: no user has the id ${a.userId}; add it under "users" (with that id) first`, `${field}.userId`);
        }
        const when = new Date(now).toISOString();
        d.apps.assignUser(a.appId, {
          id: user.id,
          externalId: null,
          created: when,
          lastUpdated: when,
          scope: 'USER',
          status: 'ACTIVE',
          statusChanged: when,
          passwordChanged: null,
          syncState: 'DISABLED',
          lastSync: null,
          credentials: { userName: user.profile.login },
        });
        created.assignments.push({ appId: a.appId, userId: a.userId });
      } else {
        if (!d.directory.group(a.groupId)) {
          throw new ControlInputError(`seed field ${field}.groupId: no group has the id ${a.groupId}; add it under "groups" (with that id) first`, `${field}.groupId`);
        }
        d.apps.assignGroup(a.appId, a.groupId);
        created.assignments.push({ appId: a.appId, groupId: a.groupId });
      }
    });
    // Tokens last: nothing after them can fail, so a refused seed never leaves a token behind.
    for (const t of doc.tokens ?? []) {
      const token = t as MockToken;
      d.env.tokens.add(token);
      this.#addedTokens.push(token);
      created.tokens.push({ type: t.type, scopes: t.scopes ?? null });
    }
    return created;
  }

  /** What received security events did, as `GET /__appset/signals` answers it. */
  signals(): { users: UserSignals[]; devices: DeviceSignals[] } {
    return structuredClone({ users: this.deps.signals.users.all(), devices: this.deps.signals.devices.all() });
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
    if ('advanceMs' in change) this.deps.clock.advance(change.advanceMs);
    else this.deps.clock.set(Date.parse(change.now));
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
