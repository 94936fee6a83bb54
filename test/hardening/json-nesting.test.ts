import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../support/backend';
import { call, expectOktaError } from '../mock-server/raw-http';

const { backend } = useMockBackend();

/** A JSON object whose innermost member sits `levels` objects below it, as text (JSON.stringify of one this deep overflows the stack). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}{}${'}'.repeat(levels)}`;

const BOOKMARK = '"name":"bookmark","label":"x","signOnMode":"BOOKMARK","settings":{"app":{"url":"https://e.example","requestIntegration":false}}';

/** A valid bookmark create body with a `profile` of nested objects; the whole body nests `levels + 2` levels. */
const bookmarkWithProfile = (levels: number) => `{${BOOKMARK},"profile":${nested(levels)}}`;

const TOO_DEEP = 'The request body is nested deeper than 100 levels (in profile), the most the backend reads.';

const snapshotText = async () => {
  const answer = await call(backend, '/__appset/snapshot');
  expect(answer.status).toBe(200);
  return answer.text;
};

describe('Okta API bodies nested deeper than 100 levels', () => {
  it('refuses a create whose profile nests 5,000 deep with 400 E0000003, and stores nothing', async () => {
    backend.apps.create({ name: 'bookmark', label: 'Kept', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://kept.example' } } });
    const listBefore = await call(backend, '/api/v1/apps');
    const snapshotBefore = await snapshotText();

    const answer = await call(backend, '/api/v1/apps', { method: 'POST', rawBody: bookmarkWithProfile(5000) });

    expectOktaError(answer, 400, 'E0000003', 'The request body was not well-formed.', [TOO_DEEP]);
    const listAfter = await call(backend, '/api/v1/apps');
    expect(listAfter.status).toBe(200);
    expect(listAfter.text).toBe(listBefore.text);
    expect(await snapshotText()).toBe(snapshotBefore);
    expect((await call(backend, '/__appset/seed', { method: 'POST', json: { apps: [] } })).status).toBe(201);
  });

  it('draws the bound at 100 levels: a body nesting exactly 100 is created, lists and restores from a snapshot; 101 is refused', async () => {
    const answer = await call(backend, '/api/v1/apps', { method: 'POST', rawBody: bookmarkWithProfile(98) });

    expect(answer.status).toBe(200);
    let profile = answer.body.profile;
    for (let i = 0; i < 98; i++) profile = profile.a;
    expect(profile).toEqual({});
    const list = await call(backend, '/api/v1/apps');
    expect(list.body.map((app: { id: string }) => app.id)).toEqual([answer.body.id]);
    const snapshot = await snapshotText();
    expect((await call(backend, '/__appset/snapshot', { method: 'PUT', rawBody: snapshot })).status).toBe(204);
    expect(await snapshotText()).toBe(snapshot);

    const deeper = await call(backend, '/api/v1/apps', { method: 'POST', rawBody: bookmarkWithProfile(99) });
    expectOktaError(deeper, 400, 'E0000003', 'The request body was not well-formed.', [TOO_DEEP]);
    expect(backend.apps.size).toBe(1);
  });

  it('is refused the same on every Okta route that takes JSON, and changes nothing', async () => {
    const app = backend.apps.create({ name: 'bookmark', label: 'Kept', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://kept.example' } } });
    const user = backend.directory.addUser({ login: 'ada@example.com' });
    const group = backend.directory.addGroup({ name: 'Engineering' });
    const provider = backend.providers.register({ issuer: 'https://provider.test', jwks: { keys: [] }, name: 'Risk Engine' });
    const deepProfile = `{"profile":${nested(5000)}}`;
    const requests: Array<['POST' | 'PUT', string, string]> = [
      ['PUT', `/api/v1/apps/${app.id}`, bookmarkWithProfile(5000)],
      ['POST', `/api/v1/apps/${app.id}/users`, `{"id":"${user.id}","profile":${nested(5000)}}`],
      ['POST', `/api/v1/apps/${app.id}/users/${user.id}`, deepProfile],
      ['PUT', `/api/v1/apps/${app.id}/users/${user.id}`, deepProfile],
      ['PUT', `/api/v1/apps/${app.id}/groups/${group.id}`, deepProfile],
      ['POST', `/api/v1/apps/${app.id}/grants`, deepProfile],
      ['POST', '/api/v1/security-events-providers', deepProfile],
      ['PUT', `/api/v1/security-events-providers/${provider.id}`, deepProfile],
    ];
    const before = await snapshotText();
    for (const [method, path, rawBody] of requests) {
      const answer = await call(backend, path, { method, rawBody });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expectOktaError(answer, 400, 'E0000003', 'The request body was not well-formed.', [TOO_DEEP]);
    }
    expect(await snapshotText()).toBe(before);
  });
});

describe('an app the backend cannot render', () => {
  it.each([5000, 150])('is not stored when created in-process %i deep: the create throws, and lists and snapshots still answer', async (levels) => {
    let profile: Record<string, unknown> = {};
    for (let i = 0; i < levels; i++) profile = { a: profile };
    const before = await snapshotText();

    // 150 levels render and would be stored, but only the HTTP routes bounded the nesting.
    expect(() =>
      backend.apps.create({ name: 'bookmark', label: 'Deep', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://e.example' } }, profile } as never),
    ).toThrow(/nested deeper than 100 levels \(in profile\)/);

    expect(backend.apps.size).toBe(0);
    expect((await call(backend, '/api/v1/apps')).status).toBe(200);
    expect(await snapshotText()).toBe(before);
  });
});
