import { describe, expect, it } from 'vitest';
import { AuthenticationError, createClient, ForbiddenError } from '../../../src/index';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError, type RawRequest, type RawResponse } from '../raw-http';

const { backend, client } = useMockBackend({
  tokens: [
    { type: 'SSWS', token: 'admin-api-token' },
    { type: 'SSWS', token: 'reader-api-token', scopes: ['okta.apps.read'] },
    { type: 'Bearer', token: 'ro', scopes: ['okta.apps.read'] },
    { type: 'Bearer', token: 'rw', scopes: ['okta.apps.manage'] },
  ],
});

const MIB = 1024 * 1024;

/** Every operation of the Applications API, on an app that exists. */
function operations(appId: string): Array<[string, string, RawRequest]> {
  return [
    ['list', '/api/v1/apps', { method: 'GET' }],
    ['create', '/api/v1/apps', { method: 'POST', json: bookmark() }],
    ['get', `/api/v1/apps/${appId}`, { method: 'GET' }],
    ['replace', `/api/v1/apps/${appId}`, { method: 'PUT', json: bookmark('Renamed') }],
    ['delete', `/api/v1/apps/${appId}`, { method: 'DELETE' }],
    ['activate', `/api/v1/apps/${appId}/lifecycle/activate`, { method: 'POST' }],
    ['deactivate', `/api/v1/apps/${appId}/lifecycle/deactivate`, { method: 'POST' }],
  ];
}

const OPERATION_NAMES = operations('x').map(([name]) => name);
const READS = ['list', 'get'];

function operation(name: string, appId: string): [string, RawRequest] {
  const found = operations(appId).find(([n]) => n === name)!;
  return [found[1], found[2]];
}

/** A bookmark body whose JSON text is exactly `bytes` long (the admin note pads it). */
function bodyOfSize(bytes: number): string {
  const shell = JSON.stringify({ ...bookmark(), settings: { app: { url: 'https://wiki.example.com' }, notes: { admin: '' } } });
  const padding = 'x'.repeat(bytes - Buffer.byteLength(shell));
  const text = JSON.stringify({ ...bookmark(), settings: { app: { url: 'https://wiki.example.com' }, notes: { admin: padding } } });
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

describe('authentication', () => {
  it.each(OPERATION_NAMES)('%s without an Authorization header answers 403 E0000005 "Invalid session"', async (name) => {
    const app = backend.apps.create(bookmark(), { activate: false });
    const [path, request] = operation(name, app.id);
    expectOktaError(await call(backend, path, { ...request, authorization: null }), 403, 'E0000005', 'Invalid session');
  });

  it.each(OPERATION_NAMES)('%s with an unknown token answers 401 E0000011 "Invalid token provided"', async (name) => {
    const app = backend.apps.create(bookmark(), { activate: false });
    const [path, request] = operation(name, app.id);
    expectOktaError(await call(backend, path, { ...request, authorization: 'SSWS not-a-token' }), 401, 'E0000011', 'Invalid token provided');
  });

  it.each([
    ['a known token under the other scheme', 'Bearer admin-api-token'],
    ['an unsupported scheme', 'Basic YWRtaW46c2VjcmV0'],
    ['a scheme without a token', 'SSWS'],
  ])('%s answers 401 E0000011', async (_, authorization) => {
    expectOktaError(await call(backend, '/api/v1/apps', { authorization }), 401, 'E0000011', 'Invalid token provided');
  });

  it('nothing changes when a write is refused for its credentials', async () => {
    const app = backend.apps.create(bookmark(), { activate: false });
    await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark(), authorization: null });
    await call(backend, `/api/v1/apps/${app.id}`, { method: 'DELETE', authorization: 'SSWS not-a-token' });
    await call(backend, `/api/v1/apps/${app.id}/lifecycle/activate`, { method: 'POST', authorization: 'Bearer ro' });
    expect(backend.apps.list()).toEqual([app]);
  });

  it('the client with an unknown token throws AuthenticationError E0000011', async () => {
    const error = await client({ token: 'not-a-token' }).apps.list().toArray({ max: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, errorCode: 'E0000011', errorSummary: 'Invalid token provided' });
  });
});

