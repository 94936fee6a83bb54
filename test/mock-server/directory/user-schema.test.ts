import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend({ tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.schemas.read'] }] });

const schemaPath = (id: string) => `/api/v1/meta/schemas/user/${id}`;
const customProperty = { title: 'Badge number', type: 'string', maxLength: 20 };

describe('/api/v1/meta/schemas/user/{schemaId}', () => {
  it("reads the default user profile's schema, by `default` and by the id the users' links name", async () => {
    const response = await call(backend, schemaPath('default'));
    expect(response.status).toBe(200);
    const schemaId = (await call(backend, '/api/v1/meta/types/user')).body[0]._links.schema.href.split('/').pop();
    expect(response.body).toMatchObject({
      id: `${backend.orgUrl}/meta/schemas/user/${schemaId}`,
      $schema: 'http://json-schema.org/draft-04/schema#',
      name: 'user',
      title: 'User',
      type: 'object',
      definitions: { custom: { id: '#custom', type: 'object', properties: {}, required: [] }, base: { id: '#base', type: 'object', required: ['login', 'firstName', 'lastName', 'email'] } },
      properties: { profile: { allOf: [{ $ref: '#/definitions/custom' }, { $ref: '#/definitions/base' }] } },
    });
    expect(response.body.definitions.base.properties.login).toMatchObject({ title: 'Username', type: 'string', required: true, maxLength: 100, master: { type: 'PROFILE_MASTER' } });
    expect((await call(backend, schemaPath(schemaId))).body).toEqual(response.body);
    expectOktaError(await call(backend, schemaPath('osc00000000000000000')), 404, 'E0000007', 'Not found: Resource not found: osc00000000000000000 (UserSchema)');
  });

  it('adds custom properties with a POST (a partial update) and removes one given as null; a snapshot keeps them, a reset forgets them', async () => {
    const added = await call(backend, schemaPath('default'), { method: 'POST', json: { definitions: { custom: { properties: { badge: customProperty, floor: { title: 'Floor', type: 'integer' } } } } } });
    expect(added.status).toBe(200);
    expect(added.body.definitions.custom.properties).toEqual({ badge: { ...customProperty, scope: 'NONE' }, floor: { title: 'Floor', type: 'integer', scope: 'NONE' } });
    const removed = await call(backend, schemaPath('default'), { method: 'POST', json: { definitions: { custom: { properties: { floor: null } } } } });
    expect(Object.keys(removed.body.definitions.custom.properties)).toEqual(['badge']);
    const snapshot = backend.snapshot();
    backend.reset();
    expect((await call(backend, schemaPath('default'))).body.definitions.custom.properties).toEqual({});
    backend.restore(snapshot);
    expect(Object.keys((await call(backend, schemaPath('default'))).body.definitions.custom.properties)).toEqual(['badge']);
  });

  it("gives each made user type its own schema, gone with the type", async () => {
    const type = (await call(backend, '/api/v1/meta/types/user', { method: 'POST', json: { name: 'contractor', displayName: 'Contractor', description: 'Contractors' } })).body;
    const schemaId = type._links.schema.href.split('/').pop();
    await call(backend, schemaPath(schemaId), { method: 'POST', json: { definitions: { custom: { properties: { agency: { title: 'Agency', type: 'string' } } } } } });
    expect((await call(backend, schemaPath(schemaId))).body).toMatchObject({ name: 'contractor', title: 'Contractor' });
    expect((await call(backend, schemaPath('default'))).body.definitions.custom.properties).toEqual({});
    await call(backend, `/api/v1/meta/types/user/${type.id}`, { method: 'DELETE' });
    expect((await call(backend, schemaPath(schemaId))).status).toBe(404);
    expect((backend.snapshot() as { userSchemas: unknown[] }).userSchemas).toEqual([]);
  });

  it('refuses base properties, bad names and properties without a title or type, and changes nothing', async () => {
    expectOktaError(
      await call(backend, schemaPath('default'), { method: 'POST', json: { definitions: { custom: { properties: { login: customProperty, '1st': customProperty, ok: { type: 'text' } } } } } }),
      400,
      'E0000001',
      'Api validation failed: definitions.custom.properties.login, definitions.custom.properties.1st, definitions.custom.properties.ok',
      [
        'definitions.custom.properties.login: Must be a new property name: letters, digits and underscores, a letter first, not a base property',
        'definitions.custom.properties.1st: Must be a new property name: letters, digits and underscores, a letter first, not a base property',
        'definitions.custom.properties.ok: Must be an object with a title and a type (string, boolean, number, integer, array)',
      ],
    );
    expect((await call(backend, schemaPath('default'))).body.definitions.custom.properties).toEqual({});
  });

  it("bounds what a schema keeps: 64 KiB of custom properties' JSON at most, refused as a whole", async () => {
    const big = (i: number) => [`p${i}`, { title: 'x'.repeat(3900), type: 'string' }] as const;
    const properties = Object.fromEntries(Array.from({ length: 20 }, (_, i) => big(i)));
    expectOktaError(await call(backend, schemaPath('default'), { method: 'POST', json: { definitions: { custom: { properties } } } }), 400, 'E0000001', 'Api validation failed: definitions.custom.properties', [
      "definitions.custom.properties: A user schema's custom properties hold at most 65536 characters of JSON; remove some (give them as null)",
    ]);
    expect((await call(backend, schemaPath('default'))).body.definitions.custom.properties).toEqual({});
  });

  it('needs okta.schemas.manage to change a schema: a read-only token is 403 E0000006', async () => {
    expectOktaError(
      await call(backend, schemaPath('default'), { method: 'POST', json: { definitions: { custom: { properties: { badge: customProperty } } } }, authorization: 'SSWS reader' }),
      403,
      'E0000006',
      'You do not have permission to perform the requested action',
    );
  });
});
