import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADA, addAda, providerKey, RECEIVER_PATH, registerProvider, sign, type ProviderKey } from '../security-events/helpers';
import { bookmark, serveBackend, type Served } from './served';

let served: Served;
let key: ProviderKey;

beforeAll(async () => {
  served = await serveBackend();
  key = await providerKey('journal-key');
});
afterAll(() => served.close());
beforeEach(async () => {
  expect((await served.plane('POST', '/reset')).status).toBe(204);
});

const { plane, okta } = {
  plane: (...args: Parameters<Served['plane']>) => served.plane(...args),
  okta: (...args: Parameters<Served['okta']>) => served.okta(...args),
};

/** The paths of the entries an answer lists. */
const paths = (answer: { body: { requests: Array<{ method: string; path: string }> } }) => answer.body.requests.map((r) => `${r.method} ${r.path}`);

describe('GET /__appset/requests keeps what was sent and answered', () => {
  it('holds the request’s headers and body, and the answer’s status, headers and body, with the route that served it', async () => {
    const sent = JSON.stringify(bookmark('Journal Wiki'));
    const created = await okta('POST', '/api/v1/apps?activate=false', { body: sent, headers: { 'content-type': 'application/json', 'x-trace': 'abc-123' } });
    expect(created.status).toBe(200);
    const requestId = created.headers.get('x-okta-request-id');
    const { body } = await plane('GET', '/requests');
    expect(body.requests).toHaveLength(1);
    const [entry] = body.requests;
    expect(entry).toEqual({
      method: 'POST',
      path: '/api/v1/apps?activate=false',
      status: 200,
      errorCode: null,
      requestId,
      time: '2026-03-01T10:00:30.000Z',
      route: 'POST /api/v1/apps',
      stub: null,
      request: {
        headers: expect.objectContaining({ 'content-type': 'application/json', 'x-trace': 'abc-123', authorization: 'SSWS [REDACTED]' }),
        body: sent,
        bodySize: sent.length,
        truncated: false,
      },
      response: {
        headers: {
          'x-okta-request-id': requestId,
          date: 'Sun, 01 Mar 2026 10:00:30 GMT',
          'x-rate-limit-limit': '10000',
          'x-rate-limit-remaining': '9999',
          'x-rate-limit-reset': String(Date.parse('2026-03-01T10:01:00.000Z') / 1000),
          'content-type': 'application/json',
        },
        body: created.text,
        bodySize: created.text.length,
        truncated: false,
      },
    });
  });

  it('answers only requests on Okta’s paths, not the plane’s own', async () => {
    await plane('GET', '/health');
    await okta('GET', '/api/v1/apps');
    expect(paths(await plane('GET', '/requests'))).toEqual(['GET /api/v1/apps']);
  });

  it('with summary=true, lists entries without what was sent and answered', async () => {
    await okta('GET', '/api/v1/apps/0oa00000000000000000');
    const { body } = await plane('GET', '/requests?summary=true');
    expect(body.requests).toEqual([
      {
        method: 'GET',
        path: '/api/v1/apps/0oa00000000000000000',
        status: 404,
        errorCode: 'E0000007',
        requestId: expect.stringMatching(/^\w{20}$/),
        time: '2026-03-01T10:00:30.000Z',
        route: 'GET /api/v1/apps/:appId',
        stub: null,
      },
    ]);
  });
});

describe('bodies past the bound (journalBodyBytes)', () => {
  let small: Served;
  beforeAll(async () => {
    small = await serveBackend({ journalBodyBytes: 64 });
  });
  afterAll(() => small.close());

  it('keeps the first bytes of each body, says truncated: true and gives the whole size', async () => {
    const sent = JSON.stringify(bookmark(`A label of some length, ${'é'.repeat(30)}`));
    const created = await small.okta('POST', '/api/v1/apps', { body: sent, headers: { 'content-type': 'application/json' } });
    expect(created.status).toBe(200);
    const [entry] = (await small.plane('GET', '/requests')).body.requests;
    const sentBytes = Buffer.from(sent);
    expect(entry.request).toMatchObject({ body: sentBytes.subarray(0, 64).toString(), bodySize: sentBytes.length, truncated: true });
    const answerBytes = Buffer.from(created.text);
    expect(entry.response).toMatchObject({ bodySize: answerBytes.length, truncated: true });
    // Cut on a character boundary: never more than the bound, never half a character.
    expect(Buffer.byteLength(entry.response.body)).toBeLessThanOrEqual(64);
    expect(created.text.startsWith(entry.response.body)).toBe(true);
  });
});

