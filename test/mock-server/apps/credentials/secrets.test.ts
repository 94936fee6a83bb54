import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookmarkApp, credentialBackend, oidcApp, ORG } from './helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');

async function client(method = 'client_secret_basic') {
  let now = START;
  const { backend, call } = credentialBackend({ now: () => now });
  const app = (await call('POST', '/api/v1/apps', { json: oidcApp(method) })).body;
  const path = `/api/v1/apps/${app.id}/credentials/secrets`;
  return { backend, call, app, path, later: (ms: number) => (now += ms) };
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest().subarray(0, 16).toString('base64url');

describe('an OAuth 2.0 client’s secrets', () => {
  it("start with the create's client_secret, ACTIVE, as real organizations list it", async () => {
    const { app, call, path } = await client();
    const list = await call('GET', path);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const [secret] = list.body;
    expect(Object.keys(secret)).toEqual(['id', 'created', 'lastUpdated', 'status', 'client_secret', 'secret_hash', '_links']);
    expect(secret).toEqual({
      id: expect.stringMatching(/^ocs[0-9A-Za-z]{17}$/),
      created: app.created,
      lastUpdated: app.created,
      status: 'ACTIVE',
      client_secret: app.credentials.oauthClient.client_secret,
      secret_hash: hashOf(app.credentials.oauthClient.client_secret),
      _links: { deactivate: { href: `${ORG}${path}/${secret.id}/lifecycle/deactivate`, hints: { allow: ['POST'] } } },
    });
    expect(app.credentials.oauthClient.client_secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
  });

  it('a client without a secret (private_key_jwt) lists none', async () => {
    const { call, path } = await client('private_key_jwt');
    expect((await call('GET', path)).body).toEqual([]);
  });

  it('a new secret (201) is drawn by the server: 64 base64url characters, ACTIVE, its hash the first half of its SHA-256', async () => {
    const { call, path, later } = await client();
    later(2000);
    const created = await call('POST', path);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'ACTIVE', created: '2026-03-01T10:00:32.000Z', lastUpdated: '2026-03-01T10:00:32.000Z' });
    expect(created.body.client_secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(created.body.secret_hash).toBe(hashOf(created.body.client_secret));
    expect((await call('GET', `${path}/${created.body.id}`)).body).toEqual(created.body);
  });

  it('a secret of the caller’s choosing is kept as given, INACTIVE when asked', async () => {
    const { call, path } = await client();
    const created = await call('POST', path, { json: { client_secret: 'a-chosen-secret-of-32-characters', status: 'INACTIVE' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ client_secret: 'a-chosen-secret-of-32-characters', status: 'INACTIVE' });
  });

  it.each([
    ['too short', 'short', 'client_secret_basic', "client_secret: 'client_secret' must be at least '14' characters long."],
    ['too long', 'x'.repeat(101), 'client_secret_basic', "client_secret: 'client_secret' can't be more than '100' characters long."],
    ['not printable ASCII', 'secret-with-é-inside', 'client_secret_basic', "client_secret: ''client_secret'' must only contain printable ASCII: [x20-x7E]+"],
    ['under 32 characters for client_secret_jwt', 'twenty-characters-ok', 'client_secret_jwt', "client_secret: 'client_secret' must be at least '32' characters long when 'token_endpoint_auth_method' is 'client_secret_jwt'."],
    ['given to a private_key_jwt client', 'a-chosen-secret-of-32-characters', 'private_key_jwt', "'client_secret' can't be used when 'token_endpoint_auth_method' is 'private_key_jwt'."],
  ])('a chosen secret %s is refused in Okta’s words, and none is added', async (_case, secret, method, cause) => {
    const { call, path } = await client(method);
    const before = (await call('GET', path)).body;
    const refused = await call('POST', path, { json: { client_secret: secret } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: client_secret', errorCauses: [{ errorSummary: cause }] });
    expect((await call('GET', path)).body).toEqual(before);
  });

  it('a third secret is refused: at most two', async () => {
    const { call, path } = await client();
    expect((await call('POST', path)).status).toBe(201);
    const third = await call('POST', path);
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: OAuth2ClientSecretMediated',
      errorCauses: [{ errorSummary: "You've reached the maximum number of client secrets per client." }],
    });
    expect((await call('GET', path)).body).toHaveLength(2);
  });
});

describe('the lifecycle of a secret', () => {
  it('the only ACTIVE secret cannot be deactivated', async () => {
    const { call, path } = await client();
    const [only] = (await call('GET', path)).body;
    const refused = await call('POST', `${path}/${only.id}/lifecycle/deactivate`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: "You can't deactivate the only active client secret." }]);
    expect((await call('GET', `${path}/${only.id}`)).body.status).toBe('ACTIVE');
  });

  it('with another ACTIVE one it can: INACTIVE, later lastUpdated, activate and delete links', async () => {
    const { call, path, later } = await client();
    const [first] = (await call('GET', path)).body;
    await call('POST', path);
    later(2000);
    const deactivated = await call('POST', `${path}/${first.id}/lifecycle/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ status: 'INACTIVE', created: first.created, lastUpdated: '2026-03-01T10:00:32.000Z' });
    expect(deactivated.body._links).toEqual({
      activate: { href: `${ORG}${path}/${first.id}/lifecycle/activate`, hints: { allow: ['POST'] } },
      delete: { href: `${ORG}${path}/${first.id}`, hints: { allow: ['DELETE'] } },
    });
    later(2000);
    const activated = await call('POST', `${path}/${first.id}/lifecycle/activate`);
    expect(activated.body).toMatchObject({ status: 'ACTIVE', lastUpdated: '2026-03-01T10:00:34.000Z' });
  });

  it('only an INACTIVE secret can be deleted (204); an ACTIVE one is refused in Okta’s words', async () => {
    const { call, path } = await client();
    const [first] = (await call('GET', path)).body;
    const second = (await call('POST', path)).body;
    const refused = await call('DELETE', `${path}/${second.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: "You can't delete an active client secret. Deactivate the secret before deleting it." }]);
    await call('POST', `${path}/${second.id}/lifecycle/deactivate`);
    expect((await call('DELETE', `${path}/${second.id}`)).status).toBe(204);
    expect((await call('GET', path)).body.map((s: { id: string }) => s.id)).toEqual([first.id]);
    const gone = await call('GET', `${path}/${second.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errorSummary).toBe(`Not found: Resource not found: ${second.id} (OAuth2ClientSecret)`);
  });

  it('an app that is not an OAuth 2.0 client has no secrets: 404', async () => {
    const { call } = credentialBackend();
    const wiki = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const missing = await call('GET', `/api/v1/apps/${wiki.id}/credentials/secrets`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorSummary).toBe(`Not found: Resource not found: ${wiki.id} (OAuth2Client)`);
  });
});
