import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../../support/backend';
import { bookmark, oidcClient } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';
import { userSchemaName } from '../../../../mock-server/apps/user-schema/routes';
import type { StoredApp } from '../../../../mock-server/apps/store';

const { backend } = useMockBackend();

describe('the app user schema', () => {
  it("answers the app's base properties and no custom ones at first", async () => {
    const app = backend.apps.create(bookmark('Wiki'));
    const answer = await call(backend, `/api/v1/meta/schemas/apps/${app.id}/default`);
    expect(answer.body).toMatchObject({
      id: `${backend.orgUrl}/meta/schemas/apps/${app.id}/default`,
      $schema: 'http://json-schema.org/draft-04/schema#',
      name: expect.stringMatching(/^bookmark_[0-9a-v]{7}$/),
      title: 'Wiki User',
      definitions: {
        custom: { id: '#custom', type: 'object', properties: {} },
        base: { id: '#base', type: 'object', properties: { userName: { title: 'Username', type: 'string', required: true } }, required: ['userName'] },
      },
      type: 'object',
      properties: { profile: { allOf: [{ $ref: '#/definitions/custom' }, { $ref: '#/definitions/base' }] } },
    });
  });

  it('POST is a partial update: a property given is added, one left out stays, one given as null is removed', async () => {
    const app = backend.apps.create(bookmark());
    const path = `/api/v1/meta/schemas/apps/${app.id}/default`;
    const property = (title: string) => ({ title, type: 'string' });
    await call(backend, path, { method: 'POST', json: { definitions: { custom: { properties: { team: property('Team'), floor: property('Floor') } } } } });
    const after = await call(backend, path, { method: 'POST', json: { definitions: { custom: { properties: { floor: null, badge: { ...property('Badge'), required: true } } } } } });
    expect(Object.keys(after.body.definitions.custom.properties)).toEqual(['team', 'badge']);
    expect(after.body.definitions.custom.properties.team).toEqual({ scope: 'NONE', title: 'Team', type: 'string' });
    expect(after.body.definitions.custom.required).toEqual(['badge']);
    expect((await call(backend, path)).body).toEqual(after.body);
  });

  it('refuses a property without a title or of an unknown type, and a base property the app does not have', async () => {
    const app = backend.apps.create(bookmark());
    const path = `/api/v1/meta/schemas/apps/${app.id}/default`;
    expect((await call(backend, path, { method: 'POST', json: { definitions: { custom: { properties: { team: { type: 'color' } } } } } })).status).toBe(400);
    expectOktaError(
      await call(backend, path, { method: 'POST', json: { definitions: { base: { properties: { nickname: { required: true } } } } } }),
      400,
      'E0000001',
      'Api validation failed: definitions.base.properties.nickname',
      ['definitions.base.properties.nickname: Not a base property of this app; add it under definitions.custom'],
    );
  });

  it('an OpenID Connect app has the standard claims as base properties, as real orgs answer them', async () => {
    const app = backend.apps.create(oidcClient());
    const { body } = await call(backend, `/api/v1/meta/schemas/apps/${app.id}/default`);
    const base = body.definitions.base;
    expect(Object.keys(base.properties)).toEqual([
      'userName', 'name', 'nickname', 'given_name', 'middle_name', 'family_name', 'email', 'profile', 'picture', 'website', 'gender',
      'birthdate', 'zoneinfo', 'locale', 'phone_number', 'street_address', 'locality', 'region', 'postal_code', 'country', 'formatted',
    ]);
    expect(base.properties.userName).toEqual({ title: 'Username', type: 'string', required: true, externalName: 'preferred_username', scope: 'SELF' });
    expect(base.properties.locality).toEqual({
      title: 'Locality', description: 'City or locality component.', type: 'string', externalName: 'address.locality', scope: 'SELF',
    });
    expect(base.required).toEqual(['userName']);
    expect(body.name).toMatch(new RegExp(`^${app.name}_[0-9a-v]{7}$`));
    expect(body.definitions.custom).toEqual({ id: '#custom', type: 'object', properties: {} });
  });

  it('keeps the same generated name for an app, and gives another app another', async () => {
    const [one, two] = [backend.apps.create(oidcClient()), backend.apps.create(oidcClient())];
    const nameOf = async (id: string) => (await call(backend, `/api/v1/meta/schemas/apps/${id}/default`)).body.name;
    expect(await nameOf(one.id)).toBe(await nameOf(one.id));
    expect(await nameOf(one.id)).not.toBe(await nameOf(two.id));
  });

  it('gives 5,000 apps 5,000 different names (the suffix once took 32 values in all, so two apps shared one in 32)', () => {
    const names = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const id = `0oa${String(i).padStart(17, '0')}`;
      names.add(userSchemaName({ body: { id, name: 'oidc_client' } } as unknown as StoredApp));
    }
    expect(names.size).toBe(5_000);
  });

  it("a base property made required joins the schema's required list; made optional again, it loses `required`", async () => {
    const app = backend.apps.create(oidcClient());
    const path = `/api/v1/meta/schemas/apps/${app.id}/default`;
    const name = { title: 'Name', type: 'string', master: { type: 'PROFILE_MASTER' }, permissions: [{ action: 'READ_ONLY', principal: 'SELF' }] };
    const required = await call(backend, path, { method: 'POST', json: { definitions: { base: { properties: { name: { ...name, required: true } } } } } });
    expect(required.body.definitions.base.properties.name).toEqual({
      title: 'Name', description: "End-User's full name in displayable form.", type: 'string', required: true, scope: 'SELF',
    });
    expect(required.body.definitions.base.required).toEqual(['userName', 'name']);
    const answer = await call(backend, path, { method: 'POST', json: { definitions: { base: { properties: { name: { ...name, required: false } } } } } });
    expect(answer.status).toBe(200);
    expect(answer.body.definitions.base.properties.name).toEqual({ title: 'Name', description: "End-User's full name in displayable form.", type: 'string', scope: 'SELF' });
    expect(answer.body.definitions.base.required).toEqual(['userName']);
  });

  it('answers a custom property without what real orgs keep to themselves (master, permissions, required: false, union of a string)', async () => {
    const app = backend.apps.create(oidcClient());
    const path = `/api/v1/meta/schemas/apps/${app.id}/default`;
    const sent = { master: { type: 'PROFILE_MASTER' }, permissions: [{ action: 'READ_ONLY', principal: 'SELF' }], required: false, scope: 'NONE', union: 'DISABLE' };
    const answer = await call(backend, path, {
      method: 'POST',
      json: {
        definitions: {
          custom: {
            properties: {
              two: { ...sent, title: 'two', type: 'string' },
              tags: { ...sent, title: 'tags', description: 'testing', type: 'array', items: { type: 'integer', enum: [4, 5] } },
            },
          },
        },
      },
    });
    expect(answer.body.definitions.custom).toEqual({
      id: '#custom',
      type: 'object',
      properties: {
        two: { title: 'two', type: 'string', scope: 'NONE' },
        tags: { title: 'tags', description: 'testing', type: 'array', scope: 'NONE', items: { type: 'integer', enum: [4, 5] }, union: 'DISABLE' },
      },
      required: [],
    });
    expect((await call(backend, path)).body).toEqual(answer.body);
  });

  it('answers items that are JSON objects as open to other members (additionalProperties: true), as recorded', async () => {
    const app = backend.apps.create(oidcClient());
    const path = `/api/v1/meta/schemas/apps/${app.id}/default`;
    const items = { type: 'object', enum: [{ value: 'a' }], oneOf: [{ const: { value: 'a' }, title: 'object a' }] };
    const answer = await call(backend, path, { method: 'POST', json: { definitions: { custom: { properties: { pick: { title: 'pick', type: 'array', items } } } } } });
    expect(answer.body.definitions.custom.properties.pick.items).toEqual({ ...items, additionalProperties: true });
  });
});
