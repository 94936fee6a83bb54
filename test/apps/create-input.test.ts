import { describe, expect, it } from 'vitest';
import { SIGN_ON_MODES, type SignOnMode } from '../../src/apps/application';
import {
  CATALOG_APP_NAMES,
  CreateApplicationInputSchema,
  CUSTOM_APP_NAMES,
  validateCreateApplicationInput,
  validateReplaceApplicationInput,
  type CatalogAppName,
  type CustomAppName,
} from '../../src/apps/create-input';
import { BLANK_FIELD, NOT_ALLOWED_VALUE } from '../../src/validation/field-issues';

const UNKNOWN_FIELD = 'Unknown field; remove it or check its spelling';

/** The smallest valid create body of every custom app. */
const CUSTOM_APPS: Record<CustomAppName, Record<string, unknown>> = {
  bookmark: {
    name: 'bookmark',
    label: 'Intranet',
    signOnMode: 'BOOKMARK',
    settings: { app: { url: 'https://intranet.example.com' } },
  },
  template_basic_auth: {
    name: 'template_basic_auth',
    label: 'Wiki',
    signOnMode: 'BASIC_AUTH',
    settings: { app: { url: 'https://wiki.example.com', authURL: 'https://wiki.example.com/auth' } },
  },
  template_swa: {
    name: 'template_swa',
    label: 'Payroll',
    signOnMode: 'BROWSER_PLUGIN',
    settings: {
      app: {
        url: 'https://payroll.example.com/login',
        usernameField: '#user',
        passwordField: '#pass',
        buttonField: '#go',
      },
    },
  },
  template_swa3field: {
    name: 'template_swa3field',
    label: 'Bank',
    signOnMode: 'BROWSER_PLUGIN',
    settings: {
      app: {
        targetURL: 'https://bank.example.com/login',
        userNameSelector: '#user',
        passwordSelector: '#pass',
        buttonSelector: '#go',
        extraFieldSelector: '#company',
        extraFieldValue: 'ACME',
      },
    },
  },
  template_sps: {
    name: 'template_sps',
    label: 'Forum',
    signOnMode: 'SECURE_PASSWORD_STORE',
    settings: {
      app: { url: 'https://forum.example.com/login', usernameField: 'user', passwordField: 'pass' },
    },
  },
  template_wsfed: {
    name: 'template_wsfed',
    label: 'SharePoint',
    signOnMode: 'WS_FEDERATION',
    settings: {
      app: {
        audienceRestriction: 'urn:example:app',
        groupValueFormat: 'windowsDomainQualifiedName',
        wReplyURL: 'https://sharepoint.example.com/',
        nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
        authnContextClassRef: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
        siteURL: 'https://sharepoint.example.com',
        usernameAttribute: 'username',
      },
    },
  },
  oidc_client: {
    name: 'oidc_client',
    label: 'Portal',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
    settings: { oauthClient: { grant_types: ['client_credentials'] } },
  },
};

/** The smallest valid create body of each unnamed custom app. */
const UNNAMED_APPS = {
  SAML_2_0: {
    label: 'Expenses',
    signOnMode: 'SAML_2_0',
    settings: { signOn: { ssoAcsUrl: 'https://expenses.example.com/acs', audience: 'expenses' } },
  },
  AUTO_LOGIN: {
    label: 'Legacy',
    signOnMode: 'AUTO_LOGIN',
    settings: { signOn: { loginUrl: 'https://legacy.example.com/login' } },
  },
};

