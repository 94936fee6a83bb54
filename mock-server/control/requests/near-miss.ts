// Why no route served a request: the routes it came closest to and what differs, and whether the
// path is Okta's at all. Computed when the journal is read, from the router's own route list.
import type { RouteSpec } from '../../pipeline/route';
import { routeLabel } from '../../pipeline/router';
import { OKTA_API_FAMILIES, OKTA_APP_PATHS } from './okta-paths';
import { editDistance } from '../../shared/text';

/** Why a request went unserved: an Okta path this backend lacks, a path that is not Okta's, or a method the path is not served with. */
export type UnmatchedKind = 'not-implemented' | 'not-okta' | 'method-not-allowed';

/** What the journal says of a request no route or stub served. */
export interface UnmatchedNote {
  /** Why it went unserved: an Okta path not implemented here, a path that is not Okta's, or a method the path is not served with. */
  kind: UnmatchedKind;
  /** In words, with what to do. */
  note: string;
}

/** One way a request differs from a route. */
export interface Difference {
  /** What differs: the method, the path, a header, or the body. */
  field: 'method' | 'path' | 'header' | 'body';
  /** The difference in words, e.g. `sent PUT where POST is served` or `Content-Type: missing; send the type of the body…`. */
  message: string;
}

/** A route a request came close to. */
export interface NearMiss {
  /** The route, as the journal names routes: `POST /api/v1/apps`. */
  route: string;
  /** How the request differs from the route, method first, then the path, headers and body. */
  differences: Difference[];
}

/** The request as near misses read it. */
export interface MissedRequest {
  method: string;
  pathname: string;
  /** The header's value as kept, or `null`. */
  header(name: string): string | null;
  /** The body as kept, or `null` when there was none. */
  body: string | null;
  /** Only the start of the body was kept. */
  bodyTruncated: boolean;
}

/** Segments of a path, without the empty one before its leading `/`. */
function segmentsOf(path: string): string[] {
  return path.split('/').slice(1);
}

const isParam = (segment: string) => segment.startsWith(':') || (segment.startsWith('{') && segment.endsWith('}'));

function matchesTemplate(segments: readonly string[], template: readonly string[]): boolean {
  return segments.length === template.length && template.every((t, i) => (isParam(t) ? segments[i] !== '' : t === segments[i]));
}

function under(segments: readonly string[], prefix: readonly string[]): boolean {
  return segments.length >= prefix.length && prefix.every((p, i) => p === segments[i]);
}

const APP_TEMPLATES = OKTA_APP_PATHS.map(segmentsOf);
const APPS_FAMILY = segmentsOf('/api/v1/apps');
const FAMILIES = OKTA_API_FAMILIES.map(segmentsOf);

/** Why no route served a request to `pathname` with `method`, given every route. */
export function unmatchedNote(method: string, pathname: string, routes: readonly RouteSpec[]): UnmatchedNote {
  const segments = segmentsOf(pathname);
  const served = routes.filter((route) => matchesTemplate(segments, segmentsOf(route.path)));
  if (served.length > 0) {
    const methods = [...new Set(served.map((route) => route.method.toUpperCase()))].join(', ');
    return { kind: 'method-not-allowed', note: `${pathname} is served with ${methods}, not with ${method}` };
  }
  const template = APP_TEMPLATES.find((t) => matchesTemplate(segments, t));
  const family = template === undefined && !under(segments, APPS_FAMILY) ? FAMILIES.find((f) => under(segments, f)) : undefined;
  if (template !== undefined || family !== undefined) {
    const known = template !== undefined ? `/${template.join('/')}` : `/${family!.join('/')}`;
    return {
      kind: 'not-implemented',
      note: `not implemented by appset-mock: ${known} is part of Okta's API but this backend does not serve it; answer it with a stub (POST /__appset/stubs)`,
    };
  }
  return {
    kind: 'not-okta',
    note: `${pathname} is not a path of Okta's API (likely a typo); GET /__appset/requests/unmatched shows the closest routes`,
  };
}

/** The most routes listed for one request, and the farthest a listed route may be. */
const MAX_NEAR_MISSES = 3;
const MAX_DISTANCE = 2;

/**
 * Costs of the path alignment, in hundredths of a change: a segment sent where the route has a
 * parameter costs a hundredth, so that where two alignments tie, the one matching literal segments
 * exactly wins (`/api/v1/apps` misses the route's `:appId`, not its `apps`).
 */
const PARAM = 1;
const CHANGE = 100;

/**
 * What sending `sent` where a route has the literal `expected` costs: one change for a likely typo
 * (letter case, a letter or two), two for another word altogether.
 */
function segmentCost(sent: string, expected: string): number {
  if (sent === expected) return 0;
  if (sent.toLowerCase() === expected.toLowerCase() || editDistance(sent, expected, 2) <= 2) return CHANGE;
  return 2 * CHANGE;
}

interface Alignment {
  cost: number;
  differences: Difference[];
}

/**
 * What a slip of the keyboard costs, and nothing else: a literal segment off by its letter case or
 * one letter, or an empty segment (a doubled or trailing `/`). Anything more (another word, a segment
 * added or left out) costs more than any route listed for an Okta path is allowed.
 */
const FAR = 3 * CHANGE;

function slipCost(sent: string, expected: string): number {
  if (sent === expected) return 0;
  return sent.toLowerCase() === expected.toLowerCase() || editDistance(sent, expected, 1) <= 1 ? CHANGE : FAR;
}

