import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { useMockBackend } from '../support/backend';
import { call, expectOktaError } from '../mock-server/raw-http';
import { listen, type RunningServer } from '../../mock-server/node/index';

const METHOD_NOT_SUPPORTED = 'The endpoint does not support the provided HTTP method';

/** One raw request over node:http, any method (fetch refuses TRACE); the body read whole. */
function raw(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('14. unknown and unsupported methods over HTTP', () => {
  const backend = createMockBackend();
  let running: RunningServer;
  beforeAll(async () => {
    running = await listen(backend, { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => running.close());

  it.each(['TRACE', 'PROPFIND', 'PATCH', 'PURGE', 'LINK'])('%s /api/v1/apps answers 405 E0000022 with Allow: GET, POST', async (method) => {
    const answer = await raw(running.url, method, '/api/v1/apps', { authorization: `SSWS ${backend.defaultToken}` });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['x-okta-request-id']).toEqual(expect.any(String));
    expect(JSON.parse(answer.body)).toEqual({
      errorCode: 'E0000022',
      errorSummary: METHOD_NOT_SUPPORTED,
      errorLink: 'E0000022',
      errorId: expect.any(String),
      errorCauses: [],
    });
  });

  it('TRACE on an app path lists the methods of that path', async () => {
    const answer = await raw(running.url, 'TRACE', '/api/v1/apps/0oa00000000000000001');
    expect({ status: answer.status, allow: answer.headers.allow }).toEqual({ status: 405, allow: 'GET, PUT, DELETE' });
  });

  it('TRACE on a path no route has still answers 405, never echoing the request', async () => {
    const answer = await raw(running.url, 'TRACE', '/api/v1/nothing', { authorization: `SSWS ${backend.defaultToken}`, cookie: 'secret=1' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST, PUT, DELETE');
    expect(answer.body).not.toContain(backend.defaultToken);
    expect(answer.body).not.toContain('secret=1');
  });

  it('answers every method Node.js parses, on every kind of path, below 500 (405s with an Allow header)', async () => {
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'PURGE', 'LINK', 'UNLINK', 'SEARCH', 'REPORT', 'NOTIFY', 'SUBSCRIBE'];
    const paths = ['/api/v1/apps', '/api/v1/apps/x', '/api/v1/apps/x/lifecycle/activate', '/security/api/v1/security-events', '/api/v1/security-events-providers', '/api/v1/logs', '/nothing', '/'];
    const problems: string[] = [];
    for (const method of methods) {
      for (const path of paths) {
        const answer = await raw(running.url, method, path, { authorization: `SSWS ${backend.defaultToken}` });
        if (answer.status >= 500) problems.push(`${method} ${path}: ${answer.status}`);
        if (answer.status === 405 && !answer.headers.allow) problems.push(`${method} ${path}: 405 without Allow`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a known method on an unknown path is still 404', async () => {
    const answer = await raw(running.url, 'GET', '/api/v1/nothing', { authorization: `SSWS ${backend.defaultToken}` });
    expect(answer.status).toBe(404);
  });
});

describe('14. unsupported methods through the msw handlers', () => {
  const { backend } = useMockBackend();
  it('PATCH /api/v1/apps answers 405 E0000022 with Allow: GET, POST', async () => {
    const answer = await call(backend, '/api/v1/apps', { method: 'PATCH', json: {} });
    expectOktaError(answer, 405, 'E0000022', METHOD_NOT_SUPPORTED);
    expect(answer.headers.get('allow')).toBe('GET, POST');
  });

  it('DELETE /api/v1/apps/{id}/lifecycle/activate answers 405 with Allow: POST', async () => {
    const answer = await call(backend, '/api/v1/apps/0oa00000000000000001/lifecycle/activate', { method: 'DELETE' });
    expectOktaError(answer, 405, 'E0000022', METHOD_NOT_SUPPORTED);
    expect(answer.headers.get('allow')).toBe('POST');
  });
});

describe("15. with rateLimits: 'okta', bad credentials do not spend the organization's bucket", () => {
  const { backend } = useMockBackend({ rateLimits: 'okta' });

  it('100 list calls with an unknown token leave the full 100 to the real token', async () => {
    const bad: number[] = [];
    for (let i = 0; i < 100; i += 1) bad.push((await call(backend, '/api/v1/apps', { authorization: 'SSWS not-a-token' })).status);
    expect(bad).toEqual(Array(100).fill(401));
    const good = await call(backend, '/api/v1/apps');
    expect(good.status).toBe(200);
    expect(good.headers.get('x-rate-limit-remaining')).toBe('99');
  });

  it('calls without credentials do not spend it either', async () => {
    for (let i = 0; i < 100; i += 1) await call(backend, '/api/v1/apps', { authorization: null });
    expect((await call(backend, '/api/v1/apps')).headers.get('x-rate-limit-remaining')).toBe('99');
  });

  it('bad credentials are limited in a lane of their own: the 101st answers 429', async () => {
    for (let i = 0; i < 100; i += 1) await call(backend, '/api/v1/apps', { authorization: 'SSWS not-a-token' });
    const over = await call(backend, '/api/v1/apps', { authorization: 'SSWS not-a-token' });
    expectOktaError(over, 429, 'E0000047', 'API call exceeded rate limit due to too many requests.');
  });

  it('calls to paths no route serves do not spend the default bucket the token endpoint shares', async () => {
    const limited = createMockBackend({ rateLimits: { default: 5 } });
    const nowhere = () => limited.fetch(new Request(new URL('/api/v1/nothing-here', limited.orgUrl)));
    for (let i = 0; i < 5; i += 1) expect((await nowhere()).status).toBe(404);
    expect((await nowhere()).status).toBe(429);
    const token = await limited.fetch(
      new Request(new URL('/oauth2/v1/token', limited.orgUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=okta.apps.read',
      }),
    );
    // Refused for what it is (no client assertion: 401 invalid_client), not for the junk before it.
    expect(token.status).toBe(401);
    expect(token.headers.get('x-rate-limit-remaining')).toBe('4');
  });

  it('a valid token without the scope spends the bucket (it speaks for the organization)', async () => {
    const limited = createMockBackend({ rateLimits: 'okta', tokens: [{ type: 'SSWS', token: 'reader', scopes: ['okta.apps.read'] }, { type: 'SSWS', token: 'admin' }] });
    const server = await listen(limited, { host: '127.0.0.1', port: 0 });
    try {
      const denied = await fetch(`${server.url}/api/v1/apps`, { method: 'POST', headers: { authorization: 'SSWS reader', 'content-type': 'application/json' }, body: '{}' });
      expect(denied.status).toBe(403);
      await denied.text();
      const next = await fetch(`${server.url}/api/v1/apps`, { headers: { authorization: 'SSWS admin' } });
      await next.text();
      expect(next.headers.get('x-rate-limit-remaining')).toBe('98');
    } finally {
      await server.close();
    }
  });
});
