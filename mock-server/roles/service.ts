import { CATALOG_APP_NAMES } from '../../src/apps/catalog-apps';
import { CUSTOM_APP_NAMES } from '../../src/apps/custom-apps';
import type { AppService } from '../apps/service';
import type { StoredApp } from '../apps/store';
import type { Directory, DirectoryGroup } from '../directory/store';
import { notFound, OktaHttpError, validationFailed } from '../pipeline/okta-errors';
import { isObject } from '../shared/json';
import { wholeSeconds } from '../shared/time';
import { describedCatalogEntry, recordedCatalogEntry, type CatalogEntry } from './catalog-entries';
import { isRoleType, ROLE_TYPE_NAMES, ROLE_TYPES, targetableAssignmentId, type RoleType } from './role-types';
import {
  MAX_ROLE_ASSIGNMENTS,
  MAX_ROLE_TARGETS,
  RoleAssignmentStore,
  type Assignee,
  type AppTarget,
  type StoredRoleAssignment,
} from './store';

/** An app target as it is listed: a catalog app's entry, or an app instance. */
export type ListedAppTarget = { kind: 'catalog'; entry: CatalogEntry } | { kind: 'instance'; app: StoredApp };

const KNOWN_TEMPLATES: ReadonlySet<string> = new Set<string>([...CUSTOM_APP_NAMES, ...CATALOG_APP_NAMES]);

/** `E0000090`: the assignee holds the role already. */
function duplicateRole(): OktaHttpError {
  return new OktaHttpError(409, 'E0000090', 'The role specified is already assigned to the user.');
}

/** `E0000091`: a target of a kind the role does not take (a group for `APP_ADMIN`, an app for `USER_ADMIN`, any for `SUPER_ADMIN`). */
function wrongRoleType(): OktaHttpError {
  return new OktaHttpError(400, 'E0000091', 'The provided role type was not the same as required role type.');
}

/**
 * Okta's rules for administrator role assignments to users and groups, and their targets: one
 * assignment per role and assignee, targets only of the kind the role takes, never the last target
 * removed (delete the assignment instead). A user, group or app that no longer exists holds no
 * roles and is no target: what a deletion leaves behind is dropped when next read, and swept
 * before the store's bound is judged and before a snapshot.
 */
export class RoleService {
  constructor(
    readonly store: RoleAssignmentStore,
    private readonly directory: Directory,
    private readonly apps: AppService,
    private readonly newId: (prefix: string) => string,
  ) {}

  /** The assignee, or `E0000007` naming the user or group that does not exist. */
  requireAssignee(assignee: Assignee): Assignee {
    if (assignee.type === 'USER' && !this.directory.user(assignee.id)) throw notFound(assignee.id, 'User');
    if (assignee.type === 'GROUP' && !this.directory.group(assignee.id)) throw notFound(assignee.id, 'UserGroup');
    return assignee;
  }

