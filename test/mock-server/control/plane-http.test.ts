import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { ADA, ISSUER, providerKey, sign, type ProviderKey } from '../security-events/helpers';
import { listen, type RunningServer } from '../../../mock-server/node/index';
import { assertion, JWT_BEARER, serviceKey } from '../oauth/helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const backend = createMockBackend({ now: () => START, ids: 'deterministic' });
let running: RunningServer;
let key: ProviderKey;

beforeAll(async () => {
  running = await listen(backend, { host: '127.0.0.1', port: 0 });
  key = await providerKey('plane-key');
});
afterAll(() => running.close());
beforeEach(async () => {
  expect((await plane('POST', '/reset')).status).toBe(204);
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A request to the control plane, with no Authorization header (the plane needs none). */
async function plane(method: string, path: string, json?: unknown): Promise<Answer> {
  const init: RequestInit = { method };
  if (json !== undefined) {
    init.body = typeof json === 'string' ? json : JSON.stringify(json);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(`${running.url}/__appset${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

/** A request to Okta's paths with the default token. */
async function okta(method: string, path: string, json?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `SSWS ${backend.defaultToken}`, accept: 'application/json' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${running.url}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

const bookmark = (label = 'Wiki') => ({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } });

describe('GET /__appset/health', () => {
  it('answers 200 with status ok, the org URL and the clock, without a token', async () => {
    const answer = await plane('GET', '/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'ok',
      orgUrl: running.url,
      now: '2026-03-01T10:00:30.000Z',
      ids: 'deterministic',
      snapshotVersion: 1,
      defaultAccessPolicyId: backend.policies.defaultAccessPolicyId,
      memory: { heapUsedBytes: expect.any(Number), rssBytes: expect.any(Number) },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('paths and methods', () => {
  it('answers an unknown path under /__appset/ with 404 and an error naming the endpoints', async () => {
    const answer = await plane('GET', '/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatch(/^No control endpoint \/__appset\/nothing-here; the plane serves/);
  });

  it('answers a known path with a method it does not serve with 405 and Allow', async () => {
    const answer = await plane('DELETE', '/health');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET');
    expect(answer.body).toEqual({ error: 'DELETE is not served on /__appset/health; use GET' });
  });

  it('serves nothing of the plane under Okta paths', async () => {
    const answer = await okta('GET', '/api/v1/__appset/health');
    expect(answer.status).toBe(404);
    expect(answer.body.errorCode).toBe('E0000007');
  });

  it('refuses a body that is not JSON with 400 naming the body', async () => {
    const answer = await plane('POST', '/seed', '{not json');
    expect(answer).toMatchObject({ status: 400, body: { error: 'body: not valid JSON; send a JSON document with Content-Type: application/json' } });
  });
});

describe('POST /__appset/seed', () => {
  it('creates users, groups, assignments, providers and tokens, and answers with their ids', async () => {
    const app = (await plane('POST', '/seed', { apps: [bookmark(), { ...bookmark('Old'), status: 'INACTIVE' }] })).body.apps;
    expect(app.map((a: any) => [a.label, a.status])).toEqual([
      ['Wiki', 'ACTIVE'],
      ['Old', 'INACTIVE'],
    ]);
    const answer = await plane('POST', '/seed', {
      users: [{ id: '00u1ada0000000000000', login: 'ada@example.com', firstName: 'Ada' }, { login: 'bob@example.com' }],
      groups: [{ id: '00g1eng0000000000000', name: 'Engineering' }],
      assignments: [
        { appId: app[0].id, userId: '00u1ada0000000000000' },
        { appId: app[0].id, groupId: '00g1eng0000000000000' },
      ],
      providers: [{ name: 'Risk Engine', issuer: ISSUER, jwks: { keys: [key.publicJwk] } }],
      tokens: [{ token: 'reader-token', type: 'SSWS', scopes: ['okta.apps.read'] }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.users.map((u: any) => [u.id, u.profile.login, u.profile.email, u.status])).toEqual([
      ['00u1ada0000000000000', 'ada@example.com', 'ada@example.com', 'ACTIVE'],
      [expect.stringMatching(/^00u[0-9A-Za-z]{17}$/), 'bob@example.com', 'bob@example.com', 'ACTIVE'],
    ]);
    expect(answer.body.groups).toEqual([
      {
        id: '00g1eng0000000000000',
        created: '2026-03-01T10:00:30.000Z',
        lastUpdated: '2026-03-01T10:00:30.000Z',
        lastMembershipUpdated: '2026-03-01T10:00:30.000Z',
        objectClass: ['okta:user_group'],
        type: 'OKTA_GROUP',
        profile: { name: 'Engineering', description: null },
      },
    ]);
    expect(answer.body.assignments).toEqual([
      { appId: app[0].id, userId: '00u1ada0000000000000' },
      { appId: app[0].id, groupId: '00g1eng0000000000000' },
    ]);
    expect(answer.body.providers).toEqual([expect.objectContaining({ name: 'Risk Engine', status: 'ACTIVE', settings: expect.objectContaining({ issuer: ISSUER }) })]);
    expect(answer.body.tokens).toEqual([{ type: 'SSWS', scopes: ['okta.apps.read'] }]);

    const byUser = await okta('GET', `/api/v1/apps?filter=${encodeURIComponent('user.id eq "00u1ada0000000000000"')}&expand=user/00u1ada0000000000000`);
    expect(byUser.body.map((a: any) => [a.id, a._embedded.user.credentials.userName])).toEqual([[app[0].id, 'ada@example.com']]);
    const byGroup = await okta('GET', `/api/v1/apps?filter=${encodeURIComponent('group.id eq "00g1eng0000000000000"')}`);
    expect(byGroup.body.map((a: any) => a.id)).toEqual([app[0].id]);
    const reader = await fetch(`${running.url}/api/v1/apps`, { headers: { authorization: 'SSWS reader-token' } });
    expect(reader.status).toBe(200);
  });

  it('refuses an assignment to a user that does not exist, naming the field, and adds nothing', async () => {
    const { body } = await plane('POST', '/seed', { apps: [bookmark()] });
    const before = await plane('GET', '/snapshot');
    const answer = await plane('POST', '/seed', {
      users: [{ login: 'ada@example.com' }],
      assignments: [{ appId: body.apps[0].id, userId: '00u0missing000000000' }],
      tokens: [{ token: 'left-behind', type: 'SSWS' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('seed field assignments[0].userId: no user has the id 00u0missing000000000; add it under "users" (with that id) first');
    expect((await plane('GET', '/snapshot')).body).toEqual(before.body);
    expect((await fetch(`${running.url}/api/v1/apps`, { headers: { authorization: 'SSWS left-behind' } })).status).toBe(401);
  });

  it('refuses an app the Apps API would refuse, naming the field inside the seed', async () => {
    const answer = await plane('POST', '/seed', { apps: [bookmark(), { name: 'bookmark', label: 'No URL', signOnMode: 'BOOKMARK', settings: { app: {} } }] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('seed field apps[1]: Api validation failed: settings.app.url (apps[1].settings.app.url: The field cannot be left blank)');
    expect((await okta('GET', '/api/v1/apps')).body).toEqual([]);
  });

  it('refuses an unknown member and private key material, naming the field', async () => {
    expect((await plane('POST', '/seed', { robots: [] })).body).toEqual({ error: 'seed field robots: Unknown member; remove it (see the schema of the document)' });
    const { d: _d, ...rest } = { ...key.publicJwk, d: 'secret' };
    const withPrivate = await plane('POST', '/seed', { providers: [{ name: 'P', issuer: ISSUER, jwks: { keys: [{ ...rest, d: 'secret' }] } }] });
    expect(withPrivate.status).toBe(400);
    expect(withPrivate.body.error).toBe('seed field providers[0].jwks.keys[0].d: Private key material is refused; give the public key only');
    const { kty: _kty, ...withoutType } = key.publicJwk;
    const untyped = await plane('POST', '/seed', { providers: [{ name: 'P', issuer: ISSUER, jwks: { keys: [withoutType] } }] });
    expect(untyped.status).toBe(400);
    expect(untyped.body.error).toMatch(/^seed field providers\[0\]\.jwks\.keys\[0\]\.kty: /);
  });
});

describe('GET /__appset/signals', () => {
  const riskToken = () =>
    sign(backend, key, {
      'https://schemas.okta.com/secevent/okta/event-type/user-risk-change': {
        subject: { user: ADA },
        current_level: 'high',
        previous_level: 'low',
        event_timestamp: 1_700_000_000,
      },
    });
  const deliver = (token: string) =>
    fetch(`${running.url}/security/api/v1/security-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/secevent+jwt', accept: 'application/json' },
      body: token,
    });

  it("shows the user's risk level after a SET from a seeded provider about a seeded user", async () => {
    await plane('POST', '/seed', { users: [{ login: 'ada@example.com' }], providers: [{ name: 'Risk Engine', issuer: ISSUER, jwks: { keys: [key.publicJwk] } }] });
    const sent = await deliver(await riskToken());
    expect(sent.status).toBe(202);
    const answer = await plane('GET', '/signals');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      users: [{ identifiers: ['email:ada@example.com'], riskLevel: 'high', sessionsRevoked: 0, identifierChanges: [] }],
      devices: [],
      ignored: [],
    });
  });

  it('lists a delivery about a user the organization does not have as ignored, with why', async () => {
    await plane('POST', '/seed', { providers: [{ name: 'Risk Engine', issuer: ISSUER, jwks: { keys: [key.publicJwk] } }] });
    const token = await riskToken();
    const sent = await deliver(token);
    expect(sent.status).toBe(202);
    const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti;
    expect((await plane('GET', '/signals')).body).toEqual({
      users: [],
      devices: [],
      ignored: [
        {
          at: '2026-03-01T10:00:30.000Z',
          requestId: sent.headers.get('x-okta-request-id'),
          issuer: ISSUER,
          jti,
          eventType: 'https://schemas.okta.com/secevent/okta/event-type/user-risk-change',
          reason: 'unknown_user',
          description: "No user of the organization has the login or email 'ada@example.com'; Okta ignores an event whose subject user it does not know",
        },
      ],
    });
  });
});

