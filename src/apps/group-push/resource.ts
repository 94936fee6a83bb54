import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { ListOptions, Pager } from '../../core/pagination';
import type { CallOptions, Transport } from '../../core/transport';
import { int } from '../../validation/int';
import { recordOf } from '../../validation/record';

/** A group push mapping as the API answers it: an Okta group pushed to a group of the app; unknown members are kept. */
export const GroupPushMappingSchema = z.looseObject({
  id: z.string(),
  sourceGroupId: z.string(),
  targetGroupId: z.string(),
  status: z.string(),
  created: z.optional(z.string()),
  lastUpdated: z.optional(z.string()),
  _links: z.optional(recordOf(z.unknown())),
});

/** A group push mapping. */
export type GroupPushMapping = z.infer<typeof GroupPushMappingSchema>;

const id = z.string().check(z.minLength(1), z.maxLength(100));
const status = z.enum(['ACTIVE', 'INACTIVE']);

/**
 * The body of `groupPush.create`: the Okta group to push, and either the id of an existing target
 * group (`targetGroupId`, to link) or the name of a new one (`targetGroupName`, created), not both.
 */
export const CreateGroupPushMappingSchema = z
  .strictObject({
    sourceGroupId: id,
    targetGroupId: z.optional(id),
    targetGroupName: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    status: z.optional(status),
    appConfig: z.optional(recordOf(z.unknown())),
  })
  .check(
    z.refine((v) => (v.targetGroupId === undefined) !== (v.targetGroupName === undefined), {
      message: 'Give either targetGroupId (an existing group to link) or targetGroupName (a group to create), not both',
      path: ['targetGroupId'],
    }),
  );

/** The body of `groupPush.create`. */
export type CreateGroupPushMappingInput = z.input<typeof CreateGroupPushMappingSchema>;

/** The body of `groupPush.update`: the mapping's new status. */
export const UpdateGroupPushMappingSchema = z.strictObject({ status });

/** Parameters of {@link AppGroupPushResource.list}. */
export interface ListGroupPushMappingsParams {
  /** Only the mappings of this source group. */
  sourceGroupId?: string;
  /** Only mappings in this status. */
  status?: 'ACTIVE' | 'INACTIVE' | 'ERROR';
  /** Only mappings updated at or after this instant (`YYYY-MM-DDTHH:mm:ssZ`). */
  lastUpdated?: string;
  /** Items per page; the API defaults to 100 and serves at most 1,000. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

/** Parameters of {@link AppGroupPushResource.delete}. */
export interface DeleteGroupPushMappingParams {
  /** Delete the target group too (default `false`). */
  deleteTargetGroup?: boolean;
}

/**
 * Group push (`/api/v1/apps/{appId}/group-push/mappings`): Okta groups pushed to an app with
 * provisioning. A mapping is deleted only once INACTIVE (deactivate it with `update` first).
 */
export interface AppGroupPushResource {
  /** Lists the app's mappings; returns a {@link Pager} at once (iterate it, page it, or `toArray({ max })`). */
  list(appId: string, params?: ListGroupPushMappingsParams, options?: ListOptions): Pager<GroupPushMapping>;
  /** Creates a mapping: pushes `sourceGroupId` to a new group named `targetGroupName`, or links it to `targetGroupId`. */
  create(appId: string, mapping: CreateGroupPushMappingInput, options?: CallOptions): ApiCall<GroupPushMapping>;
  /** Retrieves one mapping. */
  get(appId: string, mappingId: string, options?: CallOptions): ApiCall<GroupPushMapping>;
  /** Sets a mapping's status (`ACTIVE` pushes, `INACTIVE` stops). */
  update(appId: string, mappingId: string, change: { status: 'ACTIVE' | 'INACTIVE' }, options?: CallOptions): ApiCall<GroupPushMapping>;
  /** Deletes an INACTIVE mapping, and its target group with `deleteTargetGroup: true`. */
  delete(appId: string, mappingId: string, params?: DeleteGroupPushMappingParams, options?: CallOptions): ApiCall<void>;
}

/** @internal wired into `client.apps.groupPush`. */
export const appGroupPush: (transport: Transport) => AppGroupPushResource = defineOperations({
  list: {
    route: 'GET /api/v1/apps/{appId}/group-push/mappings',
    answer: GroupPushMappingSchema,
    list: true,
    query: z.strictObject({
      sourceGroupId: z.optional(z.string()),
      status: z.optional(z.enum(['ACTIVE', 'INACTIVE', 'ERROR'])),
      lastUpdated: z.optional(z.string()),
      limit: z.optional(int().check(z.positive())),
      after: z.optional(z.string()),
    }),
    what: 'group push mappings',
  },
  create: { route: 'POST /api/v1/apps/{appId}/group-push/mappings', body: CreateGroupPushMappingSchema, answer: GroupPushMappingSchema, what: 'group push mapping' },
  get: { route: 'GET /api/v1/apps/{appId}/group-push/mappings/{mappingId}', answer: GroupPushMappingSchema, what: 'group push mapping' },
  update: {
    route: 'PATCH /api/v1/apps/{appId}/group-push/mappings/{mappingId}',
    body: UpdateGroupPushMappingSchema,
    answer: GroupPushMappingSchema,
    what: 'group push mapping',
  },
  delete: {
    route: 'DELETE /api/v1/apps/{appId}/group-push/mappings/{mappingId}',
    query: z.strictObject({ deleteTargetGroup: z.optional(z.boolean()) }),
  },
});
