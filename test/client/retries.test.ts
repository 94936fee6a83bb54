import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, createClient, RateLimitError, ServerError, TimeoutError } from '../../src/index';
import { RATE_LIMIT_MARGIN_MS } from '../../src/core/retry-policy';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server } = useMswServer();

// The client's clock is 30 s ahead of the server's, so waits must be measured against `Date`.
const SERVER_NOW = Date.parse('2026-11-21T12:00:00.000Z');
const CLIENT_NOW = SERVER_NOW + 30_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(CLIENT_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

function rateLimited(resetInSeconds: number) {
  return HttpResponse.json(
    { errorCode: 'E0000047', errorSummary: 'API call exceeded rate limit due to too many requests.', errorLink: 'E0000047', errorId: 'x', errorCauses: [] },
    {
      status: 429,
      headers: {
        date: new Date(SERVER_NOW).toUTCString(),
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(SERVER_NOW / 1000 + resetInSeconds),
      },
    },
  );
}

/** Records when (on the fake clock) each request arrived and answers from a script. */
function scripted(method: 'get' | 'post' | 'put', path: string, answers: Array<() => Response>) {
  const times: number[] = [];
  server.use(
    http[method](`${ORG}${path}`, () => {
      times.push(Date.now());
      const next = answers[Math.min(times.length - 1, answers.length - 1)]!;
      return next();
    }),
  );
  return times;
}

const bookmark = { name: 'bookmark', label: 'W', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://w.example' } } } as const;

describe('retries', () => {
  it('waits for X-Rate-Limit-Reset measured against the Date header, then succeeds', async () => {
    const times = scripted('get', '/api/v1/apps/:id', [() => rateLimited(10), () => HttpResponse.json(bookmarkApp())]);
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const result = client.apps.get('0oa1');
    await vi.advanceTimersByTimeAsync(10_000 + RATE_LIMIT_MARGIN_MS - 1);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ id: '0oa1bookmark00000000' });
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBe(10_000 + RATE_LIMIT_MARGIN_MS);
  });

  it('gives up with RateLimitError after maxRetries retries', async () => {
    const times = scripted('get', '/api/v1/apps/:id', [() => rateLimited(1)]);
    const client = createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 2 });
    const result = client.apps.get('0oa1').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toBeInstanceOf(RateLimitError);
    expect(times).toHaveLength(3);
  });

  it('throws RateLimitError at once when the reset is further away than maxRetryWait', async () => {
    const times = scripted('get', '/api/v1/apps/:id', [() => rateLimited(120)]);
    const client = createClient({ orgUrl: ORG, token: TOKEN, maxRetryWait: 60_000 });
    const error = await client.apps.get('0oa1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(times).toHaveLength(1);
  });

  it('retries a create after 429, since the server refused it before acting', async () => {
    const times = scripted('post', '/api/v1/apps', [() => rateLimited(2), () => HttpResponse.json(bookmarkApp())]);
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const result = client.apps.create(bookmark);
    await vi.advanceTimersByTimeAsync(2_000 + RATE_LIMIT_MARGIN_MS);
    await expect(result).resolves.toMatchObject({ name: 'bookmark' });
    expect(times).toHaveLength(2);
  });

  it('retries a GET after 5xx with backoff, and a PUT after a connection error', async () => {
    const gets = scripted('get', '/api/v1/apps/:id', [() => new HttpResponse(null, { status: 503 }), () => HttpResponse.json(bookmarkApp())]);
    const puts = scripted('put', '/api/v1/apps/:id', [() => HttpResponse.error(), () => HttpResponse.json(bookmarkApp())]);
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const got = client.apps.get('0oa1');
    const put = client.apps.replace('0oa1', { ...bookmark });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(got).resolves.toBeDefined();
    await expect(put).resolves.toBeDefined();
    expect(gets).toHaveLength(2);
    expect(puts).toHaveLength(2);
  });

  it('never retries a create after a connection error or a 5xx (it could duplicate the app)', async () => {
    const client = createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 5 });
    const dropped = scripted('post', '/api/v1/apps', [() => HttpResponse.error()]);
    await expect(client.apps.create(bookmark)).rejects.toBeInstanceOf(ConnectionError);
    expect(dropped).toHaveLength(1);

    const failed = scripted('post', '/api/v1/apps', [() => new HttpResponse(null, { status: 500 })]);
    await expect(client.apps.create(bookmark)).rejects.toBeInstanceOf(ServerError);
    expect(failed).toHaveLength(1);
  });

  it('retries lifecycle calls after a connection error', async () => {
    const times = scripted('post', '/api/v1/apps/:id/lifecycle/deactivate', [() => HttpResponse.error(), () => HttpResponse.json({})]);
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const result = client.apps.deactivate('0oa1');
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toBeUndefined();
    expect(times).toHaveLength(2);
  });

  it('aborting during a retry wait rejects at once with the signal reason', async () => {
    const times = scripted('get', '/api/v1/apps/:id', [() => rateLimited(30)]);
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const controller = new AbortController();
    const result = client.apps.get('0oa1', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times).toHaveLength(1);
    controller.abort(new Error('user gave up'));
    const error = await result;
    expect((error as Error).message).toBe('user gave up');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times).toHaveLength(1);
  });
});

