import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend, RECEIVE_EVENT_TYPE, type MockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { events } from '../../src/set/index';
import { BOOKMARK } from '../contract/app-kinds';
import {
  ADA,
  addAda,
  expectAccepted,
  expectRefused,
  manualClock,
  providerKey,
  publish,
  RECEIVER_PATH,
  registerProvider,
  sign,
  type ProviderKey,
} from '../mock-server/security-events/helpers';

const MiB = 1024 * 1024;

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

/** Serves `backend` on 127.0.0.1 for the calling describe block. */
function served(backend: MockBackend) {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await listen(backend, { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => running?.close());
}

interface EarlyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * Declares a body of `declared` bytes but sends only the first `sent` bytes, then waits for the
 * answer without ever sending the rest. A server that buffered the whole body before answering
 * would never answer, so an answer proves the body was refused before it was read.
 */
function sendPartOfBody(
  method: 'POST' | 'PUT',
  origin: string,
  path: string,
  headers: Record<string, string>,
  declared: number,
  sent: number,
): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method, headers: { ...headers, 'content-length': String(declared) } });
    const guard = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer after ${sent} of ${declared} bytes: the server waits for the whole body`));
    }, 10_000);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(guard);
        req.destroy();
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) });
      });
    });
    // Before the answer, an error fails the test; after it (the request is destroyed on purpose), rejecting does nothing.
    req.on('error', (error) => {
      clearTimeout(guard);
      reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let offset = 0; offset < sent; offset += chunk.length) req.write(chunk);
  });
}

describe('app bodies over 1 MiB, over HTTP', () => {
  const backend = createMockBackend({ seed: [BOOKMARK] });
  served(backend);
  const headers = () => ({ 'content-type': 'application/json', authorization: `SSWS ${backend.defaultToken}` });
  const tooLarge = (answer: EarlyAnswer) => {
    expect({ status: answer.status, errorCode: answer.body?.errorCode, errorSummary: answer.body?.errorSummary, causes: answer.body?.errorCauses }).toEqual({
      status: 400,
      errorCode: 'E0000003',
      errorSummary: 'The request body was not well-formed.',
      causes: [{ errorSummary: `The request body exceeds ${MiB} bytes.` }],
    });
  };

  it('refuses a create declaring 5 MiB with 400 E0000003 while most of the body is still unsent', async () => {
    tooLarge(await sendPartOfBody('POST', backend.orgUrl, '/api/v1/apps', headers(), 5 * MiB, MiB + 128 * 1024));
    expect(backend.apps.size).toBe(1);
  });

  it('refuses a replace declaring 5 MiB with 400 E0000003 while most of the body is still unsent', async () => {
    const [app] = backend.apps.list();
    tooLarge(await sendPartOfBody('PUT', backend.orgUrl, `/api/v1/apps/${app!.id}`, headers(), 5 * MiB, MiB + 128 * 1024));
    expect(backend.apps.list()).toEqual([app]);
  });

  it('refuses a complete 2 MiB create sent without Content-Length (chunked) with 400 E0000003', async () => {
    const body = JSON.stringify({ ...BOOKMARK, label: 'x'.repeat(2 * MiB) });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
    });
    const response = await fetch(`${backend.orgUrl}/api/v1/apps`, {
      method: 'POST',
      headers: headers(),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('E0000003');
    expect(backend.apps.size).toBe(1);
  });
});

describe('a chunked body that never ends, over HTTP', () => {
  const backend = createMockBackend();
  served(backend);

  it('is answered 400 with Connection: close, and the server closes the connection while the sender still streams', async () => {
    const outcome = await new Promise<{ status: number; connection: string | undefined; closedBy: 'server' | 'guard'; sent: number }>((resolve) => {
      const req = request(`${backend.orgUrl}/api/v1/apps`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `SSWS ${backend.defaultToken}` } });
      let status = 0;
      let connection: string | undefined;
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 'a');
      // Bounded: at most 32 MiB over at most 10 s, then the test gives up on its own.
      const pump = setInterval(() => {
        if (sent >= 32 * MiB) return;
        req.write(chunk);
        sent += chunk.length;
      }, 1);
      const finish = (closedBy: 'server' | 'guard') => {
        clearInterval(pump);
        clearTimeout(guard);
        req.destroy();
        resolve({ status, connection, closedBy, sent });
      };
      const guard = setTimeout(() => finish('guard'), 10_000);
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        connection = res.headers.connection;
        res.resume();
      });
      req.on('close', () => finish('server'));
      req.on('error', () => undefined);
    });
    expect(outcome).toMatchObject({ status: 400, connection: 'close', closedBy: 'server' });
    expect(outcome.sent).toBeLessThan(32 * MiB);
  });
});

describe('security event tokens over 64 KiB, over HTTP', () => {
  const backend = createMockBackend();
  served(backend);
  const TOO_LARGE = `The security event token exceeds ${64 * 1024} bytes`;

  it('refuses a 100 KiB token with 400 invalid_request', async () => {
    registerProvider(backend, [key]);
    const padding = 'x'.repeat(100 * 1024);
    const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA }, reason_admin: { en: padding } }));
    expect(token.length).toBeGreaterThan(100 * 1024);
    expectRefused(await publish(backend, token), 'invalid_request', TOO_LARGE);
  });

  it('refuses a token declaring 5 MiB with 400 invalid_request in RFC 8935 form while most of it is still unsent', async () => {
    const answer = await sendPartOfBody('POST', backend.orgUrl, RECEIVER_PATH, { 'content-type': 'application/secevent+jwt' }, 5 * MiB, MiB + 128 * 1024);
    expect({ status: answer.status, body: answer.body, language: answer.headers['content-language'] }).toEqual({
      status: 400,
      body: { err: 'invalid_request', description: TOO_LARGE },
      language: 'en-US',
    });
  });
});

describe('security event tokens over 1 MiB sent without Content-Length, over HTTP', () => {
  const backend = createMockBackend();
  served(backend);

  it('refuses a 2 MiB chunked token with 400 invalid_request in RFC 8935 form', async () => {
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`eyJ${'a'.repeat(2 * MiB)}.e30.sig`));
        controller.close();
      },
    });
    const response = await fetch(`${backend.orgUrl}${RECEIVER_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/secevent+jwt' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect({ status: response.status, body: await response.json(), language: response.headers.get('content-language') }).toEqual({
      status: 400,
      body: { err: 'invalid_request', description: `The security event token exceeds ${64 * 1024} bytes` },
      language: 'en-US',
    });
  });
});

