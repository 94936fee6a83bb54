import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2026-03-01T10:00:30.250Z');
const AT = '2026-03-01T10:00:30.000Z';
const { backend } = useMockBackend({ now: () => START });

const createGroup = (profile: unknown) => call(backend, '/api/v1/groups', { method: 'POST', json: { profile } });
const names = (response: { body: Array<{ profile: { name: string } }> }) => response.body.map((g) => g.profile.name);

describe('POST /api/v1/groups', () => {
  it('creates an OKTA_GROUP group and answers it as real orgs do, description null when not given', async () => {
    const response = await createGroup({ name: 'Engineering' });
    expect(response.status).toBe(200);
    const id = response.body.id as string;
    const org = backend.orgUrl;
    expect(response.body).toEqual({
      id: expect.stringMatching(/^00g[0-9A-Za-z]{17}$/),
      created: AT,
      lastUpdated: AT,
      lastMembershipUpdated: AT,
      objectClass: ['okta:user_group'],
      type: 'OKTA_GROUP',
      profile: { name: 'Engineering', description: null },
      _links: {
        logo: [
          { name: 'medium', href: `${org}/assets/img/logos/groups/okta-medium.png`, type: 'image/png' },
          { name: 'large', href: `${org}/assets/img/logos/groups/okta-large.png`, type: 'image/png' },
        ],
        users: { href: `${org}/api/v1/groups/${id}/users` },
        apps: { href: `${org}/api/v1/groups/${id}/apps` },
      },
    });
    expect((await call(backend, `/api/v1/groups/${id}`)).body).toEqual(response.body);
  });

  it('refuses a group without a name, and a name already taken (whatever its case)', async () => {
    expectOktaError(await createGroup({ description: 'x' }), 400, 'E0000001', 'Api validation failed: name', ['name: The field cannot be left blank']);
    await createGroup({ name: 'Engineering' });
    expectOktaError(await createGroup({ name: 'ENGINEERING' }), 400, 'E0000001', 'Api validation failed: name', [
      'name: An object with this field already exists in the current organization',
    ]);
  });
});

describe('Everyone', () => {
  it('exists in every organization, first in the list, holding every user', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const list = await call(backend, '/api/v1/groups');
    expect(list.body[0]).toMatchObject({ id: backend.directory.everyoneGroupId, type: 'BUILT_IN', profile: { name: 'Everyone', description: 'All users in your organization' } });
    const members = await call(backend, `/api/v1/groups/${backend.directory.everyoneGroupId}/users`);
    expect(members.body.map((u: { id: string }) => u.id)).toEqual([ada.id]);
  });

  it('cannot be replaced, deleted or have its members changed: 403 E0000006, as real orgs refuse it', async () => {
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    const everyone = `/api/v1/groups/${backend.directory.everyoneGroupId}`;
    for (const [path, request] of [
      [everyone, { method: 'PUT', json: { profile: { name: 'All' } } }],
      [everyone, { method: 'DELETE' }],
      [`${everyone}/users/${ada.id}`, { method: 'PUT' }],
      [`${everyone}/users/${ada.id}`, { method: 'DELETE' }],
    ] as const) {
      expectOktaError(await call(backend, path, request), 403, 'E0000006', 'You do not have permission to perform the requested action');
    }
    expect(backend.directory.group(backend.directory.everyoneGroupId)!.profile.name).toBe('Everyone');
  });
});

