import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { invalidSearch } from '../pipeline/okta-errors';
import { pageOrRefuse } from '../directory/store';
import type { Directory } from '../directory/store';
import type { GroupRules } from './rules';
import { renderGroupRule } from './store';

/** Default and largest page sizes of `GET /api/v1/groups/rules` (Okta's documented ones). */
export const GROUP_RULE_PAGE_LIMITS = { default: 50, max: 300 } as const;
/** The longest `search` keyword. */
const MAX_SEARCH_CHARS = 255;

/** `expand=groupIdToGroupNameMap` embeds the names of a rule's groups; any other expansion is refused. */
function groupNamesOf(url: URL, directory: Directory): ((id: string) => string | undefined) | undefined {
  const expand = url.searchParams.get('expand');
  if (expand === null || expand === '') return undefined;
  if (expand !== 'groupIdToGroupNameMap') throw invalidSearch(`Unsupported expand: ${expand.slice(0, 100)}. Use expand=groupIdToGroupNameMap.`);
  return (id) => directory.group(id)?.profile.name;
}

/**
 * Okta's group rules API: `/api/v1/groups/rules` (list with `limit`, `after`, `search`, `expand`;
 * create) and `/api/v1/groups/rules/{groupRuleId}` (get, replace, delete with `removeUsers`,
 * lifecycle activate and deactivate, both 204). Scopes `okta.groups.*`, bucket `groups`.
 */
export function groupRuleRoutes(env: RouteEnv, rules: GroupRules, directory: Directory): RouteSpec[] {
  const org = () => env.orgUrl();
  const lifecycle = (name: 'activate' | 'deactivate'): RouteSpec => ({
    method: 'post',
    path: `/api/v1/groups/rules/:groupRuleId/lifecycle/${name}`,
    summary:
      name === 'activate'
        ? 'activates a group rule (204): the users its expression matches join its groups'
        : 'deactivates a group rule (204); the members it made stay',
    bucket: 'groups',
    scope: 'okta.groups.manage',
    handle: (input) => {
      rules[name](input.params.groupRuleId!, input.now, input);
      return { status: 204 };
    },
  });
  return [
    {
      method: 'get',
      path: '/api/v1/groups/rules',
      summary: 'lists group rules (`limit` 50 by default, at most 300; `search` in names; `expand=groupIdToGroupNameMap`; paged)',
      bucket: 'groups',
      scope: 'okta.groups.read',
      handle: ({ url }) => {
        const limit = parsePageLimit(url.searchParams.get('limit'), GROUP_RULE_PAGE_LIMITS);
        const search = url.searchParams.get('search') || undefined;
        if (search !== undefined && search.length > MAX_SEARCH_CHARS) throw invalidSearch(`search is longer than ${MAX_SEARCH_CHARS} characters.`);
        const names = groupNamesOf(url, directory);
        const page = pageOrRefuse(() => rules.list(limit, url.searchParams.get('after') || undefined, search));
        return { status: 200, body: page.items.map((rule) => renderGroupRule(rule, names)), headers: pageLinks(org(), url, page.next) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/groups/rules',
      summary: 'creates an `INACTIVE` group rule; its expression is the Expression Language subset real clients use (`user.<attribute>` with `==`/`!=`, `String.stringContains`, `startsWith`, `endsWith`, `toLowerCase`, `toUpperCase`, `Arrays.contains`, `isMemberOfAnyGroup`, `isMemberOfGroup`, `&&`/`AND`, `\\|\\|`/`OR`, `!`, parentheses; at most 2,048 characters); anything else is `E0000001` naming it',
      bucket: 'groups',
      scope: 'okta.groups.manage',
      handle: async (input) => ({ status: 200, body: renderGroupRule(rules.create(await readJsonBody(input), input.now)) }),
    },
    {
      method: 'get',
      path: '/api/v1/groups/rules/:groupRuleId',
      summary: 'reads a group rule (`allGroupsValid` false and `INVALID` once a group it assigns to is deleted)',
      bucket: 'groups',
      scope: 'okta.groups.read',
      handle: ({ params, url }) => ({ status: 200, body: renderGroupRule(rules.require(params.groupRuleId!), groupNamesOf(url, directory)) }),
    },
    {
      method: 'put',
      path: '/api/v1/groups/rules/:groupRuleId',
      summary: 'replaces an inactive rule\'s name, expression and exclusions (its groups cannot change)',
      bucket: 'groups',
      scope: 'okta.groups.manage',
      handle: async (input) => {
        rules.require(input.params.groupRuleId!);
        const body = await readJsonBody(input);
        return { status: 200, body: renderGroupRule(rules.replace(input.params.groupRuleId!, body, input.now)) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/groups/rules/:groupRuleId',
      summary: 'deletes an inactive rule: 202 `{}`; `removeUsers=true` takes the users it manages out of its groups',
      bucket: 'groups',
      scope: 'okta.groups.manage',
      handle: ({ params, url, now }) => {
        rules.delete(params.groupRuleId!, url.searchParams.get('removeUsers')?.toLowerCase() === 'true', now);
        // Real organizations answer 202 with an empty object.
        return { status: 202, body: {} };
      },
    },
    lifecycle('activate'),
    lifecycle('deactivate'),
  ];
}