/**
 * The cheapest edit of the request's segments into the route's (a `:param` takes any non-empty
 * segment), and what it changed, position by position. With `slipsOnly`, only slips cost what a
 * listed route may (see {@link slipCost}).
 */
function alignPath(sent: readonly string[], route: readonly string[], slipsOnly = false): Alignment {
  const n = sent.length;
  const m = route.length;
  const literal = slipsOnly ? slipCost : segmentCost;
  const cost = (i: number, j: number) => (isParam(route[j]!) ? (sent[i] === '' ? CHANGE : PARAM) : literal(sent[i]!, route[j]!));
  // Leaving out a sent segment (`drop`) or a route's (`add`).
  const drop = (i: number) => (slipsOnly && sent[i] !== '' ? FAR : CHANGE);
  const add = slipsOnly ? FAR : CHANGE;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) table[i]![0] = table[i - 1]![0]! + drop(i - 1);
  for (let j = 1; j <= m; j++) table[0]![j] = table[0]![j - 1]! + add;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      table[i]![j] = Math.min(table[i - 1]![j - 1]! + cost(i - 1, j - 1), table[i - 1]![j]! + drop(i - 1), table[i]![j - 1]! + add);
    }
  }
  const differences: Difference[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && table[i]![j] === table[i - 1]![j - 1]! + cost(i - 1, j - 1)) {
      if (cost(i - 1, j - 1) >= CHANGE) {
        const expected = isParam(route[j - 1]!) ? `a value for ${route[j - 1]}` : `"${route[j - 1]}"`;
        differences.unshift({ field: 'path', message: `segment ${i}: sent "${sent[i - 1]}" where the route has ${expected}` });
      }
      i -= 1;
      j -= 1;
    } else if (i > 0 && table[i]![j] === table[i - 1]![j]! + drop(i - 1)) {
      differences.unshift({ field: 'path', message: `segment ${i}: sent "${sent[i - 1]}", which the route does not have` });
      i -= 1;
    } else {
      const missing = isParam(route[j - 1]!) ? `a value for ${route[j - 1]}` : `"${route[j - 1]}"`;
      differences.unshift({ field: 'path', message: `segment ${i + 1}: the route has ${missing} here, which was not sent` });
      j -= 1;
    }
  }
  return { cost: Math.round(table[n]![m]! / CHANGE), differences };
}

/** What is wrong with the request itself for a route that takes a body or needs credentials. */
function requestProblems(request: MissedRequest, route: RouteSpec): Difference[] {
  const problems: Difference[] = [];
  if (route.scope !== null && request.header('authorization') === null) {
    problems.push({ field: 'header', message: `Authorization: missing; the route needs credentials with the scope ${route.scope} (Authorization: SSWS <token>)` });
  }
  if (route.method === 'post' || route.method === 'put') {
    const contentType = request.header('content-type');
    const body = request.body;
    if (body !== null && body.trim() !== '' && contentType === null) {
      problems.push({ field: 'header', message: 'Content-Type: missing; send the type of the body, such as application/json' });
    }
    const looksJson = contentType === null ? /^\s*[[{]/.test(body ?? '') : /json/i.test(contentType);
    if (body !== null && looksJson && !request.bodyTruncated) {
      try {
        JSON.parse(body);
      } catch (error) {
        problems.push({ field: 'body', message: `does not parse as JSON (${error instanceof Error ? error.message : String(error)})` });
      }
    }
  }
  return problems;
}

/**
 * The routes a request came closest to, nearest first, with what differs from each: the method, a
 * path segment, a header the route needs, a body that does not parse. Routes farther than
 * `maxDistance` (a typo in a segment or the method counts 1, another word 2) are not listed.
 *
 * For a path of Okta's API this backend does not serve (`kind` `not-implemented`), the request is
 * no typo of a served route: another endpoint one word or one segment away (`/api/v1/users/:userId`
 * for `/api/v1/users/00u1/factors`, `/api/v1/apps` for `/api/v1/idps`) is unrelated, so only a slip
 * is listed: one route segment off by its letter case or a letter, or an extra empty segment.
 */
export function nearMisses(request: MissedRequest, routes: readonly RouteSpec[], maxDistance = MAX_DISTANCE, kind?: UnmatchedKind): NearMiss[] {
  const slipsOnly = kind === 'not-implemented';
  const limit = slipsOnly ? Math.min(maxDistance, 1) : maxDistance;
  const sent = segmentsOf(request.pathname);
  const scored: Array<{ route: RouteSpec; distance: number; differences: Difference[] }> = [];
  for (const route of routes) {
    const template = segmentsOf(route.path);
    // More segments apart than the farthest listed: not worth aligning.
    if (Math.abs(template.length - sent.length) > limit) continue;
    const path = alignPath(sent, template, slipsOnly);
    const methodDiffers = route.method.toUpperCase() !== request.method;
    const distance = path.cost + (methodDiffers ? 1 : 0);
    if (distance === 0 || distance > limit) continue;
    const differences: Difference[] = [];
    if (methodDiffers) differences.push({ field: 'method', message: `sent ${request.method} where ${route.method.toUpperCase()} is served` });
    differences.push(...path.differences, ...requestProblems(request, route));
    scored.push({ route, distance, differences });
  }
  scored.sort((a, b) => a.distance - b.distance);
  const nearest = scored[0]?.distance;
  return scored
    .filter((s) => s.distance === nearest || s.distance <= 1)
    .slice(0, MAX_NEAR_MISSES)
    .map(({ route, differences }) => ({ route: routeLabel(route), differences }));
}
