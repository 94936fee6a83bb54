import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../../support/backend';
import { bookmark } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();

describe('the app user schema', () => {
  it("answers the app's base properties and no custom ones at first", async () => {
    const app = backend.apps.create(bookmark('Wiki'));
    const answer = await call(backend, `/api/v1/meta/schemas/apps/${app.id}/default`);
    expect(answer.body).toMatchObject({
      id: `${backend.orgUrl}/meta/schemas/apps/${app.id}/default`,
      $schema: 'http://json-schema.org/draft-04/schema#',
      name: 'bookmark',
      title: 'Wiki User',
      definitions: {
        custom: { id: '#custom', type: 'object', properties: {}, required: [] },
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
});
