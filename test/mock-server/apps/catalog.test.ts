import { describe, expect, it } from 'vitest';
import { BadRequestError, createClient, NotFoundError, type CreateApplicationInput } from '../../../src/index';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError, extraBackend } from '../raw-http';

const { backend, server, client } = useMockBackend();

const create = (input: unknown) => call(backend, '/api/v1/apps', { method: 'POST', json: input });

/** The catalog of DESIGN.md: each app's supported modes and a `settings.app` with its required members. */
const CATALOG: Array<{ name: string; modes: string[]; app: Record<string, unknown> }> = [
  { name: 'google', modes: ['BROWSER_PLUGIN', 'SAML_2_0'], app: { domain: 'example.com' } },
  { name: 'office365', modes: ['BROWSER_PLUGIN', 'SAML_1_1'], app: { domain: 'example.com', msftTenant: 'example' } },
  { name: 'okta_org2org', modes: ['SAML_2_0', 'AUTO_LOGIN'], app: { baseUrl: 'https://partner.okta.com' } },
  {
    name: 'salesforce',
    modes: ['BROWSER_PLUGIN', 'BOOKMARK', 'SAML_2_0'],
    app: { integrationType: 'STANDARD', instanceType: 'PRODUCTION' },
  },
  { name: 'slack', modes: ['BROWSER_PLUGIN', 'SAML_2_0'], app: { domain: 'example' } },
  { name: 'zoomus', modes: ['SAML_2_0'], app: { subDomain: 'example' } },
  { name: 'zscalerbyz', modes: ['BROWSER_PLUGIN', 'SAML_2_0'], app: {} },
  { name: 'trendmicroapexoneservice', modes: ['SAML_2_0'], app: { baseURL: 'https://apexone.example.com' } },
];

const SUPPORTED = CATALOG.flatMap(({ name, modes, app }) => modes.map((mode) => [name, mode, app] as const));

const UNSUPPORTED: Array<[string, string, Record<string, unknown>]> = [
  ['google', 'SAML_1_1', { domain: 'example.com' }],
  ['office365', 'SAML_2_0', { domain: 'example.com', msftTenant: 'example' }],
  ['okta_org2org', 'BOOKMARK', { baseUrl: 'https://partner.okta.com' }],
  ['salesforce', 'OPENID_CONNECT', { integrationType: 'STANDARD', instanceType: 'PRODUCTION' }],
  ['slack', 'BOOKMARK', { domain: 'example' }],
  ['zoomus', 'BROWSER_PLUGIN', { subDomain: 'example' }],
  ['zscalerbyz', 'WS_FEDERATION', {}],
  ['trendmicroapexoneservice', 'BROWSER_PLUGIN', { baseURL: 'https://apexone.example.com' }],
];

const REQUIRED: Array<[string, string, string, Record<string, unknown>]> = [
  ['google', 'SAML_2_0', 'domain', {}],
  ['office365', 'SAML_1_1', 'domain', { msftTenant: 'example' }],
  ['office365', 'BROWSER_PLUGIN', 'msftTenant', { domain: 'example.com' }],
  ['okta_org2org', 'SAML_2_0', 'baseUrl', {}],
  ['salesforce', 'SAML_2_0', 'integrationType', { instanceType: 'PRODUCTION' }],
  ['salesforce', 'BOOKMARK', 'instanceType', { integrationType: 'PORTAL' }],
  ['slack', 'BROWSER_PLUGIN', 'domain', {}],
  ['zoomus', 'SAML_2_0', 'subDomain', {}],
  ['trendmicroapexoneservice', 'SAML_2_0', 'baseURL', {}],
];

