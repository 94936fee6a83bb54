/**
 * What `npm run docs:compat` writes into docs/compatibility.md: the table of served routes, made
 * from the backend's route table (each route's method, path, scope and `summary`), and the list of
 * Okta's API families the backend does not serve, made from {@link OKTA_FAMILIES} less those it
 * serves a route of, and the table of answers Okta has changed, made from `OKTA_ANSWER_CHANGES`.
 * Everything outside the three marked sections is hand-written and kept as it is.
 * test/docs/compatibility.test.ts compares the file with what this would write.
 */
import type { RouteSpec } from '../mock-server/pipeline/route';
import { OKTA_ANSWER_CHANGES, type OktaAnswerChange } from '../mock-server/shared/answer-changes';

/** The page this writes, from the repository's root. */
export const COMPATIBILITY_PAGE = 'docs/compatibility.md';
/** The command that rewrites the page; failures name it. */
export const COMPATIBILITY_COMMAND = 'npm run docs:compat';

const ROUTES_START = `<!-- routes: written by \`${COMPATIBILITY_COMMAND}\` from the backend's routes (each route's \`summary\`); do not edit by hand -->`;
const ROUTES_END = '<!-- end routes -->';
const UNSERVED_START = `<!-- unserved: written by \`${COMPATIBILITY_COMMAND}\`: the families of scripts/compatibility-doc.ts no served route belongs to -->`;
const UNSERVED_END = '<!-- end unserved -->';
const CHANGES_START = `<!-- answer changes: written by \`${COMPATIBILITY_COMMAND}\` from OKTA_ANSWER_CHANGES (mock-server/shared/answer-changes.ts) -->`;
const CHANGES_END = '<!-- end answer changes -->';

/**
 * Families of Okta's APIs that test suites of app code meet, each by the path its routes start with
 * and what it is. A family the backend serves a route under leaves the written list by itself.
 */
export const OKTA_FAMILIES: ReadonlyArray<{ path: string; what: string }> = [
  { path: '/.well-known/okta-organization', what: "the org's identity (id, cell, pipeline)" },
  { path: '/.well-known/openid-configuration', what: "the org authorization server's discovery document" },
  { path: '/oauth2/v1/authorize', what: 'the authorization code and implicit flows' },
  { path: '/oauth2/v1/keys', what: "the org authorization server's signing keys" },
  { path: '/oauth2/v1/introspect', what: 'token introspection' },
  { path: '/oauth2/v1/revoke', what: 'token revocation' },
  { path: '/oauth2/v1/userinfo', what: 'the OpenID Connect userinfo endpoint' },
  { path: '/oauth2/{authorizationServerId}/v1', what: 'custom authorization servers (tokens, keys, discovery)' },
  { path: '/api/v1/internal/apps', what: "an OAuth app's ID token issuer settings (an internal endpoint the terraform provider calls)" },
  { path: '/api/v1/policies/{policyId}/rules', what: 'policy rules' },
  { path: '/api/v1/groups/rules', what: 'group rules' },
  { path: '/api/v1/groups/{groupId}/roles', what: 'admin roles assigned to groups' },
  { path: '/api/v1/groups/{groupId}/owners', what: 'group owners' },
  { path: '/api/v1/groups/{groupId}/apps', what: 'the apps a group is assigned to' },
  { path: '/api/v1/users/{userId}/roles', what: 'admin roles assigned to users' },
  { path: '/api/v1/users/{userId}/factors', what: "a user's authentication factors" },
  { path: '/api/v1/users/{userId}/appLinks', what: "a user's app links" },
  { path: '/api/v1/users/{userId}/sessions', what: "a user's sessions" },
  { path: '/api/v1/meta/types/user', what: 'user types' },
  { path: '/api/v1/meta/schemas/user', what: 'the user profile schema' },
  { path: '/api/v1/meta/schemas/group', what: 'the group profile schema' },
  { path: '/api/v1/features', what: "the org's features" },
  { path: '/api/v1/org', what: "the org's settings and contacts" },
  { path: '/api/v1/iam/roles', what: 'custom admin roles and their permissions' },
  { path: '/api/v1/idps', what: 'identity providers' },
  { path: '/api/v1/trustedOrigins', what: 'trusted origins' },
  { path: '/api/v1/eventHooks', what: 'event hooks' },
  { path: '/api/v1/domains', what: 'custom domains' },
  { path: '/api/v1/brands', what: 'brands, themes and email templates' },
  { path: '/api/v1/mappings', what: 'profile mappings' },
  { path: '/api/v1/devices', what: 'devices' },
  { path: '/api/v1/sessions', what: 'sessions' },
  { path: '/api/v1/behaviors', what: 'behavior detection rules' },
];

