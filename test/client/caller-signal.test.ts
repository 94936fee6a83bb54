import { http, HttpResponse } from 'msw';
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server } = useMswServer();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a caller's long-lived signal", () => {
  it('is never combined with AbortSignal.any (which leaks on Node.js 20) and keeps no listener after the calls', async () => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, () => HttpResponse.json(bookmarkApp())));
    const any = vi.spyOn(AbortSignal, 'any');
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const caller = new AbortController();
    for (let i = 0; i < 20; i++) await client.apps.get('0oa1', undefined, { signal: caller.signal });
    expect(any.mock.calls.some(([signals]) => [...signals].includes(caller.signal))).toBe(false);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('still aborts the call it was given', async () => {
    server.use(http.get(`${ORG}/api/v1/apps/:id`, () => new Promise<Response>(() => {})));
    const client = createClient({ orgUrl: ORG, token: TOKEN });
    const caller = new AbortController();
    const result = client.apps.get('0oa1', undefined, { signal: caller.signal }).catch((e: unknown) => e);
    const reason = new Error('stop');
    setTimeout(() => caller.abort(reason), 10);
    expect(await result).toBe(reason);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
