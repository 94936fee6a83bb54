import * as z from 'zod/mini';
import { int } from '../validation/int';
import { recordOf } from '../validation/record';
import type { ApiCall } from '../core/api-call';
import { defineOperations } from '../core/operations';
import type { ListOptions, Pager } from '../core/pagination';
import type { CallOptions, Transport } from '../core/transport';

/** A group's assignment to an app, as `GET /api/v1/apps/{appId}/groups/{groupId}` answers it; unknown members are kept. */
export const AppGroupSchema = z.looseObject({
  id: z.string(),
  lastUpdated: z.optional(z.nullable(z.string())),
  priority: z.optional(z.nullable(z.number())),
  profile: z.optional(z.nullable(recordOf(z.unknown()))),
  _links: z.optional(recordOf(z.unknown())),
});

/** An app group: a group assigned to an app, and its priority among the app's groups. */
export type AppGroup = z.infer<typeof AppGroupSchema>;

/** What {@link AppGroupsResource.assign} may set; everything is optional. */
export const AssignAppGroupInputSchema = z.strictObject({
  /** The assignment's rank among the app's groups (0 first). */
  priority: z.optional(int().check(z.gte(0)).check(z.lte(100_000))),
  /** App-specific profile attributes the group's members receive. */
  profile: z.optional(recordOf(z.unknown())),
});

/** The body of an app-group assignment. */
export type AssignAppGroupInput = z.input<typeof AssignAppGroupInputSchema>;

/** Parameters of {@link AppGroupsResource.list}. */
export interface ListAppGroupsParams {
  /** Items per page; the API defaults to 20 and serves at most 200. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

const ListParamsSchema = z.strictObject({ limit: z.optional(int().check(z.positive())), after: z.optional(z.string()) });

/**
 * App groups (`/api/v1/apps/{appId}/groups`): the groups assigned to an app. Assigning makes the
 * app found by `apps.list({ filter: { 'group.id': … } })`.
 */
export interface AppGroupsResource {
  /** Lists an app's groups; returns a {@link Pager} at once (iterate it, page it, or `toArray({ max })`). */
  list(appId: string, params?: ListAppGroupsParams, options?: ListOptions): Pager<AppGroup>;
  /** Retrieves one group's assignment to the app (404 `NotFoundError` when the group is not assigned). */
  get(appId: string, groupId: string, options?: CallOptions): ApiCall<AppGroup>;
  /** Assigns a group to the app (`PUT`), or updates the assignment; answers the app group. */
  assign(appId: string, groupId: string, input?: AssignAppGroupInput, options?: CallOptions): ApiCall<AppGroup>;
  /** Removes a group's assignment to the app (404 `NotFoundError` when there is none). */
  unassign(appId: string, groupId: string, options?: CallOptions): ApiCall<void>;
}

const ROUTE = '/api/v1/apps/{appId}/groups';

/** Builds {@link AppGroupsResource} over a transport (the client's apps resource does). */
export const appGroupsResource: (transport: Transport) => AppGroupsResource = defineOperations({
  list: { route: `GET ${ROUTE}`, answer: AppGroupSchema, list: true, query: ListParamsSchema, what: 'app groups' },
  get: { route: `GET ${ROUTE}/{groupId}`, answer: AppGroupSchema },
  // No input assigns the group with nothing set: `{}` is sent.
  assign: { route: `PUT ${ROUTE}/{groupId}`, body: z._default(AssignAppGroupInputSchema, {}), answer: AppGroupSchema, what: 'app group' },
  unassign: { route: `DELETE ${ROUTE}/{groupId}` },
});
