import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient, RequestValidationError } from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { captureRequests, ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });

/** Answers every request on `path` with `reply` and records what was sent. */
function capture(method: 'get' | 'post' | 'put' | 'delete', path: string, reply: () => Response) {
  return captureRequests(server, method, `${ORG}${path}`, reply);
}

describe('client.apps', () => {
  it('get sends GET /api/v1/apps/{id} with SSWS auth and JSON accept, and parses the app', async () => {
    const calls = capture('get', '/api/v1/apps/:id', () => HttpResponse.json(bookmarkApp('0oaAAA')));
    const app = await client.apps.get('0oaAAA');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.url.pathname).toBe('/api/v1/apps/0oaAAA');
    expect(calls[0]?.url.search).toBe('');
    expect(calls[0]?.headers.get('authorization')).toBe(`SSWS ${TOKEN}`);
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.get('user-agent')).toMatch(/^appset\/\d+\.\d+\.\d+/);
    expect(app.id).toBe('0oaAAA');
    expect(app.label).toBe('Wiki');
  });

  it('get with expandUser sends expand=user/{userId}', async () => {
    const calls = capture('get', '/api/v1/apps/:id', () => HttpResponse.json(bookmarkApp('0oaAAA')));
    await client.apps.get('0oaAAA', { expandUser: '00u123' });
    expect(calls[0]?.url.searchParams.get('expand')).toBe('user/00u123');
  });

  it('get encodes the app id as one path segment', async () => {
    const calls = capture('get', '/api/v1/apps/:id', () => HttpResponse.json(bookmarkApp('a/b?c')));
    await client.apps.get('a/b?c');
    expect(calls[0]?.url.pathname).toBe('/api/v1/apps/a%2Fb%3Fc');
  });

  it('create posts the input as JSON with activate=true by default and returns the app', async () => {
    const calls = capture('post', '/api/v1/apps', () => HttpResponse.json(bookmarkApp('0oaNEW')));
    const input = {
      name: 'bookmark',
      label: 'Wiki',
      signOnMode: 'BOOKMARK',
      settings: { app: { url: 'https://wiki.example.com' } },
    } as const;
    const app = await client.apps.create(input);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/v1/apps');
    expect(calls[0]?.url.searchParams.get('activate')).toBe('true');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual(input);
    expect(app.id).toBe('0oaNEW');
  });

  it('create with activate false sends activate=false', async () => {
    const calls = capture('post', '/api/v1/apps', () => HttpResponse.json(bookmarkApp('0oaNEW', { status: 'INACTIVE' })));
    const app = await client.apps.create(
      { name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://w.example' } } },
      { activate: false },
    );
    expect(calls[0]?.url.searchParams.get('activate')).toBe('false');
    expect(app.status).toBe('INACTIVE');
  });

  it('create refuses an invalid input with every bad field named, before any request', async () => {
    const before = seen.length;
    const error = await client.apps
      .create({ name: 'salesforce', label: 'SF', signOnMode: 'SAML_2_0', settings: { app: { integrationType: 'STANDARD' } } } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'settings.app.instanceType', reason: 'The field cannot be left blank' },
    ]);
    expect((error as Error).message).toContain('settings.app.instanceType: The field cannot be left blank');
    expect(seen.length).toBe(before);
  });

  it('replace sends PUT with the whole body, keeping fields appset does not know', async () => {
    const original = bookmarkApp('0oaAAA', { futureField: { nested: [1, 2] } });
    capture('get', '/api/v1/apps/:id', () => HttpResponse.json(original));
    const calls = capture('put', '/api/v1/apps/:id', () => HttpResponse.json({ ...original, label: 'Docs' }));
    const app = await client.apps.get('0oaAAA');
    const updated = await client.apps.replace('0oaAAA', { ...app, label: 'Docs' });
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.pathname).toBe('/api/v1/apps/0oaAAA');
    expect(calls[0]?.body).toEqual({ ...original, label: 'Docs' });
    expect(updated.label).toBe('Docs');
    expect((updated as Record<string, unknown>).futureField).toEqual({ nested: [1, 2] });
  });

  it('delete sends DELETE and resolves on 204', async () => {
    const calls = capture('delete', '/api/v1/apps/:id', () => new HttpResponse(null, { status: 204 }));
    await expect(client.apps.delete('0oaAAA')).resolves.toBeUndefined();
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url.pathname).toBe('/api/v1/apps/0oaAAA');
  });

  it('activate posts to the lifecycle path with no body and resolves on 200 {}', async () => {
    const calls = capture('post', '/api/v1/apps/:id/lifecycle/activate', () => HttpResponse.json({}));
    await expect(client.apps.activate('0oaAAA')).resolves.toBeUndefined();
    expect(calls[0]?.url.pathname).toBe('/api/v1/apps/0oaAAA/lifecycle/activate');
    expect(calls[0]?.body).toBeUndefined();
  });

  it('deactivate posts to the lifecycle path and resolves on 200 {}', async () => {
    const calls = capture('post', '/api/v1/apps/:id/lifecycle/deactivate', () => HttpResponse.json({}));
    await expect(client.apps.deactivate('0oaAAA')).resolves.toBeUndefined();
    expect(calls[0]?.url.pathname).toBe('/api/v1/apps/0oaAAA/lifecycle/deactivate');
  });

  it('per-call options of the wrong type are refused, naming each option, before any request', async () => {
    await expect(client.apps.get('0oaAAA', {}, { signal: 'stop' as never, timeout: 1.5 })).rejects.toThrow(
      'Invalid call options: signal: Must be an AbortSignal, e.g. AbortSignal.timeout(5000) or controller.signal; timeout: Must be a whole number of milliseconds between 1 and 2147483647.',
    );
    await expect(client.apps.get('0oaAAA', {}, null as never)).rejects.toThrow(
      'Invalid call options: options: Must be an object such as { signal, timeout }, or left out (got null).',
    );
    expect(seen).toHaveLength(0);
  });

  it('an empty app id is refused before any request', async () => {
    const before = seen.length;
    await expect(client.apps.get('')).rejects.toThrow(/appId: Must be a non-empty string/);
    await expect(client.apps.delete('  ')).rejects.toBeInstanceOf(RequestValidationError);
    expect(seen.length).toBe(before);
  });

  it('an unknown or null signOnMode in a response parses, typed as a string', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps/0oa1`, () => HttpResponse.json(bookmarkApp('0oa1', { signOnMode: null }))),
      http.get(`${ORG}/api/v1/apps/0oa2`, () => HttpResponse.json(bookmarkApp('0oa2', { signOnMode: 'SOMETHING_NEW' }))),
    );
    expect((await client.apps.get('0oa1')).signOnMode).toBeNull();
    expect((await client.apps.get('0oa2')).signOnMode).toBe('SOMETHING_NEW');
  });

  it('an access token is sent as Bearer', async () => {
    const bearer = createClient({ orgUrl: ORG, accessToken: 'eyJ.access.token' });
    const calls = capture('get', '/api/v1/apps/:id', () => HttpResponse.json(bookmarkApp()));
    await bearer.apps.get('0oa1');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer eyJ.access.token');
  });
});
