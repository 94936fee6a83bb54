/**
 * The backend serves the routes docs/compatibility.md lists and answers any other path 404. A suite
 * whose code calls a route the backend does not serve answers it with an msw handler of its own,
 * which comes before the backend's. Run it with `npx tsx examples/unserved-route.ts`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

const backend = createMockBackend();
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });

const url = `${backend.orgUrl}/api/v1/eventHooks`;
const headers = { authorization: `SSWS ${backend.defaultToken}` };
try {
  const unserved = await fetch(url, { headers });
  const { errorCode } = (await unserved.json()) as { errorCode: string };
  console.log(`without a handler: ${unserved.status} ${errorCode}`);

  server.use(http.get(url, () => HttpResponse.json([{ id: 'who1audit', name: 'audit' }])));
  const stubbed = await fetch(url, { headers });
  console.log(`with the suite's handler: ${stubbed.status} ${JSON.stringify(await stubbed.json())}`);
} finally {
  server.close();
}
