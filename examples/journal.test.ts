/**
 * How a test suite sees what its code sent: the request journal (find, count, near misses), an
 * assertion that reads as a sentence, and a stub for an endpoint the backend does not implement.
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

const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => backend.reset()); // the journal and the stubs go too
afterAll(() => server.close());

// The code under test.
async function addWiki(label: string) {
  return client.apps.create({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });
}

it('sent the label it was given, once', async () => {
  await addWiki('Team Wiki');

  expect(backend).toHaveReceived({ method: 'POST', path: '/api/v1/apps', json: { label: 'Team Wiki' } });
  expect(backend.journal.count({ method: 'POST', path: '/api/v1/apps' })).toBe(1);
  const [sent] = backend.journal.find({ method: 'POST', path: '/api/v1/apps' });
  expect(sent!.request.headers.authorization).toBe('SSWS [REDACTED]');
});

it('shows why a request went unanswered', async () => {
  await fetch(`${backend.orgUrl}/api/v1/app`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });

  const [miss] = backend.journal.unmatched();
  expect(miss!.closest[0]).toEqual({ route: 'GET /api/v1/apps', differences: [{ field: 'path', message: 'segment 3: sent "app" where the route has "apps"' }] });
});

it('answers an endpoint the backend does not implement with a stub', async () => {
  backend.stubs.add({ method: 'GET', pathPattern: '/api/v1/eventHooks/*', status: 200, body: { id: 'who1', status: 'ACTIVE' } });

  const response = await fetch(`${backend.orgUrl}/api/v1/eventHooks/who1`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });

  expect(await response.json()).toEqual({ id: 'who1', status: 'ACTIVE' });
});
