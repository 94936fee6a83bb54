import { BoundedMemo } from '../shared/bounded-memo';
import { notFound } from './okta-errors';
import type { StubAnswer } from './hooks';
import type { IncomingRequest, HeaderReader } from './request';
import { MethodNotAllowed } from './reply';
import type { RouteEnv, RouteRequest, RouteSpec } from './route';
import { type Served, type ServeTarget, serve } from './serve';

// The router: compiled paths, routes found by method and segment count, 404 and 405 answers.

/** Matches a path against a route path (`/api/v1/apps/:appId`): its decoded parameters, or `undefined`. */
type PathMatcher = (pathname: string, segments?: readonly string[]) => Record<string, string> | undefined;

/**
 * Compiles a route path once. Segments match exactly (letter case included); a `:name` segment takes
 * one non-empty segment, percent-decoded. A path that does not decode matches nothing.
 */
export function compilePath(path: string): PathMatcher {
  const pattern = path.split('/');
  // Each segment's parameter name, or `undefined` for a literal one.
  const names = pattern.map((segment) => (segment.startsWith(':') ? segment.slice(1) : undefined));
  // `segments` is `pathname` split on `/`, when the caller tries many routes against one path.
  return (pathname, segments = pathname.split('/')) => {
    if (segments.length !== pattern.length) return undefined;
    // The literal segments first: a route that does not match fails there, before anything is decoded.
    for (let i = 0; i < pattern.length; i++) {
      if (names[i] === undefined && pattern[i] !== segments[i]) return undefined;
    }
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
      const name = names[i];
      if (name === undefined) continue;
      const actual = segments[i]!;
      if (actual === '') return undefined;
      // Without a `%`, decoding changes nothing.
      if (!actual.includes('%')) {
        params[name] = actual;
        continue;
      }
      try {
        params[name] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    }
    return params;
  };
}

/**
 * Answers a request no route serves: 405 `E0000022` with an `Allow` header when the path exists with
 * other methods or the method is one the API never serves (`TRACE`, `PATCH`, …), else Okta's 404.
 * `OPTIONS` keeps the 404 (it belongs to CORS, which answers it before the routes when enabled).
 */
function unmatched(env: RouteEnv, request: IncomingRequest, url: URL, method: string, routes: readonly CompiledRoute[]): Served {
  const allowed = [...new Set(routes.filter((route) => route.match(url.pathname) !== undefined).map((route) => route.method))];
  const knownMethod = API_METHODS.has(method) || method === 'HEAD';
  const error =
    method === 'OPTIONS' || (allowed.length === 0 && knownMethod)
      ? notFound(`${method} ${url.pathname}`, 'Route')
      : new MethodNotAllowed((allowed.length > 0 ? allowed : [...API_METHODS]).join(', '));
  // No route speaks for the organization here: such calls cannot use up the bucket of the routes
  // that share `default` (the token endpoint among them).
  return serve(env, { bucket: 'default', scope: null, route: null, lane: 'unauthenticated' }, request, url, () => {
    throw error;
  });
}

/** The methods some route of the API answers. */
const API_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);

const NO_ROUTES: readonly CompiledRoute[] = [];

/** How many paths per method the router remembers the route of, and the longest path it remembers. */
const MAX_FOUND_PATHS = 256;
const MAX_FOUND_PATH_CHARS = 512;

/** The route a path takes: the route, its parameters, and the path it read (empty segments dropped). */
interface FoundRoute {
  route: CompiledRoute;
  params: Readonly<Record<string, string>>;
  pathname: string;
}

interface CompiledRoute {
  spec: RouteSpec;
  method: string;
  match: PathMatcher;
  /** How {@link serve} runs it; `route` names it for the journal: `GET /api/v1/apps/:appId`. */
  target: ServeTarget;
}

function compileRoutes(specs: readonly RouteSpec[]): CompiledRoute[] {
  return specs.map((spec) => {
    const method = spec.method.toUpperCase();
    return { spec, method, match: compilePath(spec.path), target: { bucket: spec.bucket, scope: spec.scope, route: routeLabel(spec) } };
  });
}

