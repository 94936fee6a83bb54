/** A test suite against the in-memory backend: msw handlers, a reset after each test, an injected fault. */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createClient, ServerError } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

const backend = createMockBackend({ seed: 'demo' });
const server = setupServer(...createHandlers(backend));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => backend.reset()); // every test starts again from the seed
afterAll(() => server.close());

// The code under test makes its own client; it only needs the backend's URL and token.
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, maxRetries: 0 });

it('creates an app the backend then holds', async () => {
  const app = await client.apps.create({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });
  expect(backend.apps.get(app.id)?.status).toBe('ACTIVE');
});

it('sees an outage the test injects as a typed error', async () => {
  backend.faults.add({ method: 'GET', path: '/api/v1/apps', status: 503 });
  await expect(client.apps.list().toArray({ max: 1 })).rejects.toBeInstanceOf(ServerError);
});