describe('GET and DELETE /__appset/requests', () => {
  it('lists the requests answered on Okta paths, oldest first, with status, error code and request id', async () => {
    const first = await okta('GET', '/api/v1/apps?limit=5');
    const second = await okta('GET', '/api/v1/apps/0oa00000000000000000');
    const answer = await plane('GET', '/requests');
    expect(answer.status).toBe(200);
    const sent = expect.objectContaining({ headers: expect.objectContaining({ authorization: 'SSWS [REDACTED]' }), body: null, bodySize: 0, truncated: false });
    expect(answer.body.requests).toEqual([
      {
        method: 'GET',
        path: '/api/v1/apps?limit=5',
        status: 200,
        errorCode: null,
        requestId: first.headers.get('x-okta-request-id'),
        time: '2026-03-01T10:00:30.000Z',
        route: 'GET /api/v1/apps',
        stub: null,
        request: sent,
        response: { headers: expect.objectContaining({ 'x-okta-request-id': first.headers.get('x-okta-request-id') }), body: '[]', bodySize: 2, truncated: false },
      },
      {
        method: 'GET',
        path: '/api/v1/apps/0oa00000000000000000',
        status: 404,
        errorCode: 'E0000007',
        requestId: second.headers.get('x-okta-request-id'),
        time: '2026-03-01T10:00:30.000Z',
        route: 'GET /api/v1/apps/:appId',
        stub: null,
        request: sent,
        response: expect.objectContaining({ body: expect.stringContaining('"errorCode":"E0000007"') }),
      },
    ]);
  });

  it('DELETE empties the journal', async () => {
    await okta('GET', '/api/v1/apps');
    expect((await plane('DELETE', '/requests')).status).toBe(204);
    expect((await plane('GET', '/requests')).body).toEqual({ requests: [] });
  });
});