/** DESIGN.md's catalog table: supported modes and the smallest valid `settings.app`. */
const CATALOG_APPS: Record<CatalogAppName, { modes: SignOnMode[]; app: Record<string, unknown> }> = {
  google: { modes: ['BROWSER_PLUGIN', 'SAML_2_0'], app: { domain: 'acme.com' } },
  office365: {
    // AUTO_LOGIN: real organizations accept it (recordings) and store the app as BROWSER_PLUGIN.
    modes: ['BROWSER_PLUGIN', 'SAML_1_1', 'AUTO_LOGIN'],
    app: { domain: 'acme.com', msftTenant: 'acme' },
  },
  okta_org2org: { modes: ['SAML_2_0', 'AUTO_LOGIN'], app: { baseUrl: 'https://partner.okta.com' } },
  salesforce: {
    modes: ['BROWSER_PLUGIN', 'BOOKMARK', 'SAML_2_0'],
    app: { integrationType: 'STANDARD', instanceType: 'PRODUCTION' },
  },
  slack: { modes: ['BROWSER_PLUGIN', 'SAML_2_0'], app: { domain: 'acme' } },
  zoomus: { modes: ['SAML_2_0'], app: { subDomain: 'acme' } },
  zscalerbyz: { modes: ['BROWSER_PLUGIN', 'SAML_2_0'], app: {} },
  trendmicroapexoneservice: { modes: ['SAML_2_0'], app: { baseURL: 'https://acme.trendmicro.com' } },
};

function catalogApp(name: CatalogAppName, signOnMode: SignOnMode, app = CATALOG_APPS[name].app) {
  return { name, label: `Catalog ${name}`, signOnMode, settings: { app } };
}

const CATALOG_CASES = CATALOG_APP_NAMES.flatMap((name) =>
  SIGN_ON_MODES.map((mode) => ({ name, mode, supported: CATALOG_APPS[name].modes.includes(mode) })),
);

