import { randomToken } from '../pipeline/ids';
import type { AppBody } from './store';
import { isObject, type Json } from '../shared/json';

// An app's stored body as a create builds it from the input: server defaults, in the order real
// organizations answer them, under what the caller gave.


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

/** The SAML sign-on modes. */
export const SAML_MODES = new Set<string | null>(['SAML_2_0', 'SAML_1_1']);
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
  /** Keep a custom SAML app's `defaultRelayState` `""` as sent, as organizations did before April 2026 (`answersAsOf`). */
  keepEmptyDefaultRelayState?: boolean;
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
    const sent = isObject(credentials.oauthClient) ? credentials.oauthClient : {};
    // An empty secret is no secret given: the client keeps its own (real orgs answer a replace so).
    const given = sent.client_secret === '' ? Object.fromEntries(Object.entries(sent).filter(([key]) => key !== 'client_secret')) : sent;
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
    // Real orgs drop the `*Override` members of a custom app and store "" as null, `defaultRelayState`
    // included: they kept its "" in every recording up to March 2026 and answer null in every one since April 2026.
    for (const [key, value] of Object.entries(settings.signOn)) {
      if (key.endsWith('Override')) continue;
      signOn[key] = key === 'defaultRelayState' && ctx.keepEmptyDefaultRelayState ? value : emptyToNull(value);
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
