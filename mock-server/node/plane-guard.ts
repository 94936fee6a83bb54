import { shorten } from '../shared/text';
import type { HeaderReader } from '../pipeline/request';
import type { CorsOrigins } from './cors';

/**
 * Why the HTTP server refuses a control-plane request before running it, or `undefined` to serve it.
 *
 * The plane needs no token, so on a real socket two kinds of web page could otherwise drive it from
 * a developer's browser:
 * - **A page on another origin** (cross-site request forgery). CORS stops such a page from reading
 *   an answer, not from sending a `POST` that seeds a token or resets the state. Browsers send
 *   `Origin` with every such request, so the plane serves a request carrying `Origin` only when that
 *   origin was allowed by name (`--cors-origin`); the default "any origin" covers Okta's paths,
 *   which need a token, not the plane. Clients that are not browsers send no `Origin`.
 * - **A page whose own host name was made to resolve to this machine** (DNS rebinding). Its
 *   requests are same-origin, so a `GET` carries no `Origin`; the `Host` header names the page's
 *   domain. The plane answers only when `Host` is this server's: an IP address, `localhost` (or a
 *   name under it), a name without a dot (a container's service name, `appset-mock`: no one can
 *   rebind a name they do not own in public DNS), the host the server was bound to, or the
 *   organization URL's host.
 */
export function planeRefusal(
  headers: HeaderReader,
  options: { corsOrigins: CorsOrigins; boundHost: string; orgUrl: () => URL },
): string | undefined {
  const origin = headers.get('origin');
  if (origin !== null && (options.corsOrigins === '*' || !options.corsOrigins.includes(origin))) {
    return `The control plane does not serve web pages on ${shorten(origin)}: allow the origin by name with --cors-origin (option corsOrigins) to drive the plane from a page.`;
  }
  const host = hostName(headers.get('host'));
  if (host === undefined) return 'The control plane needs a Host header naming this server.';
  if (!servesHost(host, options.boundHost, options.orgUrl())) {
    return `The control plane does not answer for the host ${shorten(host)}: call it on 127.0.0.1, localhost, a name without a dot, the host it listens on, or the organization URL's host (--org-url).`;
  }
  return undefined;
}

/** The host name of a `Host` header, lower-cased, without port or IPv6 brackets. */
function hostName(header: string | null): string | undefined {
  if (header === null || header === '' || header.length > 300) return undefined;
  try {
    const { hostname } = new URL(`http://${header}`);
    return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return undefined;
  }
}

function servesHost(host: string, boundHost: string, orgUrl: URL): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return true;
  // An IP address cannot be rebound: a page that names one is on that address.
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')) return true;
  const named = [boundHost, orgUrl.hostname].map((h) => h.replace(/^\[(.*)\]$/, '$1').toLowerCase());
  return named.includes(host);
}
