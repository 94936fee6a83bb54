import { describe, expect, it } from 'vitest';
import { ControlInputError, createMockBackend } from '../../../mock-server/index';
import { bookmark, useServedBackend } from './served';

const { plane, okta } = useServedBackend();

/** The id of the stub that answered the newest journaled request, or `null`. */
async function answeredBy(): Promise<string | null> {
  const { requests } = (await plane('GET', '/requests')).body;
  return requests.at(-1).stub;
}

describe('stubs that match on query parameters', () => {
  it('match a value exactly (a string, or equalTo), by containing text, or by its absence', async () => {
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users', status: 200, body: ['by-exact'], request: { query: { q: 'ada' } } });
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users', status: 200, body: ['by-contains'], request: { query: { filter: { contains: 'status eq' } } } });
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users', status: 200, body: ['by-absence'], request: { query: { q: { absent: true }, filter: { absent: true } } } });
    expect((await okta('GET', '/api/v1/users?q=ada')).body).toEqual(['by-exact']);
    expect((await okta('GET', '/api/v1/users?filter=status%20eq%20%22ACTIVE%22')).body).toEqual(['by-contains']);
    expect((await okta('GET', '/api/v1/users')).body).toEqual(['by-absence']);
    // q=bob matches none of them: the backend's own users route answers.
    expect((await okta('GET', '/api/v1/users?q=bob')).body).toEqual([]);
    expect(await answeredBy()).toBeNull();
  });

  it('a parameter sent twice matches when one of its values does; caseInsensitive ignores letter case', async () => {
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/groups', status: 200, body: ['stubbed'], request: { query: { expand: { equalTo: 'APP', caseInsensitive: true } } } });
    expect((await okta('GET', '/api/v1/groups?expand=stats&expand=app')).body).toEqual(['stubbed']);
    expect(await answeredBy()).toBe('stub-1');
  });
});

describe('stubs that match on headers', () => {
  it('match a header’s value, named in any case, or its presence', async () => {
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/me', status: 200, body: { id: 'fr' }, request: { headers: { 'Accept-Language': { contains: 'fr' } } } });
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/me', status: 429, body: { errorCode: 'E0000047' }, request: { headers: { 'x-test-throttle': { absent: false } } } });
    expect((await okta('GET', '/api/v1/users/me', { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } })).body).toEqual({ id: 'fr' });
    expect((await okta('GET', '/api/v1/users/me', { headers: { 'X-Test-Throttle': '' } })).status).toBe(429);
    expect((await okta('GET', '/api/v1/users/me', { headers: { 'accept-language': 'de' } })).status).toBe(404);
  });
});

