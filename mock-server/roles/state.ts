import type { RoleType } from './role-types';
import type { AppTarget, AssigneeType } from './store';

/** A role assignment as `backend.roles` shows it (a copy). */
export interface MockRoleAssignment {
  /** The assignment's id (`IFIFAX2BIRGUSTQ` for `APP_ADMIN`). */
  id: string;
  /** The role. */
  type: RoleType;
  /** `USER` or `GROUP`. */
  assigneeType: AssigneeType;
  /** The user's or group's id. */
  assigneeId: string;
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds; moves when the targets change. */
  lastUpdated: string;
  /** Groups the role is narrowed to, by id. */
  groupTargets: string[];
  /** Apps the role is narrowed to: catalog apps by name, app instances by name and id. */
  appTargets: AppTarget[];
}

/** Who a role is given to in {@link MockRolesState}: a user's id or a group's. */
export type MockAssignee = { userId: string } | { groupId: string };

/** Administrator role assignments, read and changed directly (no HTTP, no auth), with the API's rules. */
export interface MockRolesState {
  /** A user's or group's role assignments, by role type. */
  list(assignee: MockAssignee): MockRoleAssignment[];
  /** Assigns a standard role as `POST …/roles` would; throws the appset error the client would get (a role held already: `E0000090`). */
  assign(assignee: MockAssignee, type: RoleType): MockRoleAssignment;
  /** Takes a role away, as `DELETE …/roles/{id}` would. */
  unassign(assignee: MockAssignee, assignmentId: string): void;
  /** How many assignments the organization holds, all users and groups together. */
  readonly size: number;
}

/** What the roles capability shows on the backend (`backend.roles`). */
export interface RolesBackendState {
  /** Administrator role assignments to users and groups, and their targets. */
  readonly roles: MockRolesState;
}