describe('validateCreateApplicationInput', () => {
  describe('accepts every known app in its minimal form', () => {
    it('covers every custom and catalog app name', () => {
      expect(Object.keys(CUSTOM_APPS).sort()).toEqual([...CUSTOM_APP_NAMES].sort());
      expect(Object.keys(CATALOG_APPS).sort()).toEqual([...CATALOG_APP_NAMES].sort());
    });

    it.each(CUSTOM_APP_NAMES)('custom app %s', (name) => {
      const input = CUSTOM_APPS[name];
      expect(validateCreateApplicationInput(input)).toEqual({ ok: true, known: true, value: input });
    });

    it.each(['SAML_2_0', 'AUTO_LOGIN'] as const)('unnamed custom app %s', (mode) => {
      const input = UNNAMED_APPS[mode];
      expect(validateCreateApplicationInput(input)).toEqual({ ok: true, known: true, value: input });
    });

    it.each(CATALOG_CASES.filter((c) => c.supported))('catalog app $name in $mode', ({ name, mode }) => {
      const input = catalogApp(name, mode);
      expect(validateCreateApplicationInput(input)).toEqual({ ok: true, known: true, value: input });
    });

    it('okta_org2org without signOnMode, which becomes SAML_2_0', () => {
      const { signOnMode: _omitted, ...input } = catalogApp('okta_org2org', 'SAML_2_0');
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: true,
        known: true,
        value: { ...input, signOnMode: 'SAML_2_0' },
      });
    });

    it.each(CUSTOM_APP_NAMES)('%s without signOnMode, which gets its template\'s mode (as real orgs infer it)', (name) => {
      const { signOnMode, ...input } = CUSTOM_APPS[name];
      expect(validateCreateApplicationInput(input)).toEqual({ ok: true, known: true, value: { ...input, signOnMode } });
    });

    it('the same bodies through CreateApplicationInputSchema', () => {
      for (const input of [...Object.values(CUSTOM_APPS), ...Object.values(UNNAMED_APPS)]) {
        expect(CreateApplicationInputSchema.safeParse(input).success).toBe(true);
      }
      expect(CreateApplicationInputSchema.safeParse(catalogApp('salesforce', 'BOOKMARK')).success).toBe(
        true,
      );
    });
  });

  describe('refuses a catalog app in a mode it does not support', () => {
    it.each(CATALOG_CASES.filter((c) => !c.supported))('$name in $mode', ({ name, mode }) => {
      expect(validateCreateApplicationInput(catalogApp(name, mode))).toEqual({
        ok: false,
        issues: [{ path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: [...CATALOG_APPS[name].modes] }],
      });
    });

    it('and still reports the other fields, in the order of the app object', () => {
      const input = { name: 'zoomus', signOnMode: 'BROWSER_PLUGIN', settings: { app: {} } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [
          { path: 'label', reason: BLANK_FIELD },
          { path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['SAML_2_0'] },
          { path: 'settings.app.subDomain', reason: BLANK_FIELD },
        ],
      });
    });

    it('names a missing signOnMode blank when the app has no default', () => {
      const { signOnMode: _omitted, ...input } = catalogApp('google', 'SAML_2_0');
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'signOnMode', reason: BLANK_FIELD }],
      });
    });
  });

  describe('refuses each broken rule with one issue per field', () => {
    it('salesforce without instanceType', () => {
      const input = catalogApp('salesforce', 'SAML_2_0', { integrationType: 'STANDARD' });
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.app.instanceType', reason: BLANK_FIELD }],
      });
    });

    it('salesforce with an integrationType outside its enum', () => {
      const input = catalogApp('salesforce', 'SAML_2_0', {
        integrationType: 'PARTNER',
        instanceType: 'SANDBOX',
      });
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.app.integrationType', reason: NOT_ALLOWED_VALUE, allowed: ['STANDARD', 'PORTAL', 'COMMUNITY'] }],
      });
    });

    it('a catalog app without settings', () => {
      const input = { name: 'slack', label: 'Slack', signOnMode: 'SAML_2_0' };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings', reason: BLANK_FIELD }],
      });
    });

    it('a bookmark without url', () => {
      const input = { ...CUSTOM_APPS.bookmark, settings: { app: { requestIntegration: true } } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.app.url', reason: BLANK_FIELD }],
      });
    });

    it('a bookmark with an empty url', () => {
      const input = { ...CUSTOM_APPS.bookmark, settings: { app: { url: '' } } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.app.url', reason: BLANK_FIELD }],
      });
    });

    it('a custom app with another signOnMode than its template', () => {
      const input = { ...CUSTOM_APPS.bookmark, signOnMode: 'BROWSER_PLUGIN' };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['BOOKMARK'] }],
      });
    });

    it('a custom app whose signOnMode is not its template\'s', () => {
      const input = { ...CUSTOM_APPS.template_basic_auth, signOnMode: 'BOOKMARK' };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['BASIC_AUTH'] }],
      });
    });

    it('an app with an empty label', () => {
      expect(validateCreateApplicationInput({ ...CUSTOM_APPS.bookmark, label: '' })).toEqual({
        ok: false,
        issues: [{ path: 'label', reason: BLANK_FIELD }],
      });
    });

    it('a three-field SWA app missing its selectors', () => {
      const input = {
        ...CUSTOM_APPS.template_swa3field,
        settings: { app: { targetURL: 'https://bank.example.com/login', buttonSelector: '#go' } },
      };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [
          { path: 'settings.app.userNameSelector', reason: BLANK_FIELD },
          { path: 'settings.app.passwordSelector', reason: BLANK_FIELD },
          { path: 'settings.app.extraFieldSelector', reason: BLANK_FIELD },
          { path: 'settings.app.extraFieldValue', reason: BLANK_FIELD },
        ],
      });
    });

    it('a WS-Federation app with a groupValueFormat outside its enum', () => {
      const base = CUSTOM_APPS.template_wsfed as { settings: { app: Record<string, unknown> } };
      const input = {
        ...CUSTOM_APPS.template_wsfed,
        settings: { app: { ...base.settings.app, groupValueFormat: 'email' } },
      };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.app.groupValueFormat', reason: NOT_ALLOWED_VALUE, allowed: ['windowsDomainQualifiedName', 'samAccountName', 'dn'] }],
      });
    });

    it('an oidc_client without grant_types', () => {
      const input = { ...CUSTOM_APPS.oidc_client, settings: { oauthClient: { redirect_uris: [] } } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.oauthClient.grant_types', reason: BLANK_FIELD }],
      });
    });

    it('an oidc_client with no grant type or an unknown one', () => {
      const empty = { ...CUSTOM_APPS.oidc_client, settings: { oauthClient: { grant_types: [] } } };
      expect(validateCreateApplicationInput(empty)).toEqual({
        ok: false,
        issues: [{ path: 'settings.oauthClient.grant_types', reason: 'Must contain at least 1 item(s)' }],
      });
      const unknown = {
        ...CUSTOM_APPS.oidc_client,
        settings: { oauthClient: { grant_types: ['authorization_code', 'magic'] } },
      };
      expect(validateCreateApplicationInput(unknown)).toEqual({
        ok: false,
        issues: [{ path: 'settings.oauthClient.grant_types[1]', reason: NOT_ALLOWED_VALUE }],
      });
    });

    it('an oidc_client without a token endpoint auth method', () => {
      const input = { ...CUSTOM_APPS.oidc_client, credentials: { oauthClient: {} } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'credentials.oauthClient.token_endpoint_auth_method', reason: BLANK_FIELD }],
      });
    });

    it('an unnamed SAML 2.0 app without ssoAcsUrl and audience', () => {
      const input = { ...UNNAMED_APPS.SAML_2_0, settings: { signOn: { recipient: 'https://x' } } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [
          { path: 'settings.signOn.ssoAcsUrl', reason: BLANK_FIELD },
          { path: 'settings.signOn.audience', reason: BLANK_FIELD },
        ],
      });
    });

    it('an unnamed AUTO_LOGIN app without loginUrl', () => {
      const input = { ...UNNAMED_APPS.AUTO_LOGIN, settings: { signOn: { redirectUrl: 'https://x' } } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.signOn.loginUrl', reason: BLANK_FIELD }],
      });
    });
  });

  describe('dispatches on name, then signOnMode', () => {
    it('asks for a name when the signOnMode needs one', () => {
      const { name: _omitted, ...input } = CUSTOM_APPS.bookmark;
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'name', reason: BLANK_FIELD }],
      });
    });

    it('asks for a name and a signOnMode when both are missing', () => {
      expect(validateCreateApplicationInput({ label: 'Nameless' })).toEqual({
        ok: false,
        issues: [
          { path: 'name', reason: BLANK_FIELD },
          { path: 'signOnMode', reason: BLANK_FIELD },
        ],
      });
    });

    it('names a signOnMode outside the enum', () => {
      expect(validateCreateApplicationInput({ label: 'Nameless', signOnMode: 'KERBEROS' })).toEqual({
        ok: false,
        issues: [
          { path: 'name', reason: BLANK_FIELD },
          { path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['AUTO_LOGIN', 'BASIC_AUTH', 'BOOKMARK', 'BROWSER_PLUGIN', 'OPENID_CONNECT', 'SAML_1_1', 'SAML_2_0', 'SECURE_PASSWORD_STORE', 'WS_FEDERATION'] },
        ],
      });
    });

    it('treats a null name as absent', () => {
      const input = { ...UNNAMED_APPS.SAML_2_0, name: null };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: true,
        known: true,
        value: UNNAMED_APPS.SAML_2_0,
      });
    });

    it('refuses a name that is not a string', () => {
      expect(validateCreateApplicationInput({ ...CUSTOM_APPS.bookmark, name: 42 })).toEqual({
        ok: false,
        issues: [{ path: 'name', reason: 'Must be a string' }],
      });
    });

    it.each([['a string', 'bookmark'], ['an array', [CUSTOM_APPS.bookmark]], ['a number', 1]])(
      'refuses a body that is %s at the root path',
      (_kind, input) => {
        expect(validateCreateApplicationInput(input)).toEqual({
          ok: false,
          issues: [{ path: '', reason: 'Must be an object' }],
        });
      },
    );

    it('refuses a null body as blank', () => {
      expect(validateCreateApplicationInput(null)).toEqual({
        ok: false,
        issues: [{ path: '', reason: BLANK_FIELD }],
      });
    });

    it('lets an app of an unknown name through after the generic check, marked unknown', () => {
      const input = {
        name: 'github_enterprise',
        label: 'GitHub',
        signOnMode: 'SAML_2_0',
        settings: { app: { githubOrg: 'acme' } },
        anything: true,
      };
      expect(validateCreateApplicationInput(input)).toEqual({ ok: true, known: false, value: input });
    });

    it('checks an app of an unknown name for a label, a known signOnMode and settings.app', () => {
      const input = { name: 'github_enterprise', signOnMode: 'GITHUB', settings: { app: 'acme' } };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [
          { path: 'label', reason: BLANK_FIELD },
          { path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['AUTO_LOGIN', 'BASIC_AUTH', 'BOOKMARK', 'BROWSER_PLUGIN', 'OPENID_CONNECT', 'SAML_1_1', 'SAML_2_0', 'SECURE_PASSWORD_STORE', 'WS_FEDERATION'] },
          { path: 'settings.app', reason: 'Must be an object' },
        ],
      });
    });
  });

  describe('refuses members it does not know', () => {
    it('at the top level, naming the misspelt field', () => {
      const { label, ...rest } = CUSTOM_APPS.bookmark;
      expect(validateCreateApplicationInput({ ...rest, lable: label })).toEqual({
        ok: false,
        issues: [
          { path: 'label', reason: BLANK_FIELD },
          { path: 'lable', reason: UNKNOWN_FIELD },
        ],
      });
    });

    it('inside settings.app', () => {
      const input = catalogApp('google', 'SAML_2_0', { domain: 'acme.com', domian: 'acme.com' });
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [{ path: 'settings.app.domian', reason: UNKNOWN_FIELD }],
      });
    });

    it('including the read-only members of a fetched app', () => {
      const input = { ...CUSTOM_APPS.bookmark, id: '0oa1b2c3d4e5f6g7h8i9', status: 'ACTIVE' };
      expect(validateCreateApplicationInput(input)).toEqual({
        ok: false,
        issues: [
          { path: 'id', reason: UNKNOWN_FIELD },
          { path: 'status', reason: UNKNOWN_FIELD },
        ],
      });
    });
  });

  it('accepts the common top-level members with the nulls the server returns', () => {
    const input = {
      ...CUSTOM_APPS.template_basic_auth,
      accessibility: { selfService: false, errorRedirectUrl: null, loginRedirectUrl: null },
      licensing: { seatCount: 10 },
      visibility: {
        autoLaunch: false,
        autoSubmitToolbar: false,
        hide: { iOS: false, web: true },
        appLinks: { login: true },
      },
      features: [],
      credentials: {
        scheme: 'EDIT_USERNAME_AND_PASSWORD',
        userNameTemplate: { template: '${source.email}', type: 'BUILT_IN' },
        signing: {},
      },
      profile: { owner: 'it@example.com' },
    };
    expect(validateCreateApplicationInput(input)).toEqual({ ok: true, known: true, value: input });
  });
});

