import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

// Whatever the API keeps is snapshotted, and a snapshot with a member named __proto__ is refused on
// restore: the API refuses such a member in any body, so the backend can always restore its own snapshot.
const { backend } = useMockBackend();

const refusal = (where: string) => [`The request body has a member named __proto__ (${where}), a name the backend does not keep.`];

async function restoresItsOwnSnapshot(): Promise<void> {
  const snapshot = await call(backend, '/__appset/snapshot');
  expect(snapshot.status).toBe(200);
  const restored = await call(backend, '/__appset/snapshot', { method: 'PUT', rawBody: snapshot.text });
  expect(restored.status, restored.text).toBe(204);
}

describe('a request body with a member named __proto__', () => {
  it('is refused anywhere with 400 E0000003 naming where, and the group assignment, app user and policy rule stay as they were', async () => {
    const app = backend.apps.create(bookmark());
    const group = backend.directory.addGroup({ name: 'Engineering' });
    const user = backend.directory.addUser({ login: 'ada@example.com' });
    const groupPath = `/api/v1/apps/${app.id}/groups/${group.id}`;
    expect((await call(backend, groupPath, { method: 'PUT', json: { profile: { manager: 'Ada' } } })).status).toBe(200);
    const before = (await call(backend, groupPath)).body;

    expectOktaError(await call(backend, groupPath, { method: 'PUT', rawBody: '{"profile":{"a":[{"__proto__":{"polluted":true}}]}}' }), 400, 'E0000003', 'The request body was not well-formed.', refusal('profile.a[0].__proto__'));
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/users`, { method: 'POST', rawBody: `{"id":"${user.id}","profile":{"__proto__":{"polluted":true}}}` }), 400, 'E0000003', 'The request body was not well-formed.', refusal('profile.__proto__'));
    const policy = await call(backend, '/api/v1/policies', { method: 'POST', json: { type: 'ACCESS_POLICY', name: 'Sign-on' } });
    expect(policy.status).toBe(200);
    const rules = (await call(backend, `/api/v1/policies/${policy.body.id}/rules`)).body;
    expectOktaError(
      await call(backend, `/api/v1/policies/${policy.body.id}/rules`, { method: 'POST', rawBody: '{"name":"Rule","type":"ACCESS_POLICY","conditions":{"network":{"__proto__":{"x":1}}},"actions":{"appSignOn":{"access":"ALLOW"}}}' }),
      400,
      'E0000003',
      'The request body was not well-formed.',
      refusal('conditions.network.__proto__'),
    );
    expectOktaError(
      await call(backend, '/api/v1/meta/schemas/user/default', { method: 'POST', rawBody: '{"definitions":{"custom":{"id":"#custom","type":"object","properties":{"nick":{"title":"Nick","type":"string","__proto__":{"x":1}}}}}}' }),
      400,
      'E0000003',
      'The request body was not well-formed.',
      refusal('definitions.custom.properties.nick.__proto__'),
    );

    expect((await call(backend, groupPath)).body).toEqual(before);
    expect((await call(backend, `/api/v1/apps/${app.id}/users`)).body).toEqual([]);
    expect((await call(backend, `/api/v1/policies/${policy.body.id}/rules`)).body).toEqual(rules);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await restoresItsOwnSnapshot();
  });

  it('names where in a few hundred characters however long its members are', async () => {
    const app = backend.apps.create(bookmark());
    const group = backend.directory.addGroup({ name: 'Engineering' });
    const long = 'k'.repeat(10_000);
    const answer = await call(backend, `/api/v1/apps/${app.id}/groups/${group.id}`, { method: 'PUT', rawBody: `{"profile":{"${long}":{"${long}":{"__proto__":1}}}}` });
    expect(answer.status).toBe(400);
    expect(answer.body.errorCauses[0].errorSummary).toBe(refusal(`profile.${'k'.repeat(100)}.${'k'.repeat(100)}.__proto__`)[0]);
  });
});
