import * as z from 'zod/mini';
import type { ApiCall } from '../core/api-call';
import { defineOperations } from '../core/operations';
import type { ListOptions, Pager } from '../core/pagination';
import type { CallOptions, Transport } from '../core/transport';
import { recordOf } from '../validation/record';
import { GroupSchema, ListQuerySchema, UserSchema, type Group, type User } from './schemas';

const text = z.string();

const credentials = z.optional(
  z.strictObject({
    /** The password, checked by the organization's password policy; it is never answered. */
    password: z.optional(z.strictObject({ value: text })),
    /** A recovery question and its answer (the answer is never answered). */
    recovery_question: z.optional(z.strictObject({ question: text, answer: text })),
  }),
);

/** The whole profile a create or a replace sends: the required attributes and any others. */
const fullProfile = z.looseObject({ login: text, email: text, firstName: text, lastName: text });

/** What {@link UsersResource.create} sends: the profile, optional credentials and groups to join. */
export const CreateUserInputSchema = z.strictObject({
  profile: fullProfile,
  credentials,
  /** Groups to put the user in, by id. */
  groupIds: z.optional(z.array(text)),
});

/** The body of a user create. */
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;

/** What {@link UsersResource.update} sends: the profile attributes to set (`null` clears one) and credentials to set. */
export const UpdateUserInputSchema = z.strictObject({ profile: z.optional(recordOf(z.unknown())), credentials });

/** The body of a partial user update. */
export type UpdateUserInput = z.input<typeof UpdateUserInputSchema>;

/** What {@link UsersResource.replace} sends: the whole profile (attributes left out are removed) and credentials to set. */
export const ReplaceUserInputSchema = z.strictObject({ profile: fullProfile, credentials });

/** The body of a user replace. */
export type ReplaceUserInput = z.input<typeof ReplaceUserInputSchema>;

/** Parameters of {@link UsersResource.list}. */
export interface ListUsersParams {
  /** Users whose first name, last name or email starts with this (one page, ten users unless `limit`). */
  q?: string;
  /** An expression on `status`, `id`, `lastUpdated` and the profile's login, email and names, e.g. `status eq "ACTIVE"`. */
  filter?: string;
  /** An expression on any profile attribute and the top-level properties, e.g. `profile.department eq "Engineering"`. */
  search?: string;
  /** Items per page; the API defaults to 200 and serves at most 200. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

/** Parameters of {@link UsersResource.create}. */
export interface CreateUserParams {
  /** Activate the user at once (default `true`): `ACTIVE` with a password, `PROVISIONED` without; `false` leaves it `STAGED`. */
  activate?: boolean;
}

/** Parameters of an activation. */
export interface ActivateUserParams {
  /** Email the activation link to the user (default `true`); with `false` the link is answered instead. */
  sendEmail?: boolean;
}

/** What an activation answers: the link and token when no email is sent, nothing else otherwise. */
export const UserActivationSchema = z.looseObject({ activationUrl: z.optional(text), activationToken: z.optional(text) });

/** An activation's answer. */
export type UserActivation = z.infer<typeof UserActivationSchema>;

/**
 * The Users API (`/api/v1/users`): the people of the organization. A user is read by id or by
 * login; passwords are sent, never answered.
 */
export interface UsersResource {
  /** Lists users (all but `DEPROVISIONED` ones unless `filter` or `search` asks), as a {@link Pager}. */
  list(params?: ListUsersParams, options?: ListOptions): Pager<User>;
  /** Retrieves a user by id or by login. */
  get(idOrLogin: string, options?: CallOptions): ApiCall<User>;
  /** Creates a user; see {@link CreateUserParams} for the status it gets. Never retried after a 5xx. */
  create(input: CreateUserInput, params?: CreateUserParams, options?: CallOptions): ApiCall<User>;
  /** Sets the profile attributes and credentials given, leaving the others as they are (`POST`). */
  update(idOrLogin: string, input: UpdateUserInput, options?: CallOptions): ApiCall<User>;
  /** Replaces the whole profile: attributes left out are removed (`PUT`). */
  replace(idOrLogin: string, input: ReplaceUserInput, options?: CallOptions): ApiCall<User>;
  /**
   * Deactivates a user not yet `DEPROVISIONED`; deletes one that is (call it twice to delete an
   * active user). Never retried after a 5xx: a second call would delete.
   */
  delete(idOrLogin: string, options?: CallOptions): ApiCall<void>;
  /** Activates a `STAGED` or `DEPROVISIONED` user. */
  activate(idOrLogin: string, params?: ActivateUserParams, options?: CallOptions): ApiCall<UserActivation>;
  /** Deactivates a user (`DEPROVISIONED`): it keeps its profile and groups but cannot sign in. */
  deactivate(idOrLogin: string, options?: CallOptions): ApiCall<void>;
  /** The groups a user is in, the built-in Everyone first. */
  groups(idOrLogin: string, options?: ListOptions): Pager<Group>;
}

const ActivateParamsSchema = z.strictObject({ sendEmail: z.optional(z.boolean()) });

/** Builds {@link UsersResource} over a transport. */
export const usersResource: (transport: Transport) => UsersResource = defineOperations({
  list: { route: 'GET /api/v1/users', answer: UserSchema, list: true, query: ListQuerySchema, what: 'users' },
  get: { route: 'GET /api/v1/users/{userId}', answer: UserSchema, what: 'user' },
  create: { route: 'POST /api/v1/users', body: CreateUserInputSchema, query: z.strictObject({ activate: z.optional(z.boolean()) }), answer: UserSchema, what: 'user' },
  update: { route: 'POST /api/v1/users/{userId}', body: UpdateUserInputSchema, answer: UserSchema, what: 'user' },
  replace: { route: 'PUT /api/v1/users/{userId}', body: ReplaceUserInputSchema, answer: UserSchema, what: 'user' },
  // A retried delete after a 5xx that did deactivate would delete the user for good: retried only after a 429.
  delete: { route: 'DELETE /api/v1/users/{userId}', retry: 'create' },
  activate: { route: 'POST /api/v1/users/{userId}/lifecycle/activate', query: ActivateParamsSchema, answer: UserActivationSchema, what: 'activation' },
  deactivate: { route: 'POST /api/v1/users/{userId}/lifecycle/deactivate' },
  groups: { route: 'GET /api/v1/users/{userId}/groups', answer: GroupSchema, list: true, what: 'groups' },
});
