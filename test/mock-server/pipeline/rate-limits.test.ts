import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, RateLimitError, type FetchLike } from '../../../src/index';
import type { MockBackend } from '../../../mock-server/index';
import { RATE_LIMIT_MARGIN_MS } from '../../../src/core/retry-policy';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError, extraBackend, type RawResponse } from '../raw-http';

// The file's backend keeps its default clock (Date.now), which must follow vitest's fake clock.
const { backend, server } = useMockBackend({ rateLimits: 'okta' });

/** Half a minute into a window, so a reset is 30 s away. */
const T0 = Date.parse('2026-11-21T12:00:30.000Z');
const NEXT_MINUTE = Date.parse('2026-11-21T12:01:00.000Z');
const RATE_LIMITED = 'API call exceeded rate limit due to too many requests.';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

function rateHeaders(response: RawResponse) {
  return {
    limit: response.headers.get('x-rate-limit-limit'),
    remaining: response.headers.get('x-rate-limit-remaining'),
    reset: response.headers.get('x-rate-limit-reset'),
  };
}

/** Makes `count` list calls and returns their statuses. */
async function listTimes(target: MockBackend, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await call(target, '/api/v1/apps')).status);
  return statuses;
}

/** A client for `target` that counts the requests it sends. */
function countingClient(target: MockBackend, options: { maxRetries?: number } = {}) {
  const sent = { count: 0 };
  const fetch: FetchLike = (input, init) => {
    sent.count += 1;
    return globalThis.fetch(input, init);
  };
  return { sent, client: createClient({ orgUrl: target.orgUrl, token: target.defaultToken, fetch, ...options }) };
}

