import * as z from 'zod/mini';
import { int } from '../validation/int';
import { recordOf } from '../validation/record';
import { apiCall, type ApiCall } from '../core/api-call';
import { checkCallOptions, checkId, checkListOptions } from '../core/call-checks';
import { Pager, type ListOptions } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
import type { CallOptions, Transport } from '../core/transport';
import { RequestValidationError } from '../errors';
import { fieldIssues, PARSE_OPTIONS } from '../validation/field-issues';

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

const parseAppGroupPage = (body: unknown): AppGroup[] => {
  const result = z.array(AppGroupSchema).safeParse(body);
  if (!result.success) throw new Error('a body that is not a list of app groups');
  return result.data;
};

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
    const p = ListParamsSchema.safeParse(params ?? {}, PARSE_OPTIONS);
    if (!p.success) throw new RequestValidationError('list parameters', fieldIssues(p.error));
    checkListOptions(options);
    return new Pager(this.#transport, path(appId), { limit: p.data.limit, after: p.data.after }, parseAppGroupPage, options);
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
      const checked = AssignAppGroupInputSchema.safeParse(input, PARSE_OPTIONS);
      if (!checked.success) throw new RequestValidationError('app group', fieldIssues(checked.error));
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'PUT',
        target: path(appId, groupId),
        json: checked.data,
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
