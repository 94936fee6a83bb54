import type { MemoryReport } from './hooks';
import type { IncomingRequest } from './request';
import type { Served } from './serve';
import type { RouteEnv, RouteSpec } from './route';

/**
 * What a server in another room (the Node HTTP server) needs from a backend beyond its public surface:
 * the environment, the router that answers with rendered bytes, and a way to learn the served URL.
 * Kept out of the public types, so `appset/mock-server` exposes only web platform APIs.
 */
export interface ServeHooks {
  env: RouteEnv;
  /**
   * Answers a request to the organization (its URL already on the organization's origin): the reply
   * at once when nothing on its way waited, else a promise of it (see `Served`).
   */
  route(request: IncomingRequest, url: URL): Served;
  /** The same for a request known not to be the control plane's (its path is not under `/__appset`). */
  oktaRoute(request: IncomingRequest, url: URL): Served;
  /** Called with the served URL before the first request is answered. */
  onBound(url: URL): void;
  /** Whether the backend serves the control plane under `/__appset/`. */
  controlOn: boolean;
  /** The routes served on Okta's paths (docs/compatibility.md lists each; its test compares). */
  routes: readonly RouteSpec[];
  /**
   * Replaces how accepted tokens are fingerprinted for the replay memory: `digest` must return the
   * same text as the default (SHA-256 of the token's UTF-8 bytes, base64url), only faster (the Node
   * server passes node:crypto's).
   */
  useTokenDigest(digest: (token: string) => string): void;
  /** Gives `health()` a way to measure the process's memory (the Node server's, which core code cannot read). */
  reportMemory(probe: () => MemoryReport): void;
}

const registry = new WeakMap<object, ServeHooks>();

/** Records the hooks of a backend created by `createMockBackend`. */
export function attachServeHooks(backend: object, hooks: ServeHooks): void {
  registry.set(backend, hooks);
}

/** The hooks of a backend, or `undefined` for an object `createMockBackend` did not create. */
export function serveHooksOf(backend: object): ServeHooks | undefined {
  return registry.get(backend);
}