/** A path with its parameters named alike (`:appId` and `{appId}` both `{}`), for comparing. */
export function pathShape(path: string): string {
  return path.replace(/:\w+|\{[^}/]*\}/g, '{}');
}

/** Whether a route path is `family` or under it. */
export function underFamily(routePath: string, family: string): boolean {
  const route = pathShape(routePath);
  const prefix = pathShape(family);
  return route === prefix || route.startsWith(`${prefix}/`);
}

/** How the page names a route: `GET /api/v1/apps/{appId}`. */
export function documentedRoute(route: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`;
}

/**
 * A table cell: one line, `|` escaped. Refuses an empty or multi-line summary, naming the route and,
 * when the page already has a row for it (a route added before routes carried summaries), that row's words.
 */
function summaryCell(route: RouteSpec, rows: ReadonlyMap<string, string>): string {
  const summary = route.summary?.trim() ?? '';
  if (summary === '' || /[\r\n]/.test(summary)) {
    const known = rows.get(documentedRoute(route));
    const hint = known === undefined ? '' : `, e.g. summary: ${JSON.stringify(known.replace(/\\\|/g, '|'))} (its row in ${COMPATIBILITY_PAGE})`;
    throw new Error(`the route ${documentedRoute(route)} needs a one-line \`summary\` in its definition (what it does, for ${COMPATIBILITY_PAGE})${hint}`);
  }
  return summary.replace(/\|/g, '\\|');
}

/** The "what it does" cell of each row of a page's route tables, by route (`GET /api/v1/apps`). */
function documentedSummaries(text: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of text.matchAll(/^\| `((?:GET|POST|PUT|PATCH|DELETE) [^`]+)` \| [^|]* \| (.*) \|$/gm)) rows.set(match[1]!, match[2]!);
  return rows;
}

/** The served-routes table, one row per route in the router's order; `page`, the page as it is, only feeds the hint of a refusal. */
export function routesTable(routes: readonly RouteSpec[], page = ''): string {
  const known = documentedSummaries(page);
  const rows = routes.map((route) => `| \`${documentedRoute(route)}\` | ${route.scope === null ? 'none' : `\`${route.scope}\``} | ${summaryCell(route, known)} |`);
  return ['| route | scope | what it does |', '|---|---|---|', ...rows].join('\n');
}

/** The families no served route belongs to, as a table. */
export function unservedTable(routes: readonly RouteSpec[]): string {
  const unserved = OKTA_FAMILIES.filter((family) => !routes.some((route) => underFamily(route.path, family.path)));
  return ['| paths under | what they are |', '|---|---|', ...unserved.map((family) => `| \`${family.path}\` | ${family.what} |`)].join('\n');
}

/** The changes Okta made to its answers, as a table: since when, and what. */
export function answerChangesTable(changes: readonly OktaAnswerChange[] = OKTA_ANSWER_CHANGES): string {
  const rows = changes.map((change) => `| ${change.since} (last old answer recorded ${change.lastSeenBefore}) | \`${change.name}\` | ${change.what.replace(/\|/g, '\\|')} |`);
  return ['| answered since | change | what changed |', '|---|---|---|', ...rows].join('\n');
}

/** Replaces what lies between `start` and `end` (both kept) with `body`; a missing marker throws. */
function replaceSection(text: string, start: string, end: string, body: string): string {
  const from = text.indexOf(start);
  const to = from < 0 ? -1 : text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`${COMPATIBILITY_PAGE} lacks the markers ${start} … ${end}`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

/** The page as `npm run docs:compat` writes it: the three marked sections made from `routes` and the answer changes, the rest kept. */
export function writeCompatibility(text: string, routes: readonly RouteSpec[]): string {
  const withRoutes = replaceSection(text, ROUTES_START, ROUTES_END, routesTable(routes, text));
  return replaceSection(replaceSection(withRoutes, UNSERVED_START, UNSERVED_END, unservedTable(routes)), CHANGES_START, CHANGES_END, answerChangesTable());
}