  /** An assignee's roles, by role type. */
  list(assignee: Assignee): StoredRoleAssignment[] {
    this.requireAssignee(assignee);
    return this.store
      .of(assignee)
      .map((a) => this.#current(a))
      .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  }

  /** One of an assignee's roles, or `E0000007 … (RoleAssignment)`. */
  get(assignee: Assignee, id: string): StoredRoleAssignment {
    this.requireAssignee(assignee);
    const found = this.store.get(assignee, id);
    if (!found) throw notFound(id, 'RoleAssignment');
    return this.#current(found);
  }

  /** Assigns a standard role from a request body (`{ "type": "APP_ADMIN" }`). */
  assign(assignee: Assignee, body: unknown, nowMs: number): StoredRoleAssignment {
    this.requireAssignee(assignee);
    const type = isObject(body) ? body.type : undefined;
    if (type === undefined || type === null || type === '') throw validationFailed([{ path: 'type', reason: 'The field cannot be left blank' }]);
    if (!isRoleType(type)) {
      throw validationFailed([{ path: 'type', reason: `Not one of the allowed values: ${ROLE_TYPE_NAMES.join(', ')}` }]);
    }
    if (this.store.of(assignee).some((a) => a.type === type)) throw duplicateRole();
    if (this.store.size >= MAX_ROLE_ASSIGNMENTS) this.sweep();
    if (this.store.size >= MAX_ROLE_ASSIGNMENTS) {
      throw validationFailed([{ path: 'type', reason: `The organization holds ${MAX_ROLE_ASSIGNMENTS} role assignments, the most this backend keeps; delete some first` }]);
    }
    const at = wholeSeconds(nowMs);
    const assignment: StoredRoleAssignment = {
      id: this.#assignmentId(assignee, type),
      type,
      assignee: { ...assignee },
      created: at,
      lastUpdated: at,
      groupTargets: [],
      appTargets: [],
    };
    this.store.put(assignment);
    return assignment;
  }

  /** Takes a role away (its targets with it). */
  unassign(assignee: Assignee, id: string): void {
    this.get(assignee, id);
    this.store.delete(assignee, id);
  }

  /** The groups a role is narrowed to, by group id. */
  groupTargets(assignee: Assignee, id: string): DirectoryGroup[] {
    const assignment = this.#takes(this.get(assignee, id), 'groups');
    return assignment.groupTargets.map((g) => this.directory.group(g)!).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Narrows a role to a group as well (a group it holds already: nothing changes). */
  addGroupTarget(assignee: Assignee, id: string, groupId: string, nowMs: number): void {
    const assignment = this.#takes(this.get(assignee, id), 'groups');
    if (!this.directory.group(groupId)) throw notFound(groupId, 'UserGroup');
    if (assignment.groupTargets.includes(groupId)) return;
    this.#refuseFull(assignment);
    this.#save({ ...assignment, groupTargets: [...assignment.groupTargets, groupId] }, nowMs);
  }

  /** Takes a group out of a role's targets; the last one cannot be. */
  removeGroupTarget(assignee: Assignee, id: string, groupId: string, nowMs: number): void {
    const assignment = this.#takes(this.get(assignee, id), 'groups');
    if (!assignment.groupTargets.includes(groupId)) throw notFound(groupId, 'UserGroup');
    this.#refuseLast(assignment);
    this.#save({ ...assignment, groupTargets: assignment.groupTargets.filter((g) => g !== groupId) }, nowMs);
  }

  /** The apps an `APP_ADMIN` role is narrowed to: catalog apps by name (last named first), then app instances by id. */
  appTargets(assignee: Assignee, id: string): ListedAppTarget[] {
    const assignment = this.#takes(this.get(assignee, id), 'apps');
    const catalog = assignment.appTargets
      .filter((t) => t.id === undefined)
      .map((t) => t.name)
      .sort()
      .reverse()
      .map((name): ListedAppTarget => ({ kind: 'catalog', entry: this.#catalogEntry(name)! }));
    const instances = assignment.appTargets
      .flatMap((t) => (t.id === undefined ? [] : [t.id]))
      .sort()
      .map((appId): ListedAppTarget => ({ kind: 'instance', app: this.apps.apps.get(appId)! }));
    return [...catalog, ...instances];
  }

  /** Narrows an `APP_ADMIN` role to every instance of a catalog app (`E0000007 … (App)` for a name the backend does not know). */
  addCatalogTarget(assignee: Assignee, id: string, appName: string, nowMs: number): void {
    const assignment = this.#takes(this.get(assignee, id), 'apps');
    const entry = this.#catalogEntry(appName);
    if (!entry) throw notFound(appName, 'App');
    if (assignment.appTargets.some((t) => t.id === undefined && t.name === entry.name)) return;
    this.#refuseFull(assignment);
    this.#save({ ...assignment, appTargets: [...assignment.appTargets, { name: entry.name }] }, nowMs);
  }

  /** Takes a catalog app out of an `APP_ADMIN` role's targets; the last target cannot be. */
  removeCatalogTarget(assignee: Assignee, id: string, appName: string, nowMs: number): void {
    const assignment = this.#takes(this.get(assignee, id), 'apps');
    if (!assignment.appTargets.some((t) => t.id === undefined && t.name === appName)) throw notFound(appName, 'App');
    this.#refuseLast(assignment);
    this.#save({ ...assignment, appTargets: assignment.appTargets.filter((t) => t.id !== undefined || t.name !== appName) }, nowMs);
  }

  /** Narrows an `APP_ADMIN` role to one app instance, named by its app's `name` and its id. */
  addInstanceTarget(assignee: Assignee, id: string, appName: string, appId: string, nowMs: number): void {
    const assignment = this.#takes(this.get(assignee, id), 'apps');
    const app = this.apps.apps.get(appId);
    if (!app || String(app.body.name).toLowerCase() !== appName.toLowerCase()) throw notFound(appId, 'AppInstance');
    if (assignment.appTargets.some((t) => t.id === appId)) return;
    this.#refuseFull(assignment);
    this.#save({ ...assignment, appTargets: [...assignment.appTargets, { name: String(app.body.name), id: appId }] }, nowMs);
  }

  /** Takes an app instance out of an `APP_ADMIN` role's targets; the last target cannot be. */
  removeInstanceTarget(assignee: Assignee, id: string, appName: string, appId: string, nowMs: number): void {
    const assignment = this.#takes(this.get(assignee, id), 'apps');
    const target = assignment.appTargets.find((t) => t.id === appId);
    if (!target || target.name.toLowerCase() !== appName.toLowerCase()) throw notFound(appId, 'AppInstance');
    this.#refuseLast(assignment);
    this.#save({ ...assignment, appTargets: assignment.appTargets.filter((t) => t.id !== appId) }, nowMs);
  }

  /** Drops what deletions left behind: assignments of users and groups that are gone, targets that are gone. */
  sweep(): void {
    for (const assignment of this.store.all()) {
      const { assignee } = assignment;
      const exists = assignee.type === 'USER' ? this.directory.user(assignee.id) : this.directory.group(assignee.id);
      if (!exists) this.store.delete(assignee, assignment.id);
      else this.#current(assignment);
    }
  }

  /** The catalog entry of a name the backend knows (recorded, registered with the apps, or a template), if any. */
  #catalogEntry(name: string): CatalogEntry | undefined {
    const recorded = recordedCatalogEntry(name);
    if (recorded) return recorded;
    const registered = this.apps.catalog.get(name);
    if (registered) return describedCatalogEntry(registered.name, registered.signOnModes);
    return KNOWN_TEMPLATES.has(name) ? describedCatalogEntry(name, []) : undefined;
  }

  /** The assignment without the groups and app instances deleted since (kept so). */
  #current(assignment: StoredRoleAssignment): StoredRoleAssignment {
    const groupTargets = assignment.groupTargets.filter((g) => this.directory.group(g) !== undefined);
    const appTargets = assignment.appTargets.filter((t) => t.id === undefined || this.apps.apps.has(t.id));
    if (groupTargets.length === assignment.groupTargets.length && appTargets.length === assignment.appTargets.length) return assignment;
    const current = { ...assignment, groupTargets, appTargets };
    this.store.put(current);
    return current;
  }

  #takes(assignment: StoredRoleAssignment, kind: 'groups' | 'apps'): StoredRoleAssignment {
    if (ROLE_TYPES[assignment.type].targets !== kind) throw wrongRoleType();
    return assignment;
  }

  #refuseFull(assignment: StoredRoleAssignment): void {
    if (assignment.groupTargets.length + assignment.appTargets.length >= MAX_ROLE_TARGETS) {
      throw validationFailed([{ path: 'target', reason: `A role assignment holds at most ${MAX_ROLE_TARGETS} targets` }]);
    }
  }

  #refuseLast(assignment: StoredRoleAssignment): void {
    if (assignment.groupTargets.length + assignment.appTargets.length === 1) {
      throw validationFailed([
        { path: 'target', reason: 'The last target of a role assignment cannot be removed; delete the role assignment to give the role over every target' },
      ]);
    }
  }

  #save(assignment: StoredRoleAssignment, nowMs: number): void {
    this.store.put({ ...assignment, lastUpdated: wholeSeconds(nowMs) });
  }

  #assignmentId(assignee: Assignee, type: RoleType): string {
    if (ROLE_TYPES[type].targets !== 'none') return targetableAssignmentId(type);
    return this.newId(assignee.type === 'USER' ? 'ra1' : 'gra');
  }
}

/** Targets an assignment keeps, checked against the kind its role takes (a snapshot's check). */
export function targetsProblem(assignment: { type: RoleType; groupTargets: readonly string[]; appTargets: readonly AppTarget[] }): string | undefined {
  const kind = ROLE_TYPES[assignment.type].targets;
  if (assignment.groupTargets.length > 0 && kind !== 'groups') return `groupTargets: ${assignment.type} takes no group targets`;
  if (assignment.appTargets.length > 0 && kind !== 'apps') return `appTargets: ${assignment.type} takes no app targets`;
  if (assignment.groupTargets.length + assignment.appTargets.length > MAX_ROLE_TARGETS) return `holds more than ${MAX_ROLE_TARGETS} targets`;
  return undefined;
}