describe('GET /__appset/requests filters', () => {
  beforeEach(async () => {
    await okta('GET', '/api/v1/apps?limit=1');
    await okta('POST', '/api/v1/apps', { json: bookmark() });
    await okta('GET', '/api/v1/apps/0oa00000000000000000');
    await okta('GET', '/api/v1/apps');
  });

  it('by method, in any case', async () => {
    expect(paths(await plane('GET', '/requests?method=post'))).toEqual(['POST /api/v1/apps']);
  });

  it('by path: the path alone matches any query, a path with a query matches it exactly', async () => {
    expect(paths(await plane('GET', '/requests?path=/api/v1/apps'))).toEqual(['GET /api/v1/apps?limit=1', 'POST /api/v1/apps', 'GET /api/v1/apps']);
    expect(paths(await plane('GET', `/requests?path=${encodeURIComponent('/api/v1/apps?limit=1')}`))).toEqual(['GET /api/v1/apps?limit=1']);
  });

  it('by status', async () => {
    expect(paths(await plane('GET', '/requests?status=404'))).toEqual(['GET /api/v1/apps/0oa00000000000000000']);
  });

  it('since an instant, by the backend’s clock', async () => {
    await plane('POST', '/clock', { advanceMs: 1_000 });
    await okta('DELETE', '/api/v1/apps/0oa00000000000000000');
    expect(paths(await plane('GET', '/requests?since=2026-03-01T10:00:31.000Z'))).toEqual(['DELETE /api/v1/apps/0oa00000000000000000']);
  });

  it('keeps the latest limit entries, oldest first, and combines with the others', async () => {
    expect(paths(await plane('GET', '/requests?limit=2'))).toEqual(['GET /api/v1/apps/0oa00000000000000000', 'GET /api/v1/apps']);
    expect(paths(await plane('GET', '/requests?method=GET&path=/api/v1/apps&limit=1'))).toEqual(['GET /api/v1/apps']);
  });

  it.each([
    ['/requests?stauts=200', 'requests filter field stauts: Unknown member; remove it (see the schema of the document)'],
    ['/requests?status=abc', 'requests filter field status: Must be a number, not string "abc"'],
    ['/requests?limit=0', 'requests filter field limit: Must be at least 1'],
    ['/requests?since=yesterday', 'requests filter field since: Must be an ISO 8601 time with its zone, e.g. 2026-01-01T00:00:00Z'],
    ['/requests?method=G%20T', 'requests filter field method: Must be an HTTP method such as GET or POST'],
    ['/requests?path=api', 'requests filter field path: Must be a path starting with "/", e.g. /api/v1/apps'],
    ['/requests?status=200&status=404', 'requests filter field status: given more than once; give it once'],
    ['/requests?summary=yes', 'requests filter field summary: Must be true or false (got "yes")'],
  ])('refuses %s with 400 naming the field, and the journal is unchanged', async (path, error) => {
    const answer = await plane('GET', path);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error });
    expect((await plane('GET', '/requests')).body.requests).toHaveLength(4);
  });
});