describe("the 'okta' limits", () => {
  it('the 101st list call in one minute answers 429 E0000047 with no causes', async () => {
    expect(await listTimes(backend, 100)).toEqual(Array(100).fill(200));
    expectOktaError(await call(backend, '/api/v1/apps'), 429, 'E0000047', RATE_LIMITED, []);
  });

  it('counts X-Rate-Limit-Remaining down from 100 and reports the next minute as X-Rate-Limit-Reset', async () => {
    const first = await call(backend, '/api/v1/apps');
    const second = await call(backend, '/api/v1/apps');
    const reset = String(NEXT_MINUTE / 1000);
    expect(rateHeaders(first)).toEqual({ limit: '100', remaining: '99', reset });
    expect(rateHeaders(second)).toEqual({ limit: '100', remaining: '98', reset });
    expect(first.headers.get('date')).toBe('Sat, 21 Nov 2026 12:00:30 GMT');
  });

  it('a 429 carries the common headers, with remaining 0', async () => {
    await listTimes(backend, 100);
    const refused = await call(backend, '/api/v1/apps');
    expect(refused.status).toBe(429);
    expect(rateHeaders(refused)).toEqual({ limit: '100', remaining: '0', reset: String(NEXT_MINUTE / 1000) });
    expect(refused.headers.get('x-okta-request-id')).toMatch(/^[0-9A-Za-z]+$/);
    expect(refused.headers.get('date')).toBe('Sat, 21 Nov 2026 12:00:30 GMT');
  });

  it('list and create share the /api/v1/apps bucket', async () => {
    await listTimes(backend, 60);
    for (let i = 0; i < 40; i += 1) {
      expect((await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark(`App ${i}`) })).status).toBe(200);
    }
    expect((await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark('One more') })).status).toBe(429);
    expect((await call(backend, '/api/v1/apps')).status).toBe(429);
    expect(backend.apps.size).toBe(40);
  });

  it('/api/v1/apps/{id} has its own bucket of 500, shared by get, replace, lifecycle and delete', async () => {
    const app = backend.apps.create(bookmark());
    await listTimes(backend, 101);
    const path = `/api/v1/apps/${app.id}`;
    const answers = [
      await call(backend, path),
      await call(backend, path, { method: 'PUT', json: bookmark('Renamed') }),
      await call(backend, `${path}/lifecycle/deactivate`, { method: 'POST' }),
      await call(backend, `${path}/lifecycle/activate`, { method: 'POST' }),
      await call(backend, `${path}/lifecycle/deactivate`, { method: 'POST' }),
      await call(backend, path, { method: 'DELETE' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 204]);
    expect(answers.map((r) => rateHeaders(r).remaining)).toEqual(['499', '498', '497', '496', '495', '494']);
    expect(rateHeaders(answers[0]!).limit).toBe('500');
  });

  it('the 501st call on /api/v1/apps/{id} in one minute answers 429', async () => {
    const app = backend.apps.create(bookmark());
    for (let i = 0; i < 500; i += 1) expect((await call(backend, `/api/v1/apps/${app.id}`)).status).toBe(200);
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}`), 429, 'E0000047', RATE_LIMITED, []);
    expect((await call(backend, '/api/v1/apps')).status).toBe(200);
  });

  it('the window resets at the next minute of the default clock, which follows the fake clock', async () => {
    await listTimes(backend, 100);
    vi.setSystemTime(NEXT_MINUTE - 1);
    expect((await call(backend, '/api/v1/apps')).status).toBe(429);
    vi.setSystemTime(NEXT_MINUTE);
    const response = await call(backend, '/api/v1/apps');
    expect(response.status).toBe(200);
    expect(rateHeaders(response)).toEqual({ limit: '100', remaining: '99', reset: String(NEXT_MINUTE / 1000 + 60) });
  });

  it('backend.reset() forgets the windows', async () => {
    await listTimes(backend, 101);
    backend.reset();
    const response = await call(backend, '/api/v1/apps');
    expect(response.status).toBe(200);
    expect(rateHeaders(response).remaining).toBe('99');
  });
});

describe('an injected clock (now option)', () => {
  it('decides the window: still refused within the minute, served again at the next one', async () => {
    let clock = Date.parse('2030-05-05T08:15:10.000Z');
    const timed = extraBackend(server, { rateLimits: 'okta', now: () => clock });
    await listTimes(timed, 100);
    const refused = await call(timed, '/api/v1/apps');
    expect(refused.status).toBe(429);
    expect(rateHeaders(refused).reset).toBe(String(Date.parse('2030-05-05T08:16:00.000Z') / 1000));
    expect(refused.headers.get('date')).toBe('Sun, 05 May 2030 08:15:10 GMT');
    clock = Date.parse('2030-05-05T08:15:59.999Z');
    expect((await call(timed, '/api/v1/apps')).status).toBe(429);
    clock = Date.parse('2030-05-05T08:16:00.000Z');
    expect((await call(timed, '/api/v1/apps')).status).toBe(200);
  });
});

describe('custom limits', () => {
  it('apply per bucket, and the other buckets keep the published limits', async () => {
    const limited = extraBackend(server, { rateLimits: { apps: 2, app: 3 } });
    const app = limited.apps.create(bookmark());
    expect(await listTimes(limited, 3)).toEqual([200, 200, 429]);
    const gets = [];
    for (let i = 0; i < 4; i += 1) gets.push(await call(limited, `/api/v1/apps/${app.id}`));
    expect(gets.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(rateHeaders(gets[0]!)).toMatchObject({ limit: '3', remaining: '2' });
    const unknown = await call(limited, '/api/v1/unknown');
    expect(rateHeaders(unknown).limit).toBe('600');
  });

  it('a partial table keeps the published limit for the buckets it leaves out', async () => {
    const limited = extraBackend(server, { rateLimits: { app: 1 } });
    expect(rateHeaders(await call(limited, '/api/v1/apps')).limit).toBe('100');
  });

  it("are off by default: headers are sent and nothing is refused", async () => {
    const unlimited = extraBackend(server);
    const statuses = await listTimes(unlimited, 150);
    expect(statuses).toEqual(Array(150).fill(200));
    const response = await call(unlimited, '/api/v1/apps');
    expect(Number(rateHeaders(response).limit)).toBeGreaterThan(150);
    expect(Number(rateHeaders(response).remaining)).toBe(Number(rateHeaders(response).limit) - 151);
  });
});

describe('the client and 429', () => {
  it('waits until the reset (Date + margin) and then succeeds, with the default retries', async () => {
    const app = backend.apps.create(bookmark());
    await listTimes(backend, 100);
    const { sent, client } = countingClient(backend);
    const result = client.apps.list().toArray({ max: 5 });
    await vi.advanceTimersByTimeAsync(NEXT_MINUTE - T0 + RATE_LIMIT_MARGIN_MS - 1);
    expect(sent.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual([backend.apps.get(app.id)]);
    expect(sent.count).toBe(2);
  });

  it('retries a create refused with 429 and creates the app once', async () => {
    const limited = extraBackend(server, { rateLimits: { apps: 2 } });
    await listTimes(limited, 2);
    const { sent, client } = countingClient(limited);
    const result = client.apps.create(bookmark('Late'));
    await vi.advanceTimersByTimeAsync(NEXT_MINUTE - T0 + RATE_LIMIT_MARGIN_MS);
    await expect(result).resolves.toMatchObject({ label: 'Late', status: 'ACTIVE' });
    expect(sent.count).toBe(2);
    expect(limited.apps.size).toBe(1);
  });

  it('with maxRetries 0 throws RateLimitError with the limit and the reset time', async () => {
    const limited = extraBackend(server, { rateLimits: { apps: 2 } });
    await listTimes(limited, 2);
    const { sent, client } = countingClient(limited, { maxRetries: 0 });
    const error = await client.apps.list().toArray({ max: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, errorCode: 'E0000047', limit: 2, resetAt: new Date(NEXT_MINUTE), errorCauses: [] });
    expect(sent.count).toBe(1);
  });
});