describe('/__appset/faults', () => {
  it('a 429 fault answers E0000047 with rate-limit headers whose reset is in the future, once', async () => {
    const added = await plane('POST', '/faults', { path: '/api/v1/apps', status: 429 });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(String), method: null, path: '/api/v1/apps', remaining: 1, status: 429, resetInMs: null, delayMs: 0, drop: false });
    const limited = await okta('GET', '/api/v1/apps');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ errorCode: 'E0000047', errorSummary: 'API call exceeded rate limit due to too many requests.', errorCauses: [] });
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-rate-limit-reset'));
    expect(reset * 1000).toBeGreaterThan(Date.parse(limited.headers.get('date')!));
    expect((await okta('GET', '/api/v1/apps')).status).toBe(200);
  });

  it('a 503 fault on a glob answers Okta’s error body for the given times and method only', async () => {
    await plane('POST', '/faults', { method: 'GET', path: '/api/v1/apps/*', status: 503, times: 2 });
    const failed = await okta('GET', '/api/v1/apps/0oa00000000000000000');
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ errorCode: 'E0000009', errorSummary: 'Service Unavailable', errorLink: 'E0000009', errorId: expect.any(String), errorCauses: [] });
    expect((await okta('GET', '/api/v1/apps')).status).toBe(200);
    expect((await okta('DELETE', '/api/v1/apps/0oa00000000000000000')).status).toBe(404);
    expect((await okta('GET', '/api/v1/apps/0oa00000000000000000/lifecycle')).status).toBe(503);
    expect((await okta('GET', '/api/v1/apps/0oa00000000000000000')).status).toBe(404);
    expect((await plane('GET', '/faults')).body).toEqual({ faults: [] });
  });

  it('a drop fault closes the connection with no answer', async () => {
    await plane('POST', '/faults', { path: '/api/v1/apps', drop: true });
    await expect(fetch(`${running.url}/api/v1/apps`, { headers: { authorization: `SSWS ${backend.defaultToken}` } })).rejects.toThrow(TypeError);
    expect((await okta('GET', '/api/v1/apps')).status).toBe(200);
    expect((await plane('GET', '/requests')).body.requests.map((r: any) => r.status)).toEqual([0, 200]);
  });

  it('a delayMs fault holds the real answer back, then answers it', async () => {
    await plane('POST', '/faults', { path: '/api/v1/apps', delayMs: 300 });
    const started = performance.now();
    const delayed = await okta('GET', '/api/v1/apps');
    // Elapsed time is the fault's observable effect: it is a lower bound the delay guarantees, not a performance claim.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(delayed.status).toBe(200);
    expect(Array.isArray(delayed.body)).toBe(true);
    expect((await plane('GET', '/faults')).body).toEqual({ faults: [] });
  });

  it('DELETE /faults/{id} removes one fault and DELETE /faults all of them', async () => {
    const one = (await plane('POST', '/faults', { path: '/api/v1/apps', status: 500 })).body.id;
    await plane('POST', '/faults', { path: '/api/v1/logs', status: 500 });
    expect((await plane('DELETE', `/faults/${one}`)).status).toBe(204);
    expect((await plane('GET', '/faults')).body.faults.map((f: any) => f.path)).toEqual(['/api/v1/logs']);
    expect((await plane('DELETE', `/faults/${one}`)).status).toBe(404);
    expect((await plane('DELETE', '/faults')).status).toBe(204);
    expect((await plane('GET', '/faults')).body).toEqual({ faults: [] });
  });

  it('refuses a fault that does nothing, or on the plane itself, naming the field', async () => {
    expect((await plane('POST', '/faults', { path: '/api/v1/apps' })).body).toEqual({ error: 'fault field status: Give status, drop or delayMs: the fault must do something' });
    expect((await plane('POST', '/faults', { path: '/__appset/health', status: 500 })).body.error).toMatch(/^fault field path: The control plane cannot be faulted/);
    expect((await plane('POST', '/faults', { path: '/api/v1/apps', status: 404 })).status).toBe(400);
    expect((await plane('GET', '/faults')).body).toEqual({ faults: [] });
  });
});

