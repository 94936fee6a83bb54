import * as z from 'zod/mini';
import type { ApiCall } from '../core/api-call';
import { defineOperations } from '../core/operations';
import type { ListOptions, Pager } from '../core/pagination';
import type { CallOptions, Transport } from '../core/transport';
import { GroupSchema, ListQuerySchema, pageParams, UserSchema, type Group, type User } from './schemas';

const text = z.string();

/** What a group create or replace sends: its profile, a name and optionally a description. */
export const GroupInputSchema = z.strictObject({
  profile: z.strictObject({ name: text.check(z.minLength(1)), description: z.optional(z.nullable(text)) }),
});

/** The body of a group create or replace. */
export type GroupInput = z.input<typeof GroupInputSchema>;

/** Parameters of {@link GroupsResource.list}. */
export interface ListGroupsParams {
  /** Groups whose name starts with this (one page: a lookup, not a listing). */
  q?: string;
  /** An expression on `id`, `type`, `lastUpdated` and `lastMembershipUpdated`, e.g. `type eq "OKTA_GROUP"`. */
  filter?: string;
  /** An expression on the profile and the top-level properties, e.g. `profile.name sw "Eng"`. */
  search?: string;
  /** Items per page. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

/** Parameters of {@link GroupsResource.members}. */
export interface ListGroupMembersParams {
  /** Items per page; the API defaults to 1000. */
  limit?: number;
  /** Start after this opaque cursor. */
  after?: string;
}

/**
 * The Groups API (`/api/v1/groups`) and group membership. Every organization has the built-in
 * group Everyone, which holds every user and cannot be changed.
 */
export interface GroupsResource {
  /** Lists groups, Everyone first, as a {@link Pager}. */
  list(params?: ListGroupsParams, options?: ListOptions): Pager<Group>;
  /** Retrieves a group. */
  get(groupId: string, options?: CallOptions): ApiCall<Group>;
  /** Creates a group (`OKTA_GROUP`); a name already taken is refused. */
  create(input: GroupInput, options?: CallOptions): ApiCall<Group>;
  /** Replaces a group's profile. */
  replace(groupId: string, input: GroupInput, options?: CallOptions): ApiCall<Group>;
  /** Deletes a group: its members leave it and its app assignments end. */
  delete(groupId: string, options?: CallOptions): ApiCall<void>;
  /** Lists a group's members, as a {@link Pager}. */
  members(groupId: string, params?: ListGroupMembersParams, options?: ListOptions): Pager<User>;
  /** Puts a user in a group (already a member: nothing changes). */
  addMember(groupId: string, userId: string, options?: CallOptions): ApiCall<void>;
  /** Takes a user out of a group. */
  removeMember(groupId: string, userId: string, options?: CallOptions): ApiCall<void>;
}

/** Builds {@link GroupsResource} over a transport. */
export const groupsResource: (transport: Transport) => GroupsResource = defineOperations({
  list: { route: 'GET /api/v1/groups', answer: GroupSchema, list: true, query: ListQuerySchema, what: 'groups' },
  get: { route: 'GET /api/v1/groups/{groupId}', answer: GroupSchema, what: 'group' },
  create: { route: 'POST /api/v1/groups', body: GroupInputSchema, answer: GroupSchema, what: 'group' },
  replace: { route: 'PUT /api/v1/groups/{groupId}', body: GroupInputSchema, answer: GroupSchema, what: 'group' },
  delete: { route: 'DELETE /api/v1/groups/{groupId}' },
  members: { route: 'GET /api/v1/groups/{groupId}/users', answer: UserSchema, list: true, query: z.strictObject(pageParams), what: 'group members' },
  addMember: { route: 'PUT /api/v1/groups/{groupId}/users/{userId}' },
  removeMember: { route: 'DELETE /api/v1/groups/{groupId}/users/{userId}' },
});