describe('GET /__appset/requests/{id}', () => {
  it('answers the entry of the request answered with that X-Okta-Request-Id', async () => {
    await okta('GET', '/api/v1/apps');
    const missing = await okta('GET', '/api/v1/apps/0oa00000000000000000');
    const id = missing.headers.get('x-okta-request-id')!;
    const answer = await plane('GET', `/requests/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await plane('GET', '/requests')).body.requests[1]);
    expect(answer.body.response.body).toBe(missing.text);
  });

  it('answers 404 naming an id the journal does not hold', async () => {
    const answer = await plane('GET', '/requests/nosuchid0000000000000');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: 'The journal holds no request with the id "nosuchid0000000000000"; GET /__appset/requests lists those it holds (the oldest are dropped past journalSize)',
    });
  });
});

describe('POST /__appset/requests/find and /count', () => {
  beforeEach(async () => {
    await okta('POST', '/api/v1/apps', { json: bookmark('Wiki'), headers: { 'x-suite': 'alpha' } });
    await okta('POST', '/api/v1/apps?activate=false', { json: { ...bookmark('Tracker'), settings: { app: { url: 'https://bugs.example.com' } } } });
    await okta('GET', '/api/v1/apps?q=wi&limit=5');
    await okta('GET', '/api/v1/apps/0oa00000000000000000');
  });

  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['method', { method: 'post' }, ['POST /api/v1/apps', 'POST /api/v1/apps?activate=false']],
    ['path', { path: '/api/v1/apps' }, ['POST /api/v1/apps', 'POST /api/v1/apps?activate=false', 'GET /api/v1/apps?q=wi&limit=5']],
    ['pathPattern', { pathPattern: '/api/v1/apps/*' }, ['GET /api/v1/apps/0oa00000000000000000']],
    ['query members', { query: { q: 'wi' } }, ['GET /api/v1/apps?q=wi&limit=5']],
    ['query members that differ', { query: { q: 'wiki' } }, []],
    ['headers members, names in any case', { headers: { 'X-Suite': 'alpha' } }, ['POST /api/v1/apps']],
    ['bodyContains', { bodyContains: 'bugs.example.com' }, ['POST /api/v1/apps?activate=false']],
    ['json, a partial object at any depth', { json: { label: 'Wiki', settings: { app: {} } } }, ['POST /api/v1/apps']],
    ['json that differs at depth', { json: { settings: { app: { url: 'https://other.example.com' } } } }, []],
    ['status', { status: 404 }, ['GET /api/v1/apps/0oa00000000000000000']],
    ['every member at once', { method: 'POST', pathPattern: '/api/v1/*', query: { activate: 'false' }, json: { label: 'Tracker' } }, ['POST /api/v1/apps?activate=false']],
    ['nothing: every request', {}, ['POST /api/v1/apps', 'POST /api/v1/apps?activate=false', 'GET /api/v1/apps?q=wi&limit=5', 'GET /api/v1/apps/0oa00000000000000000']],
  ];

  it.each(cases)('selects by %s', async (_what, matcher, expected) => {
    const found = await plane('POST', '/requests/find', matcher);
    expect(found.status).toBe(200);
    expect(paths(found)).toEqual(expected);
    expect(found.body.requests.every((r: { request: unknown; response: unknown }) => r.request !== undefined && r.response !== undefined)).toBe(true);
    expect(await plane('POST', '/requests/count', matcher)).toMatchObject({ status: 200, body: { count: expected.length } });
  });

  it('a json matcher matches arrays element by element', async () => {
    await okta('POST', '/api/v1/apps', { json: { name: 'oidc_client', label: 'Svc', signOnMode: 'OPENID_CONNECT', settings: { oauthClient: { grant_types: ['client_credentials'] } } } });
    expect((await plane('POST', '/requests/count', { json: { settings: { oauthClient: { grant_types: ['client_credentials'] } } } })).body).toEqual({ count: 1 });
    expect((await plane('POST', '/requests/count', { json: { settings: { oauthClient: { grant_types: [] } } } })).body).toEqual({ count: 0 });
  });

  it.each([
    [{ methd: 'POST' }, 'matcher field methd: Unknown member; remove it (see the schema of the document)'],
    [{ path: '/api/v1/apps?limit=1' }, 'matcher field path: Must be a path starting with "/", without query or spaces, e.g. /api/v1/apps/*'],
    [{ path: '/api/v1/apps', pathPattern: '/api/v1/*' }, 'matcher field pathPattern: Give path (one exact path) or pathPattern (a glob such as /api/v1/apps/*), not both'],
    [{ method: 'P0ST' }, 'matcher field method: Must be an HTTP method such as GET or POST'],
    [{ status: '200' }, 'matcher field status: Must be a number, not string "200"'],
    [{ query: { q: 1 } }, 'matcher field query.q: Must be a string, not number 1'],
    [{ pathPattern: '/__appset/*' }, "matcher field pathPattern: The journal holds requests on Okta's paths only; name one such as /api/v1/apps"],
    [JSON.parse('{"json": {"__proto__": {"x": 1}}}'), 'matcher field json.__proto__: a member named __proto__ is not allowed; remove it'],
    ['[1, 2]', 'matcher: Must be an object, not an array'],
    ['{not json', 'body: not valid JSON; send a JSON document with Content-Type: application/json'],
  ])('refuses the matcher %j with 400 naming the field; the journal is unchanged', async (matcher, error) => {
    for (const endpoint of ['/requests/find', '/requests/count']) {
      const answer = await plane('POST', endpoint, typeof matcher === 'string' ? matcher : matcher);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error });
    }
    expect((await plane('GET', '/requests')).body.requests).toHaveLength(4);
  });

  it('serves find and count by POST only', async () => {
    const answer = await plane('GET', '/requests/find');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });
});

describe('GET /__appset/requests/unmatched: near misses', () => {
  it('names the method a path is served with, for a method it is not', async () => {
    const answer = await okta('PUT', '/api/v1/apps', { json: bookmark() });
    expect(answer.status).toBe(405);
    const { body } = await plane('GET', '/requests/unmatched');
    expect(body.requests).toHaveLength(1);
    expect(body.requests[0]).toMatchObject({
      method: 'PUT',
      path: '/api/v1/apps',
      status: 405,
      route: null,
      stub: null,
      unmatched: { kind: 'method-not-allowed', note: '/api/v1/apps is served with GET, POST, not with PUT' },
      closest: [
        { route: 'GET /api/v1/apps', differences: [{ field: 'method', message: 'sent PUT where GET is served' }] },
        { route: 'POST /api/v1/apps', differences: [{ field: 'method', message: 'sent PUT where POST is served' }] },
        { route: 'PUT /api/v1/apps/:appId', differences: [{ field: 'path', message: 'segment 4: the route has a value for :appId here, which was not sent' }] },
      ],
    });
  });

  it('names a path segment that differs, a header the route needs and a body that does not parse', async () => {
    await okta('PUT', '/api/v1/app/0oa00000000000000000', { body: '{"label": ', headers: { 'content-type': 'application/json' }, authorization: null });
    const [entry] = (await plane('GET', '/requests/unmatched')).body.requests;
    expect(entry.unmatched.kind).toBe('not-okta');
    expect(entry.closest).toEqual([
      {
        route: 'PUT /api/v1/apps/:appId',
        differences: [
          { field: 'path', message: 'segment 3: sent "app" where the route has "apps"' },
          { field: 'header', message: 'Authorization: missing; the route needs credentials with the scope okta.apps.manage (Authorization: SSWS <token>)' },
          { field: 'body', message: expect.stringMatching(/^does not parse as JSON \(.+\)$/) },
        ],
      },
    ]);
  });

  it('names a missing Content-Type for a body sent without one', async () => {
    // Bytes, so that fetch names no type of its own.
    await okta('POST', '/api/v1/app', { body: new TextEncoder().encode('{"label": "x"}') });
    const [entry] = (await plane('GET', '/requests/unmatched')).body.requests;
    expect(entry.closest[0]).toEqual({
      route: 'POST /api/v1/apps',
      differences: [
        { field: 'path', message: 'segment 3: sent "app" where the route has "apps"' },
        { field: 'header', message: 'Content-Type: missing; send the type of the body, such as application/json' },
      ],
    });
  });

  it('keeps Okta’s 404 for an Okta path the backend does not serve, and marks it not implemented by appset-mock', async () => {
    const answer = await okta('GET', '/api/v1/eventHooks/who00000000000000000');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      errorCode: 'E0000007',
      errorSummary: 'Not found: Resource not found: GET /api/v1/eventHooks/who00000000000000000 (Route)',
      errorLink: 'E0000007',
      errorId: expect.any(String),
      errorCauses: [],
    });
    const [entry] = (await plane('GET', '/requests')).body.requests;
    expect(entry.unmatched).toEqual({
      kind: 'not-implemented',
      note: "not implemented by appset-mock: /api/v1/eventHooks is part of Okta's API but this backend does not serve it; answer it with a stub (POST /__appset/stubs)",
    });
  });

  it('knows the Applications API path by path: a sub-resource this backend lacks is not implemented, a misspelt one is not Okta’s', async () => {
    await okta('GET', '/api/v1/apps/0oa00000000000000000/unconfirmed-users');
    await okta('GET', '/api/v1/apps/0oa00000000000000000/user');
    const kinds = (await plane('GET', '/requests/unmatched')).body.requests.map((r: { path: string; unmatched: { kind: string } }) => [r.path, r.unmatched.kind]);
    expect(kinds).toEqual([
      ['/api/v1/apps/0oa00000000000000000/unconfirmed-users', 'not-implemented'],
      ['/api/v1/apps/0oa00000000000000000/user', 'not-okta'],
    ]);
  });

  it('marks a path that is not Okta’s at all as a likely typo', async () => {
    await okta('GET', '/api/v2/apps');
    const [entry] = (await plane('GET', '/requests/unmatched')).body.requests;
    expect(entry.unmatched).toEqual({ kind: 'not-okta', note: "/api/v2/apps is not a path of Okta's API (likely a typo); GET /__appset/requests/unmatched shows the closest routes" });
    expect(entry.closest).toEqual([{ route: 'GET /api/v1/apps', differences: [{ field: 'path', message: 'segment 2: sent "v2" where the route has "v1"' }] }]);
  });

  it('lists only requests no route served', async () => {
    await okta('GET', '/api/v1/apps');
    await okta('GET', '/api/v1/apps/0oa00000000000000000');
    expect((await plane('GET', '/requests/unmatched')).body).toEqual({ requests: [] });
  });
});

describe('security event tokens in the journal', () => {
  const riskHigh = {
    'https://schemas.okta.com/secevent/okta/event-type/user-risk-change': { subject: { user: ADA }, current_level: 'high', previous_level: 'low', event_timestamp: 1_700_000_000 },
  } as const;

  async function deliver(token: string) {
    return okta('POST', RECEIVER_PATH, { body: token, headers: { 'content-type': 'application/secevent+jwt' }, authorization: null });
  }

  it('records each delivery’s outcome: accepted, ignored as a redelivery, refused with its err and description', async () => {
    registerProvider(served.backend, [key]);
    addAda(served.backend);
    const token = await sign(served.backend, key, riskHigh, { jti: 'journal-jti-1' });
    expect((await deliver(token)).status).toBe(202);
    expect((await deliver(token)).status).toBe(202);
    const refused = await deliver(await sign(served.backend, key, riskHigh, { aud: 'https://elsewhere.example.com' }));
    expect(refused.status).toBe(400);
    const entries = (await plane('GET', '/requests')).body.requests;
    expect(entries.map((e: { ingestion: unknown }) => e.ingestion)).toEqual([
      { outcome: 'accepted' },
      { outcome: 'ignored', reason: "duplicate: The same token (jti 'journal-jti-1' from 'https://provider.test') was received before; it is acknowledged and not acted on twice" },
      { outcome: 'refused', err: 'invalid_audience', description: refused.body.description },
    ]);
    expect(entries[0].request.body).toBe(token);
    expect(entries[0].route).toBe('POST /security/api/v1/security-events');
  });

  it('records a refusal before verification (a wrong Content-Type) as refused too', async () => {
    await okta('POST', RECEIVER_PATH, { body: 'x.y.z', headers: { 'content-type': 'text/plain' }, authorization: null });
    const [entry] = (await plane('GET', '/requests')).body.requests;
    expect(entry.ingestion).toEqual({ outcome: 'refused', err: 'invalid_request', description: 'The request must have Content-Type: application/secevent+jwt' });
  });
});
