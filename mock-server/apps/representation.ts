import { randomToken } from '../http/ids';
import type { AppBody, AppUserAssignment, StoredApp } from './store';
import { isObject, type Json } from '../shared/json';

/**
 * Merges `over` onto `base`: objects member by member, anything else replaced. Keys of `base`
 * keep their order and keys only in `over` follow, so server defaults fix the wire key order.
 */
export function mergeOnto(base: Json, over: Json): Json {
  const out: Json = {};
  // Own members only: a key such as `constructor` must not pick up what every object inherits.
  for (const [key, value] of Object.entries(base)) {
    const next = Object.hasOwn(over, key) ? over[key] : undefined;
    out[key] = next === undefined ? value : isObject(value) && isObject(next) ? mergeOnto(value, next) : next;
  }
  for (const [key, value] of Object.entries(over)) {
    if (!Object.hasOwn(base, key) && value !== undefined) out[key] = value;
  }
  return out;
}

const SAML_MODES = new Set<string | null>(['SAML_2_0', 'SAML_1_1']);
const SECRET_AUTH_METHODS = new Set(['client_secret_basic', 'client_secret_post', 'client_secret_jwt']);

/** What a body is built from besides the caller's input. */
export interface BuildContext {
  id: string;
  orgId: string;
  name: string;
  /** The mode the app is stored in; `null` for a catalog app the org only provisions. */
  signOnMode: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  created: string;
  lastUpdated: string;
  /** The body being replaced, whose generated secrets (signing kid, client secret) carry over. */
  previous?: AppBody;
  /** The names of the app's links; `undefined` for one `{name}_link` (apps named by the server, OpenID Connect). */
  links?: readonly string[];
  /** Default `visibility.appLinks` when not every link is shown. */
  linkDefaults?: Readonly<Record<string, boolean>>;
  /** `licensing` real orgs answer for the app when the caller gives none. */
  licensing?: Readonly<Record<string, unknown>>;
  /** For a catalog app: the `settings.app` members its answers always hold, with their defaults. */
  catalog?: { defaults: Readonly<Record<string, unknown>> };
  /** The signing key a new app of this sign-on mode signs with; default a random key id. */
  newKid?: (signOnMode: string | null) => string;
}

/** `""` becomes `null`, as real organizations store empty optional strings. */
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** `settings` of a catalog app: its `settings.app` defaults in answer order, overrides as real orgs keep them. */
function catalogSettings(settings: Json, input: Json, ctx: BuildContext): Json {
  const given = isObject(settings.app) ? settings.app : {};
  const out: Json = { ...settings, app: mergeOnto({ ...ctx.catalog!.defaults }, given) };
  const signOn = isObject(input.settings) && isObject(input.settings.signOn) ? input.settings.signOn : {};
  const overrides = ['defaultRelayState', 'ssoAcsUrlOverride', 'audienceOverride', 'recipientOverride'];
  if (ctx.signOnMode === 'SAML_2_0') {
    const next: Json = {};
    for (const key of [...overrides, 'destinationOverride']) next[key] = emptyToNull(signOn[key]);
    next.attributeStatements = Array.isArray(signOn.attributeStatements) ? signOn.attributeStatements : [];
    out.signOn = next;
  } else if (ctx.signOnMode === 'SAML_1_1') {
    out.signOn = Object.fromEntries(overrides.map((key) => [key, emptyToNull(signOn[key])]));
  } else {
    delete out.signOn;
  }
  delete out.oauthClient;
  return out;
}

/** `credentials` of a catalog app: SWA apps vault a username and password, OpenID Connect ones keep no client here. */
function catalogCredentials(credentials: Json, ctx: BuildContext): Json {
  if (ctx.signOnMode === 'BROWSER_PLUGIN') return { ...vaultedCredentials(credentials), revealPassword: false };
  const { oauthClient: _client, userName: _name, password: _password, ...rest } = credentials;
  return rest;
}

