import { describe, expect, it } from 'vitest';
import type { CreateApplicationInput } from '../../../src/index';
import { useMockBackend } from '../../support/backend';
import { bookmark, customAutoLogin, customSaml, google } from '../app-inputs';
import { call, expectOktaError, hrefsOf } from '../raw-http';

const { backend, client } = useMockBackend();

const APP_ID = /^0oa[0-9A-Za-z]{17}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ORG_ID = '00o[0-9A-Za-z]{17}';

const create = (input: unknown, query = '') => call(backend, `/api/v1/apps${query}`, { method: 'POST', json: input });

/** A deep copy of `input` without the member at the dotted `path`. */
function without(input: object, path: string): Record<string, unknown> {
  const copy = structuredClone(input) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  delete at[keys.at(-1)!];
  return copy;
}

/** A minimal valid create body of every custom app of DESIGN.md. */
const CUSTOM_APPS: Array<[string, CreateApplicationInput]> = [
  ['bookmark', bookmark()],
  [
    'template_basic_auth',
    {
      name: 'template_basic_auth',
      label: 'Build Server',
      signOnMode: 'BASIC_AUTH',
      settings: { app: { url: 'https://ci.example.com', authURL: 'https://ci.example.com/login' } },
    },
  ],
  [
    'template_swa',
    {
      name: 'template_swa',
      label: 'Timesheets',
      signOnMode: 'BROWSER_PLUGIN',
      settings: {
        app: { url: 'https://ts.example.com/login', usernameField: '#user', passwordField: '#pass', buttonField: '#go' },
      },
    },
  ],
  [
    'template_swa3field',
    {
      name: 'template_swa3field',
      label: 'Bank Portal',
      signOnMode: 'BROWSER_PLUGIN',
      settings: {
        app: {
          targetURL: 'https://bank.example.com/login',
          userNameSelector: '#user',
          passwordSelector: '#pass',
          buttonSelector: '#go',
          extraFieldSelector: '#branch',
          extraFieldValue: '042',
        },
      },
    },
  ],
  [
    'template_sps',
    {
      name: 'template_sps',
      label: 'Vendor Portal',
      signOnMode: 'SECURE_PASSWORD_STORE',
      settings: { app: { url: 'https://vendor.example.com', usernameField: '#user', passwordField: '#pass' } },
    },
  ],
  [
    'template_wsfed',
    {
      name: 'template_wsfed',
      label: 'SharePoint',
      signOnMode: 'WS_FEDERATION',
      settings: {
        app: {
          audienceRestriction: 'urn:sharepoint:example',
          groupValueFormat: 'windowsDomainQualifiedName',
          wReplyURL: 'https://sp.example.com/_trust/',
          nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
          authnContextClassRef: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
          siteURL: 'https://sp.example.com',
          usernameAttribute: 'username',
        },
      },
    },
  ],
  [
    'oidc_client',
    {
      name: 'oidc_client',
      label: 'Customer Portal',
      signOnMode: 'OPENID_CONNECT',
      credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
      settings: { oauthClient: { grant_types: ['authorization_code'], redirect_uris: ['https://portal.example.com/cb'] } },
    },
  ],
];