describe('abort during a request', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('rejects with an AbortError while the server has not answered', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((r) => (arrived = r));
    server.use(
      http.get(`${ORG}/api/v1/apps/:id`, async () => {
        arrived();
        await new Promise((r) => setTimeout(r, 5_000));
        return HttpResponse.json(bookmarkApp());
      }),
    );
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const controller = new AbortController();
    const result = client.apps.get('0oa1', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    await reached;
    controller.abort();
    const error = (await result) as Error;
    expect(error.name).toBe('AbortError');
  });

  it('rejects with the signal reason when aborted while the body is still arriving', async () => {
    let streaming!: () => void;
    const started = new Promise<void>((r) => (streaming = r));
    server.use(
      http.get(`${ORG}/api/v1/apps/:id`, () => {
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id": "0oa1", "label": "half'));
            streaming();
            // …and never closes.
          },
        });
        return new HttpResponse(body, { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = createClient({ orgUrl: ORG, token: TOKEN, timeout: 60_000 });
    const controller = new AbortController();
    const result = client.apps.get('0oa1', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    await started;
    const reason = new Error('the caller gave up');
    controller.abort(reason);
    expect(await result).toBe(reason);
  });

  it('an already aborted signal sends nothing', async () => {
    const times = scripted('get', '/api/v1/apps/:id', [() => HttpResponse.json(bookmarkApp())]);
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const error = await client.apps.get('0oa1', undefined, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(times).toHaveLength(0);
  });
});

describe('fetch lookup', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('a client created before the fetch is patched still uses the patched fetch', async () => {
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const original = globalThis.fetch;
    const calls: string[] = [];
    globalThis.fetch = (input, init) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return original(input, init);
    };
    try {
      scripted('get', '/api/v1/apps/:id', [() => HttpResponse.json(bookmarkApp())]);
      await client.apps.get('0oa1');
    } finally {
      globalThis.fetch = original;
    }
    expect(calls).toEqual([`${ORG}/api/v1/apps/0oa1`]);
  });

  it('a fetch given in the options receives the URL as a string and an init with a signal of its own', async () => {
    const custom = vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => Response.json(bookmarkApp()));
    const client = createClient({ orgUrl: ORG, token: TOKEN, fetch: custom });
    const caller = new AbortController();
    await client.apps.get('0oa1', undefined, { signal: caller.signal });
    const [input, init] = custom.mock.calls[0]!;
    expect(input).toBe(`${ORG}/api/v1/apps/0oa1`);
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('authorization')).toBe(`SSWS ${TOKEN}`);
    // The attempt's own signal (it carries the timeout), which follows the caller's.
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(init?.signal).not.toBe(caller.signal);
  });

  it('the timeout holds even when a fetch given in the options ignores its signal', async () => {
    const neverAnswers = vi.fn(() => new Promise<Response>(() => {}));
    const client = createClient({ orgUrl: ORG, token: TOKEN, fetch: neverAnswers, timeout: 30 });
    await expect(client.apps.get('0oa1')).rejects.toBeInstanceOf(TimeoutError);

    // …and when its body never ends.
    const stalls = vi.fn(async () => new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"id"')) })));
    const stalled = createClient({ orgUrl: ORG, token: TOKEN, fetch: stalls, timeout: 30 });
    await expect(stalled.apps.get('0oa1')).rejects.toBeInstanceOf(TimeoutError);
  });

  it("the caller's abort holds even when a fetch given in the options ignores its signal", async () => {
    const client = createClient({ orgUrl: ORG, token: TOKEN, fetch: () => new Promise<Response>(() => {}) });
    const controller = new AbortController();
    const result = client.apps.get('0oa1', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    const reason = new Error('no longer needed');
    controller.abort(reason);
    expect(await result).toBe(reason);
  });

  it("a request's own signal, put in place by a hook, holds even when a fetch given in the options ignores it", async () => {
    const stop = new AbortController();
    const client = createClient({
      orgUrl: ORG,
      token: TOKEN,
      timeout: 60_000,
      fetch: () => new Promise<Response>(() => {}),
      hooks: { beforeRequest: [(request) => new Request(request, { signal: stop.signal })] },
    });
    const result = client.apps.get('0oa1').catch((error: unknown) => error);
    // Aborted once the fetch has started (a signal aborted before it is refused before sending).
    setTimeout(() => stop.abort(new Error('the hook says stop')), 20);
    expect(await result).toEqual(new Error('the hook says stop'));
  });

  it("a response a beforeRetry hook answers with is the call's answer, not the body of the attempt before it", async () => {
    let attempts = 0;
    const client = createClient({
      orgUrl: ORG,
      token: TOKEN,
      maxRetries: 1,
      fetch: async () => {
        attempts += 1;
        return Response.json({ errorCode: 'E0000009', errorSummary: 'unavailable', id: 'FROM_503_BODY' }, { status: 503, headers: { 'retry-after': '0' } });
      },
      hooks: { beforeRetry: [() => Response.json(bookmarkApp('0oaFROMHOOK'))] },
    });
    const app = await client.apps.get('0oa1');
    expect(app.id).toBe('0oaFROMHOOK');
    expect(attempts).toBe(1);
  });

  it('a fetch given in the options is used instead of the global one', async () => {
    const custom = vi.fn(async () => Response.json(bookmarkApp('0oaCUSTOM')));
    const client = createClient({ orgUrl: ORG, token: TOKEN, fetch: custom });
    const app = await client.apps.get('0oa1');
    expect(app.id).toBe('0oaCUSTOM');
    expect(custom).toHaveBeenCalledTimes(1);
  });
});
