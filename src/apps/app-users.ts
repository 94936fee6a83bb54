import { z } from 'zod';
import { checkCallOptions, checkId, checkListOptions } from '../core/call-checks';
import { Pager, type ListOptions } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
import type { CallOptions, Transport } from '../core/transport';
import { RequestValidationError } from '../errors';
import { fieldIssues, PARSE_OPTIONS } from '../validation/field-issues';

const nullableText = z.string().nullable().optional();

/** A user's assignment to an app, as `GET /api/v1/apps/{appId}/users/{userId}` answers it; unknown members are kept. */
export const AppUserSchema = z.looseObject({
  id: z.string(),
  externalId: nullableText,
  created: nullableText,
  lastUpdated: nullableText,
  scope: z.string().optional(),
  status: z.string().optional(),
  statusChanged: nullableText,
  passwordChanged: nullableText,
  syncState: nullableText,
  lastSync: nullableText,
  credentials: z.looseObject({ userName: nullableText }).nullable().optional(),
  profile: z.record(z.string(), z.unknown()).nullable().optional(),
  _links: z.record(z.string(), z.unknown()).optional(),
  _embedded: z.record(z.string(), z.unknown()).optional(),
});

/** An app user: who is assigned to an app, with the username the app knows them by. */
export type AppUser = z.infer<typeof AppUserSchema>;

/** What {@link AppUsersResource.assign} may set; everything is optional. */
export const AssignAppUserInputSchema = z.strictObject({
  /** `USER` for a direct assignment (the default), `GROUP` when it comes from a group. */
  scope: z.enum(['USER', 'GROUP']).optional(),
  /** The username the app knows the user by; default their login. */
  credentials: z.strictObject({ userName: z.string().min(1).max(1024) }).optional(),
  /** App-specific profile attributes. */
  profile: z.record(z.string(), z.unknown()).optional(),
});

/** The body of an app-user assignment. */
export type AssignAppUserInput = z.input<typeof AssignAppUserInputSchema>;

/** Parameters of {@link AppUsersResource.list}. */
export interface ListAppUsersParams {
  /** Items per page; the API defaults to 50 and serves at most 500. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

const ListParamsSchema = z.strictObject({ limit: z.number().int().positive().optional(), after: z.string().optional() });

const parseAppUserPage = (body: unknown): AppUser[] => {
  const result = z.array(AppUserSchema).safeParse(body);
  if (!result.success) throw new Error('a body that is not a list of app users');
  return result.data;
};

const path = (appId: string, userId?: string) =>
  `/api/v1/apps/${encodeURIComponent(appId)}/users${userId === undefined ? '' : `/${encodeURIComponent(userId)}`}`;

/**
 * App users (`/api/v1/apps/{appId}/users`): who is assigned to an app. Assigning makes the app
 * found by `apps.list({ filter: { 'user.id': … } })` and embeddable with `expandUser`.
 */
export class AppUsersResource {
  readonly #transport: Transport;

  /** @internal created with the client's apps resource. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Lists an app's users; returns a {@link Pager} at once (iterate it, page it, or `toArray({ max })`). */
  list(appId: string, params?: ListAppUsersParams, options?: ListOptions): Pager<AppUser> {
    checkId(appId, 'appId');
    const p = ListParamsSchema.safeParse(params ?? {}, PARSE_OPTIONS);
    if (!p.success) throw new RequestValidationError('list parameters', fieldIssues(p.error));
    checkListOptions(options);
    return new Pager(this.#transport, path(appId), { limit: p.data.limit, after: p.data.after }, parseAppUserPage, options);
  }

  /** Retrieves one user's assignment to the app (404 `NotFoundError` when the user is not assigned). */
  async get(appId: string, userId: string, options?: CallOptions): Promise<AppUser> {
    checkId(appId, 'appId');
    checkId(userId, 'userId');
    checkCallOptions(options);
    const response = await this.#transport.send({ method: 'GET', target: path(appId, userId), retry: 'idempotent', options });
    return parseResponse(AppUserSchema, response, 'GET');
  }

  /** Assigns a user to the app (`PUT`), or updates the assignment; answers the app user. */
  async assign(appId: string, userId: string, input: AssignAppUserInput = {}, options?: CallOptions): Promise<AppUser> {
    checkId(appId, 'appId');
    checkId(userId, 'userId');
    const checked = AssignAppUserInputSchema.safeParse(input, PARSE_OPTIONS);
    if (!checked.success) throw new RequestValidationError('app user', fieldIssues(checked.error));
    checkCallOptions(options);
    const response = await this.#transport.send({
      method: 'PUT',
      target: path(appId, userId),
      json: checked.data,
      retry: 'idempotent',
      options,
    });
    return parseResponse(AppUserSchema, response, 'PUT');
  }

  /** Removes a user's assignment to the app (404 `NotFoundError` when there is none). */
  async unassign(appId: string, userId: string, options?: CallOptions): Promise<void> {
    checkId(appId, 'appId');
    checkId(userId, 'userId');
    checkCallOptions(options);
    await this.#transport.send({ method: 'DELETE', target: path(appId, userId), retry: 'idempotent', options });
  }
}
