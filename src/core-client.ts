// Making a bare client: its options checked, its transport, its resources. (A module of its own,
// apart from the types in client.ts, so that the declarations of `appset` do not carry it: it is
// `createClient` of `appset/core` only.)
import * as z from 'zod/mini';
import { int } from './validation/int';
import { recordOf } from './validation/record';
import { applicationsResource } from './apps/resource';
import { loadServiceApp, ServiceAppOptionsSchema } from './auth/load';
import type { ServiceAppOptions } from './auth/service-app';
import type { ClientOptions, CoreClient } from './client';
import { extendClient, withMissing } from './client-extend';
import { isTimeout } from './core/call-checks';
import { bindTransport } from './core/client-transport';
import { HOOK_NAMES, type ClientHooks } from './core/hooks';
import { headerAuth, Transport, type FetchLike, type RequestAuth } from './core/transport';
import { ConfigurationError } from './errors';
import { LogsResource } from './logs/resource';
import { SecurityEventsProvidersResource } from './providers/resource';
import { SecurityEventsResource } from './security-events/resource';
import { describeIssue, fieldIssues, PARSE_OPTIONS } from './validation/field-issues';
import { isLoopbackHost } from './validation/loopback';
import { version } from '../package.json';

const DEFAULTS = { timeout: 30_000, maxRetries: 2, maxRetryWait: 60_000, maxResponseBytes: 16 * 1024 * 1024 } as const;

// A header value must not carry line breaks (header injection) and a token has no spaces.
const tokenValue = z
  .string()
  .check(z.refine((v) => /^[\x21-\x7e]+$/.test(v), 'Must be a non-empty token without spaces or line breaks'));

// Checked here rather than by `Headers` at the first request, so a bad value fails at createClient
// with a message, and no line break can ever split a header (request smuggling, header injection).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const headerValue = z
  .string()
  .check(z.minLength(1), z.maxLength(8192), z.refine((v) => !/[\0\r\n]/.test(v), 'Must not contain line breaks or NUL characters'));