describe('stubs that match on the JSON body', () => {
  it('equalTo matches the same JSON value, member order aside, and nothing more or less', async () => {
    await plane('POST', '/stubs', { method: 'POST', path: '/api/v1/groups', status: 400, body: { errorCode: 'E0000001' }, request: { bodyJson: { equalTo: { profile: { name: 'Eng', description: null } } } } });
    expect((await okta('POST', '/api/v1/groups', { body: '{"profile":{"description":null,"name":"Eng"}}' })).status).toBe(400);
    expect(await answeredBy()).toBe('stub-1');
    await okta('POST', '/api/v1/groups', { json: { profile: { name: 'Eng' } } });
    expect(await answeredBy()).toBeNull();
    await okta('POST', '/api/v1/groups', { json: { profile: { name: 'Eng', description: null, extra: 1 } } });
    expect(await answeredBy()).toBeNull();
  });

  it.each(['equalTo', 'contains'])('%s takes -0 in a body for 0, as JSON does not tell them apart', async (test) => {
    await plane('POST', '/stubs', { method: 'POST', path: '/api/v1/groups', status: 400, body: { errorCode: 'E0000001' }, request: { bodyJson: { [test]: { priority: 0 } } } });
    expect((await okta('POST', '/api/v1/groups', { body: '{"priority":-0}' })).status).toBe(400);
    expect(await answeredBy()).toBe('stub-1');
    expect((await okta('POST', '/api/v1/groups', { body: '{"priority":0.0}' })).status).toBe(400);
    expect(await answeredBy()).toBe('stub-1');
  });

  it('contains matches every member given, at any depth; a body that is not JSON matches nothing', async () => {
    await plane('POST', '/stubs', { method: 'POST', path: '/api/v1/apps', status: 400, body: { errorCode: 'E0000001' }, request: { bodyJson: { contains: { settings: { app: { url: 'https://bad.example.com' } } } } } });
    expect((await okta('POST', '/api/v1/apps', { json: { ...bookmark(), settings: { app: { url: 'https://bad.example.com' } } } })).status).toBe(400);
    expect((await okta('POST', '/api/v1/apps', { body: 'settings=bad', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect(await answeredBy()).toBeNull();
  });

  it('a body a stub read but did not match still reaches the route, which creates the app', async () => {
    await plane('POST', '/stubs', { method: 'POST', path: '/api/v1/apps', status: 400, body: { errorCode: 'E0000001' }, request: { bodyJson: { contains: { label: 'Refused' } } } });
    const created = await okta('POST', '/api/v1/apps', { json: bookmark('Accepted') });
    expect([created.status, created.body.label]).toEqual([200, 'Accepted']);
    const [entry] = (await plane('GET', '/requests')).body.requests;
    expect(entry).toMatchObject({ route: 'POST /api/v1/apps', stub: null });
  });

  it('in-process, through backend.fetch, as over HTTP', async () => {
    const backend = createMockBackend();
    backend.stubs.add({ method: 'POST', path: '/api/v1/apps', status: 400, body: { errorCode: 'E0000001' }, request: { bodyJson: { contains: { label: 'Refused' } } } });
    const send = (label: string) =>
      backend.fetch(
        new Request(`${backend.orgUrl}/api/v1/apps`, {
          method: 'POST',
          headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(bookmark(label)),
        }),
      );
    expect((await send('Refused')).status).toBe(400);
    expect((await send('Accepted')).status).toBe(200);
    expect(backend.journal.list().map((e) => e.stub)).toEqual(['stub-1', null]);
  });
});

describe('a stub with times that reads the body', () => {
  it('answers only as many of the requests that arrive together as its times allows', async () => {
    const backend = createMockBackend();
    backend.stubs.add({ method: 'POST', path: '/api/v1/groups', status: 503, times: 1, request: { bodyJson: { contains: { profile: {} } } } });
    const send = () =>
      backend.fetch(`${backend.orgUrl}/api/v1/groups`, {
        method: 'POST',
        headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ profile: { name: 'Eng' } }),
      });
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(1);
    expect(backend.journal.list().filter((entry) => entry.stub === 'stub-1')).toHaveLength(1);
    expect(backend.stubs.list()).toEqual([]);
  });
});

describe('which stub answers when several match', () => {
  it('the highest priority (1 first) answers, whatever the order they were added in', async () => {
    await plane('POST', '/stubs', { method: 'GET', pathPattern: '/api/v1/users/*', status: 200, body: 'high', priority: 1 });
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/00u1', status: 200, body: 'default' });
    expect((await okta('GET', '/api/v1/users/00u1')).text).toBe('high');
    expect(await answeredBy()).toBe('stub-1');
  });

  it('among equal priorities the newest answers, and a stub used up leaves the next in line', async () => {
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/00u1', status: 200, body: 'older', priority: 2 });
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/00u1', status: 200, body: 'newer', priority: 2, times: 1 });
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/00u1', status: 200, body: 'lowest', priority: 3 });
    expect((await okta('GET', '/api/v1/users/00u1')).text).toBe('newer');
    expect((await okta('GET', '/api/v1/users/00u1')).text).toBe('older');
  });

  it('a stub whose matchers do not hold gives way to one of lower priority', async () => {
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users', status: 200, body: 'filtered', priority: 1, request: { query: { filter: { contains: 'ACTIVE' } } } });
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users', status: 200, body: 'any', priority: 9 });
    expect((await okta('GET', '/api/v1/users?filter=status%20eq%20%22ACTIVE%22')).text).toBe('filtered');
    expect((await okta('GET', '/api/v1/users')).text).toBe('any');
  });
});

describe('a stub’s request matchers as listed', () => {
  it('are written out: a string as equalTo, header names in lower case, with the priority', async () => {
    const added = await plane('POST', '/stubs', {
      method: 'POST',
      path: '/api/v1/groups',
      status: 201,
      request: { query: { activate: 'true' }, headers: { 'X-Trace': { contains: 'run-' } }, bodyJson: { contains: { profile: { name: 'Eng' } } } },
      priority: 3,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: 'stub-1',
      request: { query: { activate: { equalTo: 'true' } }, headers: { 'x-trace': { contains: 'run-' } }, bodyJson: { contains: { profile: { name: 'Eng' } } } },
      priority: 3,
    });
    expect((await plane('GET', '/stubs')).body.stubs[0]).toEqual(added.body);
  });
});

describe('refused request matchers', () => {
  const base = { method: 'GET', path: '/api/v1/users', status: 200 };
  const manyQuery = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 'x']));
  const refusals: Array<[string, unknown, string]> = [
    ['a regular expression', { ...base, request: { query: { q: { matches: '^(a+)+$' } } } }, 'stub field request.query.q.matches: Regular expressions are not accepted (their matching time has no bound); use equalTo, contains or absent'],
    ['a matcher with no test', { ...base, request: { headers: { 'x-a': {} } } }, 'stub field request.headers.x-a: Give one of equalTo (the exact value), contains (text it holds) or absent (true: not sent; false: sent)'],
    ['two tests in one matcher', { ...base, request: { query: { q: { equalTo: 'a', contains: 'b' } } } }, 'stub field request.query.q: Give one of equalTo (the exact value), contains (text it holds) or absent (true: not sent; false: sent)'],
    ['caseInsensitive with absent', { ...base, request: { query: { q: { absent: true, caseInsensitive: true } } } }, 'stub field request.query.q.caseInsensitive: caseInsensitive goes with equalTo or contains, not with absent'],
    ['more than 20 query parameters', { ...base, request: { query: manyQuery } }, 'stub field request.query: At most 20; match on fewer'],
    ['a header name with a space', { ...base, request: { headers: { 'x a': 'b' } } }, "stub field request.headers.x a: Must be a header name: letters, digits and !#$%&'*+.^_`|~- (at most 100)"],
    ['a header named twice', { ...base, request: { headers: { 'X-A': 'b', 'x-a': 'c' } } }, 'stub field request.headers.x-a: Named twice (header names are case-insensitive); give it once'],
    ['bodyJson with both tests', { ...base, request: { bodyJson: { equalTo: {}, contains: {} } } }, 'stub field request.bodyJson: Give equalTo (the whole body) or contains (the members it must hold), one of them'],
    ['bodyJson past its bound', { ...base, request: { bodyJson: { contains: { a: 'x'.repeat(16 * 1024) } } } }, 'stub field request.bodyJson.contains: At most 16384 bytes of JSON; match on fewer members (contains compares only those given)'],
    ['the method inside request', { ...base, request: { method: 'GET' } }, 'stub field request.method: Give method at the top of the stub, beside status, as every stub does; request holds query, headers and bodyJson'],
    ['an unknown member of request', { ...base, request: { cookies: {} } }, 'stub field request.cookies: Unknown member; remove it (see the schema of the document)'],
    ['a priority of 0', { ...base, priority: 0 }, 'stub field priority: Must be at least 1'],
    ['a priority past 100', { ...base, priority: 101 }, 'stub field priority: Must be at most 100'],
  ];

  it.each(refusals)('refuses %s with 400 naming the field, and adds nothing', async (_what, stub, error) => {
    const answer = await plane('POST', '/stubs', stub);
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error } });
    expect((await plane('GET', '/stubs')).body).toEqual({ stubs: [] });
  });

  it('in-process, a bad matcher throws ControlInputError naming the field', () => {
    const backend = createMockBackend();
    expect(() => backend.stubs.add({ ...base, method: 'GET', request: { query: { q: { contains: '' } } } })).toThrow(ControlInputError);
    expect(backend.stubs.list()).toEqual([]);
  });
});
