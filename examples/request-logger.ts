import { setupServer } from 'msw/node';
import { createClient, type ClientHooks } from 'appset';
import { createMockBackend } from 'appset/mock-server';
import { createHandlers } from 'appset/mock-server/msw';

// An in-memory organization for this example; against a real one, only the client is needed.
const backend = createMockBackend({ seed: 'demo' });
const server = setupServer(...createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });

// One line per attempt: method, path, status, request id and duration. The requests hooks see
// never carry the Authorization header, so a logger cannot leak the token.
const logger: ClientHooks = {
  beforeRequest: [
    (_request, options) => {
      options.context.startedAt = performance.now();
    },
  ],
  afterResponse: [
    (request, options, response) => {
      const ms = performance.now() - Number(options.context.startedAt);
      const path = new URL(request.url).pathname;
      const requestId = response.headers.get('x-okta-request-id');
      console.log(`${request.method} ${path} ${response.status} ${requestId} ${ms.toFixed(1)} ms`);
    },
  ],
  beforeError: [
    (error) => {
      console.log(`failed: ${error.name}`);
      return error;
    },
  ],
};

const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, hooks: logger });

// Raw answers: any call gives its response beside its data.
const [first] = await client.apps.list({ limit: 1 }).toArray({ max: 1 });
const { data: app, response } = await client.apps.get(first!.id).withResponse();
console.log(`${app.label}: request ${response.requestId}, ${response.rateLimit.remaining} of ${response.rateLimit.limit} calls left`);

// Each page of a list carries its response too.
for await (const page of client.apps.list({ limit: 2 }).pages()) {
  console.log(`page of ${page.items.length}: ${page.response.rateLimit.remaining} calls left`);
  break;
}

await client.apps.get('0oaNoSuchApp000000000').catch(() => undefined);
server.close();
