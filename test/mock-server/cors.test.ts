import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RequestLogEntry, type RunningServer } from '../../mock-server/node/index';
import { ConfigurationError } from '../../src/index';

const EXPOSED = 'Link, Date, X-Okta-Request-Id, X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset, DPoP-Nonce, WWW-Authenticate';
const PAGE = 'http://127.0.0.1:5173';

function preflight(url: string, origin: string, requestHeaders?: string) {
  const headers: Record<string, string> = { origin, 'access-control-request-method': 'GET' };
  if (requestHeaders !== undefined) headers['access-control-request-headers'] = requestHeaders;
  return fetch(`${url}/api/v1/apps?limit=2`, { method: 'OPTIONS', headers });
}

describe('CORS on the HTTP server, any origin (the default)', () => {
  const backend = createMockBackend({ seed: 'demo' });
  const log: RequestLogEntry[] = [];
  let running: RunningServer;
  beforeAll(async () => {
    running = await listen(backend, { port: 0, onRequest: (entry) => log.push(entry) });
  });
  afterAll(() => running.close());

  it('answers a preflight 204 with the methods, the requested headers and a max age', async () => {
    const response = await preflight(running.url, PAGE, 'authorization, content-type, dpop');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type, dpop');
    expect(response.headers.get('access-control-max-age')).toBe('7200');
    expect(response.headers.get('x-okta-request-id')).toMatch(/^\w{20}$/);
  });

  it('allows the headers the client sends when a preflight names them in a form that is not a header list', async () => {
    const response = await preflight(running.url, PAGE, 'authorization; drop table');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Accept, DPoP');
  });

  it('lets a page on any origin read every header a client reads, on success and on error', async () => {
    const ok = await fetch(`${running.url}/api/v1/apps?limit=2`, {
      headers: { origin: PAGE, authorization: `SSWS ${backend.defaultToken}` },
    });
    const refused = await fetch(`${running.url}/api/v1/apps`, { headers: { origin: 'https://elsewhere.example' } });
    for (const response of [ok, refused]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe(EXPOSED);
    }
    expect(ok.status).toBe(200);
    expect(ok.headers.get('link')).toContain('rel="next"');
    expect(refused.status).toBe(403);
  });

  it('sends the CORS headers to a request without Origin too (curl, other languages)', async () => {
    const response = await fetch(`${running.url}/api/v1/apps`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('vary')).toBeNull();
  });

  it('leaves an OPTIONS request that is no preflight to the routes', async () => {
    const response = await fetch(`${running.url}/api/v1/apps`, { method: 'OPTIONS' });
    expect(response.status).not.toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('reports each request with its time, request id and, for a refusal, its error code', async () => {
    log.length = 0;
    const response = await fetch(`${running.url}/api/v1/apps/0oaMISSING`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });
    await response.arrayBuffer();
    await expect.poll(() => log.length).toBe(1);
    expect(log[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/apps/0oaMISSING',
      status: 404,
      requestId: response.headers.get('x-okta-request-id'),
      errorCode: 'E0000007',
    });
    expect(new Date(log[0]!.time).toISOString()).toBe(log[0]!.time);
  });
});

describe('CORS on the HTTP server, restricted to listed origins', () => {
  const backend = createMockBackend();
  const log: RequestLogEntry[] = [];
  let running: RunningServer;
  beforeAll(async () => {
    running = await listen(backend, { port: 0, corsOrigins: [PAGE, 'https://app.example.com'], onRequest: (entry) => log.push(entry) });
  });
  afterAll(() => running.close());

  it('answers a listed origin with that origin, varying by Origin', async () => {
    const response = await preflight(running.url, 'https://app.example.com', 'authorization');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(response.headers.get('vary')).toBe('Origin, Access-Control-Request-Headers');
    const get = await fetch(`${running.url}/api/v1/apps`, { headers: { origin: PAGE, authorization: `SSWS ${backend.defaultToken}` } });
    expect(get.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(get.headers.get('access-control-expose-headers')).toBe(EXPOSED);
    expect(get.headers.get('vary')).toBe('Origin');
  });

  it('refuses a preflight from another origin with 403, saying how to allow it, and logs why', async () => {
    log.length = 0;
    const response = await preflight(running.url, 'https://evil.example');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.text()).toBe(
      'This server does not allow pages on https://evil.example to call it; allow the origin with --cors-origin (option corsOrigins).\n',
    );
    await expect.poll(() => log.length).toBe(1);
    expect(log[0]).toMatchObject({ method: 'OPTIONS', status: 403, errorCode: 'cors_origin_not_allowed' });
  });

  it('gives a request from another origin no Access-Control-Allow-Origin, so its page cannot read the answer', async () => {
    const response = await fetch(`${running.url}/api/v1/apps`, {
      headers: { origin: 'https://evil.example', authorization: `SSWS ${backend.defaultToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-expose-headers')).toBeNull();
  });

  it('refuses to start with an allowed origin that is not an origin, naming it and the fix', async () => {
    await expect(listen(createMockBackend(), { corsOrigins: ['https://app.example.com/'] })).rejects.toThrow(
      new ConfigurationError(
        'CORS origin "https://app.example.com/" is not an origin as browsers send it; give scheme, host and port only, "https://app.example.com".',
      ),
    );
  });
});

describe('listen()', () => {
  it('refuses an object that createMockBackend did not make, saying what to pass', async () => {
    const lookalike = { ...createMockBackend() };
    await expect(listen(lookalike)).rejects.toThrow(
      'listen() serves a backend made by createMockBackend(); pass the object it returned.',
    );
  });
});
