import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import {
  ConnectionError,
  createClient,
  InvalidResponseError,
  ServerError,
  TimeoutError,
  type AppsetClient,
  type ClientOptions,
} from '../../src/index';
import { events } from '../../src/set/index';
import { BOOKMARK } from '../contract/app-kinds';
import {
  ADA,
  expectAccepted,
  expectRefused,
  ISSUER,
  providerKey,
  publish,
  sign,
  type ProviderKey,
} from '../mock-server/security-events/helpers';
import { call } from '../mock-server/raw-http';
import { faultServer, type Fault, type FaultServer } from './fault-server';
import { watchUnhandledRejections } from './unhandled-rejections';

const rejections = watchUnhandledRejections();

let faulty: FaultServer | undefined;
afterEach(async () => {
  await faulty?.close();
  faulty = undefined;
});

/** A client of a server that misbehaves as `fault` says. */
async function clientOf(fault: Fault, options: Partial<ClientOptions> = {}): Promise<AppsetClient> {
  faulty = await faultServer(fault);
  return createClient({ orgUrl: faulty.url, token: 'fault-token', ...options });
}

/** Sends the status line, the headers and part of a JSON body, then destroys the socket. */
const dropMidBody: Fault = (_req, res, later) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '600' });
  res.write('{"id":"0oa1","name":"bookm');
  later(10, () => res.socket?.destroy());
};

describe('a server that drops the connection', () => {
  it('makes get fail with ConnectionError after 1 + maxRetries attempts when the socket dies mid-response', async () => {
    const client = await clientOf(dropMidBody, { maxRetries: 2 });
    const error = await client.apps.get('0oa1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(faulty!.requests).toEqual(['GET /api/v1/apps/0oa1', 'GET /api/v1/apps/0oa1', 'GET /api/v1/apps/0oa1']);
  });

  it('makes get fail with ConnectionError after 1 + maxRetries attempts when the socket dies before any answer', async () => {
    const client = await clientOf((req) => req.socket.destroy(), { maxRetries: 1 });
    await expect(client.apps.get('0oa1')).rejects.toBeInstanceOf(ConnectionError);
    expect(faulty!.requests).toHaveLength(2);
  });

  it('makes create fail with ConnectionError after exactly one request (the app may exist: never retried)', async () => {
    const client = await clientOf(dropMidBody, { maxRetries: 2 });
    await expect(client.apps.create(BOOKMARK)).rejects.toBeInstanceOf(ConnectionError);
    expect(faulty!.requests).toEqual(['POST /api/v1/apps?activate=true']);
  });

  it('names the failed request in its message, never the token', async () => {
    const client = await clientOf((req) => req.socket.destroy(), { maxRetries: 0 });
    const error = (await client.apps.get('0oa1').catch((e: unknown) => e)) as ConnectionError;
    expect(error.message).toMatch(/^GET \/api\/v1\/apps\/0oa1 could not reach the organization/);
    expect(error.message).not.toContain('fault-token');
  });
});

describe('a server slower than the call timeout', () => {
  /** Answers correctly, but only after two seconds. */
  const slow: Fault = (_req, res, later) => later(2_000, () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));

  it('makes get fail with TimeoutError after one request, and the client abandons it', async () => {
    const client = await clientOf(slow);
    const error = (await client.apps.get('0oa1', undefined, { timeout: 200 }).catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeout).toBe(200);
    expect(faulty!.requests).toEqual(['GET /api/v1/apps/0oa1']);
    // The server never got to answer: the client closed the request rather than waiting for it.
    await vi.waitFor(() => expect(faulty!.abandoned).toEqual(['GET /api/v1/apps/0oa1']));
  });

  it('makes create fail with TimeoutError after exactly one request', async () => {
    const client = await clientOf(slow, { timeout: 200 });
    await expect(client.apps.create(BOOKMARK)).rejects.toBeInstanceOf(TimeoutError);
    expect(faulty!.requests).toHaveLength(1);
  });
});

