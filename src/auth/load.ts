import type { RequestAuth } from '../core/transport';
import { serviceAppAuth } from './provider';

export { ServiceAppOptionsSchema } from './options';
import { ServiceAppAuth, type ServiceAppAuthSettings } from './service-app';

/**
 * The credentials of a client created with `oauth`: an OAuth 2.0 service app. This is the build for
 * servers (Node.js, Deno, Bun, workers and edge runtimes); the package's `browser` build takes
 * `load.browser.ts` in its place, which leaves the service-app code (and jose's signing) out.
 */
export function loadServiceApp(settings: ServiceAppAuthSettings): RequestAuth {
  return serviceAppAuth(new ServiceAppAuth(settings));
}
