import { describe, expect, it } from 'vitest';
import { ControlInputError, createMockBackend } from '../../../mock-server/index';
import { bookmark, useServedBackend } from './served';

const { plane, okta } = useServedBackend();

const usersStub = { method: 'GET', pathPattern: '/api/v1/users/*', status: 200, headers: { 'X-Stubbed': 'yes' }, body: { id: '00u1', status: 'ACTIVE' } };

describe('POST /__appset/stubs', () => {
  it('answers 201 with the stub, and the stub answers an endpoint the backend does not implement', async () => {
    const added = await plane('POST', '/stubs', usersStub);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: 'stub-1',
      method: 'GET',
      path: null,
      pathPattern: '/api/v1/users/*',
      status: 200,
      headers: { 'x-stubbed': 'yes' },
      body: { id: '00u1', status: 'ACTIVE' },
      priority: 5,
      remaining: null,
      used: 0,
    });
    const answer = await okta('GET', '/api/v1/users/00u1');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"id":"00u1","status":"ACTIVE"}');
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('x-stubbed')).toBe('yes');
    expect(answer.headers.get('x-okta-request-id')).toMatch(/^\w{20}$/);
    expect((await okta('GET', '/api/v1/users/00u2')).status).toBe(200);
    expect((await plane('GET', '/stubs')).body.stubs[0].used).toBe(2);
  });

  it('answers before the routes, without credentials, and a string body as text with its own type', async () => {
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/apps', status: 503, headers: { 'content-type': 'text/plain' }, body: 'down for maintenance' });
    const answer = await okta('GET', '/api/v1/apps', { authorization: null });
    expect(answer.status).toBe(503);
    expect(answer.text).toBe('down for maintenance');
    expect(answer.headers.get('content-type')).toBe('text/plain');
  });

  it('the newest matching stub answers; one with times is gone once used up', async () => {
    await plane('POST', '/stubs', usersStub);
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/00u9', status: 404, body: { errorCode: 'E0000007' }, times: 1 });
    expect((await okta('GET', '/api/v1/users/00u9')).status).toBe(404);
    expect((await okta('GET', '/api/v1/users/00u9')).status).toBe(200);
    expect((await plane('GET', '/stubs')).body.stubs.map((s: { id: string }) => s.id)).toEqual(['stub-1']);
  });

  it('journals each stubbed answer as the stub’s, with the errorCode of an Okta error body', async () => {
    await plane('POST', '/stubs', { method: 'POST', path: '/api/v1/groups', status: 400, body: { errorCode: 'E0000001', errorSummary: 'Api validation failed' } });
    await okta('POST', '/api/v1/groups', { json: { profile: { name: 'Eng' } } });
    const [entry] = (await plane('GET', '/requests')).body.requests;
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/groups', status: 400, errorCode: 'E0000001', route: null, stub: 'stub-1' });
    expect(entry.request.body).toBe('{"profile":{"name":"Eng"}}');
    expect(entry.unmatched).toBeUndefined();
    expect((await plane('GET', '/requests/unmatched')).body).toEqual({ requests: [] });
  });

  it('a no-body stub answers 204 with no body', async () => {
    await plane('POST', '/stubs', { method: 'DELETE', path: '/api/v1/groups/00g1', status: 204 });
    const answer = await okta('DELETE', '/api/v1/groups/00g1');
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
  });

  const refusals: Array<[string, unknown, number, string]> = [
    ['no method', { path: '/api/v1/users', status: 200 }, 400, 'stub field method: Required; give one of "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"'],
    ['neither path nor pathPattern', { method: 'GET', status: 200 }, 400, 'stub field path: Give path (one exact path) or pathPattern (a glob such as /api/v1/users/*), one of them'],
    ['both path and pathPattern', { method: 'GET', path: '/a', pathPattern: '/a/*', status: 200 }, 400, 'stub field path: Give path (one exact path) or pathPattern (a glob such as /api/v1/users/*), one of them'],
    ['a status below 200', { method: 'GET', path: '/a', status: 101 }, 400, 'stub field status: Must be at least 200'],
    ['a status above 599', { method: 'GET', path: '/a', status: 600 }, 400, 'stub field status: Must be at most 599'],
    ['a header value with CR LF', { method: 'GET', path: '/a', status: 200, headers: { 'x-a': 'b\r\nSet-Cookie: x=1' } }, 400, 'stub field headers.x-a: Must be printable ASCII text without CR or LF (at most 4096 characters)'],
    ['a header name with a space', { method: 'GET', path: '/a', status: 200, headers: { 'x a': 'b' } }, 400, 'stub field headers.x a: Must be a header name: letters, digits and !#$%&\'*+.^_`|~- (at most 100)'],
    ['a header the server writes', { method: 'GET', path: '/a', status: 200, headers: { 'Content-Length': '5' } }, 400, 'stub field headers.Content-Length: The server writes content-length itself; leave it out'],
    ['a body for a 204', { method: 'GET', path: '/a', status: 204, body: {} }, 400, 'stub field body: A 204, 205 or 304 answer, or an answer to HEAD, has no body; leave body out'],
    ['a body past the bound', { method: 'GET', path: '/a', status: 200, body: 'x'.repeat(256 * 1024 + 1) }, 400, 'stub field body: 262145 bytes, more than 262144; answer with less'],
    ['a path on the plane', { method: 'GET', path: '/__appset/health', status: 200 }, 400, 'stub field path: The control plane cannot be stubbed; name a path outside /__appset, such as /api/v1/users'],
    ['a path with a query', { method: 'GET', path: '/api/v1/users?q=a', status: 200 }, 400, 'stub field path: Must be a path starting with "/", without query or spaces, e.g. /api/v1/users/*'],
    ['the root path', { method: 'GET', path: '/', status: 200 }, 400, 'stub field path: A stub cannot answer "/", the page a browser opens on this server; name another path, such as /api/v1/users'],
    ['the root as a pattern', { method: 'GET', pathPattern: '/', status: 200 }, 400, 'stub field pathPattern: A stub cannot answer "/", the page a browser opens on this server; name another path, such as /api/v1/users'],
    ['a pattern on the plane', { method: 'GET', pathPattern: '/__appset/*', status: 200 }, 400, 'stub field pathPattern: The control plane cannot be stubbed; name a path outside /__appset, such as /api/v1/users'],
    ['a Set-Cookie header', { method: 'GET', path: '/a', status: 200, headers: { 'Set-Cookie': 'session=1; Path=/' } }, 400, 'stub field headers.Set-Cookie: A stub cannot set cookies: it answers on the origin of the control plane; leave set-cookie out'],
    ['a Host header', { method: 'GET', path: '/a', status: 200, headers: { Host: 'evil.example' } }, 400, 'stub field headers.Host: host is a header of a request, not of an answer; leave it out'],
    ['an Expect header', { method: 'GET', path: '/a', status: 200, headers: { expect: '100-continue' } }, 400, 'stub field headers.expect: expect is a header of a request, not of an answer; leave it out'],
    ['a path with an empty segment leading to the plane', { method: 'GET', path: '//__appset/x', status: 200 }, 400, 'stub field path: Must be a path without empty ("//"), "." or ".." segments, as a request\'s path arrives, e.g. /api/v1/users/*'],
    ['a pattern with a ".." segment', { method: 'GET', pathPattern: '/api/../__appset/*', status: 200 }, 400, 'stub field pathPattern: Must be a path without empty ("//"), "." or ".." segments, as a request\'s path arrives, e.g. /api/v1/users/*'],
    ['a TE header', { method: 'GET', path: '/a', status: 200, headers: { TE: 'trailers' } }, 400, 'stub field headers.TE: te is a hop-by-hop header, which belongs to one connection, not to an answer; leave it out'],
    ['a Proxy-Connection header', { method: 'GET', path: '/a', status: 200, headers: { 'Proxy-Connection': 'keep-alive' } }, 400, 'stub field headers.Proxy-Connection: proxy-connection is a hop-by-hop header, which belongs to one connection, not to an answer; leave it out'],
    ['an X-Content-Type-Options other than nosniff', { method: 'GET', path: '/a', status: 200, headers: { 'X-Content-Type-Options': 'sniff' } }, 400, 'stub field headers.X-Content-Type-Options: Every stub answer carries x-content-type-options: nosniff; leave it out'],
    ['times of 0', { method: 'GET', path: '/a', status: 200, times: 0 }, 400, 'stub field times: Must be at least 1'],
    ['an unknown member', { method: 'GET', path: '/a', status: 200, delay: 5 }, 400, 'stub field delay: Unknown member; remove it (see the schema of the document)'],
  ];

  it.each(refusals)('refuses %s, naming the field, and adds nothing', async (_what, stub, status, error) => {
    const answer = await plane('POST', '/stubs', stub);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error });
    expect((await plane('GET', '/stubs')).body).toEqual({ stubs: [] });
  });

  it('answers a path outside Okta\'s API, such as /favicon.ico, as its refusals say it may', async () => {
    expect((await plane('POST', '/stubs', { method: 'GET', path: '/favicon.ico', status: 404, body: 'none' })).status).toBe(201);
    const answer = await okta('GET', '/favicon.ico');
    expect([answer.status, answer.text]).toEqual([404, 'none']);
  });

  it('refuses the 101st waiting stub with 409', async () => {
    for (let i = 0; i < 100; i++) expect((await plane('POST', '/stubs', { method: 'GET', path: `/api/v1/users/u${i}`, status: 200 })).status).toBe(201);
    const answer = await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/users/one-more', status: 200 });
    expect(answer).toMatchObject({ status: 409, body: { error: '100 stubs are already waiting; remove some (DELETE /__appset/stubs) before adding more' } });
    expect((await plane('GET', '/stubs')).body.stubs).toHaveLength(100);
  });
});

