import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { createHandlers } from '../../../mock-server/msw/index';
import { listen, type RequestLogEntry, type RunningServer } from '../../../mock-server/node/index';
import { listenWith } from '../../../mock-server/node/listen';

const backend = createMockBackend({ seed: 'demo' });
let running: RunningServer;

beforeAll(async () => {
  running = await listen(backend, { host: '127.0.0.1', port: 0 });
});
afterAll(() => running.close());

/** Raw response headers as sent on the wire (repeated headers stay separate). */
function rawHeaders(path: string): Promise<{ status: number; headers: Array<[string, string]> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${running.url}${path}`, { headers: { authorization: `SSWS ${backend.defaultToken}` } }, (res) => {
      const pairs: Array<[string, string]> = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: pairs }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTP server', () => {
  it('serves on 127.0.0.1 and makes the served URL the org URL', () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(backend.orgUrl).toBe(running.url);
  });

  it('sends one Link header per relation, self first', async () => {
    const { status, headers } = await rawHeaders('/api/v1/apps?limit=2');
    expect(status).toBe(200);
    const links = headers.filter(([name]) => name === 'link').map(([, value]) => value);
    expect(links).toHaveLength(2);
    expect(links[0]).toBe(`<${running.url}/api/v1/apps?limit=2>; rel="self"`);
    expect(links[1]).toMatch(/; rel="next"$/);
  });

  it('states the length of every body it sends', async () => {
    const { headers } = await rawHeaders('/api/v1/apps?limit=1');
    expect(Number(headers.find(([name]) => name === 'content-length')?.[1])).toBeGreaterThan(100);
  });
});

describe('routing', () => {
  it.each(['/xyz/api/v1/apps', '/api/v1/api/v1/apps', '/security/api/v1/apps'])(
    'answers %s, which merely contains a route, with a 404 in the Okta error shape',
    async (path) => {
      const response = await fetch(`${running.url}${path}`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ errorCode: 'E0000007', errorLink: 'E0000007' });
      expect(response.headers.get('x-okta-request-id')).toMatch(/^\w{20}$/);
    },
  );

  it('reads a request target starting with // as a path on the organization, not another host', async () => {
    const { request: raw } = await import('node:http');
    const { port } = new URL(running.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = raw({ host: '127.0.0.1', port, path: '//evil.example/api/v1/apps', headers: { authorization: `SSWS ${backend.defaultToken}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
  });
});

describe('the HTTP server and the msw handlers', () => {
  it('answer a list page, an app and errors with the same status, headers and body', async () => {
    const { getResponse } = await import('msw');
    const app = backend.apps.list()[2]!;
    const headers = { authorization: `SSWS ${backend.defaultToken}` };
    const volatile = new Set(['x-okta-request-id', 'date', 'x-rate-limit-remaining', 'x-rate-limit-reset', 'content-length', 'connection', 'keep-alive']);
    // CORS headers are the HTTP server's own (test/mock-server/node/cors.test.ts checks them).
    const comparable = (response: Response) =>
      [...response.headers]
        .filter(([name]) => !volatile.has(name) && !name.startsWith('access-control-'))
        .sort(([a], [b]) => a.localeCompare(b));
    for (const path of ['/api/v1/apps?limit=3', `/api/v1/apps/${app.id}`, '/api/v1/apps/0oaMISSING', '/api/v1/nowhere']) {
      const overHttp = await fetch(`${running.url}${path}`, { headers });
      const inProcess = (await getResponse(createHandlers(backend), new Request(`${running.url}${path}`, { headers })))!;
      expect(overHttp.status, path).toBe(inProcess.status);
      expect(comparable(overHttp), path).toEqual(comparable(inProcess));
      const [httpBytes, mswBytes] = [Buffer.from(await overHttp.arrayBuffer()), Buffer.from(await inProcess.arrayBuffer())];
      if (overHttp.ok) {
        expect(httpBytes.equals(mswBytes), path).toBe(true);
      } else {
        // Every error has its own errorId; the rest is the same.
        const withoutId = (bytes: Buffer) => ({ ...JSON.parse(bytes.toString()), errorId: undefined });
        expect(withoutId(httpBytes), path).toEqual(withoutId(mswBytes));
      }
    }
  });
});

