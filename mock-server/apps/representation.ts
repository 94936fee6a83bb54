import { SAML_MODES } from './build-body';
import { OIDC_CLIENT_LINK_ID } from './catalog';
import type { AppBody, AppUserAssignment, StoredApp } from './store';
import { isObject, type Json } from '../shared/json';

// How a stored app is answered: links, embedded assignments, secrets left out, and the JSON bytes
// list pages are made of.

/** Renders a user assignment as `_embedded.user`. */
function renderAssignment(orgUrl: URL, appId: string, user: AppUserAssignment): Json {
  return {
    ...user,
    profile: user.profile ?? {},
    _links: {
      app: { href: new URL(`/api/v1/apps/${appId}`, orgUrl).href },
      user: { href: new URL(`/api/v1/users/${user.id}`, orgUrl).href },
    },
  };
}

/** `settings` whose SAML inline hooks carry their `self` link, as real orgs answer them. */
function withInlineHookLinks(settings: unknown, origin: string): unknown {
  if (!isObject(settings) || !isObject(settings.signOn) || !Array.isArray(settings.signOn.inlineHooks)) return settings;
  const inlineHooks = settings.signOn.inlineHooks.map((hook: unknown) =>
    isObject(hook) && typeof hook.id === 'string'
      ? { ...hook, _links: { self: { href: `${origin}/api/v1/inlineHooks/${encodeURIComponent(hook.id)}`, hints: { allow: ['GET', 'PUT', 'DELETE'] } } } }
      : hook,
  );
  return { ...settings, signOn: { ...settings.signOn, inlineHooks } };
}

/** `credentials` without `oauthClient.client_secret`: the secret is in the create answer only (and in snapshots taken with secrets). */
export function withoutClientSecret(credentials: unknown): unknown {
  if (!isObject(credentials) || !isObject(credentials.oauthClient) || !('client_secret' in credentials.oauthClient)) return credentials;
  const { client_secret: _secret, ...oauthClient } = credentials.oauthClient;
  return { ...credentials, oauthClient };
}

/**
 * A number in 1000..9999 derived from an app's and a link's names: the last segment of a catalog
 * link whose id the backend does not know, the same for every app of that name (as catalog link ids are).
 */
function linkNumber(name: string, link: string): number {
  let n = 0;
  for (const ch of `${name}/${link}`) n = (n * 31 + ch.charCodeAt(0)) % 9000;
  return 1000 + n;
}

/**
 * The app's links as real organizations name them: one `{name}_link` for apps named by the server
 * or on OpenID Connect, whose last segment is an `aln…` id of the app's own (every custom OpenID
 * Connect app shares `oidc_client`'s, and a catalog app whose `linkIds` names that link has the
 * catalog's); the catalog's named links (`login` for most kinds) otherwise,
 * ending with the catalog link's id, the same in every org.
 */
export function appLinkNames(app: StoredApp): Array<{ name: string; last: string }> {
  const { id, name, signOnMode } = app.body;
  if (app.kind === undefined || signOnMode === 'OPENID_CONNECT' || app.links === undefined) {
    const only = `${name.toLowerCase()}_link`;
    const catalogId = app.linkIds !== undefined && Object.hasOwn(app.linkIds, only) ? app.linkIds[only] : undefined;
    return [{ name: only, last: catalogId ?? (name === 'oidc_client' ? OIDC_CLIENT_LINK_ID : `aln${id.slice(3)}`) }];
  }
  return app.links.map((link, i) => ({
    name: link,
    last:
      app.linkIds !== undefined && Object.hasOwn(app.linkIds, link)
        ? app.linkIds[link]!
        : app.idLinks?.includes(link) ? `aln${id.slice(4)}${i}` : String(linkNumber(name, link)),
  }));
}

/**
 * What an OpenID Connect client authenticates with, as `_links.clientCredentials` names it: its
 * `jwks` for `private_key_jwt`, nothing for a public client (`none`), its `secrets` otherwise.
 */
function clientCredentialsLink(app: StoredApp): 'jwks' | 'secrets' | undefined {
  if (app.body.signOnMode !== 'OPENID_CONNECT') return undefined;
  const credentials = isObject(app.body.credentials) ? app.body.credentials : {};
  const method = isObject(credentials.oauthClient) ? credentials.oauthClient.token_endpoint_auth_method : undefined;
  return method === 'private_key_jwt' ? 'jwks' : method === 'none' ? undefined : 'secrets';
}

/** The admin console origin of an org (`https://acme-admin.okta.com`), where help pages live. */
function adminOrigin(orgUrl: URL): string {
  const [sub, ...rest] = orgUrl.hostname.split('.');
  // An address (127.0.0.1, [::1]) or a single-label host has no admin twin: help stays on the org.
  if (rest.length === 0 || /^[\d.]+$/.test(orgUrl.hostname) || orgUrl.hostname.startsWith('[')) return orgUrl.origin;
  return `${orgUrl.protocol}//${sub}-admin.${rest.join('.')}${orgUrl.port ? `:${orgUrl.port}` : ''}`;
}

