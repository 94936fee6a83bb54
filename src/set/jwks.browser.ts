import { ConfigurationError } from '../errors';
import type { JsonWebKeySet } from './keys';
import type { KeySetEntry, PublicJwk, PublicJwkOptions, PublishableKey } from './jwks';

/** The sentence `publicJwk` and `publicKeySet` reject with in the browser build. */
export const BROWSER_KEY_SET_REFUSAL =
  "Making a provider's public key set reads its signing keys, which belong on its server (Node.js, Deno, Bun, a worker or an edge runtime), not in a web page; appset/set's browser build leaves it out.";

/**
 * The browser build's stand-in for `jwks.ts` (swapped in for the package's `browser` export
 * condition): a provider publishes its key set from its server, and its private keys must not ship
 * in a page, so the key-set code stays out of browser bundles.
 */
export async function publicJwk(_key: PublishableKey, _options?: PublicJwkOptions): Promise<PublicJwk> {
  throw new ConfigurationError(BROWSER_KEY_SET_REFUSAL);
}

/** See {@link publicJwk}: refused in the browser build. */
export async function publicKeySet(_keys: readonly KeySetEntry[] | JsonWebKeySet): Promise<{ keys: PublicJwk[] }> {
  throw new ConfigurationError(BROWSER_KEY_SET_REFUSAL);
}
