import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { ListOptions, Pager } from '../../core/pagination';
import type { CallOptions, Transport } from '../../core/transport';
import { int } from '../../validation/int';
import { ObjectBody } from '../object-body';
import type { CreateGroupPushMappingInput } from './input';

/** A group push mapping as the API answers it: an Okta group pushed to a group of the app; unknown members are kept. */
export const GroupPushMappingSchema = z.looseObject({ id: z.string(), sourceGroupId: z.string(), targetGroupId: z.string(), status: z.string() });

/** A group push mapping. */
export type GroupPushMapping = z.infer<typeof GroupPushMappingSchema>;

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

const text = z.optional(z.string());

/** @internal wired into `client.apps.groupPush` by the `appResources` extension. */
export const appGroupPush: (transport: Transport) => AppGroupPushResource = defineOperations({
  list: {
    route: 'GET /api/v1/apps/{appId}/group-push/mappings',
    answer: GroupPushMappingSchema,
    list: true,
    query: z.strictObject({ sourceGroupId: text, status: text, lastUpdated: text, limit: z.optional(int()), after: text }),
    what: 'group push mappings',
  },
  create: { route: 'POST /api/v1/apps/{appId}/group-push/mappings', body: ObjectBody, answer: GroupPushMappingSchema, what: 'group push mapping' },
  get: { route: 'GET /api/v1/apps/{appId}/group-push/mappings/{mappingId}', answer: GroupPushMappingSchema, what: 'group push mapping' },
  update: {
    route: 'PATCH /api/v1/apps/{appId}/group-push/mappings/{mappingId}',
    body: ObjectBody,
    answer: GroupPushMappingSchema,
    what: 'group push mapping',
  },
  delete: {
    route: 'DELETE /api/v1/apps/{appId}/group-push/mappings/{mappingId}',
    query: z.strictObject({ deleteTargetGroup: z.optional(z.boolean()) }),
  },
});
