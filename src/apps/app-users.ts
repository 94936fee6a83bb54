import * as z from 'zod/mini';
import { int } from '../validation/int';
import { recordOf } from '../validation/record';
import { apiCall, type ApiCall } from '../core/api-call';
import { checkCallOptions, checkId, checkInput, checkListOptions } from '../core/call-checks';
import { Pager, pageParser, type ListOptions } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
import type { CallOptions, Transport } from '../core/transport';

const nullableText = z.optional(z.nullable(z.string()));

/** A user's assignment to an app, as `GET /api/v1/apps/{appId}/users/{userId}` answers it; unknown members are kept. */
export const AppUserSchema = z.looseObject({
  id: z.string(),
  externalId: nullableText,
  created: nullableText,
  lastUpdated: nullableText,
  scope: z.optional(z.string()),
  status: z.optional(z.string()),
  statusChanged: nullableText,
  passwordChanged: nullableText,
  syncState: nullableText,
  lastSync: nullableText,
  credentials: z.optional(z.nullable(z.looseObject({ userName: nullableText }))),
  profile: z.optional(z.nullable(recordOf(z.unknown()))),
  _links: z.optional(recordOf(z.unknown())),
  _embedded: z.optional(recordOf(z.unknown())),
});

/** An app user: who is assigned to an app, with the username the app knows them by. */
export type AppUser = z.infer<typeof AppUserSchema>;

/** What an assignment's credentials and profile may be, on assign and on update. */
const editableMembers = {
  /** The username the app knows the user by; on assign, default their login. */
  credentials: z.optional(z.strictObject({ userName: z.string().check(z.minLength(1)).check(z.maxLength(1024)) })),
  /** App-specific profile attributes. */
  profile: z.optional(recordOf(z.unknown())),
};

/** What {@link AppUsersResource.assign} may set; everything is optional. */
export const AssignAppUserInputSchema = z.strictObject({
  /** `USER` for a direct assignment (the default), `GROUP` when it comes from a group. */
  scope: z.optional(z.enum(['USER', 'GROUP'])),
  ...editableMembers,
});

/** The body of an app-user assignment. */
export type AssignAppUserInput = z.input<typeof AssignAppUserInputSchema>;

/** What {@link AppUsersResource.update} may change on an assignment: its credentials and its profile. */
export const UpdateAppUserInputSchema = z.strictObject(editableMembers);

/** The body of an app-user update. */
export type UpdateAppUserInput = z.input<typeof UpdateAppUserInputSchema>;

/** Parameters of {@link AppUsersResource.list}. */
export interface ListAppUsersParams {
  /** Items per page; the API defaults to 50 and serves at most 500. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

const ListParamsSchema = z.strictObject({ limit: z.optional(int().check(z.positive())), after: z.optional(z.string()) });

const parseAppUserPage = pageParser(z.array(AppUserSchema), 'app users');

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
    const p = checkInput(ListParamsSchema, params ?? {}, 'list parameters');
    checkListOptions(options);
    return new Pager(this.#transport, path(appId), { limit: p.limit, after: p.after }, parseAppUserPage, options);
  }

  /** Retrieves one user's assignment to the app (404 `NotFoundError` when the user is not assigned). */
  get(appId: string, userId: string, options?: CallOptions): ApiCall<AppUser> {
    return apiCall(async () => {
      checkId(appId, 'appId');
      checkId(userId, 'userId');
      checkCallOptions(options);
      const response = await this.#transport.send({ method: 'GET', target: path(appId, userId), retry: 'idempotent', options });
      return { data: await parseResponse(this.#transport, AppUserSchema, response, 'GET'), response };
    });
  }

  /**
   * Assigns a user to the app as Okta's API does, with `POST /api/v1/apps/{appId}/users` and the
   * user's id in the body (`scope` defaults to `USER`); answers the app user.
   */
  assign(appId: string, userId: string, input: AssignAppUserInput = {}, options?: CallOptions): ApiCall<AppUser> {
    return apiCall(async () => {
      checkId(appId, 'appId');
      checkId(userId, 'userId');
      const checked = checkInput(AssignAppUserInputSchema, input, 'app user');
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'POST',
        target: path(appId),
        json: { id: userId, scope: 'USER', ...checked },
        // Assigning the same user again leaves one assignment: safe to send again.
        retry: 'idempotent',
        options,
      });
      return { data: await parseResponse(this.#transport, AppUserSchema, response, 'POST'), response };
    });
  }

  /**
   * Updates an assigned user's credentials or app profile (`POST /api/v1/apps/{appId}/users/{userId}`);
   * answers the app user. A user not yet assigned is assigned, as real organizations do.
   */
  update(appId: string, userId: string, input: UpdateAppUserInput, options?: CallOptions): ApiCall<AppUser> {
    return apiCall(async () => {
      checkId(appId, 'appId');
      checkId(userId, 'userId');
      const checked = checkInput(UpdateAppUserInputSchema, input, 'app user');
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'POST',
        target: path(appId, userId),
        json: checked,
        retry: 'idempotent',
        options,
      });
      return { data: await parseResponse(this.#transport, AppUserSchema, response, 'POST'), response };
    });
  }

  /** Removes a user's assignment to the app (404 `NotFoundError` when there is none). */
  unassign(appId: string, userId: string, options?: CallOptions): ApiCall<void> {
    return apiCall(async () => {
      checkId(appId, 'appId');
      checkId(userId, 'userId');
      checkCallOptions(options);
      const response = await this.#transport.send({ method: 'DELETE', target: path(appId, userId), retry: 'idempotent', options });
      return { data: undefined, response };
    });
  }
}
