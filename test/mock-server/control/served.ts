import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { bookmark as bookmarkInput } from '../app-inputs';
import { createMockBackend, type MockBackend, type MockBackendOptions } from '../../../mock-server/index';
import { listen, type RunningServer } from '../../../mock-server/node/index';

/** An answer as tests read it. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** A backend served over HTTP on 127.0.0.1, with helpers for the plane and Okta's paths. */
export interface Served {
  backend: MockBackend;
  url: string;
  /** A control-plane request (no token); `json` a value, or a string sent as it is. */
  plane(method: string, path: string, json?: unknown): Promise<Answer>;
  /** A request to Okta's paths with the default token unless `authorization` says otherwise (`null`: none). */
  okta(method: string, path: string, init?: { json?: unknown; body?: string | Uint8Array; headers?: Record<string, string>; authorization?: string | null }): Promise<Answer>;
  close(): Promise<void>;
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** Serves a new backend (its clock fixed at `2026-03-01T10:00:30Z` unless `now` is given). */
export async function serveBackend(options: MockBackendOptions = {}): Promise<Served> {
  const backend = createMockBackend({ now: () => Date.parse('2026-03-01T10:00:30.000Z'), ids: 'deterministic', ...options });
  const running: RunningServer = await listen(backend, { host: '127.0.0.1', port: 0 });
  return {
    backend,
    url: running.url,
    async plane(method, path, json) {
      const init: RequestInit = { method };
      if (json !== undefined) {
        init.body = typeof json === 'string' ? json : JSON.stringify(json);
        init.headers = { 'content-type': 'application/json' };
      }
      return read(await fetch(`${running.url}/__appset${path}`, init));
    },
    async okta(method, path, init = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      const authorization = init.authorization === undefined ? `SSWS ${backend.defaultToken}` : init.authorization;
      if (authorization !== null) headers.authorization = authorization;
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['content-type'] ??= 'application/json';
      }
      return read(await fetch(`${running.url}${path}`, { method, headers, body }));
    },
    close: () => running.close(),
  };
}

/** A bookmark app's create input. */
export const bookmark = (label = 'Wiki') => bookmarkInput(label);

/**
 * One backend served for the whole test file and reset (`POST /__appset/reset`, 204) before each
 * test: `plane` and `okta` send to it as {@link Served}'s do.
 */
export function useServedBackend(options: MockBackendOptions = {}): Pick<Served, 'plane' | 'okta'> {
  let served: Served | undefined;
  const current = (): Served => {
    if (served === undefined) throw new Error('the backend is served from beforeAll on: send from a test or a hook');
    return served;
  };
  beforeAll(async () => {
    served = await serveBackend(options);
  });
  afterAll(() => served?.close());
  beforeEach(async () => {
    expect((await current().plane('POST', '/reset')).status).toBe(204);
  });
  return { plane: (...args) => current().plane(...args), okta: (...args) => current().okta(...args) };
}
