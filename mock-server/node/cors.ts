import { ConfigurationError } from '../../src/errors';
import type { HeaderReader } from '../pipeline/request';

/** The response headers a client reads, exposed to pages on other origins. */
export const EXPOSED_HEADERS = [
  'Link',
  'Date',
  'X-Okta-Request-Id',
  'X-Rate-Limit-Limit',
  'X-Rate-Limit-Remaining',
  'X-Rate-Limit-Reset',
  'DPoP-Nonce',
  'WWW-Authenticate',
] as const;

/** The methods the API's routes take. */
export const ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The request headers allowed when a preflight names none, or names them in a form that is not a header list. */
export const DEFAULT_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'DPoP'] as const;

/** How long a browser may cache a preflight's answer, in seconds (Chromium's own cap). */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** The error code logged for a cross-origin request from an origin that is not allowed. */
export const ORIGIN_REFUSED = 'cors_origin_not_allowed';

const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
const MAX_HEADER_LIST_CHARS = 1024;

/** Which pages may call the server: any origin (`'*'`) or only those listed. */
export type CorsOrigins = '*' | readonly string[];

/** The server's CORS answers, decided once from its allowed origins. */
export interface CorsPolicy {
  /** True for a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`. */
  isPreflight(method: string, headers: HeaderReader): boolean;
  /** The headers of a preflight's answer, or `undefined` when the origin is not allowed. */
  preflight(headers: HeaderReader): Array<[string, string]> | undefined;
  /** The headers every other answer carries, for a request from `origin` (`null` when none was sent). */
  responseHeaders(origin: string | null): ReadonlyArray<[string, string]>;
}

/**
 * Checks a list of allowed origins: each must be an origin as browsers send it (`scheme://host[:port]`,
 * no path, no trailing slash), so that comparing it with the `Origin` header is exact.
 */
export function checkOrigins(origins: readonly string[]): string[] {
  return origins.map((origin) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || parsed.origin === 'null' || parsed.origin !== origin) {
      const hint = parsed && parsed.origin !== 'null' ? `"${parsed.origin}"` : 'e.g. "http://localhost:5173"';
      throw new ConfigurationError(
        `CORS origin "${origin}" is not an origin as browsers send it; give scheme, host and port only, ${hint}.`,
      );
    }
    return origin;
  });
}

/** What every answer carries when any origin is allowed: the same for every request, so made once. */
const ANY_ORIGIN_HEADERS: ReadonlyArray<[string, string]> = [
  ['access-control-allow-origin', '*'],
  ['access-control-expose-headers', EXPOSED_HEADERS.join(', ')],
];

/** The CORS policy for the allowed origins (default: any origin). */
export function corsPolicy(origins: CorsOrigins = '*'): CorsPolicy {
  const anyOrigin = origins === '*';
  const allowed = new Set(anyOrigin ? [] : checkOrigins(origins));
  const exposed = EXPOSED_HEADERS.join(', ');

  // The origin to echo, `*`, or `undefined` when this origin may not read the answer.
  const allowOrigin = (origin: string | null): string | undefined => {
    if (anyOrigin) return '*';
    return origin !== null && allowed.has(origin) ? origin : undefined;
  };

  return {
    isPreflight: (method, headers) =>
      method === 'OPTIONS' && headers.get('origin') !== null && headers.get('access-control-request-method') !== null,

    preflight(headers) {
      const origin = allowOrigin(headers.get('origin'));
      if (origin === undefined) return undefined;
      const requested = headers.get('access-control-request-headers')?.trim() ?? '';
      const allowHeaders =
        requested !== '' && requested.length <= MAX_HEADER_LIST_CHARS && HEADER_LIST.test(requested)
          ? requested
          : DEFAULT_ALLOWED_HEADERS.join(', ');
      const out: Array<[string, string]> = [
        ['access-control-allow-origin', origin],
        ['access-control-allow-methods', ALLOWED_METHODS.join(', ')],
        ['access-control-allow-headers', allowHeaders],
        ['access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS)],
      ];
      // A preflight's answer depends on what was asked; caches must key on it.
      out.push(['vary', anyOrigin ? 'Access-Control-Request-Headers' : 'Origin, Access-Control-Request-Headers']);
      return out;
    },

    responseHeaders(origin) {
      if (anyOrigin) return ANY_ORIGIN_HEADERS;
      const allow = allowOrigin(origin);
      const out: Array<[string, string]> = [];
      if (allow !== undefined) out.push(['access-control-allow-origin', allow], ['access-control-expose-headers', exposed]);
      if (!anyOrigin) out.push(['vary', 'Origin']);
      return out;
    },
  };
}
