import { describe, expect, it } from 'vitest';
import { TokenRegistry } from '../../../mock-server/pipeline/auth';
import { RateLimiter } from '../../../mock-server/pipeline/rate-limits';
import type { IncomingRequest } from '../../../mock-server/pipeline/request';
import type { RouteEnv, RouteSpec } from '../../../mock-server/pipeline/route';
import { compilePath, createRouter } from '../../../mock-server/pipeline/router';

// What a route path matches, pinned: literal segments exactly (letter case included), a `:name`
// segment one non-empty segment, percent-decoded; a segment that does not decode matches nothing.
describe('compilePath', () => {
  const match = compilePath('/api/v1/apps/:appId/users/:userId');

  it('takes parameters as they are when they hold no percent sign, decoded when they do', () => {
    expect(match('/api/v1/apps/0oa1/users/00u2')).toEqual({ appId: '0oa1', userId: '00u2' });
    expect(match('/api/v1/apps/a%20b/users/%E2%82%AC')).toEqual({ appId: 'a b', userId: '€' });
    expect(match('/api/v1/apps/a%2Fb/users/x')).toEqual({ appId: 'a/b', userId: 'x' });
  });

  it('matches nothing for another literal, another letter case, an empty or undecodable parameter, or another length', () => {
    expect(match('/api/v1/apps/0oa1/groups/00u2')).toBeUndefined();
    expect(match('/api/v1/Apps/0oa1/users/00u2')).toBeUndefined();
    expect(match('/api/v1/apps//users/00u2')).toBeUndefined();
    expect(match('/api/v1/apps/%E0%A4%A/users/00u2')).toBeUndefined();
    expect(match('/api/v1/apps/0oa1/users/%')).toBeUndefined();
    expect(match('/api/v1/apps/0oa1/users')).toBeUndefined();
    expect(match('/api/v1/apps/0oa1/users/00u2/')).toBeUndefined();
  });

  it('takes the segments already split when given', () => {
    const path = '/api/v1/apps/0oa1/users/00u2';
    expect(match(path, path.split('/'))).toEqual({ appId: '0oa1', userId: '00u2' });
  });
});

// The router remembers the route each path took; what a request gets must not depend on what was asked before.
describe('createRouter, asked the same paths again and again', () => {
  const env: RouteEnv = {
    orgUrl: () => new URL('https://router.okta.test'),
    orgOrigin: () => 'https://router.okta.test',
    now: () => 0,
    tokens: new TokenRegistry([]),
    limiter: new RateLimiter(undefined),
  };
  const echo = (method: RouteSpec['method'], path: string): RouteSpec => ({
    method,
    path,
    summary: 'echo',
    bucket: 'default',
    scope: null,
    handle: ({ params, url }) => ({ status: 200, body: { route: `${method} ${path}`, params, read: url.pathname } }),
  });
  const route = createRouter(env, [echo('get', '/items/:id'), echo('delete', '/items/:id'), echo('get', '/items/:id/parts/:part')]);
  const ask = async (method: string, path: string) => {
    const url = new URL(`https://router.okta.test${path}`);
    const input: IncomingRequest = { method, headers: new Headers(), request: () => new Request(url, { method }), rawHeaders: () => [] };
    const reply = await route(input, url);
    return { status: reply.status, body: JSON.parse(String(reply.body)) as Record<string, unknown> };
  };

  it('answers each method, path and parameter as the first time, however often and in whatever order asked', async () => {
    for (let pass = 0; pass < 3; pass++) {
      expect(await ask('GET', '/items/a%20b')).toEqual({ status: 200, body: { route: 'get /items/:id', params: { id: 'a b' }, read: '/items/a%20b' } });
      expect(await ask('DELETE', '/items/a%20b')).toEqual({ status: 200, body: { route: 'delete /items/:id', params: { id: 'a b' }, read: '/items/a%20b' } });
      expect(await ask('GET', '//items/x//parts/y')).toEqual({ status: 200, body: { route: 'get /items/:id/parts/:part', params: { id: 'x', part: 'y' }, read: '/items/x/parts/y' } });
      expect(await ask('GET', '/items/x/parts/y')).toEqual({ status: 200, body: { route: 'get /items/:id/parts/:part', params: { id: 'x', part: 'y' }, read: '/items/x/parts/y' } });
      expect((await ask('PUT', '/items/a%20b')).status).toBe(405);
      expect((await ask('GET', '/items/%E0%A4%A')).status).toBe(404);
    }
  });

  it('past the paths it remembers, still answers each path its own route', async () => {
    for (let i = 0; i < 600; i++) expect((await ask('GET', `/items/n${i}`)).body.params).toEqual({ id: `n${i}` });
    for (let i = 0; i < 600; i += 97) expect((await ask('GET', `/items/n${i}`)).body.params).toEqual({ id: `n${i}` });
  });
});
