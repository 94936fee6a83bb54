import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../../support/backend';
import { bookmark, google } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();

describe('the OAuth 2.0 provisioning callback', () => {
  it('verifies the connection of a google app with the consent code: 204, and the connection is ENABLED', async () => {
    const app = backend.apps.create(google());
    const connection = `/api/v1/apps/${app.id}/connections/default`;
    expect((await call(backend, connection)).body.status).toBe('DISABLED');
    const answer = await call(backend, `/api/v1/apps/google/${app.id}/oauth2/callback?code=consent-code&state=xyz`, { method: 'POST' });
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 204, text: '' });
    expect((await call(backend, connection)).body).toMatchObject({ status: 'ENABLED', profile: { authScheme: 'OAUTH2' } });
  });

  it('refuses an app name the callback does not take, an app of another name, a missing code, and changes nothing', async () => {
    const app = backend.apps.create(google());
    const other = backend.apps.create(bookmark());
    expectOktaError(await call(backend, `/api/v1/apps/bookmark/${other.id}/oauth2/callback?code=c`, { method: 'POST' }), 404, 'E0000007', 'Not found: Resource not found: bookmark (App)');
    expectOktaError(await call(backend, `/api/v1/apps/slack/${app.id}/oauth2/callback?code=c`, { method: 'POST' }), 404, 'E0000007', `Not found: Resource not found: ${app.id} (AppInstance)`);
    expectOktaError(await call(backend, `/api/v1/apps/google/${app.id}/oauth2/callback`, { method: 'POST' }), 400, 'E0000001', 'Api validation failed: code', ['code: The field cannot be left blank']);
    expectOktaError(await call(backend, `/api/v1/apps/google/${app.id}/oauth2/callback?code=${'c'.repeat(2049)}`, { method: 'POST' }), 400, 'E0000001', 'Api validation failed: code', ['code: Must be at most 2048 characters']);
    expect((await call(backend, `/api/v1/apps/${app.id}/connections/default`)).body.status).toBe('DISABLED');
  });
});