describe('scopes', () => {
  it.each(READS)('a Bearer token with okta.apps.read can %s', async (name) => {
    const app = backend.apps.create(bookmark());
    const [path, request] = operation(name, app.id);
    expect((await call(backend, path, { ...request, authorization: 'Bearer ro' })).status).toBe(200);
  });

  it.each(OPERATION_NAMES.filter((n) => !READS.includes(n)))(
    'a Bearer token with only okta.apps.read cannot %s: 403 E0000006',
    async (name) => {
      const app = backend.apps.create(bookmark(), { activate: false });
      const [path, request] = operation(name, app.id);
      expectOktaError(
        await call(backend, path, { ...request, authorization: 'Bearer ro' }),
        403,
        'E0000006',
        'You do not have permission to perform the requested action',
      );
    },
  );

  it('an API token narrowed to okta.apps.read cannot create: 403 E0000006', async () => {
    const response = await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark(), authorization: 'SSWS reader-api-token' });
    expectOktaError(response, 403, 'E0000006', 'You do not have permission to perform the requested action');
    expect(backend.apps.size).toBe(0);
  });

  it('a token with okta.apps.manage can also read', async () => {
    const created = await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark(), authorization: 'Bearer rw' });
    expect(created.status).toBe(200);
    const listed = await call(backend, '/api/v1/apps', { authorization: 'Bearer rw' });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
  });

  it('the client with a read-only access token lists, and its create throws ForbiddenError E0000006', async () => {
    const app = backend.apps.create(bookmark());
    const readOnly = createClient({ orgUrl: backend.orgUrl, accessToken: 'ro' });
    expect((await readOnly.apps.list().toArray({ max: 5 })).map((a) => a.id)).toEqual([app.id]);
    const error = await readOnly.apps.create(bookmark()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({
      status: 403,
      errorCode: 'E0000006',
      errorSummary: 'You do not have permission to perform the requested action',
    });
    expect(backend.apps.size).toBe(1);
  });
});

