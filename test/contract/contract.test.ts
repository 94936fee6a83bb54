import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { useMockBackend } from '../support/backend';
import { CONTRACT_PATH, checkContract, contractAvailable, responsesChecked } from '../support/contract';
import { bookmarkApp } from '../support/fixtures';
import { BOOKMARK, EVERY_APP_KIND } from './app-kinds';

if (!contractAvailable) {
  console.warn(
    `Contract tests skipped: no contract at ${CONTRACT_PATH}. Set APPSET_CONTRACT to the path of okta-apps-ssf.openapi.yaml to run them.`,
  );
}

const TOKEN = 'contract-suite-token';
const READ_ONLY = 'read-only-access-token';
const LOGS_ONLY = 'logs-only-access-token';
const MISSING_ID = '0oa0000000000missing';

const { backend } = useMockBackend({
  seed: EVERY_APP_KIND,
  tokens: [
    { type: 'SSWS', token: TOKEN },
    { type: 'Bearer', token: READ_ONLY, scopes: ['okta.apps.read'] },
    { type: 'Bearer', token: LOGS_ONLY, scopes: ['okta.logs.read'] },
  ],
});

const ORG = 'https://example.okta.com';
const url = (path: string) => new URL(path, ORG);
const json = (body: unknown, status = 200) => Response.json(body, { status });
const oktaError = (errorCode: string, status: number) =>
  json({ errorCode, errorSummary: 'x', errorLink: errorCode, errorId: 'oae1', errorCauses: [] }, status);

describe.skipIf(!contractAvailable)('checkContract', () => {
  it('accepts an app as an organization returns it', async () => {
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), json(bookmarkApp()))).toEqual([]);
  });

  it('refuses an app list answered as an object', async () => {
    expect(await checkContract('GET', url('/api/v1/apps'), json({}))).toEqual([
      'GET /api/v1/apps 200: (body) must be array (#/paths/~1api~1v1~1apps/get/responses/200/content/application~1json/schema/type)',
    ]);
  });

  it('refuses a status the operation does not declare', async () => {
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), json({}, 418))).toEqual([
      'GET /api/v1/apps/{appId} answered 418, which the contract does not declare',
    ]);
  });

  it('refuses an error body without errorCode', async () => {
    const body = { errorSummary: 'Not found', errorLink: 'E0000007', errorId: 'oae1', errorCauses: [] };
    expect(await checkContract('DELETE', url('/api/v1/apps/0oa1'), json(body, 404))).toEqual([
      "DELETE /api/v1/apps/{appId} 404: (body) must have required property 'errorCode' (#/components/schemas/Error/required)",
    ]);
  });

  it('refuses a JSON answer sent as another media type', async () => {
    const response = new Response(JSON.stringify(bookmarkApp()), { headers: { 'content-type': 'text/html' } });
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), response)).toEqual([
      'GET /api/v1/apps/{appId} answered 200 with Content-Type "text/html", the contract declares application/json',
    ]);
  });

  it('names every member at fault, with the rule it breaks', async () => {
    const app = bookmarkApp('0oa1', { status: 'ENABLED', created: 'yesterday' });
    expect(await checkContract('PUT', url('/api/v1/apps/0oa1'), json(app))).toEqual([
      'PUT /api/v1/apps/{appId} 200: /created must match format "date-time" (#/components/schemas/Application__base/properties/created/format)',
      'PUT /api/v1/apps/{appId} 200: /status must be equal to one of the allowed values ["ACTIVE","DELETED","INACTIVE"] (#/components/schemas/ApplicationLifecycleStatus/enum)',
    ]);
  });

  it('holds an app to the schema of its signOnMode', async () => {
    const app = bookmarkApp('0oa1', { settings: { app: {} } });
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), json(app))).toEqual([
      "GET /api/v1/apps/{appId} 200: /settings/app must have required property 'url' (#/components/schemas/BookmarkApplicationSettingsApplication/required)",
    ]);
  });

  it('holds a catalog app to its own schema, by name, in any of its modes', async () => {
    const google = bookmarkApp('0oa1', { name: 'google', signOnMode: 'BROWSER_PLUGIN', settings: { app: { domain: 'example.com' } } });
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), json(google))).toEqual([]);
    const noDomain = { ...google, settings: { app: {} } };
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), json(noDomain))).toEqual([
      "GET /api/v1/apps/{appId} 200: /settings/app must have required property 'domain' (#/components/schemas/GoogleApplicationSettingsApplication/required)",
    ]);
  });

  it('holds template_swa, not template_swa3field, to the four SWA fields', async () => {
    const threeField = bookmarkApp('0oa1', {
      name: 'template_swa3field',
      signOnMode: 'BROWSER_PLUGIN',
      settings: { app: { targetURL: 'https://x.example.com', buttonSelector: '#go' } },
    });
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), json(threeField))).toEqual([]);
    const swa = { ...threeField, name: 'template_swa' };
    const problems = await checkContract('GET', url('/api/v1/apps/0oa1'), json(swa));
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^GET \/api\/v1\/apps\/\{appId\} 200: \/settings\/app must have required property /);
  });

  it('accepts the documented null defaults and nothing else in their place', async () => {
    const accessibility = { selfService: false, errorRedirectUrl: null, loginRedirectUrl: 42 };
    expect(await checkContract('GET', url('/api/v1/apps/0oa1'), json(bookmarkApp('0oa1', { accessibility })))).toEqual([
      'GET /api/v1/apps/{appId} 200: /accessibility/loginRedirectUrl must be string (#/components/schemas/ApplicationAccessibility/properties/loginRedirectUrl/type)',
    ]);
  });

  it('accepts the error statuses DESIGN.md adds to the contract, with the error body', async () => {
    expect(await checkContract('GET', url('/api/v1/apps'), oktaError('E0000031', 400))).toEqual([]);
    expect(await checkContract('POST', url('/api/v1/apps/0oa1/lifecycle/activate'), oktaError('E0000011', 401))).toEqual([]);
    expect(await checkContract('POST', url('/api/v1/apps'), oktaError('E0000007', 404))).toEqual([]);
    expect(await checkContract('GET', url('/api/v1/apps'), json({ errorCode: 'E0000031' }, 400))).toHaveLength(4);
  });

  it('does not check requests outside the contract', async () => {
    expect(await checkContract('GET', url('/api/v1/logs'), json({}, 418))).toEqual([]);
    expect(await checkContract('PATCH', url('/api/v1/apps/0oa1'), json({}, 404))).toEqual([]);
  });
});

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** How many requests the operation tests sent; `useMockBackend` checks the response to each against the contract. */
let sent = 0;

