import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { serveBackend, type Served } from './served';

const START = Date.parse('2026-03-01T10:00:30.250Z');
let served: Served;
beforeAll(async () => {
  served = await serveBackend({ now: () => START });
});
afterAll(() => served.close());
beforeEach(async () => {
  await served.plane('POST', '/reset');
});

describe('a 429 fault with resetInMs', () => {
  it('announces the reset it was given: X-Rate-Limit-Reset names the second it falls in', async () => {
    const added = await served.plane('POST', '/faults', { path: '/api/v1/apps', status: 429, resetInMs: 50, times: 2 });
    expect(added.body).toMatchObject({ status: 429, resetInMs: 50 });
    const soon = await served.okta('GET', '/api/v1/apps');
    expect(soon.status).toBe(429);
    expect(soon.headers.get('x-rate-limit-reset')).toBe(String(Math.floor(START / 1000)));
    expect(soon.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(Date.parse(soon.headers.get('date')!)).toBe(Math.floor(START / 1000) * 1000);
    await served.plane('POST', '/faults', { path: '/api/v1/apps/*', status: 429, resetInMs: 1_800 });
    const later = await served.okta('GET', '/api/v1/apps/0oa00000000000000000');
    expect(later.headers.get('x-rate-limit-reset')).toBe(String(Math.floor((START + 1_800) / 1000)));
  });

  it('without resetInMs, the reset is the rate-limit window’s (the next minute)', async () => {
    await served.plane('POST', '/faults', { path: '/api/v1/apps', status: 429 });
    const answer = await served.okta('GET', '/api/v1/apps');
    expect(answer.headers.get('x-rate-limit-reset')).toBe(String(Date.parse('2026-03-01T10:01:00.000Z') / 1000));
  });

  it.each([
    [{ path: '/api/v1/apps', status: 503, resetInMs: 50 }, 'fault field resetInMs: Only a 429 announces a reset; give "status": 429 with resetInMs, or leave resetInMs out'],
    [{ path: '/api/v1/apps', status: 429, resetInMs: -1 }, 'fault field resetInMs: Must be at least 0'],
    [{ path: '/api/v1/apps', status: 429, resetInMs: 3_600_001 }, 'fault field resetInMs: Must be at most 3600000'],
  ])('refuses %j, naming resetInMs, and adds nothing', async (fault, error) => {
    expect(await served.plane('POST', '/faults', fault)).toMatchObject({ status: 400, body: { error } });
    expect((await served.plane('GET', '/faults')).body).toEqual({ faults: [] });
  });

  it('in-process through backend.faults too', async () => {
    const backend = createMockBackend({ now: () => START });
    backend.faults.add({ path: '/api/v1/apps', status: 429, resetInMs: 0 });
    const answer = await backend.fetch(new Request(`${backend.orgUrl}/api/v1/apps`, { headers: { authorization: `SSWS ${backend.defaultToken}` } }));
    expect(answer.status).toBe(429);
    expect(answer.headers.get('x-rate-limit-reset')).toBe(String(Math.floor(START / 1000)));
  });
});
