import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiCall, createClient, type ResponseInfo } from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });

const APPS = `${ORG}/api/v1/apps`;
const PROVIDERS = `${ORG}/api/v1/security-events-providers`;
const RESET = 1_800_000_060;
const SET = 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln';

const appUser = {
  id: '00uADA',
  scope: 'USER',
  status: 'ACTIVE',
  credentials: { userName: 'ada@example.com' },
  profile: {},
  _links: { app: { href: `${APPS}/0oaAPP` }, user: { href: `${ORG}/api/v1/users/00uADA` } },
};
const appGroup = { id: '00gENG', lastUpdated: '2026-01-01T00:00:00.000Z', priority: 0, profile: {}, _links: {} };

const provider = {
  id: 'sse1AAA',
  name: 'Risk Engine',
  type: 'Custom',
  status: 'ACTIVE',
  settings: { issuer: 'https://risk.example.com', jwks_url: 'https://risk.example.com/jwks', well_known_url: null },
  _links: {},
};
const providerInput = {
  name: 'Risk Engine',
  type: 'Custom',
  settings: { issuer: 'https://risk.example.com', jwks_url: 'https://risk.example.com/jwks' },
};

/** Headers as Okta sends them, with a request id naming the operation so each test sees its own. */
function oktaHeaders(requestId: string, remaining: number): Record<string, string> {
  return {
    'x-okta-request-id': requestId,
    'x-rate-limit-limit': '600',
    'x-rate-limit-remaining': String(remaining),
    'x-rate-limit-reset': String(RESET),
  };
}

function expectResponse(response: ResponseInfo, status: number, requestId: string, remaining: number, url: string) {
  expect(response.status).toBe(status);
  expect(response.requestId).toBe(requestId);
  expect(response.url).toBe(url);
  expect(response.headers.get('x-okta-request-id')).toBe(requestId);
  expect(response.rateLimit).toEqual({ limit: 600, remaining, resetAt: new Date(RESET * 1000) });
}