describe('/__appset/clock and /__appset/rate-limits', () => {
  it('advancing the clock moves timestamps and the Date header', async () => {
    expect((await plane('GET', '/clock')).body).toEqual({ now: '2026-03-01T10:00:30.000Z' });
    expect((await plane('POST', '/clock', { advanceMs: 3_600_000 })).body).toEqual({ now: '2026-03-01T11:00:30.000Z' });
    const created = await okta('POST', '/api/v1/apps', bookmark());
    expect(created.body.created).toBe('2026-03-01T11:00:30.000Z');
    expect(created.headers.get('date')).toBe('Sun, 01 Mar 2026 11:00:30 GMT');
    expect((await plane('POST', '/clock', { now: '2027-01-01T00:00:00Z' })).body).toEqual({ now: '2027-01-01T00:00:00.000Z' });
  });

  it('a rate limit set through the plane refuses past it, and passing the window ends the refusal', async () => {
    expect((await plane('PUT', '/rate-limits', { apps: 2 })).body.limits).toMatchObject({ apps: 2, app: 500 });
    expect((await okta('GET', '/api/v1/apps')).status).toBe(200);
    expect((await okta('GET', '/api/v1/apps')).status).toBe(200);
    const refused = await okta('GET', '/api/v1/apps');
    expect(refused.status).toBe(429);
    await plane('POST', '/clock', { advanceMs: 60_000 });
    expect((await okta('GET', '/api/v1/apps')).status).toBe(200);
    expect((await plane('PUT', '/rate-limits', '"off"')).body).toEqual({ limits: 'off' });
  });

  it('refuses a bad clock or rate-limit body, naming the field, and changes nothing', async () => {
    expect((await plane('POST', '/clock', { advanceMs: -5 })).body.error).toMatch(/^clock field advanceMs: /);
    expect((await plane('PUT', '/rate-limits', { apps: 2, robots: 1 })).body.error).toBe('rate limits field robots: Unknown member; remove it (see the schema of the document)');
    expect((await plane('GET', '/clock')).body).toEqual({ now: '2026-03-01T10:00:30.000Z' });
    expect((await plane('GET', '/rate-limits')).body).toEqual({ limits: 'off' });
  });
});

