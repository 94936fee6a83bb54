import { describe, expect, it } from 'vitest';
import { ForbiddenError, NotFoundError } from '../../../src/index';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError, type RawRequest } from '../raw-http';

const { backend, client } = useMockBackend();

const lifecycle = (id: string, action: 'activate' | 'deactivate') =>
  call(backend, `/api/v1/apps/${id}/lifecycle/${action}`, { method: 'POST' });

/** Waits until the backend clock (Date.now) has moved, so an unchanged timestamp means "not touched". */
async function nextMillisecond(): Promise<void> {
  const start = Date.now();
  while (Date.now() === start) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('GET /api/v1/apps/{appId}', () => {
  it('answers 200 with the app', async () => {
    const app = backend.apps.create(bookmark('Company Wiki'));
    const response = await call(backend, `/api/v1/apps/${app.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(app);
  });

  it('answers 404 E0000007 naming the id for an app that never existed', async () => {
    expectOktaError(
      await call(backend, '/api/v1/apps/0oa00000000000000000'),
      404,
      'E0000007',
      'Not found: Resource not found: 0oa00000000000000000 (AppInstance)',
    );
  });

  it('the client resolves the same app', async () => {
    const app = backend.apps.create(bookmark('Company Wiki'));
    expect(await client().apps.get(app.id)).toEqual(app);
  });
});

describe('POST /api/v1/apps/{appId}/lifecycle/deactivate', () => {
  it('answers 200 with the body {} and makes the app INACTIVE, changing lastUpdated', async () => {
    const app = backend.apps.create(bookmark());
    await nextMillisecond();
    const response = await lifecycle(app.id, 'deactivate');
    expect(response.status).toBe(200);
    expect(response.text).toBe('{}');
    const after = backend.apps.get(app.id)!;
    expect(after.status).toBe('INACTIVE');
    expect(Date.parse(after.lastUpdated)).toBeGreaterThan(Date.parse(app.lastUpdated));
    expect(after.created).toBe(app.created);
  });

  it('swaps the deactivate link for an activate link', async () => {
    const app = backend.apps.create(bookmark());
    await lifecycle(app.id, 'deactivate');
    const { body } = await call(backend, `/api/v1/apps/${app.id}`);
    expect(body._links.deactivate).toBeUndefined();
    expect(body._links.activate).toEqual({ href: `${backend.orgUrl}/api/v1/apps/${app.id}/lifecycle/activate` });
  });

  it('is idempotent: an INACTIVE app answers 200 {} and keeps its lastUpdated', async () => {
    const app = backend.apps.create(bookmark(), { activate: false });
    await nextMillisecond();
    const response = await lifecycle(app.id, 'deactivate');
    expect(response.status).toBe(200);
    expect(response.text).toBe('{}');
    expect(backend.apps.get(app.id)).toEqual(app);
  });
});

describe('POST /api/v1/apps/{appId}/lifecycle/activate', () => {
  it('answers 200 with the body {} and makes the app ACTIVE, changing lastUpdated', async () => {
    const app = backend.apps.create(bookmark(), { activate: false });
    await nextMillisecond();
    const response = await lifecycle(app.id, 'activate');
    expect(response.status).toBe(200);
    expect(response.text).toBe('{}');
    const after = backend.apps.get(app.id)!;
    expect(after.status).toBe('ACTIVE');
    expect(Date.parse(after.lastUpdated)).toBeGreaterThan(Date.parse(app.lastUpdated));
    expect(after._links?.deactivate).toEqual({ href: `${backend.orgUrl}/api/v1/apps/${app.id}/lifecycle/deactivate` });
  });

  it('is idempotent: an ACTIVE app answers 200 {} and keeps its lastUpdated', async () => {
    const app = backend.apps.create(bookmark());
    await nextMillisecond();
    const response = await lifecycle(app.id, 'activate');
    expect(response.status).toBe(200);
    expect(response.text).toBe('{}');
    expect(backend.apps.get(app.id)).toEqual(app);
  });

  it('the client activates and deactivates, resolving undefined, also when nothing changes', async () => {
    const apps = client().apps;
    const app = backend.apps.create(bookmark());
    await expect(apps.deactivate(app.id)).resolves.toBeUndefined();
    expect(backend.apps.get(app.id)?.status).toBe('INACTIVE');
    await expect(apps.deactivate(app.id)).resolves.toBeUndefined();
    await expect(apps.activate(app.id)).resolves.toBeUndefined();
    expect(backend.apps.get(app.id)?.status).toBe('ACTIVE');
    await expect(apps.activate(app.id)).resolves.toBeUndefined();
  });
});

describe('DELETE /api/v1/apps/{appId}', () => {
  it('refuses an ACTIVE app with 403 E0000056 and keeps it', async () => {
    const app = backend.apps.create(bookmark());
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}`, { method: 'DELETE' }),
      403,
      'E0000056',
      'Delete application forbidden.',
      ['The application must be deactivated before deletion.'],
    );
    expect(backend.apps.get(app.id)).toEqual(app);
  });

  it('deletes an INACTIVE app with 204 and an empty body', async () => {
    const app = backend.apps.create(bookmark(), { activate: false });
    const response = await call(backend, `/api/v1/apps/${app.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers.get('content-type')).toBeNull();
    expect(backend.apps.get(app.id)).toBeUndefined();
    expect(backend.apps.size).toBe(0);
  });

  it.each<[string, string, RawRequest]>([
    ['get', '', { method: 'GET' }],
    ['replace', '', { method: 'PUT', json: bookmark('Renamed') }],
    ['delete', '', { method: 'DELETE' }],
    ['activate', '/lifecycle/activate', { method: 'POST' }],
    ['deactivate', '/lifecycle/deactivate', { method: 'POST' }],
  ])('after delete, %s on the id answers 404 E0000007 "… {id} (AppInstance)"', async (_, suffix, request) => {
    const app = backend.apps.create(bookmark(), { activate: false });
    expect((await call(backend, `/api/v1/apps/${app.id}`, { method: 'DELETE' })).status).toBe(204);
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}${suffix}`, request),
      404,
      'E0000007',
      `Not found: Resource not found: ${app.id} (AppInstance)`,
    );
    expect(backend.apps.size).toBe(0);
  });

  it('the client throws ForbiddenError E0000056 for an ACTIVE app', async () => {
    const app = backend.apps.create(bookmark());
    const error = await client().apps.delete(app.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({
      status: 403,
      errorCode: 'E0000056',
      errorSummary: 'Delete application forbidden.',
      errorCauses: [{ errorSummary: 'The application must be deactivated before deletion.' }],
    });
  });

  it('the client deactivates then deletes, after which get throws NotFoundError', async () => {
    const apps = client().apps;
    const app = backend.apps.create(bookmark());
    await apps.deactivate(app.id);
    await expect(apps.delete(app.id)).resolves.toBeUndefined();
    const error = await apps.get(app.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, errorCode: 'E0000007', errorSummary: `Not found: Resource not found: ${app.id} (AppInstance)` });
  });
});