// Each row: a call, the handler that answers it, and what withResponse must report.
const rows: Array<{
  name: string;
  requestId: string;
  remaining: number;
  handler: Parameters<typeof server.use>[0];
  call: () => ApiCall<unknown>;
  status: number;
  url: string;
  data: unknown;
}> = [
  {
    name: 'apps.get',
    requestId: 'r-get',
    remaining: 41,
    handler: http.get(`${APPS}/:id`, () => HttpResponse.json(bookmarkApp('0oaGET'), { headers: oktaHeaders('r-get', 41) })),
    call: () => client.apps.get('0oaGET'),
    status: 200,
    url: `${APPS}/0oaGET`,
    data: expect.objectContaining({ id: '0oaGET' }),
  },
  {
    name: 'apps.create',
    requestId: 'r-create',
    remaining: 40,
    handler: http.post(APPS, () => HttpResponse.json(bookmarkApp('0oaNEW'), { headers: oktaHeaders('r-create', 40) })),
    call: () => client.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }),
    status: 200,
    url: `${APPS}?activate=true`,
    data: expect.objectContaining({ id: '0oaNEW' }),
  },
  {
    name: 'apps.replace',
    requestId: 'r-replace',
    remaining: 39,
    handler: http.put(`${APPS}/:id`, () => HttpResponse.json(bookmarkApp('0oaPUT'), { headers: oktaHeaders('r-replace', 39) })),
    call: () => client.apps.replace('0oaPUT', bookmarkApp('0oaPUT') as never),
    status: 200,
    url: `${APPS}/0oaPUT`,
    data: expect.objectContaining({ id: '0oaPUT' }),
  },
  {
    name: 'apps.delete',
    requestId: 'r-delete',
    remaining: 38,
    handler: http.delete(`${APPS}/:id`, () => new HttpResponse(null, { status: 204, headers: oktaHeaders('r-delete', 38) })),
    call: () => client.apps.delete('0oaDEL'),
    status: 204,
    url: `${APPS}/0oaDEL`,
    data: undefined,
  },
  {
    name: 'apps.activate',
    requestId: 'r-activate',
    remaining: 37,
    handler: http.post(`${APPS}/:id/lifecycle/activate`, () => HttpResponse.json({}, { headers: oktaHeaders('r-activate', 37) })),
    call: () => client.apps.activate('0oaACT'),
    status: 200,
    url: `${APPS}/0oaACT/lifecycle/activate`,
    data: undefined,
  },
  {
    name: 'apps.deactivate',
    requestId: 'r-deactivate',
    remaining: 36,
    handler: http.post(`${APPS}/:id/lifecycle/deactivate`, () => HttpResponse.json({}, { headers: oktaHeaders('r-deactivate', 36) })),
    call: () => client.apps.deactivate('0oaDEA'),
    status: 200,
    url: `${APPS}/0oaDEA/lifecycle/deactivate`,
    data: undefined,
  },
  {
    name: 'apps.users.get',
    requestId: 'r-uget',
    remaining: 28,
    handler: http.get(`${APPS}/:appId/users/:userId`, () => HttpResponse.json(appUser, { headers: oktaHeaders('r-uget', 28) })),
    call: () => client.apps.users.get('0oaAPP', '00uADA'),
    status: 200,
    url: `${APPS}/0oaAPP/users/00uADA`,
    data: appUser,
  },
  {
    name: 'apps.users.assign',
    requestId: 'r-uassign',
    remaining: 27,
    handler: http.post(`${APPS}/:appId/users`, () => HttpResponse.json(appUser, { headers: oktaHeaders('r-uassign', 27) })),
    call: () => client.apps.users.assign('0oaAPP', '00uADA'),
    status: 200,
    url: `${APPS}/0oaAPP/users`,
    data: appUser,
  },
  {
    name: 'apps.users.update',
    requestId: 'r-uupdate',
    remaining: 26,
    handler: http.post(`${APPS}/:appId/users/:userId`, () =>
      HttpResponse.json({ ...appUser, profile: { role: 'admin' } }, { headers: oktaHeaders('r-uupdate', 26) }),
    ),
    call: () => client.apps.users.update('0oaAPP', '00uADA', { profile: { role: 'admin' } }),
    status: 200,
    url: `${APPS}/0oaAPP/users/00uADA`,
    data: { ...appUser, profile: { role: 'admin' } },
  },
  {
    name: 'apps.users.unassign',
    requestId: 'r-uunassign',
    remaining: 25,
    handler: http.delete(`${APPS}/:appId/users/:userId`, () => new HttpResponse(null, { status: 204, headers: oktaHeaders('r-uunassign', 25) })),
    call: () => client.apps.users.unassign('0oaAPP', '00uADA'),
    status: 204,
    url: `${APPS}/0oaAPP/users/00uADA`,
    data: undefined,
  },
  {
    name: 'apps.groups.get',
    requestId: 'r-gget',
    remaining: 24,
    handler: http.get(`${APPS}/:appId/groups/:groupId`, () => HttpResponse.json(appGroup, { headers: oktaHeaders('r-gget', 24) })),
    call: () => client.apps.groups.get('0oaAPP', '00gENG'),
    status: 200,
    url: `${APPS}/0oaAPP/groups/00gENG`,
    data: appGroup,
  },
  {
    name: 'apps.groups.assign',
    requestId: 'r-gassign',
    remaining: 23,
    handler: http.put(`${APPS}/:appId/groups/:groupId`, () => HttpResponse.json(appGroup, { headers: oktaHeaders('r-gassign', 23) })),
    call: () => client.apps.groups.assign('0oaAPP', '00gENG', { priority: 0 }),
    status: 200,
    url: `${APPS}/0oaAPP/groups/00gENG`,
    data: appGroup,
  },
  {
    name: 'apps.groups.unassign',
    requestId: 'r-gunassign',
    remaining: 22,
    handler: http.delete(`${APPS}/:appId/groups/:groupId`, () => new HttpResponse(null, { status: 204, headers: oktaHeaders('r-gunassign', 22) })),
    call: () => client.apps.groups.unassign('0oaAPP', '00gENG'),
    status: 204,
    url: `${APPS}/0oaAPP/groups/00gENG`,
    data: undefined,
  },
  {
    name: 'securityEvents.publish',
    requestId: 'r-publish',
    remaining: 35,
    handler: http.post(`${ORG}/security/api/v1/security-events`, () => new HttpResponse(null, { status: 202, headers: oktaHeaders('r-publish', 35) })),
    call: () => client.securityEvents.publish(SET),
    status: 202,
    url: `${ORG}/security/api/v1/security-events`,
    data: undefined,
  },
  {
    name: 'securityEventsProviders.create',
    requestId: 'r-pcreate',
    remaining: 34,
    handler: http.post(PROVIDERS, () => HttpResponse.json(provider, { headers: oktaHeaders('r-pcreate', 34) })),
    call: () => client.securityEventsProviders.create(providerInput),
    status: 200,
    url: PROVIDERS,
    data: expect.objectContaining({ id: 'sse1AAA' }),
  },
  {
    name: 'securityEventsProviders.get',
    requestId: 'r-pget',
    remaining: 33,
    handler: http.get(`${PROVIDERS}/:id`, () => HttpResponse.json(provider, { headers: oktaHeaders('r-pget', 33) })),
    call: () => client.securityEventsProviders.get('sse1AAA'),
    status: 200,
    url: `${PROVIDERS}/sse1AAA`,
    data: expect.objectContaining({ id: 'sse1AAA' }),
  },
  {
    name: 'securityEventsProviders.replace',
    requestId: 'r-preplace',
    remaining: 32,
    handler: http.put(`${PROVIDERS}/:id`, () => HttpResponse.json(provider, { headers: oktaHeaders('r-preplace', 32) })),
    call: () => client.securityEventsProviders.replace('sse1AAA', providerInput),
    status: 200,
    url: `${PROVIDERS}/sse1AAA`,
    data: expect.objectContaining({ id: 'sse1AAA' }),
  },
  {
    name: 'securityEventsProviders.delete',
    requestId: 'r-pdelete',
    remaining: 31,
    handler: http.delete(`${PROVIDERS}/:id`, () => new HttpResponse(null, { status: 204, headers: oktaHeaders('r-pdelete', 31) })),
    call: () => client.securityEventsProviders.delete('sse1AAA'),
    status: 204,
    url: `${PROVIDERS}/sse1AAA`,
    data: undefined,
  },
  {
    name: 'securityEventsProviders.activate',
    requestId: 'r-pactivate',
    remaining: 30,
    handler: http.post(`${PROVIDERS}/:id/lifecycle/activate`, () => HttpResponse.json(provider, { headers: oktaHeaders('r-pactivate', 30) })),
    call: () => client.securityEventsProviders.activate('sse1AAA'),
    status: 200,
    url: `${PROVIDERS}/sse1AAA/lifecycle/activate`,
    data: expect.objectContaining({ status: 'ACTIVE' }),
  },
  {
    name: 'securityEventsProviders.deactivate',
    requestId: 'r-pdeactivate',
    remaining: 29,
    handler: http.post(`${PROVIDERS}/:id/lifecycle/deactivate`, () =>
      HttpResponse.json({ ...provider, status: 'INACTIVE' }, { headers: oktaHeaders('r-pdeactivate', 29) }),
    ),
    call: () => client.securityEventsProviders.deactivate('sse1AAA'),
    status: 200,
    url: `${PROVIDERS}/sse1AAA/lifecycle/deactivate`,
    data: expect.objectContaining({ status: 'INACTIVE' }),
  },
];