async function call(
  method: string,
  path: string,
  options: { auth?: string | null; body?: unknown; rawBody?: string } = {},
): Promise<Answer> {
  const headers = new Headers({ accept: 'application/json' });
  const auth = options.auth === undefined ? `SSWS ${TOKEN}` : options.auth;
  if (auth !== null) headers.set('authorization', auth);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers.set('content-type', 'application/json');
  sent += 1;
  const response = await fetch(new URL(path, backend.orgUrl), { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

function errorOf(answer: Answer): { status: number; errorCode: unknown; errorSummary: unknown; errorCauses: unknown } {
  const body = answer.body as Record<string, unknown>;
  return { status: answer.status, errorCode: body.errorCode, errorSummary: body.errorSummary, errorCauses: body.errorCauses };
}

const someAppId = () => backend.apps.list()[0]!.id;

/** Every operation of the Applications API, with a request the backend would otherwise accept. */
const OPERATIONS = [
  { name: 'list', method: 'GET', path: () => '/api/v1/apps', byId: false, manage: false },
  { name: 'create', method: 'POST', path: () => '/api/v1/apps', body: BOOKMARK, byId: false, manage: true },
  { name: 'retrieve', method: 'GET', path: (id: string) => `/api/v1/apps/${id}`, byId: true, manage: false },
  { name: 'replace', method: 'PUT', path: (id: string) => `/api/v1/apps/${id}`, body: BOOKMARK, byId: true, manage: true },
  { name: 'delete', method: 'DELETE', path: (id: string) => `/api/v1/apps/${id}`, byId: true, manage: true },
  { name: 'activate', method: 'POST', path: (id: string) => `/api/v1/apps/${id}/lifecycle/activate`, byId: true, manage: true },
  { name: 'deactivate', method: 'POST', path: (id: string) => `/api/v1/apps/${id}/lifecycle/deactivate`, byId: true, manage: true },
] as const;

describe.skipIf(!contractAvailable)('every operation of the apps API answers as the contract says', () => {
  let checkedBefore = 0;
  beforeAll(() => {
    checkedBefore = responsesChecked();
    sent = 0;
  });
  afterAll(() => {
    // useMockBackend checked each response the backend gave in these tests.
    expect(sent).toBeGreaterThan(0);
    expect(responsesChecked() - checkedBefore).toBe(sent);
  });

  it('list answers 200 with every app, a page at a time', async () => {
    const first = await call('GET', '/api/v1/apps?limit=200');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(EVERY_APP_KIND.length);
    const page = await call('GET', '/api/v1/apps?limit=5');
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(5);
    expect(page.headers.get('link')).toContain('rel="next"');
  });

  it('list answers 200 with the user embedded when filtered and expanded on that user', async () => {
    const id = someAppId();
    backend.users.assign(id, { id: '00u1alice00000000000' });
    const answer = await call('GET', `/api/v1/apps?filter=${encodeURIComponent('user.id eq "00u1alice00000000000"')}&expand=user/00u1alice00000000000`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject([{ id, _embedded: { user: { id: '00u1alice00000000000' } } }]);
  });

  it('create answers 200 with the app, for every kind of app, active or not', async () => {
    for (const input of EVERY_APP_KIND) {
      const answer = await call('POST', '/api/v1/apps', { body: input });
      expect({ label: input.label, status: answer.status }).toEqual({ label: input.label, status: 200 });
    }
    const inactive = await call('POST', '/api/v1/apps?activate=false', { body: BOOKMARK });
    expect(inactive.status).toBe(200);
    expect(inactive.body).toMatchObject({ status: 'INACTIVE', _links: { activate: {} } });
  });

  it('retrieve answers 200 with the app, and with the user embedded on expand', async () => {
    for (const app of backend.apps.list()) {
      expect((await call('GET', `/api/v1/apps/${app.id}`)).status).toBe(200);
    }
    const id = someAppId();
    backend.users.assign(id, { id: '00u1bob0000000000000', userName: 'bob@example.com' });
    const expanded = await call('GET', `/api/v1/apps/${id}?expand=user/00u1bob0000000000000`);
    expect(expanded.status).toBe(200);
    expect(expanded.body).toMatchObject({ _embedded: { user: { id: '00u1bob0000000000000', credentials: { userName: 'bob@example.com' } } } });
  });

  it('replace answers 200 with the app, for every kind of app', async () => {
    for (const app of backend.apps.list()) {
      const answer = await call('PUT', `/api/v1/apps/${app.id}`, { body: { ...app, label: `${app.label} (renamed)` } });
      expect({ id: app.id, status: answer.status }).toEqual({ id: app.id, status: 200 });
      expect(answer.body).toMatchObject({ label: `${app.label} (renamed)` });
    }
  });

  it('deactivate and activate answer 200 {}, also when the app is already in that state', async () => {
    const id = someAppId();
    for (const action of ['deactivate', 'deactivate', 'activate', 'activate']) {
      const answer = await call('POST', `/api/v1/apps/${id}/lifecycle/${action}`);
      expect({ action, status: answer.status, body: answer.body }).toEqual({ action, status: 200, body: {} });
    }
  });

  it('delete answers 204 with no body for an inactive app', async () => {
    const id = someAppId();
    await call('POST', `/api/v1/apps/${id}/lifecycle/deactivate`);
    const answer = await call('DELETE', `/api/v1/apps/${id}`);
    expect(answer).toMatchObject({ status: 204, body: undefined });
  });

  it('create and replace answer 400 E0000001 to an app without a label', async () => {
    const { label: _label, ...unlabelled } = BOOKMARK;
    const created = await call('POST', '/api/v1/apps', { body: unlabelled });
    expect(errorOf(created)).toEqual({
      status: 400,
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: label',
      errorCauses: [{ errorSummary: expect.stringMatching(/^label: /) }],
    });
    const replaced = await call('PUT', `/api/v1/apps/${someAppId()}`, { body: unlabelled });
    expect(errorOf(replaced)).toMatchObject({ status: 400, errorCode: 'E0000001' });
  });

  it('create and replace answer 400 E0000003 to a body that is not JSON', async () => {
    for (const [method, path] of [['POST', '/api/v1/apps'], ['PUT', `/api/v1/apps/${someAppId()}`]] as const) {
      const answer = await call(method, path, { rawBody: '{"label": "Wiki",' });
      expect(errorOf(answer)).toMatchObject({ status: 400, errorCode: 'E0000003', errorSummary: 'The request body was not well-formed.' });
    }
  });

  it('list answers 400 E0000031 to a filter it does not support', async () => {
    const answer = await call('GET', `/api/v1/apps?filter=${encodeURIComponent('label eq "Wiki"')}`);
    expect(errorOf(answer)).toMatchObject({ status: 400, errorCode: 'E0000031', errorSummary: 'Invalid search criteria.' });
  });

  it.for(OPERATIONS)('$name answers 401 E0000011 to an unknown token', async (op) => {
    const answer = await call(op.method, op.path(someAppId()), { auth: 'SSWS not-a-token', body: 'body' in op ? op.body : undefined });
    expect(errorOf(answer)).toEqual({ status: 401, errorCode: 'E0000011', errorSummary: 'Invalid token provided', errorCauses: [] });
  });

  it.for(OPERATIONS)('$name answers 403 E0000005 without an Authorization header', async (op) => {
    const answer = await call(op.method, op.path(someAppId()), { auth: null, body: 'body' in op ? op.body : undefined });
    expect(errorOf(answer)).toEqual({ status: 403, errorCode: 'E0000005', errorSummary: 'Invalid session', errorCauses: [] });
  });

  it.for(OPERATIONS)('$name answers 403 E0000006 to a token without its scope', async (op) => {
    const token = op.manage ? READ_ONLY : LOGS_ONLY;
    const answer = await call(op.method, op.path(someAppId()), { auth: `Bearer ${token}`, body: 'body' in op ? op.body : undefined });
    expect(errorOf(answer)).toEqual({
      status: 403,
      errorCode: 'E0000006',
      errorSummary: 'You do not have permission to perform the requested action',
      errorCauses: [],
    });
  });

  it('delete answers 403 E0000056 for an active app', async () => {
    const answer = await call('DELETE', `/api/v1/apps/${someAppId()}`);
    expect(errorOf(answer)).toEqual({
      status: 403,
      errorCode: 'E0000056',
      errorSummary: 'Delete application forbidden.',
      errorCauses: [{ errorSummary: 'The application must be deactivated before deletion.' }],
    });
  });

  it.for(OPERATIONS.filter((op) => op.byId))('$name answers 404 E0000007 for an app that does not exist', async (op) => {
    const answer = await call(op.method, op.path(MISSING_ID), { body: 'body' in op ? op.body : undefined });
    expect(errorOf(answer)).toEqual({
      status: 404,
      errorCode: 'E0000007',
      errorSummary: `Not found: Resource not found: ${MISSING_ID} (AppInstance)`,
      errorCauses: [],
    });
  });

  it('create answers 404 E0000007 for a catalog app that does not exist', async () => {
    const body = { name: 'no_such_catalog_app', label: 'Nothing', signOnMode: 'BROWSER_PLUGIN', settings: { app: {} } };
    const answer = await call('POST', '/api/v1/apps', { body });
    expect(errorOf(answer)).toEqual({
      status: 404,
      errorCode: 'E0000007',
      errorSummary: 'Not found: Resource not found: no_such_catalog_app (App)',
      errorCauses: [],
    });
  });
});

describe.skipIf(!contractAvailable)('the backend state matches the contract', () => {
  it('the demo seed lists as the contract says', async () => {
    const demo = createMockBackend({ seed: 'demo' });
    expect(await checkContract('GET', url('/api/v1/apps'), json(demo.apps.list()))).toEqual([]);
  });
});