describe('route matching', () => {
  const status = async (path: string) =>
    (await fetch(`${running.url}${path}`, { headers: { authorization: `SSWS ${backend.defaultToken}` } })).status;

  it('is exact: another letter case or a trailing slash is not the route', async () => {
    const app = backend.apps.list()[0]!;
    expect(await status(`/api/v1/apps/${app.id}`)).toBe(200);
    expect(await status(`/API/v1/apps/${app.id}`)).toBe(404);
    expect(await status(`/api/v1/apps/${app.id}/`)).toBe(404);
  });

  it('percent-decodes path parameters, and answers 404 for one that does not decode', async () => {
    const app = backend.apps.list()[0]!;
    const encoded = [...app.id].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    expect(await status(`/api/v1/apps/${encoded}`)).toBe(200);
    expect(await status('/api/v1/apps/%E0%A4%A')).toBe(404);
  });
});

describe('a request log callback that throws', () => {
  it('ends that connection and is reported as a warning; the server keeps answering', async () => {
    const backend = createMockBackend();
    const running = await listen(backend, {
      host: '127.0.0.1',
      port: 0,
      onRequest: () => {
        throw new Error('the logger broke');
      },
    });
    // Captured, not printed: a listener on 'warning' would leave Node's own printing on, in the middle of the run.
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const headers = { authorization: `SSWS ${backend.defaultToken}` };
      expect((await fetch(`${running.url}/api/v1/apps`, { headers })).status).toBe(200);
      await vi.waitFor(() => expect(emitWarning).toHaveBeenCalledWith('appset-mock: a request ended without an answer or its log line: the logger broke'));
      expect((await fetch(`${running.url}/api/v1/apps`, { headers })).status).toBe(200);
    } finally {
      await running.close();
      emitWarning.mockRestore();
    }
  });
});

describe("the command's log of refusals only (listenWith, logged: 'refusals')", () => {
  it('tells onRequest of refusals and failures alone, each entry whole; logged: all tells it of every answer', async () => {
    const heard: Record<'refusals' | 'all', RequestLogEntry[]> = { refusals: [], all: [] };
    for (const logged of ['refusals', 'all'] as const) {
      const served = createMockBackend({ seed: 'demo' });
      const server = await listenWith(served, { port: 0, corsOrigins: ['https://page.example'], logged, onRequest: (entry) => heard[logged].push(entry) });
      try {
        const auth = { authorization: `SSWS ${served.defaultToken}` };
        const before = Date.now();
        expect((await fetch(`${server.url}/api/v1/apps?probe=ok`, { headers: auth })).status).toBe(200);
        expect((await fetch(`${server.url}/api/v1/apps/0oa0000000000missing?probe=missing`, { headers: auth })).status).toBe(404);
        expect((await fetch(`${server.url}/api/v1/apps?probe=no-token`)).status).toBe(403);
        expect((await fetch(`${server.url}/api/v1/apps?probe=origin`, { headers: { ...auth, origin: 'https://other.example' } })).status).toBe(200);
        expect((await fetch(`${server.url}/__appset/health?probe=plane`)).status).toBe(200);
        for (const entry of heard[logged]) {
          // The arrival of a refusal is worked out from its duration: the machine's clock, give or take.
          expect(Math.abs(Date.parse(entry.time) - before)).toBeLessThan(60_000);
          expect(entry.requestId).toMatch(/^[0-9A-Za-z]{20}$/);
        }
      } finally {
        await server.close();
      }
    }
    const shown = (entries: RequestLogEntry[]) => entries.map(({ method, path, status, errorCode }) => ({ method, path, status, errorCode }));
    expect(shown(heard.refusals)).toEqual([
      { method: 'GET', path: '/api/v1/apps/0oa0000000000missing?probe=missing', status: 404, errorCode: 'E0000007' },
      { method: 'GET', path: '/api/v1/apps?probe=no-token', status: 403, errorCode: 'E0000005' },
      { method: 'GET', path: '/api/v1/apps?probe=origin', status: 200, errorCode: 'cors_origin_not_allowed' },
    ]);
    expect(shown(heard.all).map((entry) => entry.path)).toEqual([
      '/api/v1/apps?probe=ok',
      '/api/v1/apps/0oa0000000000missing?probe=missing',
      '/api/v1/apps?probe=no-token',
      '/api/v1/apps?probe=origin',
      '/__appset/health?probe=plane',
    ]);
  });
});
