import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../../support/backend';
import { bookmark } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();

/** An app with a group assigned with a profile and priority 0. */
async function assigned() {
  const app = backend.apps.create(bookmark());
  const group = backend.directory.addGroup({ name: 'Engineering' });
  const path = `/api/v1/apps/${app.id}/groups/${group.id}`;
  await call(backend, path, { method: 'PUT', json: { priority: 0, profile: { manager: 'Ada', division: 'top' } } });
  return { app, group, path };
}

describe('PATCH /api/v1/apps/{appId}/groups/{groupId}', () => {
  it('replaces and removes profile properties and the priority with a JSON Patch, and answers the assignment', async () => {
    const { app, group, path } = await assigned();
    const patched = await call(backend, path, {
      method: 'PATCH',
      json: [
        { op: 'replace', path: '/profile/manager', value: 'Carlo Ancelotti' },
        { op: 'remove', path: '/profile/division' },
        { op: 'replace', path: '/profile/a~1b', value: 1 },
        { op: 'replace', path: '/priority', value: 3 },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({
      id: group.id,
      lastUpdated: expect.any(String),
      priority: 3,
      profile: { manager: 'Carlo Ancelotti', 'a/b': 1 },
      _links: {
        app: { href: `${backend.orgUrl}/api/v1/apps/${app.id}` },
        self: { href: `${backend.orgUrl}${path}` },
        group: { href: `${backend.orgUrl}/api/v1/groups/${group.id}` },
      },
    });
    expect((await call(backend, path)).body).toEqual(patched.body);
    const whole = await call(backend, path, { method: 'PATCH', json: [{ op: 'replace', path: '/profile', value: { team: 'core' } }] });
    expect(whole.body.profile).toEqual({ team: 'core' });
  });

  it('refuses what JSON Patch or Okta does not take, all or nothing', async () => {
    const { path } = await assigned();
    const before = (await call(backend, path)).body;
    const patch = (json: unknown) => call(backend, path, { method: 'PATCH', json });
    expectOktaError(await patch([{ op: 'replace', path: '/priority', value: 1 }, { op: 'add', path: '/profile/x', value: 1 }]), 400, 'E0000001', 'Api validation failed: [1].op', ['[1].op: Not one of the allowed values (remove, replace)']);
    expectOktaError(await patch([{ op: 'replace', path: '/id', value: 'x' }]), 400, 'E0000001', 'Api validation failed: [0].path', ['[0].path: Must be /priority, /profile or /profile/{property}']);
    expectOktaError(await patch([{ op: 'replace', path: '/profile/x' }]), 400, 'E0000001', 'Api validation failed: [0].value', ['[0].value: The field cannot be left blank']);
    expectOktaError(await patch([{ op: 'replace', path: '/priority', value: -1 }]), 400, 'E0000001', 'Api validation failed: [0].value', ['[0].value: Must be a whole number from 0 to 100000']);
    expectOktaError(await patch([{ op: 'remove', path: '/priority' }]), 400, 'E0000001', 'Api validation failed: [0].path', ['[0].path: The priority of a group assignment cannot be removed']);
    expectOktaError(await patch({ op: 'replace', path: '/priority', value: 1 }), 400, 'E0000003', 'The request body was not well-formed.', ['The body must be a JSON array of JSON Patch operations.']);
    expectOktaError(await patch(Array.from({ length: 101 }, () => ({ op: 'remove', path: '/profile/x' }))), 400, 'E0000001', 'Api validation failed: body', ['body: Must hold at most 100 operations']);
    expect((await call(backend, path)).body).toEqual(before);
  });

  it('refuses a property named __proto__, by pointer or inside a value, changing nothing (a snapshot could not hold it)', async () => {
    const { path } = await assigned();
    const before = (await call(backend, path)).body;
    expectOktaError(await call(backend, path, { method: 'PATCH', rawBody: '[{"op":"replace","path":"/profile/__proto__","value":{"polluted":true}}]' }), 400, 'E0000001', 'Api validation failed: [0].path', [
      '[0].path: A profile property cannot be named __proto__',
    ]);
    expectOktaError(await call(backend, path, { method: 'PATCH', rawBody: '[{"op":"replace","path":"/profile/manager","value":{"__proto__":{"polluted":true}}}]' }), 400, 'E0000003', 'The request body was not well-formed.', [
      'The request body has a member named __proto__ ([0].value.__proto__), a name the backend does not keep.',
    ]);
    expect((await call(backend, path)).body).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 404 for a group not assigned to the app', async () => {
    const app = backend.apps.create(bookmark());
    const group = backend.directory.addGroup({ name: 'Sales' });
    expectOktaError(await call(backend, `/api/v1/apps/${app.id}/groups/${group.id}`, { method: 'PATCH', json: [] }), 404, 'E0000007', `Not found: Resource not found: ${group.id} (AppGroup)`);
  });
});