describe('POST /__appset/reset', () => {
  it('brings everything back: apps, users, faults, journal, clock, rate limits and ids', async () => {
    const first = (await plane('POST', '/seed', { apps: [bookmark()], users: [{ login: 'ada@example.com' }], tokens: [{ token: 'seeded-token', type: 'SSWS' }] })).body;
    const withSeeded = () => fetch(`${running.url}/api/v1/apps`, { headers: { authorization: 'SSWS seeded-token' } }).then((r) => r.status);
    expect(await withSeeded()).toBe(200);
    await plane('POST', '/faults', { path: '/api/v1/logs', status: 500 });
    await plane('POST', '/clock', { advanceMs: 1000 });
    await plane('PUT', '/rate-limits', '"okta"');
    await okta('GET', '/api/v1/apps');
    expect((await plane('POST', '/reset')).status).toBe(204);
    const snapshot = (await plane('GET', '/snapshot')).body;
    // Every organization keeps its built-in Everyone group.
    expect(snapshot).toMatchObject({ apps: { items: [] }, users: [], groups: [{ type: 'BUILT_IN', profile: { name: 'Everyone' } }], providers: [], logs: [], replay: [], clock: { offsetMs: 0 } });
    expect((await plane('GET', '/faults')).body).toEqual({ faults: [] });
    expect((await plane('GET', '/requests')).body).toEqual({ requests: [] });
    expect((await plane('GET', '/rate-limits')).body).toEqual({ limits: 'off' });
    expect(await withSeeded()).toBe(401);
    expect((await okta('GET', '/api/v1/apps')).status).toBe(200);
    const again = (await plane('POST', '/seed', { apps: [bookmark()], users: [{ login: 'ada@example.com' }] })).body;
    expect([again.apps[0].id, again.users[0].id]).toEqual([first.apps[0].id, first.users[0].id]);
  });

  it("forgets service apps' grants and the access tokens the token endpoint issued", async () => {
    const key = await serviceKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    const tokenUrl = `${running.url}/oauth2/v1/token`;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'okta.apps.read',
      client_assertion_type: JWT_BEARER,
      client_assertion: await assertion(key.privateKey, clientId, tokenUrl, Math.floor(START / 1000)),
    });
    const issued = await fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(issued.status).toBe(200);
    const { access_token } = (await issued.json()) as { access_token: string };
    const withIssued = () => fetch(`${running.url}/api/v1/apps`, { headers: { authorization: `Bearer ${access_token}` } }).then((r) => r.status);
    expect(await withIssued()).toBe(200);

    expect((await plane('POST', '/reset')).status).toBe(204);
    expect(backend.oauth.grants(clientId)).toEqual([]);
    expect(await withIssued()).toBe(401);
    // With deterministic ids the next app gets the service app's id again: it must not inherit its grants.
    const next = (await okta('POST', '/api/v1/apps', bookmark())).body;
    expect(next.id).toBe(clientId);
    expect(backend.oauth.grants(next.id)).toEqual([]);
  });
});