describe('withResponse() on every call', () => {
  it.each(rows)('$name gives the data with the status, URL, request id and rate limit of its response', async (row) => {
    server.use(row.handler);
    const { data, response } = await row.call().withResponse();
    expect(data).toEqual(row.data);
    expectResponse(response, row.status, row.requestId, row.remaining, row.url);
  });

  it.each(rows)('$name awaited alone gives the same data as withResponse', async (row) => {
    server.use(row.handler);
    expect(await row.call()).toEqual(row.data);
  });

  it('sends one request whether the call is awaited, given withResponse, or both', async () => {
    let requests = 0;
    server.use(
      http.get(`${APPS}/:id`, () => {
        requests += 1;
        return HttpResponse.json(bookmarkApp('0oaONE'), { headers: oktaHeaders('r-one', 12) });
      }),
    );
    const call = client.apps.get('0oaONE');
    const [app, { data, response }] = await Promise.all([call, call.withResponse()]);
    expect(requests).toBe(1);
    expect(app).toBe(data);
    expectResponse(response, 200, 'r-one', 12, `${APPS}/0oaONE`);
  });

  it('rejects withResponse with the same error as the call, and a bad input before any request', async () => {
    let requests = 0;
    server.use(
      http.get(`${APPS}/:id`, () => {
        requests += 1;
        return HttpResponse.json({ errorCode: 'E0000007', errorSummary: 'Not found' }, { status: 404 });
      }),
    );
    await expect(client.apps.get('0oaMISSING').withResponse()).rejects.toMatchObject({ status: 404, errorCode: 'E0000007' });
    await expect(client.apps.get('').withResponse()).rejects.toThrow(/appId/);
    expect(requests).toBe(1);
  });
});