describe('catalog apps', () => {
  it.each(SUPPORTED)('creates %s in %s mode', async (name, signOnMode, app) => {
    const input = { name, label: `${name} ${signOnMode}`, signOnMode, settings: { app } } as CreateApplicationInput;
    const created = await client().apps.create(input);
    expect(created).toMatchObject({ name, signOnMode, status: 'ACTIVE', settings: { app } });
    expect((await call(backend, `/api/v1/apps/${created.id}`)).body).toMatchObject({ name, signOnMode });
  });

  it('keeps optional settings.app members', async () => {
    const app = { integrationType: 'COMMUNITY', instanceType: 'SANDBOX', loginUrl: 'https://login.example.com', logoutUrl: 'https://out.example.com' };
    const { status, body } = await create({ name: 'salesforce', label: 'Salesforce', signOnMode: 'BOOKMARK', settings: { app } });
    expect(status).toBe(200);
    expect(body.settings.app).toEqual(app);
  });

  it('gives okta_org2org the SAML_2_0 mode when none is sent', async () => {
    const { status, body } = await create({ name: 'okta_org2org', label: 'Partner Org', settings: { app: { baseUrl: 'https://partner.okta.com' } } });
    expect(status).toBe(200);
    expect(body.signOnMode).toBe('SAML_2_0');
    expect(body.credentials.signing.kid).toEqual(expect.any(String));
  });

  it.each(UNSUPPORTED)('refuses %s in %s mode with 400 E0000001 naming signOnMode', async (name, signOnMode, app) => {
    expectOktaError(await create({ name, label: 'X', signOnMode, settings: { app } }), 400, 'E0000001', 'Api validation failed: signOnMode', [
      'signOnMode: Not one of the allowed values',
    ]);
  });

  it('refuses a catalog app other than okta_org2org without a signOnMode', async () => {
    expectOktaError(await create({ name: 'google', label: 'X', settings: { app: { domain: 'example.com' } } }), 400, 'E0000001', 'Api validation failed: signOnMode', [
      'signOnMode: The field cannot be left blank',
    ]);
  });

  it.each(REQUIRED)('refuses %s (%s) without settings.app.%s', async (name, signOnMode, field, app) => {
    const path = `settings.app.${field}`;
    expectOktaError(await create({ name, label: 'X', signOnMode, settings: { app } }), 400, 'E0000001', `Api validation failed: ${path}`, [
      `${path}: The field cannot be left blank`,
    ]);
  });

  it('refuses a catalog app without settings', async () => {
    expectOktaError(await create({ name: 'zoomus', label: 'Zoom', signOnMode: 'SAML_2_0' }), 400, 'E0000001', 'Api validation failed: settings', [
      'settings: The field cannot be left blank',
    ]);
  });

  it('refuses a catalog app without a label', async () => {
    expectOktaError(
      await create({ name: 'zoomus', signOnMode: 'SAML_2_0', settings: { app: { subDomain: 'example' } } }),
      400,
      'E0000001',
      'Api validation failed: label',
      ['label: The field cannot be left blank'],
    );
  });

  it.each([
    ['integrationType', { integrationType: 'PARTNER', instanceType: 'PRODUCTION' }],
    ['instanceType', { integrationType: 'STANDARD', instanceType: 'STAGING' }],
  ])('refuses a salesforce %s outside its enum with "Not one of the allowed values"', async (field, app) => {
    expectOktaError(await create({ name: 'salesforce', label: 'SF', signOnMode: 'SAML_2_0', settings: { app } }), 400, 'E0000001', `Api validation failed: settings.app.${field}`, [
      `settings.app.${field}: Not one of the allowed values`,
    ]);
  });

  it('lists one cause per problem when several fields are wrong', async () => {
    const response = await create({ name: 'salesforce', label: '', signOnMode: 'SAML_2_0', settings: { app: { instanceType: 'STAGING' } } });
    expectOktaError(response, 400, 'E0000001', 'Api validation failed: label, settings.app.integrationType, settings.app.instanceType', [
      'label: The field cannot be left blank',
      'settings.app.integrationType: The field cannot be left blank',
      'settings.app.instanceType: Not one of the allowed values',
    ]);
  });

  it('refuses a misspelt settings.app member by name', async () => {
    expectOktaError(
      await create({ name: 'google', label: 'G', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example.com', domian: 'x' } } }),
      400,
      'E0000001',
      'Api validation failed: settings.app.domian',
      ['settings.app.domian: Unknown field; remove it or check its spelling'],
    );
  });

  it('answers an unknown catalog name with 404 E0000007 "Not found: Resource not found: {name} (App)"', async () => {
    const response = await create({ name: 'acme_timesheets', label: 'Acme', signOnMode: 'SAML_2_0', settings: { app: {} } });
    expectOktaError(response, 404, 'E0000007', 'Not found: Resource not found: acme_timesheets (App)');
    expect(backend.apps.size).toBe(0);
  });

  it('the client sends an unknown catalog name and throws NotFoundError with the backend answer', async () => {
    const input = { name: 'acme_timesheets', label: 'Acme', signOnMode: 'SAML_2_0', settings: { app: {} } };
    const error = await client()
      .apps.create(input as unknown as CreateApplicationInput)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: acme_timesheets (App)' });
  });
});

describe('okta_org2org and the plan', () => {
  const org2org = { name: 'okta_org2org', label: 'Partner Org', settings: { app: { baseUrl: 'https://partner.okta.com' } } } as const;

  it('is refused on the free integrator plan with 400 E0000001 naming name', async () => {
    const free = extraBackend(server, { plan: 'free-integrator' });
    const response = await call(free, '/api/v1/apps', { method: 'POST', json: org2org });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: name', errorLink: 'E0000001' });
    expect(response.body.errorCauses).toEqual([{ errorSummary: expect.stringMatching(/^name: /) }]);
    expect(free.apps.size).toBe(0);
  });

  it('is refused through the client on the free integrator plan with BadRequestError', async () => {
    const free = extraBackend(server, { plan: 'free-integrator' });
    const freeClient = createClient({ orgUrl: free.orgUrl, token: free.defaultToken });
    const error = await freeClient.apps.create(org2org).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, errorCode: 'E0000001', errorSummary: 'Api validation failed: name' });
  });

  it('other catalog apps are available on the free integrator plan', async () => {
    const free = extraBackend(server, { plan: 'free-integrator' });
    const response = await call(free, '/api/v1/apps', {
      method: 'POST',
      json: { name: 'zoomus', label: 'Zoom', signOnMode: 'SAML_2_0', settings: { app: { subDomain: 'example' } } },
    });
    expect(response.status).toBe(200);
  });

  it('is accepted on the default plan', async () => {
    const created = await client().apps.create(org2org);
    expect(created).toMatchObject({ name: 'okta_org2org', signOnMode: 'SAML_2_0', status: 'ACTIVE' });
  });
});