function credentialsFor(input: Json, ctx: BuildContext): Json {
  const previous = isObject(ctx.previous?.credentials) ? ctx.previous.credentials : {};
  const base: Json = {
    userNameTemplate: { template: '${source.login}', type: 'BUILT_IN' },
    signing: {},
  };
  const previousKid = isObject(previous.signing) ? previous.signing.kid : undefined;
  const newKid = () => ctx.newKid?.(ctx.signOnMode) ?? randomToken(43);
  if (SAML_MODES.has(ctx.signOnMode) || (ctx.catalog && ctx.signOnMode === 'OPENID_CONNECT')) {
    base.signing = { kid: previousKid ?? newKid() };
  }
  let credentials = mergeOnto(base, isObject(input.credentials) ? input.credentials : {});
  if (ctx.catalog) return catalogCredentials(credentials, ctx);
  if (ctx.signOnMode === 'OPENID_CONNECT') {
    const given = isObject(credentials.oauthClient) ? credentials.oauthClient : {};
    const previousClient = isObject(previous.oauthClient) ? previous.oauthClient : {};
    const method = typeof given.token_endpoint_auth_method === 'string' ? given.token_endpoint_auth_method : 'client_secret_basic';
    const client: Json = { autoKeyRotation: true, client_id: ctx.id };
    if (SECRET_AUTH_METHODS.has(method)) client.client_secret = previousClient.client_secret ?? randomToken(64);
    client.token_endpoint_auth_method = method;
    client.pkce_required = false;
    credentials = { ...credentials, oauthClient: mergeOnto(client, given) };
    if (!isObject(credentials.signing) || typeof credentials.signing.kid !== 'string') {
      credentials.signing = { kid: previousKid ?? newKid() };
    }
  }
  if (VAULTED_MODES.has(ctx.signOnMode)) return vaultedCredentials(credentials);
  return credentials;
}

/** Sign-on modes whose apps vault a username and password for the user. */
const VAULTED_MODES = new Set<string | null>(['BASIC_AUTH', 'BROWSER_PLUGIN', 'SECURE_PASSWORD_STORE', 'AUTO_LOGIN']);

/**
 * `credentials` of an app that vaults passwords, as real orgs answer: the scheme first, a custom
 * username template marked `DONT_PUSH`, the shared username only when there is one, the password
 * never (`{}`: it is write-only).
 */
function vaultedCredentials(credentials: Json): Json {
  const template = isObject(credentials.userNameTemplate) ? { ...credentials.userNameTemplate } : {};
  if (template.type === 'CUSTOM') template.pushStatus ??= 'DONT_PUSH';
  const out: Json = { scheme: credentials.scheme ?? 'EDIT_USERNAME_AND_PASSWORD', userNameTemplate: template };
  if (typeof credentials.userName === 'string' && credentials.userName !== '') {
    out.userName = credentials.userName;
    out.password = {};
  }
  out.revealPassword = credentials.revealPassword ?? false;
  out.signing = credentials.signing;
  return out;
}

/** `settings.app` members real organizations always answer for each template, `null` when not given. */
const TEMPLATE_APP_DEFAULTS: Record<string, readonly string[]> = {
  template_basic_auth: ['loginUrlRegex'],
  template_swa: ['loginUrlRegex', 'redirectUrl', 'checkbox'],
  template_swa3field: ['loginUrlRegex', 'redirectUrl'],
  template_sps: ['optionalField1', 'optionalField1Value', 'optionalField2', 'optionalField2Value', 'optionalField3', 'optionalField3Value'],
};

/** The grant type of Client-Initiated Backchannel Authentication. */
const CIBA_GRANT = 'urn:openid:params:grant-type:ciba';

/**
 * OpenID Connect client settings real organizations always answer, before the caller's: those the
 * recordings show when a create leaves them out (`issuer_mode` `DYNAMIC`, consent `TRUSTED`, …).
 */