describe('GET and PUT /__appset/snapshot', () => {
  it('a snapshot put back after changes restores the state exactly', async () => {
    await plane('POST', '/seed', {
      apps: [bookmark()],
      users: [{ id: '00u1ada0000000000000', login: 'ada@example.com' }],
      providers: [{ name: 'Risk Engine', issuer: ISSUER, jwks: { keys: [key.publicJwk] } }],
    });
    const saved = await plane('GET', '/snapshot');
    expect(saved.status).toBe(200);
    await plane('POST', '/reset');
    expect((await plane('PUT', '/snapshot', saved.body)).status).toBe(204);
    expect((await plane('GET', '/snapshot')).body).toEqual(saved.body);
    expect((await okta('GET', '/api/v1/apps')).body.map((a: any) => a.id)).toEqual(saved.body.apps.items.map((i: any) => i.body.id));
  });

  it('a snapshot taken after assignments made through the API restores exactly, app profiles included', async () => {
    await plane('POST', '/seed', {
      apps: [bookmark()],
      users: [{ id: '00u1ada0000000000000', login: 'ada@example.com' }, { id: '00u1bob0000000000000', login: 'bob@example.com' }],
      groups: [{ id: '00g1eng0000000000000', name: 'Engineering' }],
    });
    const [app] = (await okta('GET', '/api/v1/apps')).body;
    const assign = (path: string, body: object) => okta('POST', `/api/v1/apps/${app.id}/${path}`, body);
    expect((await assign('users', { id: '00u1ada0000000000000', scope: 'USER', profile: { department: 'R&D' } })).status).toBe(200);
    expect((await assign('users', { id: '00u1bob0000000000000', scope: 'USER' })).status).toBe(200);
    expect((await okta('PUT', `/api/v1/apps/${app.id}/groups/00g1eng0000000000000`, { priority: 1 })).status).toBe(200);
    const saved = await plane('GET', '/snapshot');
    await plane('POST', '/reset');
    expect(await plane('PUT', '/snapshot', saved.body)).toMatchObject({ status: 204 });
    expect((await plane('GET', '/snapshot')).body).toEqual(saved.body);
    const users = (await okta('GET', `/api/v1/apps/${app.id}/users`)).body;
    expect(users.map((u: any) => [u.id, u.profile])).toEqual([
      ['00u1ada0000000000000', { department: 'R&D' }],
      ['00u1bob0000000000000', {}],
    ]);
  });

  it("keeps service apps' grants", async () => {
    const key = await serviceKey();
    const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read', 'okta.logs.read'] });
    const saved = (await plane('GET', '/snapshot')).body;
    expect(saved.grants.map((g: any) => [g.appId, g.scopeId])).toEqual([
      [clientId, 'okta.apps.read'],
      [clientId, 'okta.logs.read'],
    ]);
    const before = backend.oauth.grants(clientId);
    await plane('POST', '/reset');
    expect((await plane('PUT', '/snapshot', saved)).status).toBe(204);
    expect(backend.oauth.grants(clientId)).toEqual(before);
    const listed = await okta('GET', `/api/v1/apps/${clientId}/grants`);
    expect(listed.body.map((g: any) => g.id)).toEqual(before.map((g) => g.id));
  });

  it.each([
    ['a member named __proto__ in an app body', (doc: any) => Object.defineProperty(doc.apps.items[0].body, '__proto__', { value: { polluted: true }, enumerable: true }), /^snapshot field apps\.items\[0\]\.body\.__proto__: /],
    ['two providers with one issuer', (doc: any) => doc.providers.push({ ...doc.providers[0], id: 'sse0000000000000000x' }), /^snapshot field providers: the issuer "https:\/\/provider\.test" appears twice/],
    ['a key set URL that is not http(s)', (doc: any) => ((doc.providers[0].settings.jwks_url = 'file:///etc/passwd'), (doc.providers[0].jwks = null)), /^snapshot field providers\[0\]\.settings\.jwks_url: Must be an absolute http\(s\) URL/],
    ['a key set URL that is no URL', (doc: any) => ((doc.providers[0].settings.jwks_url = 'not a url'), (doc.providers[0].jwks = null)), /^snapshot field providers\[0\]\.settings\.jwks_url: /],
    ['a grant of an app that is not in it', (doc: any) => doc.grants.push({ ...doc.grants[0], id: 'oag0000000000000000x', appId: '0oa0000000000000000x' }), /^snapshot field grants\[1\]\.appId: /],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_, spoil, message) => {
    const key = await serviceKey();
    backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
    await plane('POST', '/seed', { apps: [bookmark()], providers: [{ name: 'Risk Engine', issuer: ISSUER, jwks: { keys: [key.publicJwk] } }] });
    const saved = (await plane('GET', '/snapshot')).body;
    const bad = structuredClone(saved);
    spoil(bad);
    const answer = await plane('PUT', '/snapshot', JSON.stringify(bad));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect((await plane('GET', '/snapshot')).body).toEqual(saved);
  });

  it('refuses a bad document with 400 naming the field, and changes nothing', async () => {
    await plane('POST', '/seed', { apps: [bookmark()] });
    const saved = (await plane('GET', '/snapshot')).body;
    const bad = structuredClone(saved);
    bad.apps.items[0].body.status = 'PAUSED';
    const answer = await plane('PUT', '/snapshot', { ...bad, apps: { ...bad.apps, items: [...bad.apps.items] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^snapshot field apps\.items\[0\]\.body\.status: /);
    expect((await plane('PUT', '/snapshot', { ...saved, version: 2 })).body.error).toMatch(/^snapshot field version: /);
    expect((await plane('GET', '/snapshot')).body).toEqual(saved);
  });
});

/** A raw request with headers fetch will not send (Host), answered as status, headers and text. */
function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the plane is not driven by web pages it was not opened to, nor through another host name', () => {
  const json = { 'content-type': 'application/json' };

  it('refuses a page on another origin before running the request (a seeded token does not work), preflight included', async () => {
    const seeded = await raw(`${running.url}/__appset/seed`, 'POST', { ...json, origin: 'https://evil.example' }, JSON.stringify({ tokens: [{ token: 'evil-token-123', type: 'SSWS' }] }));
    expect(seeded.status).toBe(403);
    expect(JSON.parse(seeded.text).error).toMatch(/^The control plane does not serve web pages on https:\/\/evil\.example/);
    expect(seeded.headers['access-control-allow-origin']).toBeUndefined();
    expect((await fetch(`${running.url}/api/v1/apps`, { headers: { authorization: 'SSWS evil-token-123' } })).status).toBe(401);
    // Dot segments reach the plane through the router, so they meet the same refusal.
    for (const path of ['/x/../__appset/reset', '/x/%2e%2e/__appset/reset']) {
      expect((await raw(`${running.url}${path}`, 'POST', { origin: 'https://evil.example' })).status).toBe(403);
    }
    const preflight = await raw(`${running.url}/__appset/reset`, 'OPTIONS', { origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(403);
    // Okta's paths keep answering pages on any origin by default.
    const okta = await raw(`${running.url}/api/v1/apps`, 'GET', { origin: 'https://evil.example', authorization: `SSWS ${backend.defaultToken}` });
    expect([okta.status, okta.headers['access-control-allow-origin']]).toEqual([200, '*']);
  });

  it('refuses a host name that is not this server (DNS rebinding), and answers its own', async () => {
    const rebound = await raw(`${running.url}/__appset/snapshot`, 'GET', { host: 'rebind.evil.example' });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.text).error).toMatch(/^The control plane does not answer for the host rebind\.evil\.example/);
    const port = new URL(running.url).port;
    expect((await raw(`${running.url}/__appset/health`, 'GET', { host: `localhost:${port}` })).status).toBe(200);
  });

  it('serves a page on an origin allowed by name', async () => {
    const other = createMockBackend();
    const opened = await listen(other, { host: '127.0.0.1', port: 0, corsOrigins: ['http://localhost:5173'] });
    try {
      const health = await raw(`${opened.url}/__appset/health`, 'GET', { origin: 'http://localhost:5173' });
      expect([health.status, health.headers['access-control-allow-origin']]).toEqual([200, 'http://localhost:5173']);
      expect((await raw(`${opened.url}/__appset/health`, 'GET', { origin: 'http://localhost:5174' })).status).toBe(403);
    } finally {
      await opened.close();
    }
  });
});
