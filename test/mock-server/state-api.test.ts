import { describe, expect, it } from 'vitest';
import { ApiError, BadRequestError, ConfigurationError, ForbiddenError, NotFoundError, type CreateApplicationInput } from '../../src/index';
import { createMockBackend } from '../../mock-server/index';
import { useMockBackend } from '../support/backend';
import { bookmark, customSaml, google } from './app-inputs';
import { call, extraBackend } from './raw-http';

const { backend, server, client } = useMockBackend();

const MISSING = '0oa00000000000000000';

/** Runs `fn` and returns what it threw (fails the test when it throws nothing). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

describe('backend.apps', () => {
  it('create returns the app exactly as GET /api/v1/apps/{id} answers it', async () => {
    const app = backend.apps.create(customSaml('Analytics'));
    const response = await call(backend, `/api/v1/apps/${app.id}`);
    expect(response.body).toEqual(app);
    expect(app).toMatchObject({ name: 'appset_analytics_1', status: 'ACTIVE' });
  });

  it('create with activate: false makes an INACTIVE app', () => {
    expect(backend.apps.create(bookmark(), { activate: false }).status).toBe('INACTIVE');
  });

  it('an app created over HTTP is visible to get, list and size', async () => {
    const { body } = await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark() });
    expect(backend.apps.get(body.id)).toEqual(body);
    expect(backend.apps.list()).toEqual([body]);
    expect(backend.apps.size).toBe(1);
  });

  it("get, list and create hand out objects of the caller's own: changing one changes nothing stored", async () => {
    const created = backend.apps.create(customSaml('Owned'));
    const before = (await call(backend, `/api/v1/apps/${created.id}`)).body;
    for (const app of [created, backend.apps.get(created.id)!, backend.apps.list().find((a) => a.id === created.id)!]) {
      (app.settings as { app: Record<string, unknown> }).app.audienceOverride = 'changed by the test';
      (app as { label: string }).label = 'Changed';
    }
    expect(backend.apps.get(created.id)).toEqual(before);
    expect((await call(backend, `/api/v1/apps/${created.id}`)).body).toEqual(before);
  });

  it('get answers undefined for an unknown id', () => {
    expect(backend.apps.get(MISSING)).toBeUndefined();
  });

  it('list answers every app in creation order, and size counts them', () => {
    const created = [backend.apps.create(bookmark('A')), backend.apps.create(google('B')), backend.apps.create(bookmark('C'), { activate: false })];
    expect(backend.apps.list()).toEqual(created);
    expect(backend.apps.size).toBe(3);
  });

  it('activate and deactivate change the status that HTTP clients see', async () => {
    const app = backend.apps.create(bookmark());
    backend.apps.deactivate(app.id);
    expect((await client().apps.get(app.id)).status).toBe('INACTIVE');
    backend.apps.activate(app.id);
    expect((await client().apps.get(app.id)).status).toBe('ACTIVE');
  });

  it('delete removes an INACTIVE app', async () => {
    const app = backend.apps.create(bookmark(), { activate: false });
    backend.apps.delete(app.id);
    expect(backend.apps.get(app.id)).toBeUndefined();
    expect(backend.apps.size).toBe(0);
    expect((await call(backend, `/api/v1/apps/${app.id}`)).status).toBe(404);
  });

  it('delete of an ACTIVE app throws ForbiddenError E0000056 and keeps the app', () => {
    const app = backend.apps.create(bookmark());
    const error = thrown(() => backend.apps.delete(app.id));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).toMatchObject({
      status: 403,
      errorCode: 'E0000056',
      errorSummary: 'Delete application forbidden.',
      errorCauses: [{ errorSummary: 'The application must be deactivated before deletion.' }],
    });
    expect(backend.apps.get(app.id)).toEqual(app);
  });

  it.each([
    ['activate', () => backend.apps.activate(MISSING)],
    ['deactivate', () => backend.apps.deactivate(MISSING)],
    ['delete', () => backend.apps.delete(MISSING)],
    ['users.assign', () => backend.users.assign(MISSING, { id: '00u1' })],
    ['users.unassign', () => backend.users.unassign(MISSING, '00u1')],
    ['groups.assign', () => backend.groups.assign(MISSING, '00g1')],
  ])('%s of an unknown id throws NotFoundError E0000007', (_, run) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, errorCode: 'E0000007', errorSummary: `Not found: Resource not found: ${MISSING} (AppInstance)` });
  });

  it('create of an invalid input throws BadRequestError E0000001 with one cause per field', () => {
    const input = { name: 'salesforce', label: 'SF', signOnMode: 'SAML_2_0', settings: { app: { instanceType: 'STAGING' } } };
    const error = thrown(() => backend.apps.create(input as unknown as CreateApplicationInput));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: settings.app.integrationType, settings.app.instanceType',
      errorCauses: [
        { errorSummary: 'settings.app.integrationType: The field cannot be left blank' },
        { errorSummary: 'settings.app.instanceType: Not one of the allowed values' },
      ],
    });
    expect(backend.apps.size).toBe(0);
  });

  it('create of an unknown catalog name throws NotFoundError "… {name} (App)"', () => {
    const input = { name: 'acme_timesheets', label: 'Acme', settings: { app: {} } };
    const error = thrown(() => backend.apps.create(input as unknown as CreateApplicationInput));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: acme_timesheets (App)' });
  });
});

describe('backend.users and backend.groups', () => {
  it('users.assign returns the assignment with realistic defaults for what was not given', () => {
    const app = backend.apps.create(bookmark());
    const assignment = backend.users.assign(app.id, { id: '00u1alice00000000000' });
    expect(assignment).toEqual({
      id: '00u1alice00000000000',
      externalId: null,
      created: expect.stringMatching(/\.\d{3}Z$/),
      lastUpdated: assignment.created,
      scope: 'USER',
      status: 'ACTIVE',
      statusChanged: assignment.created,
      passwordChanged: null,
      syncState: 'DISABLED',
      credentials: { userName: expect.any(String) },
    });
  });

  it('users.assign keeps the values given', () => {
    const app = backend.apps.create(bookmark());
    const assignment = backend.users.assign(app.id, {
      id: '00u1bob0000000000000',
      userName: 'bob@example.com',
      externalId: 'ext-7',
      status: 'PROVISIONED',
      scope: 'GROUP',
    });
    expect(assignment).toMatchObject({ credentials: { userName: 'bob@example.com' }, externalId: 'ext-7', status: 'PROVISIONED', scope: 'GROUP' });
  });

  it('users.assign is what expand=user/{id} embeds, and unassign removes it', async () => {
    const app = backend.apps.create(bookmark());
    const assignment = backend.users.assign(app.id, { id: '00u1alice00000000000' });
    const embedded = await client().apps.get(app.id, { expandUser: '00u1alice00000000000' });
    expect(embedded._embedded?.user).toMatchObject(assignment);
    expect(backend.users.unassign(app.id, '00u1alice00000000000')).toBe(true);
    expect(backend.users.unassign(app.id, '00u1alice00000000000')).toBe(false);
    expect((await client().apps.get(app.id, { expandUser: '00u1alice00000000000' }))._embedded).toBeUndefined();
  });

  it('groups.assign is what filter=group.id finds', async () => {
    const app = backend.apps.create(bookmark());
    backend.apps.create(bookmark('Other'));
    backend.groups.assign(app.id, '00g1engineering00000');
    const found = await client().apps.list({ filter: { 'group.id': '00g1engineering00000' } }).toArray({ max: 5 });
    expect(found.map((a) => a.id)).toEqual([app.id]);
  });
});

describe('seeds and reset()', () => {
  it("seed: 'demo' gives 12 apps of several kinds, two of them INACTIVE", () => {
    const demo = createMockBackend({ seed: 'demo' });
    const apps = demo.apps.list();
    expect(demo.apps.size).toBe(12);
    expect(new Set(apps.map((a) => a.signOnMode))).toEqual(
      new Set(['BOOKMARK', 'OPENID_CONNECT', 'SAML_2_0', 'SAML_1_1', 'BROWSER_PLUGIN', 'BASIC_AUTH']),
    );
    expect(apps.map((a) => a.name)).toEqual(
      expect.arrayContaining(['bookmark', 'oidc_client', 'google', 'office365', 'salesforce', 'slack', 'zoomus', 'okta_org2org', 'template_swa', 'template_basic_auth']),
    );
    expect(apps.filter((a) => a.status === 'INACTIVE').map((a) => a.label)).toEqual(['Legacy Timesheets', 'Build Server']);
  });

  it('the demo seed is served over HTTP', async () => {
    const demo = extraBackend(server, { seed: 'demo' });
    const response = await call(demo, '/api/v1/apps?limit=200');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(demo.apps.list());
  });

  it('a seed takes create inputs, optionally INACTIVE', () => {
    const seeded = createMockBackend({ seed: [bookmark('Wiki'), { input: google('Workspace'), activate: false }] });
    expect(seeded.apps.list().map((a) => [a.label, a.status])).toEqual([
      ['Wiki', 'ACTIVE'],
      ['Workspace', 'INACTIVE'],
    ]);
  });

  it('an invalid seed throws BadRequestError from createMockBackend', () => {
    const error = thrown(() => createMockBackend({ seed: [{ name: 'bookmark', label: 'No URL', signOnMode: 'BOOKMARK', settings: { app: {} } } as unknown as CreateApplicationInput] }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ errorSummary: 'Api validation failed: settings.app.url' });
  });

  it('reset() restores the seed: created apps go, deleted and changed ones come back', () => {
    const seeded = createMockBackend({ seed: [bookmark('Wiki'), { input: google('Workspace'), activate: false }] });
    const [wiki, workspace] = seeded.apps.list();
    seeded.apps.create(bookmark('Extra'));
    seeded.apps.delete(workspace!.id);
    seeded.apps.deactivate(wiki!.id);
    seeded.reset();
    expect(seeded.apps.list().map((a) => [a.label, a.status])).toEqual([
      ['Wiki', 'ACTIVE'],
      ['Workspace', 'INACTIVE'],
    ]);
  });

  it('reset() empties a backend without a seed, with its assignments', async () => {
    const plain = extraBackend(server);
    const app = plain.apps.create(bookmark());
    plain.users.assign(app.id, { id: '00u1alice00000000000' });
    plain.reset();
    expect(plain.apps.size).toBe(0);
    expect((await call(plain, '/api/v1/apps?filter=user.id%20eq%20%2200u1alice00000000000%22')).body).toEqual([]);
  });

  it('reset() starts generated names from 1 again', () => {
    const plain = createMockBackend();
    expect(plain.apps.create(customSaml('Payroll')).name).toBe('appset_payroll_1');
    plain.reset();
    expect(plain.apps.create(customSaml('Payroll')).name).toBe('appset_payroll_1');
  });
});

describe('backend options', () => {
  it('now sets timestamps and the Date header, and may answer a Date', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const timed = extraBackend(server, { now: () => at });
    const response = await call(timed, '/api/v1/apps', { method: 'POST', json: bookmark() });
    // Real organizations keep whole seconds.
    expect(response.body).toMatchObject({ created: '2026-01-02T03:04:05.000Z', lastUpdated: '2026-01-02T03:04:05.000Z' });
    expect(response.headers.get('date')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
  });

  it('orgUrl is reduced to its origin and used in links and generated names', () => {
    const custom = createMockBackend({ orgUrl: 'https://acme-corp.okta.test/some/path' });
    expect(custom.orgUrl).toBe('https://acme-corp.okta.test');
    const app = custom.apps.create(customSaml('Payroll'));
    expect(app.name).toBe('acme-corp_payroll_1');
    expect(app._links?.users?.href).toBe(`https://acme-corp.okta.test/api/v1/apps/${app.id}/users`);
  });

  it('answers only requests to its own organization', async () => {
    const other = extraBackend(server);
    const app = backend.apps.create(bookmark());
    expect((await call(backend, '/api/v1/apps')).body).toEqual([app]);
    expect((await call(other, '/api/v1/apps')).body).toEqual([]);
    expect((await call(other, `/api/v1/apps/${app.id}`)).status).toBe(404);
  });

  it('defaultToken is the first API token given', () => {
    const custom = createMockBackend({ tokens: [{ type: 'Bearer', token: 'b', scopes: ['okta.apps.read'] }, { type: 'SSWS', token: 'first' }, { type: 'SSWS', token: 'second' }] });
    expect(custom.defaultToken).toBe('first');
  });
});

describe('orgUrl option', () => {
  it('refuses an orgUrl that is not a URL with a ConfigurationError naming it', () => {
    expect(() => createMockBackend({ orgUrl: 'acme.okta.com' })).toThrow(ConfigurationError);
    expect(() => createMockBackend({ orgUrl: 'acme.okta.com' })).toThrow(/orgUrl "acme\.okta\.com" is not a URL/);
  });
});