/**
 * The app as the API answers it: the stored body plus `_links` (absolute on the organization, no
 * `self`, `activate` or `deactivate` by status, help and SAML metadata, in the real key order) and,
 * when asked, `_embedded.user`.
 */
export function renderApp(app: StoredApp, orgUrl: URL, embedUser?: AppUserAssignment, revealSecret = false): Json {
  const { id, name, status, signOnMode } = app.body;
  // Paths are built from ids and names (no characters to escape), so concatenation is exact and cheap.
  const origin = orgUrl.origin;
  const href = (path: string) => origin + path;
  const mode = String(signOnMode);
  const links: Json = {};
  const helpPage = app.kind === undefined ? 'instructions' : mode === 'SAML_1_1' ? 'instructions' : 'external-doc';
  if (SAML_MODES.has(mode) || (mode === 'OPENID_CONNECT' && app.catalog)) {
    links.help = { href: `${adminOrigin(orgUrl)}/app/${name}/${id}/setup/help/${mode}/${helpPage}`, type: 'text/html' };
  }
  if (mode === 'SAML_2_0') links.metadata = { href: href(`/api/v1/apps/${id}/sso/saml/metadata`), type: 'application/xml' };
  links.uploadLogo = { href: href(`/api/v1/apps/${id}/logo`), hints: { allow: ['POST'] } };
  links.appLinks = appLinkNames(app).map((link) => ({
    name: link.name,
    href: href(`/home/${name}/${id}/${link.last}`),
    type: 'text/html',
  }));
  if (status !== 'ACTIVE') links.activate = { href: href(`/api/v1/apps/${id}/lifecycle/activate`) };
  links.groups = { href: href(`/api/v1/apps/${id}/groups`) };
  links.logo = [{ name: 'medium', href: href(app.logo ? `/fs/bco/4/${app.logo.id}` : '/assets/img/logos/default.png'), type: app.logo?.type ?? 'image/png' }];
  const credentialsLink = clientCredentialsLink(app);
  if (credentialsLink) links.clientCredentials = [{ name: credentialsLink, href: href(`/api/v1/apps/${id}/credentials/${credentialsLink}`) }];
  // After clientCredentials, as real organizations order them.
  if (app.accessPolicy !== undefined) links.accessPolicy = { href: href(`/api/v1/policies/${app.accessPolicy}`) };
  links.users = { href: href(`/api/v1/apps/${id}/users`) };
  if (status === 'ACTIVE') links.deactivate = { href: href(`/api/v1/apps/${id}/lifecycle/deactivate`) };
  const out: Json = { ...app.body, _links: links };
  if (!revealSecret) out.credentials = withoutClientSecret(out.credentials);
  out.settings = withInlineHookLinks(out.settings, origin);
  if (embedUser) out._embedded = { user: renderAssignment(orgUrl, id, embedUser) };
  return out;
}

// Rendered JSON per stored body. Bodies are never changed in place (every change stores a new
// object), so a body's JSON stays valid for as long as the body and the org URL are the same.
const jsonCache = new WeakMap<AppBody, { origin: string; bytes: Uint8Array }>();
const utf8 = new TextEncoder();

/** A JSON value as UTF-8 bytes. */
export function jsonBytes(value: unknown): Uint8Array {
  return utf8.encode(JSON.stringify(value));
}

/**
 * {@link renderApp} serialized to UTF-8 JSON, cached per body and org URL: a list page is a copy of
 * cached bytes, so serving one costs O(limit) copying instead of re-rendering, re-serializing and
 * re-encoding every app. `origin` is `orgUrl.origin`, given by a caller that renders many apps (the
 * getter builds a new string at each call).
 */
export function renderAppBytes(app: StoredApp, orgUrl: URL, origin = orgUrl.origin): Uint8Array {
  const cached = jsonCache.get(app.body);
  if (cached && cached.origin === origin) return cached.bytes;
  const bytes = jsonBytes(renderApp(app, orgUrl));
  jsonCache.set(app.body, { origin, bytes });
  return bytes;
}

/** A JSON array of already-serialized JSON values, as one UTF-8 buffer. */
export function jsonArrayBytes(values: readonly Uint8Array[]): Uint8Array {
  let size = 2 + Math.max(0, values.length - 1);
  for (const value of values) size += value.byteLength;
  const out = new Uint8Array(size);
  out[0] = 0x5b; // [
  let at = 1;
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    out.set(values[i]!, at);
    at += values[i]!.byteLength;
  }
  out[at] = 0x5d; // ]
  return out;
}

/** The organization's subdomain (`acme` of `acme.okta.com`); `mock` for an address or `localhost`. */
export function orgSubdomain(orgUrl: URL): string {
  const host = orgUrl.hostname;
  return /^[\d.]+$/.test(host) || host === 'localhost' ? 'mock' : (host.split('.')[0] ?? 'mock');
}

/** The label part of a generated name: lower-cased, every non-alphanumeric removed. */
export function generatedNameStem(orgUrl: URL, label: string): string {
  return `${orgSubdomain(orgUrl)}_${label.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}