describe('request bodies', () => {
  it.each(['{', '{"name": "bookmark",}', 'not json', ''])('create with the body %j answers 400 E0000003', async (rawBody) => {
    expectOktaError(
      await call(backend, '/api/v1/apps', { method: 'POST', rawBody }),
      400,
      'E0000003',
      'The request body was not well-formed.',
    );
    expect(backend.apps.size).toBe(0);
  });

  it('replace with a body that is not JSON answers 400 E0000003', async () => {
    const app = backend.apps.create(bookmark());
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}`, { method: 'PUT', rawBody: '{"label": ' }),
      400,
      'E0000003',
      'The request body was not well-formed.',
    );
    expect(backend.apps.get(app.id)).toEqual(app);
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const rawBody = bodyOfSize(MIB);
    const response = await call(backend, '/api/v1/apps', { method: 'POST', rawBody });
    expect(response.status).toBe(200);
    expect(response.body.settings.notes.admin).toBe(JSON.parse(rawBody).settings.notes.admin);
  });

  it('refuses a body over 1 MiB with 400 E0000003 and creates nothing', async () => {
    const response = await call(backend, '/api/v1/apps', { method: 'POST', rawBody: bodyOfSize(MIB + 1) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: 'E0000003', errorSummary: 'The request body was not well-formed.' });
    expect(backend.apps.size).toBe(0);
  });

  it('refuses a replace body over 1 MiB with 400', async () => {
    const app = backend.apps.create(bookmark());
    const response = await call(backend, `/api/v1/apps/${app.id}`, { method: 'PUT', rawBody: bodyOfSize(MIB + 1) });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('E0000003');
    expect(backend.apps.get(app.id)).toEqual(app);
  });

  it('a JSON body that is not an object answers 400 E0000001', async () => {
    const response = await call(backend, '/api/v1/apps', { method: 'POST', rawBody: '[]' });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('E0000001');
  });
});

describe('unknown routes', () => {
  it.each<[string, string, RawRequest]>([
    ['an unknown path', '/api/v1/idps', { method: 'GET' }],
    ['a path below an app', '/api/v1/apps/0oa00000000000000000/users', { method: 'GET' }],
    ['an unknown lifecycle action', '/api/v1/apps/0oa00000000000000000/lifecycle/suspend', { method: 'POST' }],
  ])('%s answers 404 E0000007 in the Okta error shape', async (_, path, request) => {
    const response = await call(backend, path, request);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.body).toEqual({
      errorCode: 'E0000007',
      errorSummary: expect.stringMatching(/^Not found: Resource not found: /),
      errorLink: 'E0000007',
      errorId: expect.any(String),
      errorCauses: [],
    });
  });
});

describe('error bodies', () => {
  /** One request per error the API answers, each on a fresh app. */
  async function errorResponses(): Promise<RawResponse[]> {
    const active = backend.apps.create(bookmark());
    return [
      await call(backend, '/api/v1/apps', { authorization: null }),
      await call(backend, '/api/v1/apps', { authorization: 'SSWS nope' }),
      await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark(), authorization: 'Bearer ro' }),
      await call(backend, '/api/v1/apps', { method: 'POST', rawBody: '{' }),
      await call(backend, '/api/v1/apps', { method: 'POST', json: { name: 'google', label: 'G', signOnMode: 'SAML_2_0', settings: { app: {} } } }),
      await call(backend, '/api/v1/apps', { method: 'POST', json: { name: 'acme', label: 'A', settings: { app: {} } } }),
      await call(backend, '/api/v1/apps/0oa00000000000000000'),
      await call(backend, `/api/v1/apps/${active.id}`, { method: 'DELETE' }),
      await call(backend, '/api/v1/apps?filter=Status%20eq%20%22ACTIVE%22'),
      await call(backend, '/api/v1/apps?after=bogus'),
      await call(backend, '/api/v1/nothing'),
    ];
  }

  it('every error body has exactly errorCode, errorSummary, errorLink (= errorCode), errorId and errorCauses', async () => {
    const responses = await errorResponses();
    expect(responses.map((r) => r.status)).toEqual([403, 401, 403, 400, 400, 404, 404, 403, 400, 400, 404]);
    for (const { body } of responses) {
      expect(Object.keys(body)).toEqual(['errorCode', 'errorSummary', 'errorLink', 'errorId', 'errorCauses']);
      expect(body).toEqual({
        errorCode: expect.stringMatching(/^E\d{7}$/),
        errorSummary: expect.stringMatching(/\S/),
        errorLink: body.errorCode,
        errorId: expect.stringMatching(/^[0-9A-Za-z]+$/),
        errorCauses: expect.any(Array),
      });
      for (const cause of body.errorCauses) expect(cause).toEqual({ errorSummary: expect.stringMatching(/\S/) });
    }
  });

  it('every error has its own errorId', async () => {
    const responses = [...(await errorResponses()), ...(await errorResponses())];
    const ids = responses.map((r) => r.body.errorId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the client keeps errorCode, errorLink and errorId of the answer', async () => {
    const error = await client().apps.get('0oa00000000000000000').catch((e: unknown) => e);
    expect(error).toMatchObject({ errorCode: 'E0000007', errorLink: 'E0000007', errorId: expect.stringMatching(/^[0-9A-Za-z]+$/) });
  });
});

describe('headers on every response', () => {
  const REQUESTS: Array<[string, (appId: string) => [string, RawRequest]]> = [
    ['list (200)', () => ['/api/v1/apps', {}]],
    ['create (200)', () => ['/api/v1/apps', { method: 'POST', json: bookmark() }]],
    ['get (200)', (id) => [`/api/v1/apps/${id}`, {}]],
    ['replace (200)', (id) => [`/api/v1/apps/${id}`, { method: 'PUT', json: bookmark('Renamed') }]],
    ['delete (204)', (id) => [`/api/v1/apps/${id}`, { method: 'DELETE' }]],
    ['activate (200)', (id) => [`/api/v1/apps/${id}/lifecycle/activate`, { method: 'POST' }]],
    ['deactivate (200)', (id) => [`/api/v1/apps/${id}/lifecycle/deactivate`, { method: 'POST' }]],
    ['no credentials (403)', () => ['/api/v1/apps', { authorization: null }]],
    ['unknown token (401)', () => ['/api/v1/apps', { authorization: 'SSWS nope' }]],
    ['missing scope (403)', () => ['/api/v1/apps', { method: 'POST', json: bookmark(), authorization: 'Bearer ro' }]],
    ['validation (400)', () => ['/api/v1/apps', { method: 'POST', json: { label: 'x' } }]],
    ['malformed body (400)', () => ['/api/v1/apps', { method: 'POST', rawBody: '{' }]],
    ['unknown app (404)', () => ['/api/v1/apps/0oa00000000000000000', {}]],
    ['unknown route (404)', () => ['/api/v1/nothing', {}]],
  ];

  it.each(REQUESTS)('%s carries X-Okta-Request-Id, Date and the X-Rate-Limit headers', async (_, request) => {
    const app = backend.apps.create(bookmark(), { activate: false });
    const [path, init] = request(app.id);
    const before = Math.floor(Date.now() / 1000) * 1000;
    const response = await call(backend, path, init);
    const after = Date.now();
    const h = response.headers;
    expect(h.get('x-okta-request-id')).toMatch(/^[0-9A-Za-z]+$/);
    const date = h.get('date')!;
    expect(new Date(date).toUTCString()).toBe(date);
    expect(Date.parse(date)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(date)).toBeLessThanOrEqual(after);
    const limit = Number(h.get('x-rate-limit-limit'));
    const remaining = Number(h.get('x-rate-limit-remaining'));
    const reset = Number(h.get('x-rate-limit-reset'));
    expect(Number.isInteger(limit) && limit > 0).toBe(true);
    expect(Number.isInteger(remaining) && remaining >= 0 && remaining < limit).toBe(true);
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset * 1000).toBeGreaterThan(Date.parse(date));
    expect(reset * 1000).toBeLessThanOrEqual(Date.parse(date) + 60_000);
  });

  it('X-Okta-Request-Id differs on every response', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await call(backend, i % 2 ? '/api/v1/apps' : '/api/v1/apps/0oa00000000000000000');
      ids.push(response.headers.get('x-okta-request-id')!);
    }
    expect(new Set(ids).size).toBe(20);
  });

  it('the client reports the request id of a failed call', async () => {
    const error = await client().apps.get('0oa00000000000000000').catch((e: unknown) => e);
    expect((error as { requestId?: string }).requestId).toMatch(/^[0-9A-Za-z]+$/);
    expect((error as Error).message).toContain((error as { requestId: string }).requestId);
  });
});
