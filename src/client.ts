// What a client is: its options, its shape and what extends it. Making one is core-client.ts's.
import type { ApplicationsResource } from './apps/resource';
import type { ServiceAppOptions } from './auth/service-app';
import type { ClientHooks } from './core/hooks';
import type { FetchLike } from './core/transport';
import type { LogsResource } from './logs/resource';
import type { SecurityEventsProvidersResource } from './providers/resource';
import type { SecurityEventsResource } from './security-events/resource';

/**
 * Options of {@link createClient}. Give at most one of `token`, `accessToken` and `oauth`; a client
 * given none can only publish security event tokens (`securityEvents.publish`), and refuses every
 * other call with a `ConfigurationError` before sending it.
 */
export interface ClientOptions {
  /**
   * The organization's URL, e.g. `https://example.okta.com`. `http` is accepted only for a backend on
   * this machine (`localhost`, `127.0.0.0/8`, `[::1]`), so that a token never travels in cleartext,
   * unless {@link ClientOptions.allowInsecureHttp} says otherwise.
   */
  orgUrl: string | URL;
  /**
   * Allows an `http` `orgUrl` on another host, such as a test backend reached by its compose or CI
   * service name (`http://appset-mock:4010`). The credential then travels in cleartext: use it only for
   * a test backend on a network you trust, never for a real organization. Redirects are still refused,
   * so the credential never follows one. Default `false`.
   */
  allowInsecureHttp?: boolean;
  /** An API token, sent as `Authorization: SSWS <token>`. */
  token?: string;
  /** An OAuth 2.0 access token, sent as `Authorization: Bearer <token>`. */
  accessToken?: string;
  /**
   * Authenticate as an OAuth 2.0 service app (`private_key_jwt`, optionally DPoP): the client gets,
   * caches and renews access tokens itself.
   */
  oauth?: ServiceAppOptions;
  /** The fetch to use; by default `globalThis.fetch`, looked up at each call so later patches (msw) apply. */
  fetch?: FetchLike;
  /** Milliseconds to wait for each attempt's response (default 30 000). */
  timeout?: number;
  /** Retries after 429, 5xx and connection errors, where safe (default 2). */
  maxRetries?: number;
  /** The longest wait before a retry, in milliseconds (default 60 000); a longer rate-limit reset throws at once. */
  maxRetryWait?: number;
  /** The `User-Agent` header (default `appset/<version>`). */
  userAgent?: string;
  /** Extra headers sent with every request (the `Authorization` header is always appset's). */
  headers?: Record<string, string>;
  /**
   * The largest response body appset reads, in bytes (default 16 MiB). A larger answer is refused
   * with an `InvalidResponseError` as soon as it passes the bound, never buffered whole.
   */
  maxResponseBytes?: number;
  /**
   * Functions called around every request (ky's hooks), for logging, tracing and metrics; see
   * {@link ClientHooks}. The requests they see never carry the credential.
   */
  hooks?: ClientHooks;
}

/**
 * The bare client, as `createClient` from `appset/core` returns it: apps with their users and
 * groups, security events, providers and the System Log. {@link CoreClient.extend} composes more
 * resources in; `createClient` from `appset` returns a client with every one ({@link AppsetClient}).
 */
export interface CoreClient {
  /** The organization URL every path is resolved against. */
  readonly orgUrl: URL;
  /** The Applications API. */
  readonly apps: ApplicationsResource;
  /** The security event receiver: publishes signed security event tokens (sent without credentials). */
  readonly securityEvents: SecurityEventsResource;
  /** The Security Events Providers API: the providers whose tokens the organization accepts. */
  readonly securityEventsProviders: SecurityEventsProvidersResource;
  /** The System Log API. */
  readonly logs: LogsResource;
  /**
   * Returns a new client: this one's resources and those of `extension`, typed with both, e.g.
   * `createClient(options).extend(appCredentials)` (from `appset/core`) has `client.apps.keys`.
   * The client it is called on is left as it was; members both have (`apps`) are merged into a new
   * object. See {@link ClientExtension}.
   */
  extend<A extends object>(extension: ClientExtension<A>): this & A;
}

/**
 * Resources a client is given with {@link CoreClient.extend}: `appCredentials` (`apps.keys`,
 * `apps.csrs`, `apps.secrets`, `apps.jwks`, `apps.metadata`, `apps.rotateSigningKey`),
 * `appResources` (`apps.policies`, `apps.logo`, `apps.features`, `apps.connections`, `apps.tokens`,
 * `apps.groupPush`, `apps.federatedClaims`, `apps.userSchema`) and `directory` (`users`, `groups`,
 * `apps.grants`). `createClient` from `appset` has all three; a bare client from `appset/core` has
 * none, and a browser bundle then holds only the extensions its program imports.
 */
export type ClientExtension<A extends object> = (client: CoreClient) => A;
