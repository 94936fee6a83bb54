import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../../support/backend';
import { customSaml } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/;

describe('federated claims', () => {
  it('create (201), get, list, replace (200, lastUpdated moves), delete (204)', async () => {
    const app = backend.apps.create(customSaml());
    const path = `/api/v1/apps/${app.id}/federated-claims`;
    const created = await call(backend, path, { method: 'POST', json: { expression: 'user.profile.lastName', name: 'role_last_name' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^ofc[0-9A-Za-z]{17}$/), name: 'role_last_name', expression: 'user.profile.lastName', created: expect.stringMatching(ISO), lastUpdated: expect.stringMatching(ISO) });
    const at = `${path}/${String(created.body.id)}`;
    expect((await call(backend, at)).body).toEqual(created.body);
    expect((await call(backend, path)).body).toEqual([created.body]);
    const replaced = await call(backend, at, { method: 'PUT', json: { ...created.body, expression: 'user.profile.firstName', name: 'role_first_name' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: created.body.id, name: 'role_first_name', expression: 'user.profile.firstName', created: created.body.created });
    expect(Date.parse(replaced.body.lastUpdated)).toBeGreaterThan(Date.parse(created.body.lastUpdated));
    expect((await call(backend, at, { method: 'DELETE' })).status).toBe(204);
    expectOktaError(await call(backend, at), 404, 'E0000007', `Not found: Resource not found: ${String(created.body.id)} (FederatedClaim)`);
  });

  it('refuses a blank name or expression and a name the app already has', async () => {
    const app = backend.apps.create(customSaml());
    const path = `/api/v1/apps/${app.id}/federated-claims`;
    expectOktaError(await call(backend, path, { method: 'POST', json: { name: '' } }), 400, 'E0000001', 'Api validation failed: name, expression', [
      'name: The field cannot be left blank',
      'expression: The field cannot be left blank',
    ]);
    await call(backend, path, { method: 'POST', json: { name: 'role', expression: 'a' } });
    expect((await call(backend, path, { method: 'POST', json: { name: 'role', expression: 'b' } })).body.errorSummary).toBe('Api validation failed: name');
  });
});