/** Signs and delivers distinct tokens `jti-{from}` … `jti-{to}`, each of which must be accepted. */
async function deliverDistinct(backend: MockBackend, from: number, to: number): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  for (let n = from; n <= to; n += 1) {
    const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: `jti-${n}` });
    tokens.set(n, token);
    expectAccepted(await publish(backend, token));
  }
  return tokens;
}

/** Another token reusing `jti-{n}`: ignored while that jti is remembered, acted on once it is forgotten. */
const reuse = (backend: MockBackend, n: number) =>
  sign(backend, key, events.sessionRevoked({ subject: { user: ADA }, current_ip: '192.0.2.1' }), { jti: `jti-${n}` });

/** The jtis of the latest `count` deliveries the receiver ignored, with why. */
const lastIgnored = (backend: MockBackend, count: number) => backend.signals.ignored().slice(-count).map((entry) => [entry.jti, entry.reason]);

describe('replay memory bounded by replay.maxEntries = 100, after 1,000 distinct tokens', () => {
  const backend = createMockBackend({ replay: { maxEntries: 100 } });
  served(backend);
  let tokens: Map<number, string>;
  beforeAll(async () => {
    registerProvider(backend, [key]);
    addAda(backend);
    tokens = await deliverDistinct(backend, 1, 1000);
  }, 60_000);

  it('still remembers the latest 100 jtis: another token reusing any of them is answered 202 and ignored', async () => {
    const logged = backend.logs.list(RECEIVE_EVENT_TYPE).length;
    const statuses = [];
    for (let n = 901; n <= 1000; n += 1) statuses.push((await publish(backend, await reuse(backend, n))).status);
    expect(statuses).toEqual(Array.from({ length: 100 }, () => 202));
    expect(lastIgnored(backend, 100)).toEqual(Array.from({ length: 100 }, (_, i) => [`jti-${901 + i}`, 'jti_reused']));
    expect(backend.logs.list(RECEIVE_EVENT_TYPE).length).toBe(logged);
  });

  it('has forgotten older ones: the 1st token and another reusing the 900th jti are acted on as new', async () => {
    const logged = backend.logs.list(RECEIVE_EVENT_TYPE).length;
    expectAccepted(await publish(backend, tokens.get(1)!));
    expectAccepted(await publish(backend, await reuse(backend, 900)));
    expect(backend.logs.list(RECEIVE_EVENT_TYPE).length).toBe(logged + 2);
  });
});

describe('replay memory bounded by replay.windowMs = 60 s', () => {
  // Starts at the real time: the tokens are signed with it, and an iat far ahead of the clock is refused.
  const clock = manualClock(Date.now());
  const backend = createMockBackend({ replay: { windowMs: 60_000 }, now: clock.now });
  served(backend);
  beforeAll(() => {
    registerProvider(backend, [key]);
    addAda(backend);
  });

  it('remembers jtis until the window has passed, then evicts every one of them', async () => {
    await deliverDistinct(backend, 1, 50);
    clock.advance(59_999);
    expectAccepted(await publish(backend, await reuse(backend, 1)));
    expect(lastIgnored(backend, 1)).toEqual([['jti-1', 'jti_reused']]);
    clock.advance(1);
    const logged = backend.logs.list(RECEIVE_EVENT_TYPE).length;
    const answers = [];
    for (let n = 1; n <= 50; n += 1) answers.push((await publish(backend, await reuse(backend, n))).status);
    expect(answers).toEqual(Array.from({ length: 50 }, () => 202));
    expect(backend.logs.list(RECEIVE_EVENT_TYPE).length).toBe(logged + 50);
  });
});
