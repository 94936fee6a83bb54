import { invalidSearch, malformedExpand } from '../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../pipeline/route';
import { type RouteReply } from '../pipeline/reply';
import { parseAppFilter } from './filter';
import { PageCache, type PageSource } from './page-cache';
import { jsonArrayBytes, jsonBytes, renderApp, renderAppBytes } from './representation';
import type { AppListQuery, AppService } from './service';
import type { AppChangeLog } from './change-log';

/** Default and largest page sizes of `GET /api/v1/apps`. */
export const APP_PAGE_LIMITS = { default: 20, max: 200 } as const;

function parseListQuery(url: URL): AppListQuery {
  const params = url.searchParams;
  const query: AppListQuery = { limit: parsePageLimit(params.get('limit'), APP_PAGE_LIMITS) };
  const after = params.get('after');
  if (after !== null && after !== '') query.after = after;
  const q = params.get('q');
  if (q !== null && q !== '') query.q = q;
  const filter = params.get('filter');
  if (filter !== null && filter !== '') query.filter = parseAppFilter(filter);
  const expand = params.get('expand');
  if (expand !== null && expand !== '') {
    const match = /^user\/([^/\s,]+)$/.exec(expand);
    if (!match) {
      // A list of expansions is malformed to real orgs; one they do not support is not searchable.
      if (expand.includes(',')) throw malformedExpand();
      throw invalidSearch(`Unsupported expand: ${expand}. Use expand=user/{userId}.`);
    }
    query.expandUser = match[1];
  }
  return query;
}

const ok = (body: unknown): RouteReply => ({ status: 200, body });

/**
 * The query of a list page's links as real organizations write it: `after`, `limit` (the default
 * when not given), `q`, `filter`, `expand`; parameters they do not know are dropped.
 */
function linkQuery(url: URL, query: AppListQuery): Array<[string, string]> {
  const params = url.searchParams;
  const out: Array<[string, string]> = [];
  if (query.after !== undefined) out.push(['after', query.after]);
  out.push(['limit', String(query.limit)]);
  for (const name of ['q', 'filter', 'expand']) {
    const value = params.get(name);
    if (value !== null && value !== '') out.push([name, value]);
  }
  return out;
}

/** The seven operations of `/api/v1/apps`, as route specs over one {@link AppService}. */
export function appRoutes(env: RouteEnv, apps: AppService, changes: AppChangeLog): RouteSpec[] {
  const pages = new PageCache();
  return [
    {
      method: 'get',
      path: '/api/v1/apps',
      summary: 'lists apps: `limit` (default 20, at most 200), `after`, `q`, `filter` (`id`, `status`, `name`, `credentials.signing.kid`, `settings.slo.enabled`, `user.id`, `group.id`), `expand=user/{id}` with `filter=user.id eq "…"`, `includeNonDeleted`, `useOptimization`; `Link` headers, opaque cursors stable under concurrent changes',
      bucket: 'apps',
      scope: 'okta.apps.read',
      handle: ({ url }) => {
        // The same query on an unchanged collection lists the same apps: its answer is the one kept.
        const source: PageSource = { version: apps.apps.version, orgUrl: env.orgUrl(), origin: env.orgOrigin() };
        const kept = pages.get(url.search, source);
        if (kept !== undefined) return { status: 200, jsonBytes: kept.bytes, headers: kept.links };
        const query = parseListQuery(url);
        const page = apps.list(query);
        const { orgUrl, origin } = source;
        const { expandUser } = query;
        if (expandUser !== undefined) {
          // Not kept: pages with an app user embedded are rare, and are rendered anew each time.
          const items = page.items.map((app) => jsonBytes(renderApp(app, orgUrl, app.users.get(expandUser))));
          return { status: 200, jsonBytes: jsonArrayBytes(items), headers: pageLinks(orgUrl, url, page.next, linkQuery(url, query)) };
        }
        const items = page.items.map((app) => renderAppBytes(app, orgUrl, origin));
        const answer = { bytes: jsonArrayBytes(items), links: pageLinks(orgUrl, url, page.next, linkQuery(url, query)) };
        pages.set(url.search, source, answer);
        return { status: 200, jsonBytes: answer.bytes, headers: answer.links };
      },
    },
    {
      method: 'post',
      path: '/api/v1/apps',
      summary: 'creates a custom or catalog app (`?activate=false` for INACTIVE); answers 200 with the app',
      bucket: 'apps',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { url, now } = input;
        const body = await readJsonBody(input);
        const activate = url.searchParams.get('activate')?.toLowerCase() !== 'false';
        // The client secret is shown once, in the create answer; every later read leaves it out.
        return ok(renderApp(changes.created(input, () => apps.create(body, activate, now)), env.orgUrl(), undefined, true));
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId',
      summary: 'reads an app; `expand=user/{userId}` embeds the app user',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ url, params }) => {
        const app = apps.require(params.appId!);
        const expand = url.searchParams.get('expand');
        const userId = expand ? /^user\/([^/\s]+)$/.exec(expand)?.[1] : undefined;
        if (userId === undefined) return { status: 200, jsonBytes: renderAppBytes(app, env.orgUrl(), env.orgOrigin()) };
        return ok(renderApp(app, env.orgUrl(), app.users.get(userId)));
      },
    },
    {
      method: 'put',
      path: '/api/v1/apps/:appId',
      summary: 'replaces an app (every required property present; `id`, `name`, `status`, `created`, `lastUpdated` ignored)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        apps.require(params.appId!);
        const body = await readJsonBody(input);
        // A secret the caller just sent is echoed back, as real organizations do; a kept one is not.
        const sentSecret = (body as { credentials?: { oauthClient?: { client_secret?: unknown } } } | null)?.credentials?.oauthClient?.client_secret !== undefined;
        return ok(renderApp(changes.updated(input, () => apps.replace(params.appId!, body, now)), env.orgUrl(), undefined, sentSecret));
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId',
      summary: 'deletes an INACTIVE app (204); an ACTIVE one is 403 `E0000056`',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: (input) => {
        changes.deleted(input, input.params.appId!, () => apps.delete(input.params.appId!));
        return { status: 204 };
      },
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/lifecycle/activate',
      summary: 'activates (200 `{}`, idempotent)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: (input) => {
        changes.status(input, input.params.appId!, 'ACTIVE', () => apps.setStatus(input.params.appId!, 'ACTIVE', input.now));
        return ok({});
      },
    },
    {
      method: 'post',
      path: '/api/v1/apps/:appId/lifecycle/deactivate',
      summary: 'deactivates (200 `{}`, idempotent)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: (input) => {
        changes.status(input, input.params.appId!, 'INACTIVE', () => apps.setStatus(input.params.appId!, 'INACTIVE', input.now));
        return ok({});
      },
    },
  ];
}
