import { ConfigurationError } from '../errors';
import type { ProviderHandler, ProviderHandlerOptions } from './provider-handler';

/** The sentence `createProviderHandler` rejects with in the browser build. */
export const BROWSER_HANDLER_REFUSAL =
  "createProviderHandler serves a provider's SSF configuration and key set from its server (Node.js, Deno, Bun, a worker or an edge runtime), not from a web page; appset/set's browser build leaves it out.";

/**
 * The browser build's stand-in for `provider-handler.ts` (swapped in for the package's `browser`
 * export condition): serving a provider's discovery is a server's work, and it reads the provider's
 * keys, which must not ship in a page.
 */
export async function createProviderHandler(_options: ProviderHandlerOptions): Promise<ProviderHandler> {
  throw new ConfigurationError(BROWSER_HANDLER_REFUSAL);
}
