import { z } from 'zod';
import { checkCallOptions, checkId, checkListOptions } from '../core/call-checks';
import { Pager, type ListOptions } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
import type { CallOptions, Transport } from '../core/transport';
import { RequestValidationError } from '../errors';
import { fieldIssues, PARSE_OPTIONS } from '../validation/field-issues';

/** A group's assignment to an app, as `GET /api/v1/apps/{appId}/groups/{groupId}` answers it; unknown members are kept. */
export const AppGroupSchema = z.looseObject({
  id: z.string(),
  lastUpdated: z.string().nullable().optional(),
  priority: z.number().nullable().optional(),
  profile: z.record(z.string(), z.unknown()).nullable().optional(),
  _links: z.record(z.string(), z.unknown()).optional(),
});

/** An app group: a group assigned to an app, and its priority among the app's groups. */
export type AppGroup = z.infer<typeof AppGroupSchema>;

/** What {@link AppGroupsResource.assign} may set; everything is optional. */
export const AssignAppGroupInputSchema = z.strictObject({
  /** The assignment's rank among the app's groups (0 first). */
  priority: z.number().int().min(0).max(100_000).optional(),
  /** App-specific profile attributes the group's members receive. */
  profile: z.record(z.string(), z.unknown()).optional(),
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

const ListParamsSchema = z.strictObject({ limit: z.number().int().positive().optional(), after: z.string().optional() });

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
  async get(appId: string, groupId: string, options?: CallOptions): Promise<AppGroup> {
    checkId(appId, 'appId');
    checkId(groupId, 'groupId');
    checkCallOptions(options);
    const response = await this.#transport.send({ method: 'GET', target: path(appId, groupId), retry: 'idempotent', options });
    return parseResponse(AppGroupSchema, response, 'GET');
  }

  /** Assigns a group to the app (`PUT`), or updates the assignment; answers the app group. */
  async assign(appId: string, groupId: string, input: AssignAppGroupInput = {}, options?: CallOptions): Promise<AppGroup> {
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
    return parseResponse(AppGroupSchema, response, 'PUT');
  }

  /** Removes a group's assignment to the app (404 `NotFoundError` when there is none). */
  async unassign(appId: string, groupId: string, options?: CallOptions): Promise<void> {
    checkId(appId, 'appId');
    checkId(groupId, 'groupId');
    checkCallOptions(options);
    await this.#transport.send({ method: 'DELETE', target: path(appId, groupId), retry: 'idempotent', options });
  }
}