const OAUTH_CLIENT_SETTINGS_DEFAULTS: Json = {
  client_uri: null,
  logo_uri: null,
  redirect_uris: [],
  consent_method: 'TRUSTED',
  issuer_mode: 'DYNAMIC',
  idp_initiated_login: { mode: 'DISABLED', default_scope: [] },
  wildcard_redirect: 'DISABLED',
  dpop_bound_access_tokens: false,
};

/** Members of a custom SAML app's `settings.signOn` real orgs answer when not given. */
const CUSTOM_SAML_ANSWER_DEFAULTS: Json = {
  idpIssuer: 'http://www.okta.com/${org.externalKey}',
  spIssuer: null,
  requestCompressed: false,
  inlineHooks: [],
  assertionEncryption: { enabled: false },
  allowMultipleAcsEndpoints: false,
  acsEndpoints: [],
  samlSignedRequestEnabled: false,
};

/** The sign-on flags real organizations always answer for a custom SAML 2.0 app (the contract requires them). */
const CUSTOM_SAML_SIGN_ON_DEFAULTS: Json = {
  responseSigned: true,
  assertionSigned: true,
  honorForceAuthn: true,
  requestCompressed: false,
  allowMultipleAcsEndpoints: false,
};

function settingsFor(input: Json, ctx: BuildContext): Json {
  const base: Json = {
    app: {},
    notifications: { vpn: { network: { connection: 'DISABLED' }, message: null, helpUrl: null } },
    manualProvisioning: false,
    implicitAssignment: false,
    notes: { admin: null, enduser: null },
  };
  const settings = mergeOnto(base, isObject(input.settings) ? input.settings : {});
  if (ctx.catalog) return catalogSettings(settings, input, ctx);
  // A validated body without `name` is a custom app; catalog apps in SAML mode have their own rules.
  if (ctx.signOnMode === 'SAML_2_0' && input.name === undefined && isObject(settings.signOn)) {
    const signOn: Json = {};
    // Real orgs drop the `*Override` members of a custom app and store "" as null.
    // (`defaultRelayState` kept "" until 2025; the recordings of 2026 show null: most recordings keep it.)
    for (const [key, value] of Object.entries(settings.signOn)) {
      if (!key.endsWith('Override')) signOn[key] = key === 'defaultRelayState' ? value : emptyToNull(value);
    }
    const slo = isObject(signOn.slo) ? signOn.slo : {};
    if (signOn.spIssuer == null && slo.enabled === true && typeof slo.issuer === 'string') signOn.spIssuer = slo.issuer;
    for (const [key, value] of Object.entries({ ...CUSTOM_SAML_SIGN_ON_DEFAULTS, ...CUSTOM_SAML_ANSWER_DEFAULTS })) signOn[key] ??= value;
    settings.signOn = signOn;
  }
  const templateDefaults = TEMPLATE_APP_DEFAULTS[ctx.name];
  if (templateDefaults && isObject(settings.app)) {
    const app: Json = Object.fromEntries(templateDefaults.map((key) => [key, null]));
    for (const [key, value] of Object.entries(settings.app)) app[key] = templateDefaults.includes(key) ? emptyToNull(value) : value;
    settings.app = app;
  }
  if (ctx.signOnMode === 'AUTO_LOGIN' && isObject(settings.signOn)) {
    settings.signOn = { redirectUrl: null, ...settings.signOn };
  }
  if (ctx.signOnMode === 'OPENID_CONNECT' && isObject(settings.oauthClient)) {
    const client = mergeOnto(OAUTH_CLIENT_SETTINGS_DEFAULTS, settings.oauthClient);
    // A STATIC refresh token has no leeway; real orgs drop it. CIBA clients poll unless told otherwise.
    if (isObject(client.refresh_token) && client.refresh_token.rotation_type === 'STATIC') {
      const { leeway: _leeway, ...refreshToken } = client.refresh_token;
      client.refresh_token = refreshToken;
    }
    if (Array.isArray(client.grant_types) && client.grant_types.includes(CIBA_GRANT)) client.backchannel_token_delivery_mode ??= 'poll';
    // A client allowed refresh tokens keeps them unrotated unless told otherwise (recordings).
    if (Array.isArray(client.grant_types) && client.grant_types.includes('refresh_token')) client.refresh_token ??= { rotation_type: 'STATIC' };
    settings.oauthClient = client;
  }
  return settings;
}

