/**
 * How a user's test suite runs its own code against the appset backend: one backend and one msw
 * server per file, a reset after each test, seeded data, and per-test overrides with `server.use`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, NotFoundError, ServerError, type AppsetClient } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

// The code under test: a small function a user might write on top of appset.
async function deactivateAppsLabelled(client: AppsetClient, prefix: string): Promise<string[]> {
  const done: string[] = [];
  for await (const app of client.apps.list({ q: prefix, filter: { status: 'ACTIVE' } })) {
    await client.apps.deactivate(app.id);
    done.push(app.label);
  }
  return done;
}

const backend = createMockBackend({
  seed: [
    { name: 'bookmark', label: 'Legacy Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://old.example.com' } } },
    { name: 'bookmark', label: 'Legacy Tracker', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://bugs.example.com' } } },
    { name: 'slack', label: 'Slack', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example' } } },
  ],
});
const server = setupServer(...createHandlers(backend));
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, maxRetries: 0 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  backend.reset(); // every test starts again from the seed
});
afterAll(() => server.close());

describe('deactivateAppsLabelled', () => {
  it('deactivates only the active apps whose label starts with the prefix', async () => {
    expect(await deactivateAppsLabelled(client, 'legacy')).toEqual(['Legacy Wiki', 'Legacy Tracker']);
    const statuses = backend.apps.list().map((a) => [a.label, a.status]);
    expect(statuses).toEqual([
      ['Legacy Wiki', 'INACTIVE'],
      ['Legacy Tracker', 'INACTIVE'],
      ['Slack', 'ACTIVE'],
    ]);
  });

  it('starts from the seed again in the next test', async () => {
    expect(backend.apps.list().every((a) => a.status === 'ACTIVE')).toBe(true);
  });

  it('skips apps that are already inactive', async () => {
    const wiki = backend.apps.list().find((a) => a.label === 'Legacy Wiki')!;
    backend.apps.deactivate(wiki.id);
    expect(await deactivateAppsLabelled(client, 'Legacy')).toEqual(['Legacy Tracker']);
  });

  it('surfaces an outage as a typed error (a per-test override of one route)', async () => {
    server.use(http.post(`${backend.orgUrl}/api/v1/apps/:id/lifecycle/deactivate`, () => new HttpResponse(null, { status: 503 })));
    await expect(deactivateAppsLabelled(client, 'Legacy')).rejects.toBeInstanceOf(ServerError);
  });

  it('sees apps deleted behind its back as NotFoundError', async () => {
    const slack = backend.apps.list().find((a) => a.label === 'Slack')!;
    backend.apps.deactivate(slack.id);
    backend.apps.delete(slack.id);
    await expect(client.apps.get(slack.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
