import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { listen, type RequestLogEntry, type RunningServer } from '../../../mock-server/node/index';
import { ConfigurationError } from '../../../src/index';
import { assertion, dpopKey, JWT_BEARER, proof, serviceKey, tokenRequest } from '../oauth/helpers';

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
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
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

/**
 * One request over node:http (fetch cannot send TRACE); the answer's status and headers, body read.
 * Sent from the page on {@link PAGE} unless `headers.origin` is `''` (a client that is no browser).
 */
function send(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  const sent: Record<string, string> = { origin: PAGE, ...headers };
  if (sent.origin === '') delete sent.origin;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers: sent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('CORS headers on every kind of answer (any origin)', () => {
  const backend = createMockBackend({ seed: 'demo' });
  let running: RunningServer;
  beforeAll(async () => {
    running = await listen(backend, { port: 0 });
  });
  afterAll(() => running.close());

  const ssws = () => ({ authorization: `SSWS ${backend.defaultToken}` });
  const json = { 'content-type': 'application/json' };
  // Faults are set up as a test suite would, not from the page: the plane serves pages only on origins allowed by name.
  const fault = (status: number) => send(`${running.url}/__appset/faults`, 'POST', { ...json, origin: '' }, JSON.stringify({ path: '/api/v1/apps', status }));
  const tokenUrl = () => `${running.url}/oauth2/v1/token`;
  const now = () => Math.floor(Date.now() / 1000);

  /** A service app that needs DPoP, and the form of its token request. */
  async function dpopServiceApp() {
    const service = await serviceKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: service.publicJwk, scopes: ['okta.apps.read'], dpop: true });
    const form = async () => ({
      grant_type: 'client_credentials',
      scope: 'okta.apps.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(service.privateKey, clientId, tokenUrl(), now()),
    });
    return { form, key: await dpopKey() };
  }

  const CASES: Array<{ name: string; status: number; answer: () => ReturnType<typeof send>; header?: [string, RegExp] }> = [
    { name: 'an unknown path (404)', status: 404, answer: () => send(`${running.url}/api/v1/nothing-here`, 'GET', ssws()) },
    { name: 'TRACE (405)', status: 405, answer: () => send(`${running.url}/api/v1/apps`, 'TRACE', ssws()) },
    {
      name: 'a token request without client authentication (401)',
      status: 401,
      answer: () => send(tokenUrl(), 'POST', { 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials'),
    },
    {
      name: 'a DPoP token request without a nonce (400, DPoP-Nonce)',
      status: 400,
      header: ['dpop-nonce', /^\S+$/],
      answer: async () => {
        const { form, key } = await dpopServiceApp();
        const body = new URLSearchParams(await form()).toString();
        const dpop = await proof(key, 'POST', tokenUrl(), now());
        return send(tokenUrl(), 'POST', { 'content-type': 'application/x-www-form-urlencoded', dpop }, body);
      },
    },
    {
      name: 'a SET refused by the receiver (400)',
      status: 400,
      answer: () => send(`${running.url}/security/api/v1/security-events`, 'POST', { 'content-type': 'application/secevent+jwt' }, 'not-a-jwt'),
    },
    {
      name: 'a 429 from a fault',
      status: 429,
      answer: async () => {
        expect((await fault(429)).status).toBe(201);
        return send(`${running.url}/api/v1/apps`, 'GET', ssws());
      },
    },
    {
      name: 'a 503 from a fault',
      status: 503,
      answer: async () => {
        expect((await fault(503)).status).toBe(201);
        return send(`${running.url}/api/v1/apps`, 'GET', ssws());
      },
    },
    {
      name: 'a DPoP-bound token sent as Bearer (401, WWW-Authenticate)',
      status: 401,
      header: ['www-authenticate', /^DPoP .*error="invalid_dpop_proof"/],
      answer: async () => {
        const { form, key } = await dpopServiceApp();
        const first = await tokenRequest(tokenUrl(), await form(), await proof(key, 'POST', tokenUrl(), now()));
        const nonce = first.headers.get('dpop-nonce')!;
        const issued = await tokenRequest(tokenUrl(), await form(), await proof(key, 'POST', tokenUrl(), now(), { nonce }));
        expect(issued.status).toBe(200);
        const { access_token: token } = (await issued.json()) as { access_token: string };
        return send(`${running.url}/api/v1/apps`, 'GET', { authorization: `Bearer ${token}` });
      },
    },
  ];

  it.for(CASES)('$name carries Access-Control-Allow-Origin and the expose list', async ({ status, answer, header }) => {
    const response = await answer();
    expect(response.status, response.text).toBe(status);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']).toBe(EXPOSED);
    if (header !== undefined) expect(response.headers[header[0]]).toMatch(header[1]);
  });

  it('exposes WWW-Authenticate and DPoP-Nonce, which a client reads on a refusal', async () => {
    const response = await send(`${running.url}/api/v1/apps`, 'GET');
    const exposed = String(response.headers['access-control-expose-headers']).split(',').map((h) => h.trim().toLowerCase());
    expect(exposed).toContain('www-authenticate');
    expect(exposed).toContain('dpop-nonce');
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

  it.each([
    ['a control-plane answer (/__appset/health)', '/__appset/health', 200],
    ['an unknown control-plane path (404)', '/__appset/nothing-here', 404],
  ])('%s to a listed origin carries its Access-Control-Allow-Origin and the expose list', async (_, path, status) => {
    const response = await send(`${running.url}${path}`, 'GET');
    expect(response.status, response.text).toBe(status);
    expect(response.headers['access-control-allow-origin']).toBe(PAGE);
    expect(response.headers['access-control-expose-headers']).toBe(EXPOSED);
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