/**
 * Builds the stored body of an app from a validated create or replace input: server defaults, the
 * caller's values over them, generated credentials, and the wire key order of DESIGN.md.
 */
export function buildAppBody(input: Json, ctx: BuildContext): AppBody {
  const body: Json = {
    id: ctx.id,
    orn: `orn:okta:idp:${ctx.orgId}:apps:${ctx.name}:${ctx.id}`,
    name: ctx.name,
    label: input.label,
    status: ctx.status,
    lastUpdated: ctx.lastUpdated,
    created: ctx.created,
    accessibility: mergeOnto(
      { selfService: false, errorRedirectUrl: null, loginRedirectUrl: null },
      isObject(input.accessibility) ? input.accessibility : {},
    ),
  };
  if (isObject(input.licensing)) body.licensing = mergeOnto({ ...ctx.licensing }, input.licensing);
  else if (ctx.licensing) body.licensing = { ...ctx.licensing };
  // Custom OpenID Connect apps start hidden from the dashboard and the mobile app, as recorded.
  const hidden = ctx.signOnMode === 'OPENID_CONNECT' && !ctx.catalog;
  const visibility = mergeOnto(
    { autoLaunch: false, autoSubmitToolbar: false, hide: { iOS: hidden, web: hidden }, appLinks: ctx.linkDefaults ?? Object.fromEntries((ctx.links ?? [`${ctx.name.toLowerCase()}_link`]).map((link) => [link, true])) },
    isObject(input.visibility) ? input.visibility : {},
  );
  // An app with a fixed set of links keeps only those: real orgs drop names it does not have.
  if (ctx.linkDefaults && isObject(visibility.appLinks)) {
    const known = ctx.linkDefaults;
    visibility.appLinks = Object.fromEntries(Object.entries(visibility.appLinks).filter(([link]) => link in known));
  }
  body.visibility = visibility;
  body.features = Array.isArray(input.features) ? input.features : [];
  body.signOnMode = ctx.signOnMode;
  body.credentials = credentialsFor(input, ctx);
  if (isObject(input.universalLogout)) body.universalLogout = input.universalLogout;
  body.settings = settingsFor(input, ctx);
  if (isObject(input.profile)) body.profile = input.profile;
  return body as AppBody;
}

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

/** A number in 1000..9999 derived from an app id: the last segment of a numbered app link. */
function linkNumber(id: string): number {
  let n = 0;
  for (const ch of id) n = (n * 31 + ch.charCodeAt(0)) % 9000;
  return 1000 + n;
}

/**
 * The app's links as real organizations name them: one `{name}_link` whose last segment is an
 * `aln…` id for apps named by the server or on OpenID Connect, the catalog's named links (`login`
 * for most kinds) with a number otherwise.
 */
export function appLinkNames(app: StoredApp): Array<{ name: string; last: string }> {
  const { id, name, signOnMode } = app.body;
  if (app.kind === undefined || signOnMode === 'OPENID_CONNECT' || app.links === undefined) {
    return [{ name: `${name.toLowerCase()}_link`, last: `aln${id.slice(3)}` }];
  }
  return app.links.map((link, i) => ({ name: link, last: app.idLinks?.includes(link) ? `aln${id.slice(4)}${i}` : String(linkNumber(id) + i) }));
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
  if (mode === 'OPENID_CONNECT') links.clientCredentials = [{ name: 'secrets', href: href(`/api/v1/apps/${id}/credentials/secrets`) }];
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