/** An app as the server returns it, with the members a real organization adds. */
function fetched<B extends Record<string, unknown>>(body: B, settings: Record<string, unknown>) {
  return {
    id: '0oa1b2c3d4e5f6g7h8i9',
    orn: 'orn:okta:idp:00o1n8sbwArJ7OQRw406:apps:x:0oa1b2c3d4e5f6g7h8i9',
    ...body,
    status: 'ACTIVE',
    lastUpdated: '2024-05-01T10:00:00.000Z',
    created: '2024-05-01T10:00:00.000Z',
    accessibility: { selfService: false, errorRedirectUrl: null, loginRedirectUrl: null },
    visibility: {
      autoLaunch: false,
      autoSubmitToolbar: false,
      hide: { iOS: false, web: false },
      appLinks: { login: true },
    },
    features: [],
    credentials: {
      userNameTemplate: { template: '${source.login}', type: 'BUILT_IN' },
      signing: {},
    },
    settings: {
      ...settings,
      notifications: { vpn: { network: { connection: 'DISABLED' }, message: null, helpUrl: null } },
      manualProvisioning: false,
      implicitAssignment: false,
      notes: { admin: null, enduser: null },
      emOptInStatus: 'DISABLED',
    },
    _links: { deactivate: { href: 'https://acme.okta.com/api/v1/apps/0oa1/lifecycle/deactivate' } },
  };
}

