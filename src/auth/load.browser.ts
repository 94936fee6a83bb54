import * as z from 'zod/mini';
import type { RequestAuth } from '../core/transport';
import { ConfigurationError } from '../errors';
import type { ServiceAppAuthSettings, ServiceAppOptions } from './service-app';

/** Any `oauth` value passes the options check here: {@link loadServiceApp} refuses them all. */
export const ServiceAppOptionsSchema = z.custom<ServiceAppOptions>();

/** The sentence `createClient({ oauth })` throws in the browser build. */
export const BROWSER_OAUTH_REFUSAL =
  'OAuth service apps (`oauth`) need a server runtime (Node.js, Deno, Bun, a worker), because a private key in a web page can be read by anyone who loads it; in a browser pass `accessToken` instead.';

/**
 * The browser build's stand-in for `load.ts` (swapped in by tsup.config.ts for the package's
 * `browser` export condition): a service app's private key must not ship in a page, so `oauth` is
 * refused and the service-app code stays out of browser bundles.
 */
export function loadServiceApp(_settings: ServiceAppAuthSettings): RequestAuth {
  throw new ConfigurationError(BROWSER_OAUTH_REFUSAL);
}
