import { ssfConfiguration, ssfConfigurationUrl, type SsfConfiguration, type SsfConfigurationOptions } from './discovery';
import { publicKeySet, type KeySetEntry, type PublicJwk } from './jwks';
import type { JsonWebKeySet } from './keys';

/** Options of {@link createProviderHandler}. */
export interface ProviderHandlerOptions extends Omit<SsfConfigurationOptions, 'jwksUri'> {
  /** The provider's signing keys, private or public, in any form `publicKeySet` takes; only public members are served. */
  keys: readonly KeySetEntry[] | JsonWebKeySet;
  /** Where the key set is served; default `<issuer>/jwks.json`. */
  jwksUri?: string | URL;
  /** The `Cache-Control` of both documents; default `max-age=300`, so a rotated key reaches receivers within minutes. */
  cacheControl?: string;
}

/**
 * A web `fetch` handler serving a provider's SSF configuration and key set: `(request) => response`,
 * as Node (through `toNodeListener` from `appset/set/node`), Workers, Deno, Bun, Next.js route
 * handlers and msw take it.
 */
export interface ProviderHandler {
  (request: Request): Promise<Response>;
  /** The served configuration document. */
  readonly configuration: SsfConfiguration;
  /** The served public key set. */
  readonly jwks: { keys: PublicJwk[] };
  /** The URL of the configuration document: what an administrator registers as the provider's `well_known_url`. */
  readonly configurationUrl: string;
}

/** A JSON answer with the document's own headers; `HEAD` gets the headers alone. */
function answer(status: number, body: string, request: Request, headers: Record<string, string>): Response {
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

/**
 * Creates the handler of a provider's discovery: `GET` (and `HEAD`) of the configuration at its
 * well-known path (`/.well-known/ssf-configuration` followed by the issuer's path) and of the key set
 * at the path of `jwksUri`, both `200` `application/json`. The request's host is not read, so the
 * handler answers behind a proxy or under msw as it does directly. Another method on those paths is
 * `405` with `Allow: GET, HEAD`; any other path is `404`. The documents are built once, here: bad
 * options or keys reject with a `SecurityEventTokenInputError` naming the field, before anything is served.
 * The package's browser build refuses it with a `ConfigurationError`: serving discovery is a server's work.
 *
 * @example
 * const handler = await createProviderHandler({ issuer: 'https://risk.example.com', keys: [privateKeyPem] });
 * // Workers: export default { fetch: handler }; Next.js: export const GET = handler;
 */
export async function createProviderHandler(options: ProviderHandlerOptions): Promise<ProviderHandler> {
  const { keys, cacheControl = 'max-age=300', jwksUri, ...rest } = options;
  const configurationUrl = ssfConfigurationUrl(options.issuer);
  const keysUrl = jwksUri ?? `${options.issuer.replace(/\/$/, '')}/jwks.json`;
  const configuration = ssfConfiguration({ ...rest, jwksUri: keysUrl });
  const jwks = await publicKeySet(keys);
  const headers = { 'content-type': 'application/json', 'cache-control': cacheControl };
  const documents = new Map([
    [new URL(configurationUrl).pathname, JSON.stringify(configuration)],
    [new URL(configuration.jwks_uri).pathname, JSON.stringify(jwks)],
  ]);
  const handler = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const body = documents.get(path);
    if (body === undefined) {
      return answer(404, JSON.stringify({ error: `Nothing is served at ${path.slice(0, 200)}; the provider serves ${[...documents.keys()].join(' and ')}` }), request, {
        'content-type': 'application/json',
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(405, JSON.stringify({ error: `${request.method} is not served on ${path}; use GET` }), request, {
        'content-type': 'application/json',
        allow: 'GET, HEAD',
      });
    }
    return answer(200, body, request, headers);
  };
  return Object.assign(handler, { configuration, jwks, configurationUrl });
}