describe('POST /api/v1/apps', () => {
  it('answers 200, not 201, with the created app, which a GET then returns unchanged', async () => {
    const created = await create(bookmark());
    expect(created.status).toBe(200);
    expect(created.headers.get('content-type')).toBe('application/json');
    const fetched = await call(backend, `/api/v1/apps/${created.body.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
  });

  it('fills in every server default of DESIGN.md', async () => {
    const { body } = await create(bookmark('Company Wiki', 'https://wiki.example.com'));
    const linkName: string = body._links.appLinks[0].name;
    expect(body).toEqual({
      id: expect.stringMatching(APP_ID),
      orn: expect.any(String),
      name: 'bookmark',
      label: 'Company Wiki',
      status: 'ACTIVE',
      lastUpdated: body.created,
      created: expect.stringMatching(ISO_MS),
      accessibility: { selfService: false, errorRedirectUrl: null, loginRedirectUrl: null },
      visibility: {
        autoLaunch: false,
        autoSubmitToolbar: false,
        hide: { iOS: false, web: false },
        appLinks: { [linkName]: true },
      },
      features: [],
      signOnMode: 'BOOKMARK',
      credentials: { userNameTemplate: { template: '${source.login}', type: 'BUILT_IN' }, signing: {} },
      settings: {
        app: { url: 'https://wiki.example.com' },
        notifications: { vpn: { network: { connection: 'DISABLED' }, message: null, helpUrl: null } },
        manualProvisioning: false,
        implicitAssignment: false,
        notes: { admin: null, enduser: null },
      },
      _links: expect.any(Object),
    });
  });

  it('keeps values the caller gave over the defaults', async () => {
    const { body } = await create({
      ...bookmark(),
      accessibility: { errorRedirectUrl: 'https://wiki.example.com/error' },
      visibility: { autoLaunch: true, hide: { iOS: true } },
      features: ['PUSH_NEW_USERS'],
      settings: { app: { url: 'https://wiki.example.com' }, notes: { admin: 'owned by IT' } },
    });
    expect(body.accessibility).toEqual({ selfService: false, errorRedirectUrl: 'https://wiki.example.com/error', loginRedirectUrl: null });
    expect(body.visibility).toMatchObject({ autoLaunch: true, autoSubmitToolbar: false, hide: { iOS: true, web: false } });
    expect(body.features).toEqual(['PUSH_NEW_USERS']);
    expect(body.settings.notes).toEqual({ admin: 'owned by IT', enduser: null });
  });

  it('writes the top-level keys in the wire order of DESIGN.md', async () => {
    const { body } = await create(bookmark());
    expect(Object.keys(body)).toEqual([
      'id',
      'orn',
      'name',
      'label',
      'status',
      'lastUpdated',
      'created',
      'accessibility',
      'visibility',
      'features',
      'signOnMode',
      'credentials',
      'settings',
      '_links',
    ]);
  });

  it('puts licensing, universalLogout, profile and _embedded in their places whatever order they were sent in', async () => {
    const input = bookmark();
    const { body } = await create({
      profile: { department: 'IT' },
      universalLogout: { status: 'DISABLED' },
      licensing: { seatCount: 25 },
      ...input,
    });
    backend.users.assign(body.id, { id: '00u1alice00000000000' });
    const fetched = await call(backend, `/api/v1/apps/${body.id}?expand=user/00u1alice00000000000`);
    expect(Object.keys(fetched.body)).toEqual([
      'id',
      'orn',
      'name',
      'label',
      'status',
      'lastUpdated',
      'created',
      'accessibility',
      'licensing',
      'visibility',
      'features',
      'signOnMode',
      'credentials',
      'universalLogout',
      'settings',
      'profile',
      '_links',
      '_embedded',
    ]);
    expect(fetched.body).toMatchObject({
      licensing: { seatCount: 25 },
      universalLogout: { status: 'DISABLED' },
      profile: { department: 'IT' },
    });
  });

  it('gives every app a different id of 20 characters: 0oa and base62', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push((await create(bookmark(`Wiki ${i}`))).body.id);
    for (const id of ids) expect(id).toMatch(APP_ID);
    expect(new Set(ids).size).toBe(10);
  });

  it('writes orn as orn:okta:idp:{orgId}:apps:{name}:{id}, with one 00o org id for every app', async () => {
    const wiki = (await create(bookmark())).body;
    const workspace = (await create(google())).body;
    expect(wiki.orn).toMatch(new RegExp(`^orn:okta:idp:${ORG_ID}:apps:bookmark:${wiki.id}$`));
    expect(workspace.orn).toMatch(new RegExp(`^orn:okta:idp:${ORG_ID}:apps:google:${workspace.id}$`));
    expect(wiki.orn.split(':')[3]).toBe(workspace.orn.split(':')[3]);
  });

  it('stamps created and lastUpdated with the current time, in whole seconds (`.000Z`) as real orgs do', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const { body } = await create(bookmark());
    const after = Date.now();
    expect(body.created).toMatch(/\.000Z$/);
    expect(body.created).toMatch(ISO_MS);
    expect(body.lastUpdated).toBe(body.created);
    expect(Date.parse(body.created)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.created)).toBeLessThanOrEqual(after);
  });

  it('creates the app ACTIVE by default and with activate=true', async () => {
    expect((await create(bookmark())).body.status).toBe('ACTIVE');
    expect((await create(bookmark(), '?activate=true')).body.status).toBe('ACTIVE');
  });

  it('creates the app INACTIVE with activate=false', async () => {
    const { status, body } = await create(bookmark(), '?activate=false');
    expect(status).toBe(200);
    expect(body.status).toBe('INACTIVE');
    expect(backend.apps.get(body.id)?.status).toBe('INACTIVE');
  });

  it('reads the activate parameter case-insensitively', async () => {
    expect((await create(bookmark(), '?activate=FALSE')).body.status).toBe('INACTIVE');
  });
});

describe('generated names', () => {
  it('names a custom SAML 2.0 app {orgSubdomain}_{label lowercased, non-alphanumerics removed}_{n}', async () => {
    const { body } = await create(customSaml('My SAML App!'));
    expect(body.name).toBe('appset_mysamlapp_1');
    expect(body.orn).toMatch(new RegExp(`:apps:appset_mysamlapp_1:${body.id}$`));
  });

  it('names a custom auto-login app the same way', async () => {
    const { body } = await create(customAutoLogin('Time-Off Tracker (HR)'));
    expect(body.name).toBe('appset_timeofftrackerhr_1');
    expect(body.signOnMode).toBe('AUTO_LOGIN');
  });

  it('numbers apps whose labels give the same name in creation order', async () => {
    const names = [];
    for (const label of ['Payroll', 'payroll!', 'PAY-ROLL']) names.push((await create(customSaml(label))).body.name);
    expect(names).toEqual(['appset_payroll_1', 'appset_payroll_2', 'appset_payroll_3']);
  });
});

describe('_links of a created app', () => {
  it('has no self link, and an ACTIVE app links deactivate, users, groups, logo, appLinks, uploadLogo and its access policy', async () => {
    const { body } = await create(bookmark());
    const org = backend.orgUrl;
    const id: string = body.id;
    expect(Object.keys(body._links).sort()).toEqual(['accessPolicy', 'appLinks', 'deactivate', 'groups', 'logo', 'uploadLogo', 'users']);
    expect(body._links).toMatchObject({
      users: { href: `${org}/api/v1/apps/${id}/users` },
      groups: { href: `${org}/api/v1/apps/${id}/groups` },
      deactivate: { href: `${org}/api/v1/apps/${id}/lifecycle/deactivate` },
      uploadLogo: { href: `${org}/api/v1/apps/${id}/logo`, hints: { allow: ['POST'] } },
      logo: [{ href: expect.stringMatching(/^https:\/\//) }],
      appLinks: [{ name: expect.any(String), href: expect.stringMatching(/^https:\/\//), type: 'text/html' }],
      accessPolicy: { href: `${org}/api/v1/policies/${backend.policies.defaultAccessPolicyId}` },
    });
  });

  it('links activate instead of deactivate on an INACTIVE app', async () => {
    const { body } = await create(bookmark(), '?activate=false');
    expect(body._links.deactivate).toBeUndefined();
    expect(body._links.activate).toEqual({ href: `${backend.orgUrl}/api/v1/apps/${body.id}/lifecycle/activate` });
  });

  // Real organizations link help pages on their admin host, `{subdomain}-admin.…` (recordings).
  const adminOrigin = () => backend.orgUrl.replace('://appset.', '://appset-admin.');

  it.each([
    ['a custom SAML 2.0 app', customSaml(), 'instructions'],
    ['a catalog app in SAML 2.0 mode', google(), 'external-doc'],
  ])('adds help and metadata (application/xml) for %s', async (_, input, page) => {
    const { body } = await create(input);
    expect(body._links.help).toEqual({
      href: `${adminOrigin()}/app/${body.name}/${body.id}/setup/help/SAML_2_0/${page}`,
      type: 'text/html',
    });
    expect(body._links.metadata).toEqual({
      href: `${backend.orgUrl}/api/v1/apps/${body.id}/sso/saml/metadata`,
      type: 'application/xml',
    });
  });

  it('adds help but no metadata for a catalog app in SAML 1.1 mode, as real orgs do', async () => {
    const input = { name: 'office365', label: 'Microsoft 365', signOnMode: 'SAML_1_1', settings: { app: { domain: 'example.com', msftTenant: 'example' } } };
    const { body } = await create(input);
    expect(body._links.help).toEqual({ href: `${adminOrigin()}/app/office365/${body.id}/setup/help/SAML_1_1/instructions`, type: 'text/html' });
    expect(body._links.metadata).toBeUndefined();
  });

  it('adds no help or metadata for a catalog app in a non-SAML mode', async () => {
    const { body } = await create({ ...google(), signOnMode: 'BROWSER_PLUGIN' });
    expect(body._links.help).toBeUndefined();
    expect(body._links.metadata).toBeUndefined();
  });

  it('makes every href absolute on the organization URL', async () => {
    for (const input of [bookmark(), customSaml(), customAutoLogin(), google()]) {
      const { body } = await create(input, '?activate=false');
      const hrefs = hrefsOf(body._links);
      expect(hrefs.length).toBeGreaterThanOrEqual(6);
      for (const [path, href] of hrefs) {
        const origin = path === 'help' ? adminOrigin() : backend.orgUrl;
        expect({ path, href }).toEqual({ path, href: expect.stringMatching(new RegExp(`^${origin}/`)) });
      }
    }
  });
});

describe('custom apps', () => {
  it.each(CUSTOM_APPS)('accepts a %s app with its required settings', async (name, input) => {
    const { status, body } = await create(input);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name, signOnMode: input.signOnMode, status: 'ACTIVE' });
  });

  it.each([
    ['bookmark', 'settings.app.url'],
    ['template_basic_auth', 'settings.app.authURL'],
    ['template_swa', 'settings.app.buttonField'],
    ['template_swa3field', 'settings.app.extraFieldValue'],
    ['template_sps', 'settings.app.passwordField'],
    ['template_wsfed', 'settings.app.siteURL'],
    ['oidc_client', 'settings.oauthClient.grant_types'],
  ])('refuses a %s app without %s with 400 E0000001 naming the field', async (name, field) => {
    const input = CUSTOM_APPS.find(([n]) => n === name)![1];
    expectOktaError(await create(without(input, field)), 400, 'E0000001', `Api validation failed: ${field}`, [
      `${field}: The field cannot be left blank`,
    ]);
  });

  it.each([
    ['SAML 2.0', 'settings.signOn.audience', customSaml()],
    ['auto-login', 'settings.signOn.loginUrl', customAutoLogin()],
  ])('refuses a custom %s app without %s', async (_, field, input) => {
    expectOktaError(await create(without(input, field)), 400, 'E0000001', `Api validation failed: ${field}`, [
      `${field}: The field cannot be left blank`,
    ]);
  });

  it('refuses a value outside an enum with "Not one of the allowed values"', async () => {
    const input = CUSTOM_APPS.find(([n]) => n === 'template_wsfed')![1];
    const body = structuredClone(input) as { settings: { app: Record<string, unknown> } };
    body.settings.app.groupValueFormat = 'upn';
    expectOktaError(await create(body), 400, 'E0000001', 'Api validation failed: settings.app.groupValueFormat', [
      'settings.app.groupValueFormat: Not one of the allowed values',
    ]);
  });

  it('refuses a custom app with another signOnMode than its own', async () => {
    expectOktaError(await create({ ...bookmark(), signOnMode: 'SAML_2_0' }), 400, 'E0000001', 'Api validation failed: signOnMode', [
      'signOnMode: Not one of the allowed values',
    ]);
  });

  it('refuses an app without a name unless its signOnMode is SAML_2_0 or AUTO_LOGIN', async () => {
    const { name: _name, ...unnamed } = bookmark() as { name: string };
    expectOktaError(await create(unnamed), 400, 'E0000001', 'Api validation failed: name', [
      'name: The field cannot be left blank',
    ]);
  });

  it('refuses an app without a label', async () => {
    expectOktaError(await create(without(bookmark(), 'label')), 400, 'E0000001', 'Api validation failed: label', [
      'label: The field cannot be left blank',
    ]);
  });

  it('refuses a misspelt member by name', async () => {
    expectOktaError(await create({ ...bookmark(), lable: 'Wiki' }), 400, 'E0000001', 'Api validation failed: lable', [
      'lable: Unknown field; remove it or check its spelling',
    ]);
  });
});

describe('create through the client', () => {
  it('returns the app exactly as the backend stored it', async () => {
    const app = await client().apps.create(customSaml('Analytics'));
    expect(app).toEqual(backend.apps.get(app.id));
    expect(app).toMatchObject({ name: 'appset_analytics_1', status: 'ACTIVE', signOnMode: 'SAML_2_0' });
  });

  it('creates an INACTIVE app with activate: false', async () => {
    const app = await client().apps.create(bookmark(), { activate: false });
    expect(app.status).toBe('INACTIVE');
    expect(app._links?.activate?.href).toBe(`${backend.orgUrl}/api/v1/apps/${app.id}/lifecycle/activate`);
    expect(backend.apps.get(app.id)?.status).toBe('INACTIVE');
  });
});
