/**
 * How a test suite checks its code's retry after a rate limit without waiting for the minute a real
 * window takes: a 429 fault with a short `resetInMs` announces a reset within the second, so the
 * client waits only its margin (half a second) and this file runs in well under a second. The
 * journal then shows what the client sent, and in what order.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createClient } from 'appset';
import { createMockBackend, journalMatchers, type JournalMatchers } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Assertion<T = any> extends JournalMatchers<T> {}
}
expect.extend(journalMatchers);

const backend = createMockBackend({ seed: 'demo' });
const server = setupServer(...createHandlers(backend));
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => backend.reset());
afterAll(() => server.close());

it('retries a rate-limited list once the announced reset has passed', async () => {
  backend.faults.add({ method: 'GET', path: '/api/v1/apps', status: 429, resetInMs: 50 });

  const apps = await client.apps.list({ limit: 5 }).toArray({ max: 5 });

  expect(apps).toHaveLength(5);
  expect(backend.journal.list().map((entry) => entry.status)).toEqual([429, 200]);
  expect(backend).toHaveReceivedTimes({ method: 'GET', path: '/api/v1/apps', query: { limit: '5' } }, 2);
});