describe('GET /api/v1/groups', () => {
  it('lists every group with a self link written with limit=10000, as real orgs write it', async () => {
    await createGroup({ name: 'Engineering' });
    const response = await call(backend, '/api/v1/groups');
    expect(names(response)).toEqual(['Everyone', 'Engineering']);
    expect(response.headers.get('link')).toBe(`<${backend.orgUrl}/api/v1/groups?limit=10000>; rel="self"`);
  });

  it('finds groups whose name starts with q, answered without links (a lookup does not page)', async () => {
    for (const name of ['Engineering', 'Engines', 'Sales']) await createGroup({ name });
    const response = await call(backend, '/api/v1/groups?q=engin');
    expect(names(response)).toEqual(['Engineering', 'Engines']);
    expect(response.headers.get('link')).toBeNull();
  });

  it('filters on type and searches profile attributes', async () => {
    await createGroup({ name: 'Engineering', description: 'Builds the engine' });
    expect(names(await call(backend, `/api/v1/groups?filter=${encodeURIComponent('type eq "OKTA_GROUP"')}`))).toEqual(['Engineering']);
    expect(names(await call(backend, `/api/v1/groups?filter=${encodeURIComponent('type eq "BUILT_IN"')}`))).toEqual(['Everyone']);
    expect(names(await call(backend, `/api/v1/groups?search=${encodeURIComponent('profile.description co "ENGINE"')}`))).toEqual(['Engineering']);
  });

  it('refuses a filter on what groups cannot be filtered by with 400 E0000031', async () => {
    expectOktaError(await call(backend, `/api/v1/groups?filter=${encodeURIComponent('profile.name eq "x"')}`), 400, 'E0000031', 'Invalid search criteria.', [
      'filter=profile.name eq "x": profile.name cannot be used in filter.',
    ]);
  });
});

describe('PUT and DELETE /api/v1/groups/{groupId}', () => {
  it('replaces the profile and moves lastUpdated', async () => {
    const group = (await createGroup({ name: 'Engineering', description: 'Builds' })).body;
    backend.clock.advance(3_000);
    const response = await call(backend, `/api/v1/groups/${group.id}`, { method: 'PUT', json: { profile: { name: 'Research' } } });
    expect(response.body).toMatchObject({ profile: { name: 'Research', description: null }, lastUpdated: '2026-03-01T10:00:33.000Z', created: AT });
  });

  it('deletes with 204; the group is then 404 (UserGroup)', async () => {
    const group = (await createGroup({ name: 'Engineering' })).body;
    expect((await call(backend, `/api/v1/groups/${group.id}`, { method: 'DELETE' })).status).toBe(204);
    expectOktaError(await call(backend, `/api/v1/groups/${group.id}`), 404, 'E0000007', `Not found: Resource not found: ${group.id} (UserGroup)`);
  });
});

describe('membership', () => {
  it('adds (204), lists (limit=1000) and removes (204) a member', async () => {
    const group = (await createGroup({ name: 'Engineering' })).body;
    const ada = backend.directory.addUser({ login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const path = `/api/v1/groups/${group.id}/users/${ada.id}`;
    expect((await call(backend, path, { method: 'PUT' })).status).toBe(204);
    expect((await call(backend, path, { method: 'PUT' })).status).toBe(204);
    const members = await call(backend, `/api/v1/groups/${group.id}/users`);
    expect(members.body).toEqual([expect.objectContaining({ id: ada.id, _links: { self: { href: `${backend.orgUrl}/api/v1/users/${ada.id}` } } })]);
    expect(members.headers.get('link')).toBe(`<${backend.orgUrl}/api/v1/groups/${group.id}/users?limit=1000>; rel="self"`);
    expect((await call(backend, path, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, `/api/v1/groups/${group.id}/users`)).body).toEqual([]);
  });

  it('answers 404 for a user or a group that does not exist', async () => {
    const group = (await createGroup({ name: 'Engineering' })).body;
    expectOktaError(await call(backend, `/api/v1/groups/${group.id}/users/00u00000000000000000`, { method: 'PUT' }), 404, 'E0000007', 'Not found: Resource not found: 00u00000000000000000 (User)');
    expectOktaError(await call(backend, '/api/v1/groups/00g00000000000000000/users'), 404, 'E0000007', 'Not found: Resource not found: 00g00000000000000000 (UserGroup)');
  });

  it('moves lastMembershipUpdated, not lastUpdated', async () => {
    const group = (await createGroup({ name: 'Engineering' })).body;
    const ada = backend.directory.addUser({ login: 'ada@example.com' });
    backend.clock.advance(2_000);
    await call(backend, `/api/v1/groups/${group.id}/users/${ada.id}`, { method: 'PUT' });
    expect((await call(backend, `/api/v1/groups/${group.id}`)).body).toMatchObject({ lastUpdated: AT, lastMembershipUpdated: '2026-03-01T10:00:32.000Z' });
  });
});
