import { wholeSeconds } from '../shared/time';
import { isObject } from '../shared/json';
import {
  validateCreateApplicationInput,
  validateReplaceApplicationInput,
} from '../../src/apps/create-input';
import { CATALOG_APP_NAMES, CUSTOM_APP_NAMES } from '../../src/apps/create-input';
import { oktaId } from '../pipeline/ids';
import { Catalog, TEMPLATE_LINK_IDS, TYPED_CATALOG_ANSWERS, type CatalogAppDefinition } from './catalog';
import { checkCatalogInput } from './catalog-input';
import { refuseDeepBody } from '../pipeline/json-bounds';
import { invalidPaging, invalidSearch, notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { MAX_ITEMS } from '../state/document-fields';
import { InvalidCursorError } from '../state/indexed-collection';
import type { AppFilter } from './filter';
import { buildAppBody } from './build-body';
import { generatedNameStem, renderAppBytes } from './representation';
import {
  appHasKey,
  createAppCollection,
  Q_PREFIX_DEPTH,
  storedApp,
  type AppBody,
  type AppCollection,
  type AppIndex,
  type AppGroupAssignment,
  type AppUserAssignment,
  type StoredApp,
} from './store';
import type { Json } from '../shared/json';

/** `q`'s rule: the lower-cased name or label starts with the lower-cased query. */
function startsWith(app: StoredApp, prefix: string): boolean {
  return app.search.name.startsWith(prefix) || app.search.label.startsWith(prefix);
}

/** The plans the backend can play; on `'free-integrator'` the `okta_org2org` catalog app is unavailable. */
export type MockPlan = 'standard' | 'free-integrator';

/** What {@link AppService.list} is asked for (already parsed from the query). */
export interface AppListQuery {
  limit: number;
  after?: string;
  q?: string;
  filter?: AppFilter;
  /** `expand=user/{id}`: embed this user's assignment (only valid with `filter` on the same `user.id`). */
  expandUser?: string;
}

/**
 * The mode an app is stored in: the catalog's SWA apps asked for in AUTO_LOGIN (office365 and the
 * registered ones, as the recordings show) are the browser-plugin apps they are.
 */
function storedSignOnMode(name: string | undefined, registered: boolean, requested: string): string {
  return requested === 'AUTO_LOGIN' && (registered || name === 'office365') ? 'BROWSER_PLUGIN' : requested;
}

/**
 * The input without `credentials.oauthClient.client_secret` when that is `""`: real orgs take an
 * empty secret as none given (a replace keeps the client's, a create draws one), as the terraform
 * provider sends it; the SDK's schemas, which the client checks its own calls with, hold a secret to
 * 14 characters or more.
 */
function withoutEmptySecret(input: unknown): unknown {
  if (!isObject(input) || !isObject(input.credentials) || !isObject(input.credentials.oauthClient)) return input;
  const { client_secret: secret, ...client } = input.credentials.oauthClient;
  if (secret !== '') return input;
  return { ...input, credentials: { ...input.credentials, oauthClient: client } };
}

/** Names the SDK's own schemas validate. */
const KNOWN_NAMES: ReadonlySet<string> = new Set([...CUSTOM_APP_NAMES, ...CATALOG_APP_NAMES]);

/**
 * What follows an app's life beside the app itself (its keys, secrets and JSON Web Keys): told of
 * each create, replace and delete by the {@link AppService}.
 */
export interface AppObserver {
  /**
   * Checks and completes a body before it is stored (a replace naming a signing key the app does not
   * have is refused here); throws an `OktaHttpError` to refuse, with nothing changed.
   */
  prepare(body: AppBody, previous: StoredApp | undefined): AppBody;
  /** The app was stored by a create (`previous` undefined) or a replace. */
  stored(app: StoredApp, previous: StoredApp | undefined, nowMs: number): void;
  /** The app was deleted. */
  deleted(app: StoredApp): void;
}

/**
 * The Applications API's rules over the app collection: validation with the SDK's schemas,
 * defaults, lifecycle and listing. Routes and the backend's state API both call it, so an app seeded
 * in a test behaves exactly like one created over HTTP.
 */
export class AppService {
  readonly apps: AppCollection = createAppCollection();
  readonly #nameCounters = new Map<string, number>();

  /** The catalog apps beyond the SDK's table that creates may name. */
  readonly catalog: Catalog;

  /** Told when a group is assigned to an app or unassigned (its members are app users meanwhile). */
  groupListener: { groupAssigned(appId: string, groupId: string, nowMs: number): void; groupUnassigned(appId: string, groupId: string): void } | undefined;

  /** The org's default app sign-in policy, which new apps are assigned to (set by what keeps policies; without, none). */
  defaultAccessPolicy: (() => string) | undefined;

  constructor(
    private readonly options: {
      orgId: string;
      plan: MockPlan;
      orgUrl: () => URL;
      newId?: (prefix: string) => string;
      catalog?: readonly CatalogAppDefinition[];
      selfServiceAssignment?: boolean;
      /** Whether a custom SAML app's empty `defaultRelayState` is stored `null` (today) or `""` (before April 2026; `answersAsOf`). */
      emptyDefaultRelayStateNull?: boolean;
      /** The signing key a new app of a sign-on mode signs with (see `BuildContext.newKid`). */
      newKid?: (signOnMode: string | null) => string;
      observer?: AppObserver;
    },
  ) {
    this.catalog = new Catalog(options.catalog);
  }

  /** Removes every app and forgets generated-name counters. */
  clear(): void {
    this.apps.clear();
    this.#nameCounters.clear();
  }

  /** The counters of generated names (`{stem}_{n}`), for a snapshot. */
  nameCounters(): Record<string, number> {
    return Object.fromEntries(this.#nameCounters);
  }

  /** Replaces the counters of generated names (restoring a snapshot). */
  setNameCounters(counters: Record<string, number>): void {
    this.#nameCounters.clear();
    for (const [stem, n] of Object.entries(counters)) this.#nameCounters.set(stem, n);
  }

  /** Finds an app or throws `E0000007 … (AppInstance)`. */
  require(id: string): StoredApp {
    const app = this.apps.get(id);
    if (!app) throw notFound(id, 'AppInstance');
    return app;
  }

  /**
   * Creates an app from a request body, as `POST /api/v1/apps`. `fixedId` (a seed document's) is
   * the id it takes instead of a fresh one; an id already taken throws.
   */
  create(input: unknown, activate: boolean, nowMs: number, fixedId?: string): StoredApp {
    // As many as a snapshot document holds, so that the backend can always restore its own snapshot.
    if (this.apps.size >= MAX_ITEMS) throw validationFailed([{ path: 'app', reason: `The org keeps at most ${MAX_ITEMS} apps; delete one first` }]);
    refuseDeepBody(input);
    const registered = this.#registeredCatalogApp(input);
    let value: Json;
    let name: string | undefined;
    if (registered) {
      value = checkCatalogInput(registered, input as Json);
      name = registered.name;
    } else {
      const check = validateCreateApplicationInput(withoutEmptySecret(input));
      if (!check.ok) throw validationFailed(check.issues);
      value = check.value as Json;
      name = typeof value.name === 'string' ? value.name : undefined;
      if (name !== undefined && !check.known) throw notFound(name, 'App');
    }
    const accessibility = value.accessibility as { selfService?: unknown } | undefined;
    if (accessibility?.selfService === true && this.options.selfServiceAssignment === false) {
      // What the recording orgs answered in 2023, before self-service assignment was on in them (2025).
      throw new OktaHttpError(403, 'E0000043', 'Self service application assignment is not enabled.', [
        'Self service application assignment for organization managed apps must be enabled.',
      ]);
    }
    if (name === 'okta_org2org' && this.options.plan === 'free-integrator') {
      throw validationFailed([
        { path: 'name', reason: 'okta_org2org is not available to organizations on the Free Integrator plan' },
      ]);
    }
    if (fixedId !== undefined && this.apps.has(fixedId)) throw new Error(`An app with id ${fixedId} already exists; give another id or leave it out.`);
    const id = fixedId ?? (this.options.newId ?? oktaId)('0oa');
    const at = wholeSeconds(nowMs);
    const answers = registered ?? (name === undefined ? undefined : TYPED_CATALOG_ANSWERS[name]);
    const isCatalog = registered !== undefined || (name !== undefined && (CATALOG_APP_NAMES as readonly string[]).includes(name));
    const requested = String(value.signOnMode);
    const signOnMode = registered?.provisioningOnly ? null : storedSignOnMode(name, registered !== undefined, requested);
    const links = name === undefined || signOnMode === 'OPENID_CONNECT' || signOnMode === null ? undefined : (answers?.appLinks ?? ['login']);
    // A generated name's counter moves on only once the app is stored.
    const generated = name === undefined ? this.#nextName(String(value.label)) : undefined;
    const built = buildAppBody(value, {
      id,
      orgId: this.options.orgId,
      name: name ?? generated!.name,
      signOnMode,
      status: activate ? 'ACTIVE' : 'INACTIVE',
      created: at,
      lastUpdated: at,
      links,
      linkDefaults: answers?.appLinkDefaults,
      licensing: answers?.licensing,
      catalog: isCatalog ? { defaults: answers?.defaults ?? {} } : undefined,
      newKid: this.options.newKid,
      keepEmptyDefaultRelayState: this.options.emptyDefaultRelayStateNull === false,
    });
    const body = this.options.observer?.prepare(built, undefined) ?? built;
    const linkIds = answers?.linkIds ?? (name === undefined ? undefined : TEMPLATE_LINK_IDS[name]);
    const app = storedApp(body, name, { links, idLinks: answers?.idLinks, linkIds, catalog: isCatalog, registered: registered !== undefined });
    app.accessPolicy = this.defaultAccessPolicy?.();
    this.#renderBeforeStoring(app);
    this.apps.insert(app);
    if (generated) this.#nameCounters.set(generated.stem, generated.n);
    this.options.observer?.stored(app, undefined, nowMs);
    return app;
  }

  /** The registered catalog definition a create body names, unless the SDK types that name itself. */
  #registeredCatalogApp(input: unknown): CatalogAppDefinition | undefined {
    const name = (input as { name?: unknown } | null)?.name;
    if (typeof name !== 'string' || KNOWN_NAMES.has(name)) return undefined;
    return this.catalog.get(name);
  }

  /** Replaces an app's properties, as `PUT /api/v1/apps/{id}`: id, name, status and created stay. */
  replace(id: string, input: unknown, nowMs: number): StoredApp {
    refuseDeepBody(input);
    const existing = this.require(id);
    if (existing.kind === undefined && existing.body.signOnMode === 'AUTO_LOGIN' && existing.body.status === 'INACTIVE') {
      // What real organizations answer for a deactivated custom SWA app (recordings).
      throw new OktaHttpError(400, 'E0000024', 'Bad request. This operation on app metadata is not yet supported.', [
        'This operation on app metadata is not yet supported: No active instances.',
      ]);
    }
    const check = validateReplaceApplicationInput(existing.kind, withoutEmptySecret(input));
    if (!check.ok) throw validationFailed(check.issues);
    const value = check.value as Json;
    const previous = existing.body;
    const answers = existing.registered ? this.catalog.get(previous.name) : TYPED_CATALOG_ANSWERS[previous.name];
    const requested = String(value.signOnMode ?? previous.signOnMode);
    const built = buildAppBody(value, {
      id,
      orgId: this.options.orgId,
      name: previous.name,
      signOnMode: previous.signOnMode === null ? null : storedSignOnMode(previous.name, existing.registered, requested),
      status: previous.status,
      created: previous.created,
      lastUpdated: this.#later(previous.lastUpdated, nowMs),
      previous,
      links: existing.links,
      linkDefaults: answers?.appLinkDefaults,
      licensing: answers?.licensing,
      catalog: existing.catalog ? { defaults: answers?.defaults ?? {} } : undefined,
      keepEmptyDefaultRelayState: this.options.emptyDefaultRelayStateNull === false,
    });
    const body = this.options.observer?.prepare(built, existing) ?? built;
    const next: StoredApp = { ...existing, body, search: { name: body.name.toLowerCase(), label: body.label.toLowerCase() } };
    this.#renderBeforeStoring(next);
    this.apps.update(id, next);
    this.options.observer?.stored(next, existing, nowMs);
    return next;
  }

  /**
   * Changes an app's body outside a replace (a JSON Web Key added through the JWKS API): the change
   * is rendered before it is stored, and `lastUpdated` moves on.
   */
  changeBody(id: string, change: (body: AppBody) => AppBody, nowMs: number): StoredApp {
    const existing = this.require(id);
    const body = { ...change(existing.body), lastUpdated: this.#later(existing.body.lastUpdated, nowMs) };
    const next: StoredApp = { ...existing, body };
    this.#renderBeforeStoring(next);
    this.apps.update(id, next);
    return next;
  }

  /** Sets the status; a no-op (and no `lastUpdated` change) when the app is already in it. */
  setStatus(id: string, status: AppBody['status'], nowMs: number): void {
    const app = this.require(id);
    if (app.body.status === status) return;
    app.body = { ...app.body, status, lastUpdated: this.#later(app.body.lastUpdated, nowMs) };
    this.apps.update(id, app);
  }

  /** Deletes an INACTIVE app; an ACTIVE one is `E0000056`. */
  delete(id: string): void {
    const app = this.require(id);
    if (app.body.status === 'ACTIVE') {
      throw new OktaHttpError(403, 'E0000056', 'Delete application forbidden.', [
        'The application must be deactivated before deletion.',
      ]);
    }
    this.apps.delete(id);
    this.options.observer?.deleted(app);
  }

  /** Assigns a user to an app (what `expand=user/{id}` embeds and `user.id` filters on). */
  assignUser(appId: string, user: AppUserAssignment): void {
    const app = this.require(appId);
    app.users.set(user.id, user);
    this.apps.update(appId, app);
  }

  /** Removes a user's assignment; true when there was one. */
  unassignUser(appId: string, userId: string): boolean {
    const app = this.require(appId);
    const had = app.users.delete(userId);
    if (had) this.apps.update(appId, app);
    return had;
  }

  /**
   * Assigns a group to an app (what `group.id` filters on), or updates its assignment. Priorities
   * are places in an order, as real orgs keep them: a group given a priority another holds takes
   * that place and pushes the group there (and any right behind it) one down; a new group given
   * none goes after the others.
   */
  assignGroup(appId: string, groupId: string, nowMs: number, input: { priority?: number; profile?: Record<string, unknown> } = {}): AppGroupAssignment {
    const app = this.require(appId);
    const previous = app.groups.get(groupId);
    const others = [...app.groups.values()].filter((group) => group.id !== groupId);
    let priority = input.priority ?? previous?.priority ?? others.length;
    if (input.priority === undefined && previous === undefined && others.some((group) => group.priority === priority)) {
      priority = Math.max(...others.map((group) => group.priority)) + 1;
    }
    if (input.priority !== undefined) {
      // Only the run of groups right from the place taken moves, so priorities stay within
      // the largest one given plus the number of groups.
      let next = priority;
      for (const group of others.sort((a, b) => a.priority - b.priority)) {
        if (group.priority < priority) continue;
        if (group.priority > next) break;
        app.groups.set(group.id, { ...group, priority: ++next });
      }
    }
    const assignment: AppGroupAssignment = {
      id: groupId,
      lastUpdated: wholeSeconds(nowMs),
      priority,
      profile: input.profile ?? previous?.profile ?? {},
    };
    app.groups.set(groupId, assignment);
    this.apps.update(appId, app);
    if (!previous) this.groupListener?.groupAssigned(appId, groupId, nowMs);
    return assignment;
  }

  /** Removes a group's assignment; true when there was one. */
  unassignGroup(appId: string, groupId: string): boolean {
    const app = this.require(appId);
    const had = app.groups.delete(groupId);
    if (had) {
      this.apps.update(appId, app);
      this.groupListener?.groupUnassigned(appId, groupId);
    }
    return had;
  }

  /**
   * One page of apps. An indexed filter narrows by index (O(log n + limit)); `q` scans forward in
   * creation order from the cursor, testing each app, and stops once the page is full.
   */
  list(query: AppListQuery): { items: StoredApp[]; next?: string } {
    const { filter, q, expandUser } = query;
    if (expandUser !== undefined && !(filter?.attribute === 'user.id' && filter.value === expandUser)) {
      throw invalidSearch(`expand=user/${expandUser} is only supported together with filter=user.id eq "${expandUser}".`);
    }
    const prefix = q?.toLowerCase();
    try {
      if (filter?.attribute === 'id') {
        const byId = this.apps.get(filter.value);
        // A single-id result fits one page, so any cursor ends the listing.
        const items = byId && !query.after && (prefix === undefined || startsWith(byId, prefix)) ? [byId] : [];
        return { items };
      }
      const indexed = filter as (AppFilter & { attribute: AppIndex }) | undefined; // `id` returned above
      const page = this.apps.page({ after: query.after, limit: query.limit, ...this.#plan(indexed, prefix) });
      return { items: page.items, next: page.next };
    } catch (error) {
      if (error instanceof InvalidCursorError) throw invalidPaging();
      throw error;
    }
  }

  /**
   * Which index serves a page, and what is tested per record. With a filter and `q` both indexed,
   * the smaller bucket is walked and the other condition tested, so the scan is bounded by that bucket.
   */
  #plan(filter: (AppFilter & { attribute: AppIndex }) | undefined, prefix: string | undefined) {
    type Plan = { index?: readonly [AppIndex, string]; where?: (app: StoredApp) => boolean };
    const matchesQ = prefix === undefined ? undefined : (app: StoredApp) => startsWith(app, prefix);
    const qIndex = prefix ? (['q', prefix.slice(0, Q_PREFIX_DEPTH)] as const) : undefined;
    // Queries longer than the index depth still need the full test on each candidate.
    const qExact = prefix !== undefined && prefix.length <= Q_PREFIX_DEPTH;
    if (!filter) return (qIndex ? { index: qIndex, where: qExact ? undefined : matchesQ } : {}) satisfies Plan;
    const filterIndex = [filter.attribute, filter.value] as const;
    const inFilter = (app: StoredApp) => appHasKey(app, filter.attribute, filter.value);
    if (!qIndex) return { index: filterIndex } satisfies Plan;
    return (
      this.apps.countWhere(...qIndex) <= this.apps.countWhere(...filterIndex)
        ? { index: qIndex, where: (app: StoredApp) => inFilter(app) && (qExact || matchesQ!(app)) }
        : { index: filterIndex, where: matchesQ }
    ) satisfies Plan;
  }

  /** The next generated name (`{stem}_{n}`) for a label; the caller stores `n` once the app is kept. */
  #nextName(label: string): { name: string; stem: string; n: number } {
    const stem = generatedNameStem(this.options.orgUrl(), label);
    const n = (this.#nameCounters.get(stem) ?? 0) + 1;
    return { name: `${stem}_${n}`, stem, n };
  }

  /**
   * Renders an app as lists and reads will serve it (caching the bytes they reuse), before it is
   * stored: an app that cannot be rendered (input given in-process that no JSON can hold) throws here
   * and is never stored, where stored it would break every list, snapshot and state file after it.
   */
  #renderBeforeStoring(app: StoredApp): void {
    renderAppBytes(app, this.options.orgUrl());
  }

  /** A `lastUpdated` strictly after the previous one (a second later when the clock has not moved on). */
  #later(previous: string, nowMs: number): string {
    return wholeSeconds(Math.max(nowMs, Date.parse(previous) + 1000));
  }
}
