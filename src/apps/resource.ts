import * as z from 'zod/mini';
import { int } from '../validation/int';
import { apiCall, type ApiCall } from '../core/api-call';
import { Pager, pageParser, type ListOptions } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
import type { CallOptions, Transport } from '../core/transport';
import { RequestValidationError } from '../errors';
import { fieldIssues, PARSE_OPTIONS } from '../validation/field-issues';
import { AppGroupsResource } from './app-groups';
import { AppUsersResource } from './app-users';
import { ApplicationListSchema, ApplicationSchema, type Application } from './application';
import {
  validateCreateApplicationInput,
  validateReplaceApplicationInput,
  type CreateApplicationInput,
  type ReplaceApplicationInput,
} from './create-input';
import { ApplicationFilterObjectSchema, serializeApplicationFilter, type ApplicationFilter } from './filter';
import { checkCallOptions, checkId, checkInput, checkListOptions } from '../core/call-checks';

/** Parameters of {@link ApplicationsResource.list}. */
export interface ListApplicationsParams {
  /** Case-insensitive starts-with search on `name` and `label`. */
  q?: string;
  /** One `eq` expression: an object such as `{ status: 'ACTIVE' }` (quoted for you), or a raw string. */
  filter?: string | ApplicationFilter;
  /** Items per page; the API defaults to 20 and serves at most 200. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
  /** `user/{userId}` embeds that user's assignment; needs `filter: { 'user.id': userId }`. */
  expand?: string;
  /** Include apps whose status is not ACTIVE or INACTIVE. */
  includeNonDeleted?: boolean;
  /** Ask for the API's lighter, optimized app representation. */
  useOptimization?: boolean;
}

/** Parameters of {@link ApplicationsResource.get}. */
export interface GetApplicationParams {
  /** Embeds this user's assignment to the app as `_embedded.user` (`expand=user/{id}`). */
  expandUser?: string;
}

/** Parameters of {@link ApplicationsResource.create}. */
export interface CreateApplicationParams {
  /** Create the app ACTIVE (default `true`) or INACTIVE. */
  activate?: boolean;
}


const ListParamsSchema = z.strictObject({
  q: z.optional(z.string()),
  // Checked by checkListParams: a union would hide which member of a filter object is wrong.
  filter: z.optional(z.unknown()),
  limit: z.optional(int().check(z.positive())),
  after: z.optional(z.string()),
  expand: z.optional(z.string()),
  includeNonDeleted: z.optional(z.boolean()),
  useOptimization: z.optional(z.boolean()),
});

const GetParamsSchema = z.strictObject({ expandUser: z.optional(z.string().check(z.minLength(1))) });
const CreateParamsSchema = z.strictObject({ activate: z.optional(z.boolean()) });

function checkListParams(params: ListApplicationsParams | undefined): ListApplicationsParams {
  const parsed = checkInput(ListParamsSchema, params ?? {}, 'list parameters') as ListApplicationsParams;
  if (parsed.filter !== undefined && typeof parsed.filter !== 'string') {
    const result = ApplicationFilterObjectSchema.safeParse(parsed.filter, PARSE_OPTIONS);
    if (!result.success) {
      throw new RequestValidationError('list parameters', fieldIssues(result.error, ['filter']));
    }
    const keys = Object.entries(parsed.filter).filter(([, v]) => v !== undefined).map(([k]) => k);
    if (keys.length !== 1) {
      throw new RequestValidationError('list parameters', [
        {
          path: 'filter',
          reason: `Must name exactly one attribute (got ${keys.length ? keys.join(', ') : 'none'}); the API takes one \`eq\` expression per call`,
        },
      ]);
    }
  }
  return parsed;
}

const parseApplicationPage = pageParser(ApplicationListSchema, 'applications');

const EmptyObjectSchema = z.looseObject({});

/**
 * The Applications API (`/api/v1/apps`): list, create, retrieve, replace, delete, activate and
 * deactivate application instances. Inputs are checked against the same schemas the reference
 * backend uses, and refused with a {@link RequestValidationError} before anything is sent.
 */