describe('a stub cannot serve active content on the server’s origin', () => {
  it('every stub answer carries a sandboxing Content-Security-Policy and nosniff, markup included', async () => {
    const page = '<script>fetch("/__appset/snapshot?secrets=include")</script>';
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/page', status: 200, headers: { 'Content-Type': 'text/html' }, body: page });
    const answer = await okta('GET', '/api/v1/page');
    expect([answer.status, answer.text, answer.headers.get('content-type')]).toEqual([200, page, 'text/html']);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps a stub’s own Content-Security-Policy beside the sandbox (a browser enforces both), and one nosniff', async () => {
    await plane('POST', '/stubs', { method: 'GET', path: '/api/v1/page', status: 204, headers: { 'Content-Security-Policy': "script-src 'self'", 'X-Content-Type-Options': 'nosniff' } });
    const answer = await okta('GET', '/api/v1/page');
    expect(answer.headers.get('content-security-policy')).toBe("script-src 'self', default-src 'none'; sandbox");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a pattern that would cover the plane’s paths never answers them, even with the plane turned off', async () => {
    const backend = createMockBackend({ control: false });
    backend.stubs.add({ method: 'GET', pathPattern: '/*/snapshot', status: 200, headers: { 'content-type': 'text/html' }, body: '<script></script>' });
    const snapshot = await backend.fetch(new Request(`${backend.orgUrl}/__appset/snapshot`));
    expect(snapshot.status).toBe(404);
    expect(backend.journal.list()[0]).toMatchObject({ stub: null });
    const elsewhere = await backend.fetch(new Request(`${backend.orgUrl}/api/snapshot`));
    expect(elsewhere.status).toBe(200);
  });
});

