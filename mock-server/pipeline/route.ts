import type { MockScope, TokenRegistry } from './auth';
import type { RateLimitBucket, RateLimiter } from './rate-limits';
import type { HeaderReader } from './request';
import type { RouteReply } from './reply';
import type { RouterControl } from './hooks';

// The contract of a route: what a capability's routes read from the backend and from the request.

/** What every route needs from its backend. */
export interface RouteEnv {
  /** The organization URL: responses' absolute links point here, and only requests to it are served. */
  orgUrl(): URL;
  /** `orgUrl().origin`, kept as one string (the URL's `origin` getter builds a new one at each read). */
  orgOrigin(): string;
  /** The backend's clock, in epoch milliseconds. */
  now(): number;
  readonly tokens: TokenRegistry;
  readonly limiter: RateLimiter;
  /** The control plane's hooks: faults matched before the route, and the request journal. */
  readonly control?: RouterControl;
}

/** A request as a route handler sees it. */
export interface RouteRequest {
  /** The fetch `Request`; built on first read by the HTTP server, so a route that needs only headers and text reads those. */
  readonly request: Request;
  /** The request's headers, as the fetch `Request` would answer them. */
  readonly headers: HeaderReader;
  /** The body as text (UTF-8, a leading byte order mark dropped), as `request.text()` reads it. */
  text(): Promise<string>;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  /** The backend clock when the request arrived. */
  readonly now: number;
  /** The `X-Okta-Request-Id` the response will carry. */
  readonly requestId: string;
}

/**
 * One route: method, path (msw syntax), what it does, rate-limit bucket, the scope it needs (`null`:
 * no auth) and its handler.
 */
export interface RouteSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /**
   * What the route does, in one line of the docs' words (Markdown, no line break): its row of the
   * served-routes table in docs/compatibility.md, which `npm run docs:compat` writes from the routes.
   */
  summary: string;
  bucket: RateLimitBucket;
  scope: MockScope | null;
  handle(req: RouteRequest): RouteReply | Promise<RouteReply>;
}
