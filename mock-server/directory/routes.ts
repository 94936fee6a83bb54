import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import { type RouteEnv, type RouteRequest, type RouteSpec } from '../pipeline/route';
import type { OktaAnswers } from '../shared/answer-changes';
import type { GroupService } from './groups';
import { renderGroup, renderUser, type UserTypeIds } from './representation';
import type { UserService } from './users';
import type { DirectoryChangeLog } from './change-log';
import type { ChangeEventType } from '../logs/event-types';

/** Default and largest page sizes, as real organizations write them in their links. */
export const USER_PAGE_LIMITS = { default: 200, max: 200 } as const;
/** `q` is a people-picker lookup: ten users unless `limit` says otherwise. */
export const USER_Q_LIMITS = { default: 10, max: 200 } as const;
/** Groups listed without `q`: every group on one page (10,000 at most). */
export const GROUP_PAGE_LIMITS = { default: 10_000, max: 10_000 } as const;
/** `q` on groups: an auto-complete lookup of at most 300. */
export const GROUP_Q_LIMITS = { default: 300, max: 10_000 } as const;
/** A group's members: a thousand a page, and no more. */
export const MEMBER_PAGE_LIMITS = { default: 1000, max: 1000 } as const;

/** A query parameter as given (absent or empty: not given), bounded like any expression. */
function param(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  return value === null || value === '' ? undefined : value;
}

/** A boolean query parameter (`activate`, `sendEmail`): anything but `false` keeps the default `true`. */
const flag = (url: URL, name: string) => url.searchParams.get(name)?.toLowerCase() !== 'false';

/** `limit`, `after` and the query real organizations write back in a list's links: `after`, `limit`, then the rest given. */
function listQuery(url: URL, limits: { default: number; max: number }, names: readonly string[]) {
  const limit = parsePageLimit(url.searchParams.get('limit'), limits);
  const after = param(url, 'after');
  const given: Record<string, string | undefined> = Object.fromEntries(names.map((name) => [name, param(url, name)]));
  const query: Array<[string, string]> = [...(after ? [['after', after] as [string, string]] : []), ['limit', String(limit)]];
  for (const name of names) if (given[name] !== undefined) query.push([name, given[name]!]);
  return { limit, after, given, query };
}

/**
 * Okta's users and groups API over the directory: `/api/v1/users` (create, list, get by id or login,
 * update, replace, delete, lifecycle, the user's groups) and `/api/v1/groups` (create, list, get,
 * replace, delete, members). Scopes `okta.users.*` and `okta.groups.*`; buckets `users` and `groups`.
 */
