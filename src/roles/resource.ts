import * as z from 'zod/mini';
import type { ApiCall } from '../core/api-call';
import { defineOperations } from '../core/operations';
import type { ListOptions, Pager } from '../core/pagination';
import type { CallOptions, Transport } from '../core/transport';
import { GroupSchema, pageParams, type Group } from '../directory/schemas';

const text = z.string();

/**
 * An administrator role held by a user or a group, as `/api/v1/{users|groups}/{id}/roles` answers it;
 * unknown members are kept (`_links`, …).
 */
export const RoleAssignmentSchema = z.looseObject({
  /** The assignment's id; for a role that takes targets, the same for every holder (`IFIFAX2BIRGUSTQ` for `APP_ADMIN`). */
  id: text,
  /** What the role is called, e.g. `Application Administrator`. */
  label: text,
  /** `SUPER_ADMIN`, `ORG_ADMIN`, `APP_ADMIN`, `USER_ADMIN`, `HELP_DESK_ADMIN`, `READ_ONLY_ADMIN`, `MOBILE_ADMIN`, `API_ACCESS_MANAGEMENT_ADMIN`, `REPORT_ADMIN`, `GROUP_MEMBERSHIP_ADMIN`, … */
  type: text,
  status: text,
  /** `USER` or `GROUP`: who holds it. */
  assignmentType: text,
});

/** An administrator role held by a user or a group. */
export type RoleAssignment = z.infer<typeof RoleAssignmentSchema>;

/** What assigning a role sends: a standard role's `type`. */
export const AssignRoleInputSchema = z.strictObject({ type: text.check(z.minLength(1)) });

/** The body of a role assignment. */
export type AssignRoleInput = z.input<typeof AssignRoleInputSchema>;

/**
 * An app an `APP_ADMIN` role is narrowed to: a catalog app as the catalog describes it
 * (`displayName`, `signOnModes`, …, no `id`), or one app instance (its label in `name`, `status`, `id`).
 */
export const RoleAppTargetSchema = z.looseObject({ name: text, id: z.optional(text), status: z.optional(text) });

/** An app an `APP_ADMIN` role is narrowed to. */
export type RoleAppTarget = z.infer<typeof RoleAppTargetSchema>;

const pages = z.strictObject(pageParams);

/**
 * Administrator role assignments of one kind of holder (users or groups), and what they are narrowed
 * to. Each method takes the holder's id first (`userId` or `groupId`).
 */
export interface RoleAssignmentsResource {
  /** The roles the holder has. */
  list(holderId: string, options?: CallOptions): ApiCall<RoleAssignment[]>;
  /** Gives the holder a standard role (one it has already is refused: `E0000090`). */
  assign(holderId: string, input: AssignRoleInput, options?: CallOptions): ApiCall<RoleAssignment>;
  /** Retrieves one of the holder's role assignments. */
  get(holderId: string, roleAssignmentId: string, options?: CallOptions): ApiCall<RoleAssignment>;
  /** Takes a role away, its targets with it. */
  unassign(holderId: string, roleAssignmentId: string, options?: CallOptions): ApiCall<void>;
  /** The groups a `USER_ADMIN`, `HELP_DESK_ADMIN` or `GROUP_MEMBERSHIP_ADMIN` role is narrowed to, as a {@link Pager}. */
  groupTargets(holderId: string, roleAssignmentId: string, params?: { limit?: number; after?: string }, options?: ListOptions): Pager<Group>;
  /** Narrows the role to a group as well. */
  addGroupTarget(holderId: string, roleAssignmentId: string, groupId: string, options?: CallOptions): ApiCall<void>;
  /** Takes a group out of the role's targets (never the last one: delete the assignment instead). */
  removeGroupTarget(holderId: string, roleAssignmentId: string, groupId: string, options?: CallOptions): ApiCall<void>;
  /** The apps an `APP_ADMIN` role is narrowed to, as a {@link Pager}. */
  appTargets(holderId: string, roleAssignmentId: string, params?: { limit?: number; after?: string }, options?: ListOptions): Pager<RoleAppTarget>;
  /** Narrows an `APP_ADMIN` role to every instance of a catalog app, by its name (`facebook`). */
  addAppTarget(holderId: string, roleAssignmentId: string, appName: string, options?: CallOptions): ApiCall<void>;
  /** Takes a catalog app out of the role's targets. */
  removeAppTarget(holderId: string, roleAssignmentId: string, appName: string, options?: CallOptions): ApiCall<void>;
  /** Narrows an `APP_ADMIN` role to one app instance, named by its app's `name` and its id. */
  addAppInstanceTarget(holderId: string, roleAssignmentId: string, appName: string, appId: string, options?: CallOptions): ApiCall<void>;
  /** Takes an app instance out of the role's targets. */
  removeAppInstanceTarget(holderId: string, roleAssignmentId: string, appName: string, appId: string, options?: CallOptions): ApiCall<void>;
}

/** The operations of role assignments under a holder's path (`/api/v1/users/{userId}`). */
function roleOperations<const B extends string>(base: B) {
  const one = `${base}/roles/{roleAssignmentId}` as const;
  return {
    list: { route: `GET ${base}/roles`, answer: z.array(RoleAssignmentSchema), what: 'role assignments' },
    assign: { route: `POST ${base}/roles`, body: AssignRoleInputSchema, answer: RoleAssignmentSchema, what: 'role assignment' },
    get: { route: `GET ${one}`, answer: RoleAssignmentSchema, what: 'role assignment' },
    unassign: { route: `DELETE ${one}` },
    groupTargets: { route: `GET ${one}/targets/groups`, answer: GroupSchema, list: true, query: pages, what: 'group targets' },
    addGroupTarget: { route: `PUT ${one}/targets/groups/{groupId}` },
    removeGroupTarget: { route: `DELETE ${one}/targets/groups/{groupId}` },
    appTargets: { route: `GET ${one}/targets/catalog/apps`, answer: RoleAppTargetSchema, list: true, query: pages, what: 'app targets' },
    addAppTarget: { route: `PUT ${one}/targets/catalog/apps/{appName}` },
    removeAppTarget: { route: `DELETE ${one}/targets/catalog/apps/{appName}` },
    addAppInstanceTarget: { route: `PUT ${one}/targets/catalog/apps/{appName}/{appId}` },
    removeAppInstanceTarget: { route: `DELETE ${one}/targets/catalog/apps/{appName}/{appId}` },
  } as const;
}

/** Administrator roles of users and of groups, as the `directory` extension adds them to a client (`client.roles`). */
export interface RolesResource {
  /** Roles held by users (`/api/v1/users/{userId}/roles`). */
  readonly users: RoleAssignmentsResource;
  /** Roles held by groups, that is by their members (`/api/v1/groups/{groupId}/roles`). */
  readonly groups: RoleAssignmentsResource;
}

const userRoles: (transport: Transport) => RoleAssignmentsResource = defineOperations(roleOperations('/api/v1/users/{userId}'));
const groupRoles: (transport: Transport) => RoleAssignmentsResource = defineOperations(roleOperations('/api/v1/groups/{groupId}'));

/** Builds {@link RolesResource} over a transport. */
export function rolesResource(transport: Transport): RolesResource {
  return { users: userRoles(transport), groups: groupRoles(transport) };
}