describe('each page of a pager carries its response', () => {
  it('for app users and app groups', async () => {
    server.use(
      http.get(`${APPS}/:appId/users`, () => HttpResponse.json([appUser], { headers: oktaHeaders('r-users', 9) })),
      http.get(`${APPS}/:appId/groups`, () => HttpResponse.json([appGroup], { headers: oktaHeaders('r-groups', 8) })),
    );
    const users = [];
    for await (const p of client.apps.users.list('0oaAPP').pages()) users.push(p);
    expect(users.map((p) => p.items)).toEqual([[appUser]]);
    expectResponse(users[0]!.response, 200, 'r-users', 9, `${APPS}/0oaAPP/users`);
    const groups = [];
    for await (const p of client.apps.groups.list('0oaAPP').pages()) groups.push(p);
    expect(groups.map((p) => p.items)).toEqual([[appGroup]]);
    expectResponse(groups[0]!.response, 200, 'r-groups', 8, `${APPS}/0oaAPP/groups`);
  });

  it('for apps, providers and the System Log', async () => {
    let page = 0;
    server.use(
      http.get(APPS, ({ request }) => {
        page += 1;
        const after = new URL(request.url).searchParams.get('after');
        const headers: Record<string, string> = oktaHeaders(`r-page-${after ?? 'first'}`, 100 - page);
        if (!after) headers.link = `<${APPS}?limit=1>; rel="self", <${APPS}?after=c1&limit=1>; rel="next"`;
        return HttpResponse.json([bookmarkApp(after ? '0oaSECOND' : '0oaFIRST')], { headers });
      }),
      http.get(PROVIDERS, () => HttpResponse.json([provider], { headers: oktaHeaders('r-providers', 7) })),
      http.get(`${ORG}/api/v1/logs`, () => HttpResponse.json([], { headers: oktaHeaders('r-logs', 6) })),
    );
    const pages = [];
    for await (const p of client.apps.list({ limit: 1 }).pages()) pages.push(p);
    expect(pages.map((p) => p.items[0]?.id)).toEqual(['0oaFIRST', '0oaSECOND']);
    expectResponse(pages[0]!.response, 200, 'r-page-first', 99, `${APPS}?limit=1`);
    expectResponse(pages[1]!.response, 200, 'r-page-c1', 98, `${APPS}?after=c1&limit=1`);

    for await (const p of client.securityEventsProviders.list().pages()) expectResponse(p.response, 200, 'r-providers', 7, PROVIDERS);
    for await (const p of client.logs.list().pages()) expectResponse(p.response, 200, 'r-logs', 6, `${ORG}/api/v1/logs`);
  });
});
