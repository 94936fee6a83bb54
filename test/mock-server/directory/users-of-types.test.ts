import { describe, expect, it } from 'vitest';
import { ControlInputError, type Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend({ now: () => Date.parse('2026-05-17T13:27:12.400Z') });

const CONTRACTOR = { name: 'contractor', displayName: 'Contractor', description: 'Contractors of the org' };
const profile = (login: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email: login, login });

async function makeType(body: Record<string, string> = CONTRACTOR): Promise<string> {
  const response = await call(backend, '/api/v1/meta/types/user', { method: 'POST', json: body });
  expect(response.status).toBe(200);
  return response.body.id as string;
}

async function defaultTypeId(): Promise<string> {
  return (await call(backend, '/api/v1/meta/types/user')).body[0].id as string;
}

const createUser = (json: unknown) => call(backend, '/api/v1/users?activate=false', { method: 'POST', json });

describe('users of a user type the org made', () => {
  it("creates a user of a made type and answers the type's ids in type.id, _links.type and _links.schema", async () => {
    const typeId = await makeType();
    const created = await createUser({ profile: profile('ada@example.com'), type: { id: typeId } });
    expect(created.status).toBe(200);
    const org = backend.orgUrl;
    expect(created.body.type).toEqual({ id: typeId });
    expect(created.body._links.type).toEqual({ href: `${org}/api/v1/meta/types/user/${typeId}` });
    expect(created.body._links.schema).toEqual({ href: `${org}/api/v1/meta/schemas/user/osc${typeId.slice(3)}` });
    // Read back, and listed, with the same type; its schema link leads to that type's schema.
    expect((await call(backend, `/api/v1/users/${created.body.id}`)).body.type).toEqual({ id: typeId });
    expect((await call(backend, '/api/v1/users?search=profile.login%20eq%20%22ada@example.com%22')).body[0].type).toEqual({ id: typeId });
    expect((await call(backend, new URL(created.body._links.schema.href).pathname)).body.name).toBe('contractor');
    // A user created without a type, or with the default type's id, is of the default type.
    const defaultId = await defaultTypeId();
    expect((await createUser({ profile: profile('alan@example.com') })).body.type).toEqual({ id: defaultId });
    expect((await createUser({ profile: profile('grace@example.com'), type: { id: defaultId } })).body.type).toEqual({ id: defaultId });
    expect(backend.directory.user(created.body.id)!.typeId).toBe(typeId);
  });

  it('finds users by type.id with search', async () => {
    const typeId = await makeType();
    await createUser({ profile: profile('ada@example.com'), type: { id: typeId } });
    await createUser({ profile: profile('alan@example.com') });
    const logins = async (search: string) =>
      (await call(backend, `/api/v1/users?search=${encodeURIComponent(search)}`)).body.map((u: { profile: { login: string } }) => u.profile.login);
    expect(await logins(`type.id eq "${typeId}"`)).toEqual(['ada@example.com']);
    expect(await logins(`type.id eq "${await defaultTypeId()}"`)).toEqual(['alan@example.com']);
  });

  it('refuses a type no org type has (400 naming type.id) and creates nothing', async () => {
    const response = await createUser({ profile: profile('ada@example.com'), type: { id: 'otyNOPE0000000000000' } });
    expectOktaError(response, 400, 'E0000001', 'Api validation failed: type.id', ['type.id: No user type has the id otyNOPE0000000000000']);
    expectOktaError(await createUser({ profile: profile('ada@example.com'), type: { id: 'x'.repeat(101) } }), 400, 'E0000001', 'Api validation failed: type.id', [
      "type.id: Must be the id of one of the org's user types",
    ]);
    expect(backend.directory.users()).toEqual([]);
  });

  it('changes a user\'s type with PUT only; a POST naming another type is refused and changes nothing', async () => {
    const typeId = await makeType();
    const defaultId = await defaultTypeId();
    const ada = (await createUser({ profile: profile('ada@example.com') })).body;
    const post = await call(backend, `/api/v1/users/${ada.id}`, { method: 'POST', json: { type: { id: typeId } } });
    expectOktaError(post, 400, 'E0000001', 'Api validation failed: type.id', [`type.id: A user's type changes only with a full replacement (PUT); this user is of ${defaultId}`]);
    expect(backend.directory.user(ada.id)!.typeId).toBeUndefined();
    // A POST naming the user's own type is a partial update like any other.
    expect((await call(backend, `/api/v1/users/${ada.id}`, { method: 'POST', json: { type: { id: defaultId }, profile: { title: 'Countess' } } })).status).toBe(200);

    const put = await call(backend, `/api/v1/users/${ada.id}`, { method: 'PUT', json: { profile: profile('ada@example.com'), type: { id: typeId } } });
    expect(put.status).toBe(200);
    expect(put.body.type).toEqual({ id: typeId });
    expect(put.body._links.type.href).toBe(`${backend.orgUrl}/api/v1/meta/types/user/${typeId}`);
    // A PUT without a type keeps the user's; one naming the default type returns the user to it.
    expect((await call(backend, `/api/v1/users/${ada.id}`, { method: 'PUT', json: { profile: profile('ada@example.com') } })).body.type).toEqual({ id: typeId });
    expect((await call(backend, `/api/v1/users/${ada.id}`, { method: 'PUT', json: { profile: profile('ada@example.com'), type: { id: defaultId } } })).body.type).toEqual({ id: defaultId });
    expect(backend.directory.user(ada.id)!.typeId).toBeUndefined();
    const refused = await call(backend, `/api/v1/users/${ada.id}`, { method: 'PUT', json: { profile: profile('ada@example.com'), type: { id: 'otyNOPE0000000000000' } } });
    expectOktaError(refused, 400, 'E0000001', 'Api validation failed: type.id', ['type.id: No user type has the id otyNOPE0000000000000']);
  });

  it('refuses to delete a type users are still of (403 E0000006), whatever their status, and deletes it once they are gone', async () => {
    const typeId = await makeType();
    const ada = (await createUser({ profile: profile('ada@example.com'), type: { id: typeId } })).body;
    await call(backend, `/api/v1/users/${ada.id}/lifecycle/deactivate`, { method: 'POST' });
    const refused = await call(backend, `/api/v1/meta/types/user/${typeId}`, { method: 'DELETE' });
    expectOktaError(refused, 403, 'E0000006', 'You do not have permission to perform the requested action', [
      'The user type cannot be deleted while users are assigned to it (1 user is); delete them or change their type first.',
    ]);
    expect((await call(backend, `/api/v1/meta/types/user/${typeId}`)).status).toBe(200);
    expect((await call(backend, `/api/v1/users/${ada.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(backend, `/api/v1/meta/types/user/${typeId}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('adds users of a type in process and by seed; a type the backend lacks throws, naming the field', async () => {
    const typeId = await makeType();
    const ada = backend.directory.addUser({ login: 'ada@example.com', typeId });
    expect(ada.typeId).toBe(typeId);
    expect((await call(backend, `/api/v1/users/${ada.id}`)).body.type).toEqual({ id: typeId });
    // The default type's id is the default type: the user keeps no type of its own.
    expect(backend.directory.addUser({ login: 'alan@example.com', typeId: await defaultTypeId() }).typeId).toBeUndefined();
    expect(() => backend.directory.addUser({ login: 'grace@example.com', typeId: 'otyNOPE0000000000000' })).toThrow(/No user type has the id otyNOPE0000000000000/);
    await backend.seed({ users: [{ login: 'edsger@example.com', typeId }] });
    expect(backend.directory.findUser('edsger@example.com')!.typeId).toBe(typeId);
    await expect(backend.seed({ users: [{ login: 'barbara@example.com', typeId: 'otyNOPE0000000000000' }] })).rejects.toThrow(
      new ControlInputError(
        'seed field users[0]: No user type has the id otyNOPE0000000000000; make it with POST /api/v1/meta/types/user first, or leave typeId out.',
        'users[0]',
      ),
    );
    expect(backend.directory.findUser('barbara@example.com')).toBeUndefined();
  });

  it('keeps a user\'s type in snapshots, and refuses a snapshot whose user is of a type it does not make', async () => {
    const typeId = await makeType();
    const ada = (await createUser({ profile: profile('ada@example.com'), type: { id: typeId } })).body;
    const alan = (await createUser({ profile: profile('alan@example.com') })).body;
    const snapshot = backend.snapshot() as Snapshot;
    expect(snapshot.users.map((u) => u.typeId)).toEqual([typeId, undefined]);
    backend.reset();
    expect(backend.directory.users()).toEqual([]);
    backend.restore(snapshot);
    expect((await call(backend, `/api/v1/users/${ada.id}`)).body.type).toEqual({ id: typeId });
    expect(backend.directory.user(alan.id)!.typeId).toBeUndefined();
    expect(backend.snapshot()).toEqual(snapshot);

    const orphan = { ...snapshot, userTypes: [] };
    expect(() => backend.restore(orphan)).toThrow(new ControlInputError(`snapshot field users[0].typeId: no user type of the snapshot has the id ${typeId}`, 'users[0].typeId'));
    expect((await call(backend, `/api/v1/users/${ada.id}`)).body.type).toEqual({ id: typeId });
  });
});