describe('DELETE /__appset/stubs and /stubs/{id}, and reset', () => {
  it('removes one stub, then all; an unknown id is 404', async () => {
    await plane('POST', '/stubs', usersStub);
    await plane('POST', '/stubs', { ...usersStub, method: 'POST' });
    expect((await plane('DELETE', '/stubs/stub-1')).status).toBe(204);
    expect((await plane('GET', '/stubs')).body.stubs.map((s: { id: string }) => s.id)).toEqual(['stub-2']);
    expect(await plane('DELETE', '/stubs/stub-1')).toMatchObject({
      status: 404,
      body: { error: 'No waiting stub has the id "stub-1"; GET /__appset/stubs lists them (a stub with times is gone once used up)' },
    });
    expect((await plane('DELETE', '/stubs')).status).toBe(204);
    expect((await plane('GET', '/stubs')).body).toEqual({ stubs: [] });
    expect((await okta('GET', '/api/v1/users/00u1')).status).toBe(404);
  });

  it('reset clears every stub', async () => {
    await plane('POST', '/stubs', usersStub);
    await plane('POST', '/reset');
    expect((await plane('GET', '/stubs')).body).toEqual({ stubs: [] });
    expect((await okta('GET', '/api/v1/users/00u1')).status).toBe(404);
  });

  it('stubs are not part of a snapshot', async () => {
    await plane('POST', '/stubs', usersStub);
    expect(Object.keys((await plane('GET', '/snapshot')).body)).not.toContain('stubs');
  });
});

describe('backend.stubs in-process', () => {
  it('adds, answers, lists and removes stubs as the plane does', async () => {
    const backend = createMockBackend();
    const stub = backend.stubs.add({ method: 'GET', path: '/api/v1/groups', status: 200, body: [] });
    expect(stub).toMatchObject({ id: 'stub-1', path: '/api/v1/groups', remaining: null });
    const answer = await backend.fetch(new Request(`${backend.orgUrl}/api/v1/groups`));
    expect([answer.status, await answer.text()]).toEqual([200, '[]']);
    expect(backend.journal.list()[0]).toMatchObject({ stub: 'stub-1', route: null });
    expect(backend.stubs.list()).toEqual([{ ...stub, used: 1 }]);
    expect(backend.stubs.remove('stub-1')).toBe(true);
    backend.stubs.add({ method: 'GET', path: '/api/v1/groups', status: 200 });
    backend.stubs.clear();
    expect(backend.stubs.list()).toEqual([]);
  });

  it('a bad stub throws ControlInputError naming the field, and adds nothing', () => {
    const backend = createMockBackend();
    expect(() => backend.stubs.add({ method: 'GET', path: '/a', status: 200, headers: { 'x-a': 'b\nc' } })).toThrow(ControlInputError);
    expect(() => backend.stubs.add({ method: 'GET', path: '/a', status: 700 })).toThrow(/^stub field status: Must be at most 599/);
    expect(backend.stubs.list()).toEqual([]);
  });

  it('an app created while a stub answers elsewhere is created as usual', async () => {
    const backend = createMockBackend();
    backend.stubs.add({ method: 'GET', pathPattern: '/api/v1/apps/*/features', status: 200, body: [] });
    const created = await backend.fetch(
      new Request(`${backend.orgUrl}/api/v1/apps`, {
        method: 'POST',
        headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(bookmark()),
      }),
    );
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const features = await backend.fetch(new Request(`${backend.orgUrl}/api/v1/apps/${id}/features`));
    expect([features.status, await features.text()]).toEqual([200, '[]']);
  });
});
