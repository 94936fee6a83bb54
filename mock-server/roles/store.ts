import type { RoleType } from './role-types';

/** Who holds a role: a user or a group (its members). */
export type AssigneeType = 'USER' | 'GROUP';

/** A user or group that holds roles, by id. */
export interface Assignee {
  /** `USER` or `GROUP`. */
  type: AssigneeType;
  /** The user's or group's id. */
  id: string;
}

/** An app an `APP_ADMIN` assignment is narrowed to: every instance of a catalog app (`name`), or one instance (`name` and `id`). */
export interface AppTarget {
  /** The catalog app's name (`facebook`, `oidc_client`, `template_swa`, …). */
  name: string;
  /** The app instance's id (`0oa…`); absent for a target of every instance. */
  id?: string;
}

/** An assignment of a standard role to a user or a group, with what it is narrowed to. */
export interface StoredRoleAssignment {
  /** `IFIFAX2BIRGUSTQ` for `APP_ADMIN` (a role that takes targets), `ra1…`/`gra…` otherwise. */
  id: string;
  /** The role. */
  type: RoleType;
  /** Who holds it. */
  assignee: Assignee;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds; moves when its targets change. */
  lastUpdated: string;
  /** Groups it is narrowed to, by id (roles that take groups). */
  groupTargets: string[];
  /** Apps it is narrowed to (`APP_ADMIN`). */
  appTargets: AppTarget[];
}

/** The most role assignments the backend keeps, all assignees together. */
export const MAX_ROLE_ASSIGNMENTS = 10_000;
/** The most targets (groups and apps together) one assignment keeps. */
export const MAX_ROLE_TARGETS = 1_000;

const keyOf = (assignee: Assignee) => `${assignee.type}:${assignee.id}`;

/** The role assignments of every user and group, by assignee, in the order they were made. */
export class RoleAssignmentStore {
  readonly #byAssignee = new Map<string, Map<string, StoredRoleAssignment>>();
  #size = 0;

  /** How many assignments are kept. */
  get size(): number {
    return this.#size;
  }

  /** An assignee's assignments, in the order they were made. */
  of(assignee: Assignee): StoredRoleAssignment[] {
    return [...(this.#byAssignee.get(keyOf(assignee))?.values() ?? [])];
  }

  /** One assignment of an assignee, if it exists. */
  get(assignee: Assignee, id: string): StoredRoleAssignment | undefined {
    return this.#byAssignee.get(keyOf(assignee))?.get(id);
  }

  /** Keeps an assignment (a new one, or a changed one under the same id). */
  put(assignment: StoredRoleAssignment): void {
    const key = keyOf(assignment.assignee);
    let mine = this.#byAssignee.get(key);
    if (!mine) this.#byAssignee.set(key, (mine = new Map()));
    if (!mine.has(assignment.id)) this.#size++;
    mine.set(assignment.id, assignment);
  }

  /** Forgets an assignment; true when there was one. */
  delete(assignee: Assignee, id: string): boolean {
    const key = keyOf(assignee);
    const mine = this.#byAssignee.get(key);
    if (!mine?.delete(id)) return false;
    this.#size--;
    if (mine.size === 0) this.#byAssignee.delete(key);
    return true;
  }

  /** Every assignment, assignee by assignee. */
  all(): StoredRoleAssignment[] {
    return [...this.#byAssignee.values()].flatMap((mine) => [...mine.values()]);
  }

  /** Forgets everything. */
  clear(): void {
    this.#byAssignee.clear();
    this.#size = 0;
  }
}