describe('a server that sends truncated JSON with status 200', () => {
  // Content-Length promises more than arrives before the connection ends: the response never
  // completes, so fetch fails while reading the body. That is a broken connection, not a bad
  // answer: ConnectionError, retried like one for idempotent calls.
  it('makes get fail with ConnectionError when the body ends short of its Content-Length', async () => {
    const client = await clientOf(dropMidBody, { maxRetries: 0 });
    const error = (await client.apps.get('0oa1').catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.cause).toBeInstanceOf(Error);
  });

  // A correctly framed response whose JSON is cut mid-object did complete: the organization
  // answered something unreadable. That is InvalidResponseError, and a complete answer is not retried.
  it('makes get fail with InvalidResponseError, without retrying, when a complete body is JSON cut mid-object', async () => {
    const cut = '{"id":"0oa1","name":"bookmark","label":"Wi';
    const client = await clientOf((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(cut), { maxRetries: 2 });
    const error = (await client.apps.get('0oa1').catch((e: unknown) => e)) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/^GET \/api\/v1\/apps\/0oa1 answered 200 with a body that is not JSON/);
    expect(faulty!.requests).toHaveLength(1);
  });

  it('makes create fail with InvalidResponseError after exactly one request when a complete body is JSON cut mid-object', async () => {
    const client = await clientOf((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"0oa1",'));
    await expect(client.apps.create(BOOKMARK)).rejects.toBeInstanceOf(InvalidResponseError);
    expect(faulty!.requests).toHaveLength(1);
  });
});

describe('a gateway answering HTML error pages', () => {
  const htmlPage = (status: number, title: string): Fault => (_req, res) =>
    res
      .writeHead(status, { 'content-type': 'text/html', 'retry-after': '0' })
      .end(`<html><head><title>${status} ${title}</title></head><body><h1>${title}</h1><hr>nginx</body></html>`);

  it('makes get fail with ServerError and a readable message after 1 + maxRetries attempts on 502', async () => {
    const client = await clientOf(htmlPage(502, 'Bad Gateway'), { maxRetries: 2 });
    const error = (await client.apps.get('0oa1').catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect({ status: error.status, errorCode: error.errorCode }).toEqual({ status: 502, errorCode: undefined });
    // Readable: what failed and how, in the library's words, with none of the page's markup.
    expect(error.message).toMatch(/^GET \/api\/v1\/apps\/0oa1 failed with 502: the server answered HTTP 502 without an Okta error body\./);
    expect(error.message).not.toMatch(/[<>]|nginx/);
    expect(faulty!.requests).toHaveLength(3);
  });

  it('makes create fail with ServerError after exactly one request on 503', async () => {
    const client = await clientOf(htmlPage(503, 'Service Unavailable'), { maxRetries: 2 });
    const error = (await client.apps.create(BOOKMARK).catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toMatch(/^POST \/api\/v1\/apps\?activate=true failed with 503: the server answered HTTP 503 without an Okta error body\./);
    expect(error.message).not.toMatch(/[<>]|nginx/);
    expect(faulty!.requests).toEqual(['POST /api/v1/apps?activate=true']);
  });
});

// test/mock-server/security-events/jwks-url.test.ts covers a key set endpoint answering 500, HTML,
// JSON that is no key set, and recovery from those. What it lacks: an endpoint that cannot be
// reached at all, and one whose 200 answer is cut short.
describe("the backend, when a provider's key set endpoint fails", () => {
  const JWKS_URL = 'https://provider.test/jwks';
  // A clock the tests move past the cooldown that follows a failed key set fetch.
  let skew = 0;
  const backend = createMockBackend({ now: () => Date.now() + skew });
  const server = setupServer(...createHandlers(backend));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    backend.reset();
  });
  afterAll(() => server.close());

  let key: ProviderKey;
  beforeAll(async () => {
    key = await providerKey('kid1');
  });

  /** The key set endpoint: unreachable, cut short, or serving the key, as `state.reply` says at each request. */
  function jwksEndpoint(initial: 'unreachable' | 'cut-short') {
    const state: { reply: 'unreachable' | 'cut-short' | 'up'; fetches: number } = { reply: initial, fetches: 0 };
    server.use(
      http.get(JWKS_URL, () => {
        state.fetches += 1;
        if (state.reply === 'unreachable') return HttpResponse.error();
        const full = JSON.stringify({ keys: [key.publicJwk] });
        if (state.reply === 'cut-short') return new HttpResponse(full.slice(0, full.length / 2), { headers: { 'content-type': 'application/json' } });
        return new HttpResponse(full, { headers: { 'content-type': 'application/json' } });
      }),
    );
    return state;
  }

  async function createProvider(): Promise<void> {
    const response = await call(backend, '/api/v1/security-events-providers', {
      method: 'POST',
      json: { name: 'Risk Engine', type: 'okta', settings: { issuer: ISSUER, jwks_url: JWKS_URL } },
    });
    expect(response.status).toBe(200);
  }

  const token = () => sign(backend, key, events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' }));

  it.each([
    ['unreachable', 'the request failed'],
    ['cut-short', 'the body is not UTF-8 JSON'],
  ] as const)('answers invalid_key while the endpoint is %s', async (reply, reason) => {
    jwksEndpoint(reply);
    await createProvider();
    expectRefused(await publish(backend, await token()), 'invalid_key', `The key set at ${JWKS_URL} could not be fetched: ${reason}`);
  });

  it.each(['unreachable', 'cut-short'] as const)('accepts tokens again once an endpoint that was %s recovers', async (reply) => {
    const endpoint = jwksEndpoint(reply);
    await createProvider();
    await publish(backend, await token());
    endpoint.reply = 'up';
    skew += 30_000;
    expectAccepted(await publish(backend, await token()));
    expect(endpoint.fetches).toBe(2);
  });
});

it('left no promise rejection unhandled across every fault above', async () => {
  expect(await rejections.settled()).not.toHaveBeenCalled();
});
