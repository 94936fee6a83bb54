import * as z from 'zod/mini';
import { int } from '../validation/int';
import { recordOf } from '../validation/record';
import { apiCall, type ApiCall } from '../core/api-call';
import { checkCallOptions, checkId, checkInput, checkListOptions } from '../core/call-checks';
import { Pager, pageParser, type ListOptions } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
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

const parseAppGroupPage = pageParser(z.array(AppGroupSchema), 'app groups');

const path = (appId: string, groupId?: string) =>
  `/api/v1/apps/${encodeURIComponent(appId)}/groups${groupId === undefined ? '' : `/${encodeURIComponent(groupId)}`}`;

/**
 * App groups (`/api/v1/apps/{appId}/groups`): the groups assigned to an app. Assigning makes the
 * app found by `apps.list({ filter: { 'group.id': … } })`.
 */
export class AppGroupsResource {
  readonly #transport: Transport;

  /** @internal created with the client's apps resource. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Lists an app's groups; returns a {@link Pager} at once (iterate it, page it, or `toArray({ max })`). */
  list(appId: string, params?: ListAppGroupsParams, options?: ListOptions): Pager<AppGroup> {
    checkId(appId, 'appId');
    const p = checkInput(ListParamsSchema, params ?? {}, 'list parameters');
    checkListOptions(options);
    return new Pager(this.#transport, path(appId), { limit: p.limit, after: p.after }, parseAppGroupPage, options);
  }

  /** Retrieves one group's assignment to the app (404 `NotFoundError` when the group is not assigned). */
  get(appId: string, groupId: string, options?: CallOptions): ApiCall<AppGroup> {
    return apiCall(async () => {
      checkId(appId, 'appId');
      checkId(groupId, 'groupId');
      checkCallOptions(options);
      const response = await this.#transport.send({ method: 'GET', target: path(appId, groupId), retry: 'idempotent', options });
      return { data: await parseResponse(this.#transport, AppGroupSchema, response, 'GET'), response };
    });
  }

  /** Assigns a group to the app (`PUT`), or updates the assignment; answers the app group. */
  assign(appId: string, groupId: string, input: AssignAppGroupInput = {}, options?: CallOptions): ApiCall<AppGroup> {
    return apiCall(async () => {
      checkId(appId, 'appId');
      checkId(groupId, 'groupId');
      const checked = checkInput(AssignAppGroupInputSchema, input, 'app group');
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'PUT',
        target: path(appId, groupId),
        json: checked,
        retry: 'idempotent',
        options,
      });
      return { data: await parseResponse(this.#transport, AppGroupSchema, response, 'PUT'), response };
    });
  }

  /** Removes a group's assignment to the app (404 `NotFoundError` when there is none). */
  unassign(appId: string, groupId: string, options?: CallOptions): ApiCall<void> {
    return apiCall(async () => {
      checkId(appId, 'appId');
      checkId(groupId, 'groupId');
      checkCallOptions(options);
      const response = await this.#transport.send({ method: 'DELETE', target: path(appId, groupId), retry: 'idempotent', options });
      return { data: undefined, response };
    });
  }
}
