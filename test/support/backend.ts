import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createClient, type ClientOptions } from '../../src/index';
import { createMockBackend, type MockBackendOptions } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import { checkContract } from './contract';

/**
 * Runs a fresh in-memory backend for the calling test file through msw (unhandled requests fail),
 * resets it after each test, and checks every response it gives against the OpenAPI contract:
 * a test whose responses break the contract fails.
 */
export function useMockBackend(options: MockBackendOptions = {}) {
  const backend = createMockBackend(options);
  const server = setupServer(...createHandlers(backend));
  const checks: Array<Promise<string[]>> = [];
  server.events.on('response:mocked', ({ request, response }) => {
    checks.push(checkContract(request.method, new URL(request.url), response.clone()));
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    backend.reset();
    const problems = (await Promise.all(checks.splice(0))).flat();
    if (problems.length) throw new Error(`Responses break the contract:\n${problems.join('\n')}`);
  });
  afterAll(() => server.close());
  const client = (overrides: Partial<ClientOptions> = {}) =>
    createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, ...overrides } as ClientOptions);
  return { backend, server, client };
}
