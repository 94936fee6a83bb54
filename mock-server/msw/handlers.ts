import type { HttpHandler } from 'msw';
import type { MockBackend } from '../backend';
import { msw } from './load-msw';

/**
 * msw request handlers serving a backend: one handler that answers every request to the backend's
 * organization through {@link MockBackend.fetch} and lets any other request through to the next
 * handler (so `onUnhandledRequest: 'error'` still catches requests to other hosts, and handlers added
 * with `server.use` take precedence). The same handlers run under `setupServer` in Node and under
 * `setupWorker` in a browser.
 *
 * @example
 * const backend = createMockBackend({ seed: 'demo' });
 * const server = setupServer(...createHandlers(backend));
 */
export function createHandlers(backend: MockBackend): HttpHandler[] {
  return [
    msw.http.all('*', ({ request }) => {
      // The org URL can change (an HTTP server started later serves on a port chosen then), so it is
      // read at each request.
      if (new URL(request.url).origin !== backend.orgUrl) return undefined;
      return backend.fetch(request);
    }),
  ];
}