/** How the journal names a route: its method and path, `GET /api/v1/apps/:appId`. */
export function routeLabel(spec: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${spec.method.toUpperCase()} ${spec.path}`;
}

/** A {@link RouteRequest} over an {@link IncomingRequest}: the fetch `Request` is built only if read. */
class HandlerRequest implements RouteRequest {
  constructor(
    private readonly input: IncomingRequest,
    readonly url: URL,
    readonly params: Readonly<Record<string, string>>,
    readonly now: number,
    readonly requestId: string,
  ) {}

  get request(): Request {
    return this.input.request();
  }

  get headers(): HeaderReader {
    return this.input.headers;
  }

  text(): Promise<string> {
    return this.input.text ? this.input.text() : this.input.request().text();
  }
}

/**
 * The backend's one router: finds the route for a request to the organization and serves it through
 * {@link serve}, or answers Okta's 404 or 405. `backend.fetch` (and so the msw handlers) and the Node HTTP
 * server both answer through it.
 */
export function createRouter(env: RouteEnv, specs: readonly RouteSpec[]): (request: IncomingRequest, url: URL) => Served {
  const routes = compileRoutes(specs);
  // The routes that could match, by method and number of path segments (a route matches only paths
  // with as many segments as its own), in the order given: a request tries only those.
  const candidates = new Map<string, Map<number, CompiledRoute[]>>();
  for (const route of routes) {
    const length = route.spec.path.split('/').length;
    let byLength = candidates.get(route.method);
    if (!byLength) candidates.set(route.method, (byLength = new Map()));
    const list = byLength.get(length);
    if (list) list.push(route);
    else byLength.set(length, [route]);
  }
  // The route each path takes, by method and path: a client asks for the same few paths again and
  // again, and splitting a path and matching it cost more than the rest of routing it. Routes never
  // change once the router is made; each found entry's parameters are frozen, as every request to
  // the path shares them. Bounded as the HTTP server's URL cache is; paths no route serves are not kept.
  const found = new Map<string, BoundedMemo<FoundRoute>>();

  return (input, url) => {
    // Stubs answer before the routes: an endpoint the backend does not implement, or one forced answer.
    const stub = env.control?.takeStub?.(input, url);
    if (stub instanceof Promise) return stub.then((found) => (found === undefined ? routed(input, url) : serveStub(input, url, found)));
    if (stub !== undefined) return serveStub(input, url, stub);
    return routed(input, url);
  };

  function serveStub(input: IncomingRequest, url: URL, stub: StubAnswer): Served {
    return serve(env, { bucket: 'default', scope: null, route: null, stub: stub.id }, input, url, () => stub.reply);
  }

  function routed(input: IncomingRequest, url: URL): Served {
    const { pathname } = url;
    const route = found.get(input.method)?.get(pathname) ?? findRoute(input.method, pathname);
    if (route === undefined) return unmatched(env, input, url, input.method, routes);
    const { spec } = route.route;
    const { params } = route;
    // The handler reads the route's path: links it writes from it (`new URL(path, org)`) would
    // otherwise read `//api/…` as a URL whose host is `api`.
    const read = route.pathname === pathname ? url : Object.assign(new URL(url.href), { pathname: route.pathname });
    return serve(env, route.route.target, input, url, (now, requestId) => spec.handle(new HandlerRequest(input, read, params, now, requestId)));
  }

  function findRoute(method: string, pathname: string): FoundRoute | undefined {
    // Okta's servers read `//api/v1/apps` as `/api/v1/apps` (a client that joins a base URL ending
    // in `/` with a path starting with one sends it so): empty segments are dropped before matching.
    const path = pathname.includes('//') ? pathname.replace(/\/{2,}/g, '/') : pathname;
    const segments = path.split('/');
    for (const route of candidates.get(method)?.get(segments.length) ?? NO_ROUTES) {
      const params = route.match(path, segments);
      if (params === undefined) continue;
      let byPath = found.get(method);
      if (byPath === undefined) found.set(method, (byPath = new BoundedMemo(MAX_FOUND_PATHS, MAX_FOUND_PATH_CHARS)));
      return byPath.remember(pathname, { route, params: Object.freeze(params), pathname: path });
    }
    return undefined;
  }
}