export function directoryRoutes(env: RouteEnv, users: UserService, groups: GroupService, ids: () => UserTypeIds, changes: DirectoryChangeLog, answers: OktaAnswers): RouteSpec[] {
  const org = () => env.orgUrl();
  const one = (user: Parameters<typeof renderUser>[0]) => renderUser(user, org(), ids(), true, answers);
  const item = (user: Parameters<typeof renderUser>[0]) => renderUser(user, org(), ids(), false, answers);
  // The changes that answer 204 with an empty body.
  const noContent = (method: 'put' | 'delete', path: string, scope: RouteSpec['scope'], summary: string, run: (params: Readonly<Record<string, string>>, now: number, input: RouteRequest) => unknown): RouteSpec => ({
    method,
    path,
    summary,
    bucket: path.startsWith('/api/v1/users') ? 'users' : 'groups',
    scope,
    handle: (input) => {
      run(input.params, input.now, input);
      return { status: 204 };
    },
  });
  const lifecycle = (name: string, eventType: ChangeEventType, summary: string, run: (id: string, url: URL, now: number) => Record<string, unknown> | void): RouteSpec => ({
    method: 'post',
    path: `/api/v1/users/:userId/lifecycle/${name}`,
    summary,
    bucket: 'users',
    scope: 'okta.users.manage',
    handle: (input) => ({ status: 200, body: changes.user(eventType, input, input.params.userId!, () => run(input.params.userId!, input.url, input.now)) ?? {} }),
  });
  return [
    {
      method: 'get',
      path: '/api/v1/users',
      summary: 'lists users: `q`, `search`, `filter`, `limit`, `after` (`E0000031` for what Okta does not take)',
      bucket: 'users',
      scope: 'okta.users.read',
      handle: ({ url }) => {
        const q = param(url, 'q');
        const l = listQuery(url, q === undefined ? USER_PAGE_LIMITS : USER_Q_LIMITS, ['filter', 'search', 'q']);
        const page = users.list({ ...l.given, limit: l.limit, after: l.after });
        return { status: 200, body: page.items.map(item), headers: pageLinks(org(), url, page.next, l.query) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/users',
      summary: 'creates a user, `STAGED`, `PROVISIONED` or `ACTIVE` by `?activate=`; passwords checked, never kept',
      bucket: 'users',
      scope: 'okta.users.manage',
      handle: async (input) => {
        const body = await readJsonBody(input);
        return { status: 200, body: one(changes.userCreated(input, (joined) => users.create(body, flag(input.url, 'activate'), input.now, joined))) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/users/:userId',
      summary: 'reads a user by id or login',
      bucket: 'users',
      scope: 'okta.users.read',
      handle: ({ params }) => ({ status: 200, body: one(users.require(params.userId!)) }),
    },
    {
      method: 'post',
      path: '/api/v1/users/:userId',
      summary: 'updates a user\'s profile partially (a `type.id` given must be the user\'s own)',
      bucket: 'users',
      scope: 'okta.users.manage',
      handle: async (input) => {
        const body = await readJsonBody(input);
        return { status: 200, body: one(changes.profileUpdated(input, input.params.userId!, body, () => users.update(input.params.userId!, body, input.now))) };
      },
    },
    {
      method: 'put',
      path: '/api/v1/users/:userId',
      summary: 'replaces a user\'s profile; `type.id` changes the user\'s type',
      bucket: 'users',
      scope: 'okta.users.manage',
      handle: async (input) => {
        const body = await readJsonBody(input);
        return { status: 200, body: one(changes.user('user.account.update_profile', input, input.params.userId!, () => users.replace(input.params.userId!, body, input.now))) };
      },
    },
    noContent('delete', '/api/v1/users/:userId', 'okta.users.manage', 'deactivates an active user; a second delete removes it', (params, now, input) => changes.userDeleted(input, params.userId!, () => users.delete(params.userId!, now))),
    lifecycle('activate', 'user.lifecycle.activate', 'activates a STAGED or PROVISIONED user', (id, url, now) => users.activate(id, flag(url, 'sendEmail'), now, org())),
    lifecycle('reactivate', 'user.lifecycle.reactivate', 'reactivates a PROVISIONED user', (id, url, now) => users.reactivate(id, flag(url, 'sendEmail'), now, org())),
    lifecycle('deactivate', 'user.lifecycle.deactivate', 'deactivates a user', (id, _url, now) => users.deactivate(id, now)),
    lifecycle('suspend', 'user.lifecycle.suspend', 'suspends an ACTIVE user', (id, _url, now) => users.suspend(id, now)),
    lifecycle('unsuspend', 'user.lifecycle.unsuspend', 'unsuspends a SUSPENDED user', (id, _url, now) => users.unsuspend(id, now)),
    lifecycle('unlock', 'user.account.unlock', 'unlocks a LOCKED_OUT user', (id, _url, now) => users.unlock(id, now)),
    {
      method: 'get',
      path: '/api/v1/users/:userId/groups',
      summary: 'lists the groups a user belongs to',
      bucket: 'users',
      scope: 'okta.users.read',
      handle: ({ params, url }) => {
        const user = users.require(params.userId!);
        return { status: 200, body: groups.of(user.id).map((g) => renderGroup(g, org())), headers: pageLinks(org(), url, undefined, [['limit', '200']]) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/groups',
      summary: 'lists groups, Everyone first: `q`, `filter`, `search`, `limit`, `after`',
      bucket: 'groups',
      scope: 'okta.groups.read',
      handle: ({ url }) => {
        const q = param(url, 'q');
        const l = listQuery(url, q === undefined ? GROUP_PAGE_LIMITS : GROUP_Q_LIMITS, ['filter', 'search']);
        const page = groups.list({ ...l.given, q, limit: l.limit, after: l.after });
        // A `q` lookup does not page: real organizations answer it without links.
        return { status: 200, body: page.items.map((g) => renderGroup(g, org())), headers: q === undefined ? pageLinks(org(), url, page.next, l.query) : [] };
      },
    },
    {
      method: 'post',
      path: '/api/v1/groups',
      summary: 'creates a group (names unique among the org\'s groups)',
      bucket: 'groups',
      scope: 'okta.groups.manage',
      handle: async (input) => {
        const body = await readJsonBody(input);
        return { status: 200, body: renderGroup(changes.group('group.lifecycle.create', input, () => groups.create(body, input.now)), org()) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/groups/:groupId',
      summary: 'reads a group',
      bucket: 'groups',
      scope: 'okta.groups.read',
      handle: ({ params }) => ({ status: 200, body: renderGroup(groups.require(params.groupId!), org()) }),
    },
    {
      method: 'put',
      path: '/api/v1/groups/:groupId',
      summary: 'replaces a group\'s profile (Everyone cannot change: `E0000006`)',
      bucket: 'groups',
      scope: 'okta.groups.manage',
      handle: async (input) => {
        const body = await readJsonBody(input);
        return { status: 200, body: renderGroup(changes.group('group.profile.update', input, () => groups.replace(input.params.groupId!, body, input.now)), org()) };
      },
    },
    noContent('delete', '/api/v1/groups/:groupId', 'okta.groups.manage', 'deletes a group (204)', (params, now, input) => changes.groupDeleted(input, params.groupId!, () => groups.delete(params.groupId!, now))),
    {
      method: 'get',
      path: '/api/v1/groups/:groupId/users',
      summary: 'lists a group\'s members',
      bucket: 'groups',
      scope: 'okta.groups.read',
      handle: ({ params, url }) => {
        const l = listQuery(url, MEMBER_PAGE_LIMITS, []);
        const page = groups.members(params.groupId!, l.limit, l.after);
        return { status: 200, body: page.items.map(item), headers: pageLinks(org(), url, page.next, l.query) };
      },
    },
    noContent('put', '/api/v1/groups/:groupId/users/:userId', 'okta.groups.manage', 'adds a member (204); apps the group is assigned to gain an app user with `scope: GROUP`', (params, now, input) => changes.membership('group.user_membership.add', input, params.groupId!, params.userId!, () => groups.addMember(params.groupId!, params.userId!, now))),
    noContent('delete', '/api/v1/groups/:groupId/users/:userId', 'okta.groups.manage', 'removes a member (204)', (params, now, input) => changes.membership('group.user_membership.remove', input, params.groupId!, params.userId!, () => groups.removeMember(params.groupId!, params.userId!, now))),
  ];
}
