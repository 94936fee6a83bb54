import type { SetupServer } from 'msw/node';
import { expect } from 'vitest';
import { createMockBackend, type MockBackend, type MockBackendOptions } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';

/** A response read to the end, as a client without appset would see it. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, `undefined` when empty; loosely typed so assertions can reach into it. */
  body: any;
}

/** One raw request to the backend's organization. */
export interface RawRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Serialized as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is with `Content-Type: application/json` (for bodies that are not JSON). */
  rawBody?: string;
  /** The `Authorization` header; `null` leaves it out. Default: `SSWS {backend.defaultToken}`. */
  authorization?: string | null;
}

/** Sends a request with the global `fetch` (which msw intercepts) to a path on the backend's organization. */
export async function call(backend: MockBackend, path: string, request: RawRequest = {}): Promise<RawResponse> {
  const headers = new Headers({ accept: 'application/json' });
  const authorization = request.authorization === undefined ? `SSWS ${backend.defaultToken}` : request.authorization;
  if (authorization !== null) headers.set('authorization', authorization);
  const body = request.json !== undefined ? JSON.stringify(request.json) : request.rawBody;
  if (body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(new URL(path, backend.orgUrl), { method: request.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : JSON.parse(text) };
}

/** Asserts an error answer in Okta's shape: exact status, code, summary and causes; a fresh `errorId`. */
export function expectOktaError(
  response: RawResponse,
  status: number,
  errorCode: string,
  errorSummary: string,
  causes: string[] = [],
): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: {
      errorCode,
      errorSummary,
      errorLink: errorCode,
      errorId: expect.stringMatching(/^[0-9A-Za-z]+$/),
      errorCauses: causes.map((cause) => ({ errorSummary: cause })),
    },
  });
  expect(response.headers.get('content-type')).toBe('application/json');
}

let extraBackends = 0;

/**
 * A second backend, with its own options, served by the file's msw server on its own organization
 * URL until the end of the test (its handlers come before the file's backend, which ignores other
 * organizations). Responses still go through the file's contract check.
 */
export function extraBackend(server: SetupServer, options: MockBackendOptions = {}): MockBackend {
  extraBackends += 1;
  const backend = createMockBackend({ orgUrl: `https://extra${extraBackends}.okta.test`, ...options });
  server.use(...createHandlers(backend));
  return backend;
}

/** Every `href` in a JSON value, with its path (for checking that links are absolute). */
export function hrefsOf(value: unknown, path = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => hrefsOf(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'href' && typeof v === 'string' ? [[path, v] as [string, string]] : hrefsOf(v, path ? `${path}.${key}` : key),
  );
}