export interface ApplicationsResource {
  /** App users: who is assigned to an app (`/api/v1/apps/{appId}/users`). */
  readonly users: AppUsersResource;
  /** App groups: the groups assigned to an app (`/api/v1/apps/{appId}/groups`). */
  readonly groups: AppGroupsResource;
  /**
   * Lists applications. Returns a {@link Pager} at once (no `await`): iterate it with `for await`,
   * page with `.pages()`, or collect a bounded number with `.toArray({ max })`.
   */
  list(params?: ListApplicationsParams, options?: ListOptions): Pager<Application>;
  /** Retrieves one application; with `expandUser` the user's assignment is embedded as `_embedded.user`. */
  get(appId: string, params?: GetApplicationParams, options?: CallOptions): ApiCall<Application>;
  /**
   * Creates an application: a custom app (by `name`, or by `signOnMode` for custom SAML 2.0 and
   * auto-login apps) or a catalog app. It is ACTIVE unless `activate: false`. Never retried after a
   * connection error or a 5xx, because the app may have been created.
   */
  create(input: CreateApplicationInput, params?: CreateApplicationParams, options?: CallOptions): ApiCall<Application>;
  /**
   * Replaces an application with `input`, which must carry every required property. Unknown
   * properties of an app read with `get` are sent back unchanged; `id`, `name`, `status`,
   * `created` and `lastUpdated` are ignored by the server.
   */
  replace(appId: string, input: ReplaceApplicationInput, options?: CallOptions): ApiCall<Application>;
  /** Deletes an INACTIVE application (deactivate it first: deleting an ACTIVE app is refused with 403 E0000056). */
  delete(appId: string, options?: CallOptions): ApiCall<void>;
  /** Activates an application; activating an ACTIVE app succeeds and changes nothing. */
  activate(appId: string, options?: CallOptions): ApiCall<void>;
  /** Deactivates an application; deactivating an INACTIVE app succeeds and changes nothing. */
  deactivate(appId: string, options?: CallOptions): ApiCall<void>;
}

/**
 * Builds {@link ApplicationsResource} over a transport (`createClient` does): a plain object, so that
 * an extension's members (`apps.keys`) can be merged beside these into a new one. Written out rather
 * than with `defineOperations`, whose code would then weigh on the bare client's bundle (see
 * bench/README.md); `list`, `create`, `replace` and `get` do not fit it in any case.
 */
export function applicationsResource(transport: Transport): ApplicationsResource {
  const lifecycle = (appId: string, action: 'activate' | 'deactivate', options: CallOptions | undefined): ApiCall<void> =>
    apiCall(async () => {
      checkId(appId, 'appId');
      checkCallOptions(options);
      const response = await transport.send({
        method: 'POST',
        target: `/api/v1/apps/${encodeURIComponent(appId)}/lifecycle/${action}`,
        retry: 'idempotent',
        options,
      });
      await parseResponse(transport, z.optional(EmptyObjectSchema), response, 'POST');
      return { data: undefined, response };
    });
  return {
    users: new AppUsersResource(transport),
    groups: new AppGroupsResource(transport),
    list(params, options) {
      const p = checkListParams(params);
      checkListOptions(options);
      return new Pager(
        transport,
        '/api/v1/apps',
        {
          q: p.q,
          filter: p.filter === undefined ? undefined : serializeApplicationFilter(p.filter),
          limit: p.limit,
          after: p.after,
          expand: p.expand,
          includeNonDeleted: p.includeNonDeleted,
          useOptimization: p.useOptimization,
        },
        parseApplicationPage,
        options,
      );
    },
    get(appId, params, options) {
      return apiCall(async () => {
        checkId(appId, 'appId');
        const p = params === undefined ? {} : checkInput(GetParamsSchema, params, 'get parameters');
        checkCallOptions(options);
        const response = await transport.send({
          method: 'GET',
          target: `/api/v1/apps/${encodeURIComponent(appId)}`,
          query: { expand: p.expandUser === undefined ? undefined : `user/${p.expandUser}` },
          retry: 'idempotent',
          options,
        });
        return { data: await parseResponse(transport, ApplicationSchema, response, 'GET'), response };
      });
    },
    create(input, params, options) {
      return apiCall(async () => {
        const check = validateCreateApplicationInput(input);
        if (!check.ok) throw new RequestValidationError('application', check.issues);
        const p = checkInput(CreateParamsSchema, params ?? {}, 'create parameters');
        checkCallOptions(options);
        const response = await transport.send({
          method: 'POST',
          target: '/api/v1/apps',
          query: { activate: p.activate ?? true },
          json: input,
          retry: 'create',
          options,
        });
        return { data: await parseResponse(transport, ApplicationSchema, response, 'POST'), response };
      });
    },
    replace(appId, input, options) {
      return apiCall(async () => {
        checkId(appId, 'appId');
        const name = typeof input === 'object' && input !== null && 'name' in input ? input.name : undefined;
        const check = validateReplaceApplicationInput(typeof name === 'string' ? name : undefined, input);
        if (!check.ok) throw new RequestValidationError('application', check.issues);
        checkCallOptions(options);
        const response = await transport.send({
          method: 'PUT',
          target: `/api/v1/apps/${encodeURIComponent(appId)}`,
          json: input,
          retry: 'idempotent',
          options,
        });
        return { data: await parseResponse(transport, ApplicationSchema, response, 'PUT'), response };
      });
    },
    delete(appId, options) {
      return apiCall(async () => {
        checkId(appId, 'appId');
        checkCallOptions(options);
        const response = await transport.send({
          method: 'DELETE',
          target: `/api/v1/apps/${encodeURIComponent(appId)}`,
          retry: 'idempotent',
          options,
        });
        return { data: undefined, response };
      });
    },
    activate: (appId, options) => lifecycle(appId, 'activate', options),
    deactivate: (appId, options) => lifecycle(appId, 'deactivate', options),
  };
}