const OptionsSchema = z.strictObject({
  orgUrl: z.custom<string | URL>((v) => v instanceof URL || (typeof v === 'string' && v !== ''), 'Must be a URL or a non-empty string'),
  token: z.optional(tokenValue),
  accessToken: z.optional(tokenValue),
  oauth: z.optional(ServiceAppOptionsSchema),
  allowInsecureHttp: z.optional(z.boolean()),
  fetch: z.optional(z.custom<FetchLike>((v) => typeof v === 'function', 'Must be a function like fetch')),
  timeout: z.optional(z.custom<number>(isTimeout, 'Must be a whole number of milliseconds between 1 and 2147483647')),
  maxRetries: z.optional(int().check(z.gte(0), z.lte(10))),
  maxRetryWait: z.optional(int().check(z.gte(0), z.lte(2_147_483_647))),
  userAgent: z.optional(headerValue),
  headers: z.optional(
    recordOf(headerValue).check(
      z.refine(
        (headers) => Object.keys(headers).every((name) => HEADER_NAME.test(name)),
        "Header names must be HTTP tokens (letters, digits and !#$%&'*+.^_`|~-, no spaces)",
      ),
      z.refine((headers) => Object.keys(headers).length <= 50, 'Must have at most 50 headers'),
    ),
  ),
  maxResponseBytes: z.optional(int().check(z.gte(1), z.lte(2 ** 31 - 1))),
  hooks: z.optional(
    z.strictObject(
      Object.fromEntries(
        HOOK_NAMES.map((name) => [
          name,
          z.optional(z.array(z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', 'Must be a function'))),
        ]),
      ),
    ),
  ),
});

function parseOrgUrl(value: string | URL, allowInsecureHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new ConfigurationError(`orgUrl "${String(value)}" is not a URL; give the organization's address, e.g. https://example.okta.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`orgUrl must use https (or http for a local backend), not ${url.protocol}`);
  }
  if (url.protocol === 'http:' && !allowInsecureHttp && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      `orgUrl ${url.origin} uses http, which would send the token in cleartext; use https, or http only for a backend on this machine (localhost, 127.0.0.0/8, [::1]). For a test backend on another host (a compose or CI service such as http://appset-mock:4010), pass allowInsecureHttp: true.`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigurationError('orgUrl must not carry credentials; pass them as `token` or `accessToken`.');
  }
  return new URL(url.origin);
}

/**
 * The auth of a client created without credentials: every call that would send them is refused as it
 * leaves, before anything is sent. Publishing security event tokens sends none, so it goes through.
 */
const withoutCredentials: RequestAuth = {
  apply(_headers, { method, url }) {
    throw new ConfigurationError(
      `${method} ${url.pathname} needs credentials; this client has none, so it only publishes security event tokens. Pass \`token\` (an API token), \`accessToken\` or \`oauth\` (a service app) to createClient.`,
    );
  },
};

/**
 * Creates a bare client for one organization (`createClient` of `appset/core`): apps with their
 * users and groups, security events, providers and the System Log, and {@link CoreClient.extend}
 * for the rest. Its options are those of `createClient` from `appset`, which has every resource.
 *
 * @example
 * import { createClient, directory } from 'appset/core';
 * const client = createClient({ orgUrl: 'https://example.okta.com', token: process.env.OKTA_TOKEN }).extend(directory);
 * for await (const user of client.users.list()) console.log(user.profile.login);
 */
export function createCoreClient(options: ClientOptions): CoreClient {
  const result = OptionsSchema.safeParse(options, PARSE_OPTIONS);
  if (!result.success) {
    const list = fieldIssues(result.error).map(describeIssue).join('; ');
    throw new ConfigurationError(`Invalid client options: ${list}.`);
  }
  const o = result.data;
  const given = (['token', 'accessToken', 'oauth'] as const).filter((name) => o[name] !== undefined).map((name) => `\`${name}\``);
  if (given.length > 1) {
    throw new ConfigurationError(`createClient got ${given.length === 2 ? 'both ' : ''}${given.slice(0, -1).join(', ')} and ${given.at(-1)}; pass only one of them.`);
  }
  const orgUrl = parseOrgUrl(o.orgUrl, o.allowInsecureHttp === true);
  const userAgent = o.userAgent ?? `appset/${version}`;
  const timeout = o.timeout ?? DEFAULTS.timeout;
  const maxResponseBytes = o.maxResponseBytes ?? DEFAULTS.maxResponseBytes;
  const transport = new Transport({
    orgUrl,
    // With `oauth`, the service app sets the credentials of each attempt (the browser build refuses `oauth`: see auth/load.browser.ts).
    auth: o.oauth !== undefined
      ? loadServiceApp({ orgUrl, options: o.oauth as ServiceAppOptions, fetch: o.fetch, timeout, maxResponseBytes, userAgent })
      : given.length === 0
        ? withoutCredentials
        : headerAuth(o.token !== undefined ? `SSWS ${o.token}` : `Bearer ${o.accessToken}`),
    fetch: o.fetch,
    timeout,
    maxRetries: o.maxRetries ?? DEFAULTS.maxRetries,
    maxRetryWait: o.maxRetryWait ?? DEFAULTS.maxRetryWait,
    userAgent,
    headers: o.headers ?? {},
    maxResponseBytes,
    hooks: (o.hooks ?? {}) as ClientHooks,
  });
  const client: CoreClient = {
    orgUrl,
    apps: withMissing(applicationsResource(transport), 'apps.'),
    securityEvents: new SecurityEventsResource(transport),
    securityEventsProviders: new SecurityEventsProvidersResource(transport),
    logs: new LogsResource(transport),
    extend(extension) {
      return extendClient(this, extension(this));
    },
  };
  bindTransport(client, transport);
  return withMissing(client, '');
}
