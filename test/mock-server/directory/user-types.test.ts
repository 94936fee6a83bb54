import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2026-05-17T13:27:12.400Z');
const AT = '2026-05-17T13:27:12.000Z';
const { backend } = useMockBackend({ now: () => START, tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.userTypes.read'] }] });

const TYPE = { description: 'Contractors of the org', displayName: 'Contractor', name: 'contractor' };
const create = (json: unknown, authorization = 'SSWS admin') => call(backend, '/api/v1/meta/types/user', { method: 'POST', json, authorization });

describe('/api/v1/meta/types/user', () => {
  it("lists the org's default type first, as real orgs describe it, linked to its schema; users are of that type", async () => {
    const response = await call(backend, '/api/v1/meta/types/user');
    expect(response.status).toBe(200);
    const [user] = response.body;
    const org = backend.orgUrl;
    expect(user).toEqual({
      id: expect.stringMatching(/^oty[0-9A-Za-z]{17}$/),
      displayName: 'User',
      name: 'user',
      description: 'Okta user profile template with default permission settings',
      createdBy: expect.stringMatching(/^spr[0-9A-Za-z]{17}$/),
      lastUpdatedBy: expect.stringMatching(/^00u[0-9A-Za-z]{17}$/),
      created: expect.any(String),
      lastUpdated: expect.any(String),
      default: true,
      _links: {
        schema: { rel: 'schema', href: `${org}/api/v1/meta/schemas/user/osc${user.id.slice(3)}`, method: 'GET' },
        self: { rel: 'self', href: `${org}/api/v1/meta/types/user/${user.id}`, method: 'GET' },
      },
    });
    const ada = await call(backend, '/api/v1/users', { method: 'POST', json: { profile: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', login: 'ada@example.com' } } });
    expect(ada.body.type.id).toBe(user.id);
  });

  it('creates a type (200, made by the admin), reads it, lists it after the default, and deletes it (204)', async () => {
    const created = await create(TYPE);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...TYPE, created: AT, lastUpdated: AT, default: false });
    expect(Object.keys(created.body)).toEqual(['id', 'displayName', 'name', 'description', 'createdBy', 'lastUpdatedBy', 'created', 'lastUpdated', 'default', '_links']);
    expect(created.body.createdBy).toMatch(/^00u[0-9A-Za-z]{17}$/);
    const id = created.body.id as string;
    expect((await call(backend, `/api/v1/meta/types/user/${id}`)).body).toEqual(created.body);
    expect((await call(backend, '/api/v1/meta/types/user')).body.map((t: { name: string }) => t.name)).toEqual(['user', 'contractor']);
    expect((await call(backend, `/api/v1/meta/types/user/${id}`, { method: 'DELETE' })).status).toBe(204);
    expectOktaError(await call(backend, `/api/v1/meta/types/user/${id}`), 404, 'E0000007', `Not found: Resource not found: ${id} (UserType)`);
  });

  it('changes a display name and description (PUT replaces, POST updates); the name stays', async () => {
    const id = (await create(TYPE)).body.id as string;
    const put = await call(backend, `/api/v1/meta/types/user/${id}`, { method: 'PUT', json: { ...TYPE, displayName: 'Contractor (EU)', description: 'EU contractors' } });
    expect(put.body).toMatchObject({ name: 'contractor', displayName: 'Contractor (EU)', description: 'EU contractors' });
    const post = await call(backend, `/api/v1/meta/types/user/${id}`, { method: 'POST', json: { description: 'All contractors' } });
    expect(post.body).toMatchObject({ displayName: 'Contractor (EU)', description: 'All contractors' });
    expectOktaError(await call(backend, `/api/v1/meta/types/user/${id}`, { method: 'POST', json: { name: 'vendor' } }), 400, 'E0000001', 'Api validation failed: name', ['name: The name of a user type cannot change']);
  });

  it('refuses a type without its required members, or with a name taken, and creates nothing', async () => {
    expectOktaError(await create({ name: 'contractor' }), 400, 'E0000001', 'Api validation failed: displayName, description', [
      'displayName: The field cannot be left blank',
      'description: The field cannot be left blank',
    ]);
    expectOktaError(await create({ ...TYPE, name: 'USER' }), 400, 'E0000001', 'Api validation failed: name', ['name: A user type with this name already exists']);
    expectOktaError(await create({ ...TYPE, name: 'not a name' }), 400, 'E0000001', 'Api validation failed: name', ['name: Must start with a letter or an underscore and hold only letters, digits and underscores']);
    expect((await call(backend, '/api/v1/meta/types/user')).body).toHaveLength(1);
  });

  it('keeps the default type: deleting or changing it is 403 E0000006', async () => {
    const id = (await call(backend, '/api/v1/meta/types/user')).body[0].id as string;
    expectOktaError(await call(backend, `/api/v1/meta/types/user/${id}`, { method: 'DELETE' }), 403, 'E0000006', 'You do not have permission to perform the requested action', ['The default user type cannot be deleted.']);
    expectOktaError(await call(backend, `/api/v1/meta/types/user/${id}`, { method: 'POST', json: { description: 'x' } }), 403, 'E0000006', 'You do not have permission to perform the requested action', ['The default user type cannot be changed.']);
  });

  it('needs okta.userTypes.manage to create: a read-only token is 403 E0000006', async () => {
    expectOktaError(await create(TYPE, 'SSWS reader'), 403, 'E0000006', 'You do not have permission to perform the requested action');
  });

  it('keeps made types in snapshots, and a reset forgets them', async () => {
    const id = (await create(TYPE)).body.id as string;
    const snapshot = backend.snapshot();
    backend.reset();
    expect((await call(backend, '/api/v1/meta/types/user')).body).toHaveLength(1);
    backend.restore(snapshot);
    expect((await call(backend, `/api/v1/meta/types/user/${id}`)).body.name).toBe('contractor');
  });
});
