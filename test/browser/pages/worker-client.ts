// Runs in the page (bundled by the test): the backend's msw handlers in msw's service worker, and the
// client against them.
import { setupWorker } from 'msw/browser';
import { createClient } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

async function run() {
  const backend = createMockBackend({ seed: 'demo' });
  const worker = setupWorker(...createHandlers(backend));
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true });
  try {
    const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, maxRetries: 0 });
    const created = await client.apps.create({
      name: 'bookmark',
      label: 'Browser wiki',
      signOnMode: 'BOOKMARK',
      settings: { app: { url: 'https://wiki.example.com' } },
    });
    const listed: string[] = [];
    for await (const app of client.apps.list({ limit: 5 })) listed.push(app.id);
    await client.apps.deactivate(created.id);
    await client.apps.delete(created.id);
    const after: string[] = [];
    for await (const app of client.apps.list({ limit: 200 })) after.push(app.id);
    return {
      orgUrl: backend.orgUrl,
      createdId: created.id,
      createdStatus: created.status,
      listedCount: listed.length,
      listedHasCreated: listed.includes(created.id),
      afterCount: after.length,
      afterHasCreated: after.includes(created.id),
      stateSize: backend.apps.size,
      // Whether the service worker controls the page (the program is type-checked without the DOM library).
      controlled: (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker.controller !== null,
    };
  } finally {
    worker.stop();
  }
}

(globalThis as { runWorkerClient?: typeof run }).runWorkerClient = run;
