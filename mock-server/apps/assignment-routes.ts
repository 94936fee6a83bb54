import { validationFailed } from '../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import { readJsonBody, readOptionalJsonBody as optionalJsonBody } from '../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../pipeline/route';
import { parseAppGroupInput, parseAppUserInput, renderAppGroup, type Assignments } from './assignments';
import { BLANK_FIELD } from '../../src/validation/field-issues';
import type { AppChangeLog } from './change-log';

/** Default and largest page sizes of `GET /api/v1/apps/{appId}/users` (Okta's documented limits). */
export const APP_USER_PAGE_LIMITS = { default: 50, max: 500 } as const;
/** Default and largest page sizes of `GET /api/v1/apps/{appId}/groups`. */
export const APP_GROUP_PAGE_LIMITS = { default: 20, max: 200 } as const;

/** `limit` and `after` of an assignment list, and its links' query as real orgs write it. */
function listQuery(url: URL, limits: { default: number; max: number }) {
  const limit = parsePageLimit(url.searchParams.get('limit'), limits);
  const after = url.searchParams.get('after') || undefined;
  const query: Array<[string, string]> = after ? [['after', after], ['limit', String(limit)]] : [['limit', String(limit)]];
  return { limit, after, query };
}

/**
 * Okta's app-user and app-group assignment endpoints, over {@link Assignments}: list (paged), get,
 * assign and unassign. Users are assigned as Okta's Management API does it, with `POST /users` and
 * the user's id in the body, and updated with `POST /users/{userId}` (which assigns a user not yet
 * assigned, as real organizations do); `PUT /users/{userId}` also assigns or updates. Groups are assigned with `PUT /groups/{groupId}`.
 */
export function assignmentRoutes(env: RouteEnv, assignments: Assignments, changes: AppChangeLog): RouteSpec[] {
  const org = () => env.orgUrl();
  return [
    {
      method: 'get',
      path: '/api/v1/apps/:appId/users',
      summary: 'lists the app\'s users (paged)',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ url, params }) => {
        const q = listQuery(url, APP_USER_PAGE_LIMITS);
        const page = assignments.users(params.appId!, q.limit, q.after);
        return {
          status: 200,
          body: page.items.map((user) => assignments.render(org(), params.appId!, user)),
          headers: pageLinks(org(), url, page.next, q.query),
        };
      },
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/users',
      summary: 'assigns a directory user (`{ "id", "scope", "credentials"? }`)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const body = await readJsonBody(input);
        const id = (body as { id?: unknown } | null)?.id;
        if (typeof id !== 'string' || id === '') throw validationFailed([{ path: 'id', reason: BLANK_FIELD }]);
        // The input reads only scope, credentials and profile; `id` was taken above.
        const user = changes.userAssigned(input, params.appId!, id, () => assignments.assignUser(params.appId!, id, parseAppUserInput(body), now));
        return { status: 200, body: assignments.render(org(), params.appId!, user) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/users/:userId',
      summary: 'reads an app user',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => ({ status: 200, body: assignments.render(org(), params.appId!, assignments.user(params.appId!, params.userId!)) }),
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/users/:userId',
      summary: 'updates an assigned user\'s credentials and app profile (404 when not assigned)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (req) => {
        const { request, params, now } = req;
        const body = await optionalJsonBody(request);
        // Okta's SDKs send the whole app user back: only scope, credentials and profile are read of it.
        const input = parseAppUserInput(body);
        const user = changes.userAssigned(req, params.appId!, params.userId!, () => assignments.updateUser(params.appId!, params.userId!, input, now));
        return { status: 200, body: assignments.render(org(), params.appId!, user) };
      },
    },
    {
      method: 'put',
      path: '/api/v1/apps/:appId/users/:userId',
      summary: 'assigns or updates',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (req) => {
        const { request, params, now } = req;
        const input = parseAppUserInput(await optionalJsonBody(request));
        const user = changes.userAssigned(req, params.appId!, params.userId!, () => assignments.assignUser(params.appId!, params.userId!, input, now));
        return { status: 200, body: assignments.render(org(), params.appId!, user) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/users/:userId',
      summary: 'unassigns (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: (req) => {
        changes.userUnassigned(req, req.params.appId!, req.params.userId!, () => assignments.unassignUser(req.params.appId!, req.params.userId!));
        return { status: 204 };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/groups',
      summary: 'lists the app\'s groups (paged)',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ url, params }) => {
        const q = listQuery(url, APP_GROUP_PAGE_LIMITS);
        const page = assignments.groups(params.appId!, q.limit, q.after);
        return {
          status: 200,
          body: page.items.map((group) => renderAppGroup(org(), params.appId!, group)),
          headers: pageLinks(org(), url, page.next, q.query),
        };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/groups/:groupId',
      summary: 'reads a group assignment',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => ({ status: 200, body: renderAppGroup(org(), params.appId!, assignments.group(params.appId!, params.groupId!)) }),
    },
    {
      method: 'put',
      path: '/api/v1/apps/:appId/groups/:groupId',
      summary: 'assigns a directory group',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (req) => {
        const { request, params, now } = req;
        const input = parseAppGroupInput(await optionalJsonBody(request));
        const group = changes.groupAssigned(req, params.appId!, params.groupId!, () => assignments.assignGroup(params.appId!, params.groupId!, input, now));
        return { status: 200, body: renderAppGroup(org(), params.appId!, group) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/groups/:groupId',
      summary: 'unassigns (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: (req) => {
        changes.groupUnassigned(req, req.params.appId!, req.params.groupId!, () => assignments.unassignGroup(req.params.appId!, req.params.groupId!));
        return { status: 204 };
      },
    },
  ];
}