describe('validateReplaceApplicationInput', () => {
  it('accepts a fetched app sent back with an edited label', () => {
    const app = fetched(CUSTOM_APPS.template_basic_auth, {
      app: { url: 'https://wiki.example.com', authURL: 'https://wiki.example.com/auth', loginUrlRegex: null },
    });
    const input = { ...app, label: 'Wiki (new)' };
    expect(validateReplaceApplicationInput('template_basic_auth', input)).toEqual({
      ok: true,
      known: true,
      value: input,
    });
  });

  it('accepts a fetched unnamed SAML app when the caller passes no stored name', () => {
    const app = fetched(
      { ...UNNAMED_APPS.SAML_2_0, name: 'acme_expenses_1' },
      {
        app: {},
        signOn: {
          ...UNNAMED_APPS.SAML_2_0.settings.signOn,
          defaultRelayState: null,
          inlineHooks: [],
          acsEndpoints: [],
          samlSignedRequestEnabled: false,
        },
      },
    );
    const result = validateReplaceApplicationInput(undefined, app);
    const { name: _ignored, ...expected } = app;
    expect(result).toEqual({ ok: true, known: true, value: expected });
  });

  it('keeps members it does not know, at the top level and inside settings.app', () => {
    const input = {
      ...CUSTOM_APPS.bookmark,
      settings: { app: { url: 'https://intranet.example.com', orgOnly: 1 } },
      expressConfiguration: { enabledCapabilities: ['SSO'] },
    };
    expect(validateReplaceApplicationInput('bookmark', input)).toEqual({
      ok: true,
      known: true,
      value: input,
    });
  });

  it('still requires every required member', () => {
    const input = catalogApp('salesforce', 'SAML_2_0', { integrationType: 'STANDARD', orgOnly: 1 });
    expect(validateReplaceApplicationInput('salesforce', input)).toEqual({
      ok: false,
      issues: [{ path: 'settings.app.instanceType', reason: BLANK_FIELD }],
    });
    const { label: _omitted, ...unlabelled } = CUSTOM_APPS.bookmark;
    expect(validateReplaceApplicationInput('bookmark', unlabelled)).toEqual({
      ok: false,
      issues: [{ path: 'label', reason: BLANK_FIELD }],
    });
  });

  it('selects the schema by the stored name, ignoring the body name', () => {
    const input = { ...catalogApp('zoomus', 'SAML_2_0'), name: 'bookmark' };
    expect(validateReplaceApplicationInput('zoomus', input)).toEqual({
      ok: true,
      known: true,
      value: catalogApp('zoomus', 'SAML_2_0'),
    });
    const { name: _omitted, ...nameless } = CUSTOM_APPS.template_sps;
    expect(validateReplaceApplicationInput('template_sps', nameless)).toEqual({
      ok: true,
      known: true,
      value: CUSTOM_APPS.template_sps,
    });
  });

  it('refuses a catalog app in a mode it does not support', () => {
    expect(validateReplaceApplicationInput('zoomus', catalogApp('zoomus', 'BROWSER_PLUGIN'))).toEqual({
      ok: false,
      issues: [{ path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['SAML_2_0'] }],
    });
  });

  it('refuses a mode no unnamed custom app has when no stored name is passed', () => {
    expect(validateReplaceApplicationInput(undefined, CUSTOM_APPS.bookmark)).toEqual({
      ok: false,
      issues: [{ path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['SAML_2_0', 'AUTO_LOGIN'] }],
    });
  });

  it('lets an app of an unknown stored name through, marked unknown', () => {
    const app = fetched(
      { name: 'acme_expenses_1', label: 'Expenses', signOnMode: 'SAML_2_0' },
      { app: {}, signOn: { defaultRelayState: null } },
    );
    expect(validateReplaceApplicationInput('acme_expenses_1', app)).toEqual({
      ok: true,
      known: false,
      value: app,
    });
  });
});
