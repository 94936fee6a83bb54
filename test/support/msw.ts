import { http } from 'msw';
import { setupServer } from 'msw/node';
import type { RequestHandler } from 'msw';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** A request as the server saw it, captured for assertions. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/**
 * Starts an msw server for the calling test file that fails every unhandled request, resets
 * per-test handlers after each test and records every request it receives.
 */
export function useMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone();
    const entry: SeenRequest = { method: request.method, url: new URL(request.url), headers: copy.headers, body: '' };
    seen.push(entry);
    void copy.text().then((text) => {
      entry.body = text;
    });
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return { server, seen };
}

/** The organization URL every client test uses. */
export const ORG = 'https://example.okta.com';
/** The API token every client test uses; tests check it never leaks into errors. */
export const TOKEN = '00secret-TOKEN-value_0123456789abcdef';

/** A request a test handler received, with its JSON body parsed. */
export interface CapturedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/**
 * Answers every `method` request to `url` on `server` with `reply` and records what was sent
 * (the returned array fills as requests arrive).
 */
export function captureRequests(
  server: ReturnType<typeof setupServer>,
  method: 'get' | 'post' | 'put' | 'delete',
  url: string,
  reply: () => Response,
): CapturedRequest[] {
  const calls: CapturedRequest[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      const text = await request.text();
      calls.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: text ? JSON.parse(text) : undefined });
      return reply();
    }),
  );
  return calls;
}
