import type { Json } from '../shared/json';
import { renderGroup } from '../directory/representation';
import { parsePageLimit } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteRequest, RouteSpec } from '../pipeline/route';
import { encodeCursor } from '../state/cursor';
import { pageOffset } from '../state/page-offset';
import { renderAppTarget, renderRoleAssignment } from './representation';
import type { RoleService } from './service';
import type { Assignee } from './store';

/** Page sizes of a role's targets: 20 unless `limit` says otherwise, 200 at most. */
export const ROLE_TARGET_PAGE_LIMITS = { default: 20, max: 200 } as const;
/** The `limit` real organizations write in a target list's links, whatever was asked. */
const LINK_LIMIT = '20';
/** A role assignment request is one small object. */
const MAX_ASSIGN_BODY_BYTES = 16 * 1024;


/**
 * One page of a target list with the links real organizations write: `self` carries a cursor to the
 * page and `limit=20`, `next` (while more remain) the cursor after it.
 */
function targetPage<T>(env: RouteEnv, url: URL, items: readonly T[], render: (item: T) => Json) {
  const limit = parsePageLimit(url.searchParams.get('limit'), ROLE_TARGET_PAGE_LIMITS);
  const offset = Math.min(pageOffset(url), items.length);
  const page = items.slice(offset, offset + limit);
  const link = (at: number, rel: string) => {
    const href = new URL(url.pathname, env.orgUrl());
    href.searchParams.set('after', encodeCursor(at));
    href.searchParams.set('limit', LINK_LIMIT);
    return ['link', `<${href.href}>; rel="${rel}"`] as [string, string];
  };
  const headers = [link(offset, 'self')];
  if (offset + page.length < items.length) headers.push(link(offset + page.length, 'next'));
  return { status: 200, body: page.map(render), headers };
}


/**
 * Okta's administrator role assignments to users (`/api/v1/users/{userId}/roles…`) and groups
 * (`/api/v1/groups/{groupId}/roles…`) and their group and app targets. Scopes `okta.roles.read` and
 * `okta.roles.manage`; buckets `users` and `groups`, by path.
 */
export function roleRoutes(env: RouteEnv, roles: RoleService): RouteSpec[] {
  const org = () => env.orgUrl();
  const routes: RouteSpec[] = [];
  for (const [type, base, idParam, groupParam] of [
    ['USER', '/api/v1/users/:userId', 'userId', 'groupId'],
    ['GROUP', '/api/v1/groups/:groupId', 'groupId', 'targetGroupId'],
  ] as const) {
    const bucket = type === 'USER' ? 'users' : 'groups';
    const holder = type === 'USER' ? 'a user' : 'a group (its members)';
    const who = (params: RouteRequest['params']): Assignee => ({ type, id: params[idParam]! });
    const read = (path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
      method: 'get',
      path: `${base}/roles${path}`,
      summary,
      bucket,
      scope: 'okta.roles.read',
      handle,
    });
    const change = (method: 'put' | 'delete', path: string, summary: string, run: (req: RouteRequest) => void): RouteSpec => ({
      method,
      path: `${base}/roles${path}`,
      summary,
      bucket,
      scope: 'okta.roles.manage',
      handle: (req) => {
        run(req);
        return { status: 204 };
      },
    });
    routes.push(
      read('', `lists the administrator roles ${holder} holds (\`label\`, \`status\`, \`assignmentType\`, \`_links.assignee\`)`, ({ params }) => ({
        status: 200,
        body: roles.list(who(params)).map((a) => renderRoleAssignment(a, org())),
      })),
      {
        method: 'post',
        path: `${base}/roles`,
        summary: 'assigns a standard role (`{ "type": "APP_ADMIN" }`; 201); a role held already is 409 `E0000090`; `disableNotifications` taken',
        bucket,
        scope: 'okta.roles.manage',
        handle: async (req) => {
          const assignee = roles.requireAssignee(who(req.params));
          const body = await readJsonBody(req, MAX_ASSIGN_BODY_BYTES);
          return { status: 201, body: renderRoleAssignment(roles.assign(assignee, body, req.now), org()) };
        },
      },
      read('/:roleAssignmentId', 'reads a role assignment (`E0000007 … (RoleAssignment)` when there is none)', ({ params }) => ({
        status: 200,
        body: renderRoleAssignment(roles.get(who(params), params.roleAssignmentId!), org()),
      })),
      change('delete', '/:roleAssignmentId', 'takes the role away, its targets with it (204)', ({ params }) => roles.unassign(who(params), params.roleAssignmentId!)),
      read(
        '/:roleAssignmentId/targets/groups',
        'lists the groups a `USER_ADMIN`, `HELP_DESK_ADMIN` or `GROUP_MEMBERSHIP_ADMIN` role is narrowed to (paged, `Link` with `limit=20`)',
        ({ params, url }) => targetPage(env, url, roles.groupTargets(who(params), params.roleAssignmentId!), (g) => renderGroup(g, org())),
      ),
      change('put', `/:roleAssignmentId/targets/groups/:${groupParam}`, 'narrows the role to a group as well (204); another role type is 400 `E0000091`', ({ params, now }) =>
        roles.addGroupTarget(who(params), params.roleAssignmentId!, params[groupParam]!, now),
      ),
      change('delete', `/:roleAssignmentId/targets/groups/:${groupParam}`, 'takes a group out of the targets (204); the last one cannot be (400 `E0000001`)', ({ params, now }) =>
        roles.removeGroupTarget(who(params), params.roleAssignmentId!, params[groupParam]!, now),
      ),
      read(
        '/:roleAssignmentId/targets/catalog/apps',
        'lists the apps an `APP_ADMIN` role is narrowed to: catalog apps as the catalog describes them, app instances by label, status and id (paged)',
        ({ params, url }) => targetPage(env, url, roles.appTargets(who(params), params.roleAssignmentId!), (t) => renderAppTarget(t, org())),
      ),
      change('put', '/:roleAssignmentId/targets/catalog/apps/:appName', 'narrows an `APP_ADMIN` role to every instance of a catalog app (204)', ({ params, now }) =>
        roles.addCatalogTarget(who(params), params.roleAssignmentId!, params.appName!, now),
      ),
      change('delete', '/:roleAssignmentId/targets/catalog/apps/:appName', 'takes a catalog app out of the targets (204; not the last target)', ({ params, now }) =>
        roles.removeCatalogTarget(who(params), params.roleAssignmentId!, params.appName!, now),
      ),
      change('put', '/:roleAssignmentId/targets/catalog/apps/:appName/:appId', 'narrows an `APP_ADMIN` role to one app instance (204)', ({ params, now }) =>
        roles.addInstanceTarget(who(params), params.roleAssignmentId!, params.appName!, params.appId!, now),
      ),
      change('delete', '/:roleAssignmentId/targets/catalog/apps/:appName/:appId', 'takes an app instance out of the targets (204; not the last target)', ({ params, now }) =>
        roles.removeInstanceTarget(who(params), params.roleAssignmentId!, params.appName!, params.appId!, now),
      ),
    );
  }
  return routes;
}
