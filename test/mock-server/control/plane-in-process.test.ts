import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../../src/index';
import { ControlInputError, createMockBackend, type MockBackend, type SeedDocument } from '../../../mock-server/index';
import { RequestJournal } from '../../../mock-server/control/requests/journal';
import { incoming } from '../../../mock-server/pipeline/request';
import { serve } from '../../../mock-server/pipeline/serve';
import { type RouteEnv } from '../../../mock-server/pipeline/route';
import { RateLimiter } from '../../../mock-server/pipeline/rate-limits';
import { TokenRegistry } from '../../../mock-server/pipeline/auth';
import { ADA, ISSUER, providerKey, RECEIVER_PATH, sign, type ProviderKey } from '../security-events/helpers';
import { createHandlers } from '../../../mock-server/msw/index';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const server = setupServer();
let key: ProviderKey;
let count = 0;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  key = await providerKey('in-process');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A backend on its own organization URL, served through msw until the test ends. */
function backendWith(options: Parameters<typeof createMockBackend>[0] = {}): MockBackend {
  count += 1;
  const backend = createMockBackend({ orgUrl: `https://plane${count}.okta.test`, now: () => START, ...options });
  server.use(...createHandlers(backend));
  return backend;
}

const bookmark = (label = 'Wiki') => ({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }) as const;
const customSaml = (label: string) => ({
  signOnMode: 'SAML_2_0',
  label,
  settings: { signOn: { ssoAcsUrl: 'https://a.example.com/acs', audience: 'https://a.example.com', recipient: 'https://a.example.com/acs', destination: 'https://a.example.com/acs', subjectNameIdTemplate: '${user.userName}', subjectNameIdFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress', responseSigned: true, assertionSigned: true, signatureAlgorithm: 'RSA_SHA256', digestAlgorithm: 'SHA256', honorForceAuthn: true, authnContextClassRef: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport' } },
}) as const;

async function get(backend: MockBackend, path: string) {
  const response = await fetch(new URL(path, backend.orgUrl), { headers: { authorization: `SSWS ${backend.defaultToken}` } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function postSet(backend: MockBackend, events: Parameters<typeof sign>[2], jti?: string) {
  const token = await sign(backend, key, events, { jti });
  const response = await fetch(new URL(RECEIVER_PATH, backend.orgUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/secevent+jwt', accept: 'application/json' },
    body: token,
  });
  return { status: response.status, token };
}

const riskHigh = {
  'https://schemas.okta.com/secevent/okta/event-type/user-risk-change': { subject: { user: ADA }, current_level: 'high', previous_level: 'low', event_timestamp: 1_700_000_000 },
  'https://schemas.okta.com/secevent/okta/event-type/device-risk-change': { subject: { device: { format: 'opaque', id: 'laptop-7' } }, current_level: 'medium', previous_level: 'low', event_timestamp: 1_700_000_000 },
} as const;

/** A backend with something in every part of its state. */
async function busyBackend(options: Parameters<typeof createMockBackend>[0] = {}): Promise<MockBackend> {
  const backend = backendWith(options);
  const { apps } = await backend.seed({
    apps: [bookmark(), customSaml('Payroll'), { ...bookmark('Old'), status: 'INACTIVE' }],
    users: [{ id: '00u1ada0000000000000', login: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }],
    groups: [{ id: '00g1eng0000000000000', name: 'Engineering', description: 'Builders' }],
    providers: [
      // jose's JWK (its `kty` optional in type) is taken as it is.
      { name: 'Risk Engine', issuer: ISSUER, jwks: { keys: [key.publicJwk] } },
      { name: 'Remote', issuer: 'https://remote.test', jwks_url: 'https://remote.test/keys' },
    ],
  });
  await backend.seed({ assignments: [{ appId: apps[0]!.id, userId: '00u1ada0000000000000' }, { appId: apps[1]!.id, groupId: '00g1eng0000000000000' }] });
  backend.apps.deactivate(apps[0]!.id);
  expect((await postSet(backend, riskHigh)).status).toBe(202);
  backend.clock.advance(5_000);
  return backend;
}

describe('backend.health()', () => {
  it('answers what GET /__appset/health answers', async () => {
    const backend = backendWith({ ids: 'deterministic' });
    expect(backend.health()).toEqual({
      status: 'ok',
      orgUrl: backend.orgUrl,
      now: new Date(START).toISOString(),
      ids: 'deterministic',
      snapshotVersion: 1,
      defaultAccessPolicyId: backend.policies.defaultAccessPolicyId,
    });
    expect(await (await fetch(new URL('/__appset/health', backend.orgUrl))).json()).toEqual(backend.health());
  });
});

describe('the plane through msw', () => {
  it('serves /__appset/ on the organization with the msw handlers', async () => {
    const backend = backendWith();
    const response = await fetch(new URL('/__appset/health', backend.orgUrl));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', orgUrl: backend.orgUrl });
  });

  it('with control: false, /__appset/ is an ordinary unknown Okta path', async () => {
    const backend = backendWith({ control: false });
    const answer = await get(backend, '/__appset/health');
    expect(answer.status).toBe(404);
    expect(answer.body.errorCode).toBe('E0000007');
  });
});

/** The admin console origin real orgs put help pages on (`https://acme-admin.okta.test`). */
const adminOf = (orgUrl: string) => orgUrl.replace(/^(https?:\/\/[^.]+)/, '$1-admin');

describe('backend.snapshot() and backend.restore()', () => {
  it('round-trips exactly through JSON into another backend', async () => {
    const source = await busyBackend();
    const doc = JSON.parse(JSON.stringify(source.snapshot()));
    expect(doc.logs.map((event: { eventType: string }) => event.eventType)).toEqual([
      'security.events.provider.receive_event',
      'user.risk.detect',
      'security.events.provider.receive_event',
    ]);
    expect(doc.replay).toHaveLength(1);
    expect(doc.signals.devices).toEqual([{ identifiers: ['opaque:laptop-7'], riskLevel: 'medium' }]);
    const target = backendWith();
    target.restore(doc);
    expect(target.snapshot()).toEqual(doc);
    expect(target.apps.list()).toEqual(source.apps.list().map((a) => JSON.parse(JSON.stringify(a).replaceAll(source.orgUrl, target.orgUrl).replaceAll(adminOf(source.orgUrl), adminOf(target.orgUrl)))));
    expect(target.clock.now().toISOString()).toBe('2026-03-01T10:00:35.000Z');
  });

  it('keeps generated-name counters and replay memory: the same token again is a duplicate', async () => {
    const backend = backendWith();
    backend.providers.register({ issuer: ISSUER, jwks: { keys: [key.publicJwk] } });
    backend.directory.addUser({ login: 'ada@example.com' });
    const first = backend.apps.create(customSaml('Payroll')).name;
    const { status, token } = await postSet(backend, riskHigh);
    expect(status).toBe(202);
    const doc = backend.snapshot();
    backend.reset();
    backend.restore(doc);
    expect([first, backend.apps.create(customSaml('Payroll')).name]).toEqual([`plane${count}_payroll_1`, `plane${count}_payroll_2`]);
    const again = await fetch(new URL(RECEIVER_PATH, backend.orgUrl), { method: 'POST', headers: { 'content-type': 'application/secevent+jwt' }, body: token });
    expect(again.status).toBe(202);
    // Two receive_events and one user.risk.detect, from the first delivery only.
    expect(backend.logs.list()).toHaveLength(3);
  });

  it('refuses a bad document whole, naming the field, and changes nothing', async () => {
    const backend = await busyBackend();
    const before = backend.snapshot();
    const bad = structuredClone(before);
    bad.users.push(structuredClone(bad.users[0]!));
    let error: unknown;
    try {
      backend.restore(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ControlInputError);
    expect(error).toMatchObject({ field: 'users', message: 'snapshot field users: the user id "00u1ada0000000000000" appears twice; each must be unique' });
    expect(() => backend.restore({ ...before, apps: { items: 'none' } })).toThrow(/^snapshot field apps\.items: /);
    expect(backend.snapshot()).toEqual(before);
  });
});

describe('backend.seed() and the seed option', () => {
  it('a seed document given as the option is applied at start and again on reset, with the same ids', () => {
    const seed: SeedDocument = { apps: [bookmark()], users: [{ login: 'ada@example.com' }], groups: [{ name: 'Engineering' }] };
    const one = backendWith({ seed, ids: 'deterministic' });
    const two = backendWith({ seed, ids: 'deterministic' });
    expect(one.apps.list()[0]!.id).toBe('0oa00000000000000002');
    expect(one.snapshot()).toEqual(two.snapshot());
    const before = one.snapshot();
    one.apps.create(bookmark('Extra'));
    one.reset();
    expect(one.snapshot()).toEqual(before);
  });

  it('refuses at start a provider that would need a fetch, saying what to give instead', () => {
    expect(() => createMockBackend({ seed: { providers: [{ name: 'P', well_known_url: 'https://p.test/.well-known/ssf-configuration' }] } })).toThrow(
      'seed field providers[0].well_known_url: a seed applied at start cannot fetch a discovery document; give "issuer" and "jwks_url" (or "jwks"), or POST it to /__appset/seed',
    );
  });

  it('refuses a duplicate login naming the entry, and adds nothing', async () => {
    const backend = backendWith();
    await backend.seed({ users: [{ login: 'ada@example.com' }] });
    const before = backend.snapshot();
    await expect(backend.seed({ apps: [bookmark()], users: [{ login: 'bob@example.com' }, { login: 'ADA@example.com' }] })).rejects.toThrow(
      'seed field users[1]: A user with login ADA@example.com already exists; logins are unique.',
    );
    expect(backend.snapshot()).toEqual(before);
    expect(backend.directory.users().map((u) => u.profile.login)).toEqual(['ada@example.com']);
  });
});

describe('backend.faults, backend.clock, backend.journal, backend.rateLimits', () => {
  it('a drop fault makes fetch fail with a network error in-process', async () => {
    const backend = backendWith();
    const fault = backend.faults.add({ path: '/api/v1/apps', drop: true });
    expect(backend.faults.list()).toEqual([fault]);
    await expect(get(backend, '/api/v1/apps')).rejects.toThrow(TypeError);
    expect((await get(backend, '/api/v1/apps')).status).toBe(200);
  });

  it('a bad fault throws ControlInputError naming the field', () => {
    const backend = backendWith();
    expect(() => backend.faults.add({ path: 'api/v1/apps', status: 500 })).toThrow(/^fault field path: Must be a path starting with "\/"/);
    expect(backend.faults.list()).toEqual([]);
  });

  it('the replay window follows the clock: past it, the same token is refused as too old, never acted on again', async () => {
    const backend = backendWith({ replay: { windowMs: 60_000 } });
    backend.providers.register({ issuer: ISSUER, jwks: { keys: [key.publicJwk] } });
    backend.directory.addUser({ login: 'ada@example.com' });
    const token = await sign(backend, key, riskHigh);
    const send = () => fetch(new URL(RECEIVER_PATH, backend.orgUrl), { method: 'POST', headers: { 'content-type': 'application/secevent+jwt' }, body: token });
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(202);
    expect(backend.logs.list()).toHaveLength(3);
    backend.clock.advance(59_000);
    expect((await send()).status).toBe(202);
    expect(backend.logs.list()).toHaveLength(3);
    backend.clock.advance(2_000);
    const late = await send();
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ err: 'invalid_request', description: expect.stringContaining('iat') });
    expect(backend.logs.list()).toHaveLength(3);
  });

  it('a clock change that is not forward or not an instant throws naming the field, and the clock stays', () => {
    const backend = backendWith();
    expect(() => backend.clock.advance(-1)).toThrow(/^clock field advanceMs: /);
    expect(() => backend.clock.set('garbage')).toThrow(ControlInputError);
    expect(backend.clock.now().toISOString()).toBe(new Date(START).toISOString());
  });

  it('clock.set jumps, and the journal records in-process requests with the clock’s time', async () => {
    const backend = backendWith();
    backend.clock.set('2030-05-05T05:05:05.000Z');
    expect(backend.clock.now().toISOString()).toBe('2030-05-05T05:05:05.000Z');
    await get(backend, '/api/v1/apps?q=wi');
    expect(backend.journal.list()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/v1/apps?q=wi', status: 200, errorCode: null, requestId: expect.stringMatching(/^\w{20}$/), time: '2030-05-05T05:05:05.000Z' }),
    ]);
    backend.journal.clear();
    expect(backend.journal.list()).toEqual([]);
  });

  it('rateLimits.set takes okta, numbers per bucket, and off', async () => {
    const backend = backendWith();
    backend.rateLimits.set('okta');
    expect(backend.rateLimits.get()).toMatchObject({ apps: 100, app: 500 });
    backend.rateLimits.set({ logs: 1 });
    expect((await get(backend, '/api/v1/logs')).status).toBe(200);
    expect((await get(backend, '/api/v1/logs')).status).toBe(429);
    backend.rateLimits.set('off');
    expect((await get(backend, '/api/v1/logs')).status).toBe(200);
    expect(() => backend.rateLimits.set({ logs: 0 })).toThrow(/^rate limits field logs: /);
  });
});

describe('faults in-process', () => {
  it('a 429 through msw answers E0000047; remove and clear take faults away', async () => {
    const backend = backendWith();
    backend.faults.add({ path: '/api/v1/apps', status: 429, times: 5 });
    const answer = await get(backend, '/api/v1/apps');
    expect(answer.status).toBe(429);
    expect(answer.body.errorCode).toBe('E0000047');
    expect(Number(answer.headers.get('x-rate-limit-reset')) * 1000).toBeGreaterThan(START);
    const [waiting] = backend.faults.list();
    expect(waiting).toMatchObject({ path: '/api/v1/apps', remaining: 4 });
    expect(backend.faults.remove(waiting!.id)).toBe(true);
    expect(backend.faults.remove(waiting!.id)).toBe(false);
    expect((await get(backend, '/api/v1/apps')).status).toBe(200);
    backend.faults.add({ path: '/api/v1/logs', status: 500 });
    backend.faults.clear();
    expect(backend.faults.list()).toEqual([]);
    expect((await get(backend, '/api/v1/logs')).status).toBe(200);
  });
});

describe('providers by discovery and key sets in snapshots', () => {
  const DISCOVERY = 'https://ssf.discovery.test/.well-known/ssf-configuration';

  it('seed() discovers a provider by well_known_url through fetch', async () => {
    const backend = backendWith();
    server.use(http.get(DISCOVERY, () => HttpResponse.json({ issuer: 'https://ssf.discovery.test', jwks_uri: 'https://ssf.discovery.test/jwks' })));
    const { providers } = await backend.seed({ providers: [{ name: 'SSF', well_known_url: DISCOVERY }] });
    expect(providers).toEqual([expect.objectContaining({ name: 'SSF', settings: { issuer: 'https://ssf.discovery.test', jwks_url: 'https://ssf.discovery.test/jwks', well_known_url: DISCOVERY } })]);
  });

  it('a failed discovery refuses the whole seed, naming the provider, and adds nothing', async () => {
    const backend = backendWith();
    server.use(http.get(DISCOVERY, () => new HttpResponse(null, { status: 404 })));
    await expect(backend.seed({ users: [{ login: 'ada@example.com' }], providers: [{ name: 'SSF', well_known_url: DISCOVERY }] })).rejects.toThrow(
      /^seed field providers\[0\]: Api validation failed: settings\.well_known_url/,
    );
    expect(backend.providers.list()).toEqual([]);
    expect(backend.directory.users()).toEqual([]);
  });

  it('a snapshot carries the public members of a registered key set only', async () => {
    const backend = backendWith();
    const { exportJWK } = await import('jose');
    const privateJwk = { ...(await exportJWK(key.privateKey)), kid: key.kid };
    backend.providers.register({ issuer: ISSUER, jwks: { keys: [privateJwk] } });
    const [provider] = backend.snapshot().providers;
    expect(Object.keys(provider!.jwks!.keys[0]!).sort()).toEqual(['e', 'kid', 'kty', 'n']);
    const other = backendWith();
    other.restore(backend.snapshot());
    expect((await postSet(other, riskHigh)).status).toBe(202);
  });
});

describe('the journal', () => {
  it('journalSize bounds what the backend keeps, oldest dropped first', async () => {
    const backend = backendWith({ journalSize: 2 });
    for (const q of ['a', 'b', 'c']) await get(backend, `/api/v1/apps?q=${q}`);
    expect(backend.journal.list().map((e) => e.path)).toEqual(['/api/v1/apps?q=b', '/api/v1/apps?q=c']);
    expect(() => createMockBackend({ journalSize: 0 })).toThrow(ConfigurationError);
  });

  it('keeps only the most recent entries, oldest first', () => {
    const journal = new RequestJournal(3);
    for (let i = 1; i <= 8; i++) {
      const url = new URL(`https://journal.okta.test/${i}`);
      const reply = { status: 200, headers: [], body: null };
      journal.record({ input: incoming(new Request(url)), url, reply, errorCode: null, requestId: String(i), at: 0, route: 'GET /:n', stub: null });
    }
    expect(journal.list().map((e) => e.path)).toEqual(['/6', '/7', '/8']);
  });
});

describe('a delay fault', () => {
  afterEach(() => vi.useRealTimers());

  it('holds the real answer back for delayMs, then gives it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const env: RouteEnv = {
      orgUrl: () => new URL('https://delay.okta.test'),
      orgOrigin: () => 'https://delay.okta.test',
      now: () => START,
      tokens: new TokenRegistry([]),
      limiter: new RateLimiter(undefined),
      control: { takeFault: () => ({ delayMs: 1000, drop: false }), record: () => {} },
    };
    let settled = false;
    const reply = Promise.resolve(serve(env, { bucket: 'default', scope: null, route: null }, incoming(new Request('https://delay.okta.test/api/v1/apps')), new URL('https://delay.okta.test/api/v1/apps'), () => ({ status: 200, body: { real: true } }))).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(await reply).toMatchObject({ status: 200, body: '{"real":true}' });
  });
});

describe('documents and clock changes that would break the backend later are refused, changing nothing', () => {
  it('a clock moved past 9999 or a snapshot offset beyond it: refused, the clock as it was', async () => {
    const backend = backendWith();
    backend.clock.set('9999-12-31T00:00:00.000Z');
    expect(() => backend.clock.advance(2 * 86_400_000)).toThrow('clock field advanceMs: would move the clock outside 1970 to 9999; give a change that keeps it inside (the clock is unchanged)');
    expect(backend.clock.now().toISOString()).toBe('9999-12-31T00:00:00.000Z');
    expect((await get(backend, '/api/v1/apps')).status).toBe(200);

    const other = backendWith();
    const saved = other.snapshot();
    expect(() => other.restore({ ...saved, clock: { offsetMs: 8.64e15 } })).toThrow(ControlInputError);
    expect(() => other.restore({ ...saved, clock: { offsetMs: -START - 1 } })).toThrow(/^snapshot field clock\.offsetMs: /);
    expect(other.clock.now().getTime()).toBe(START);
  });

  it('an id counter past 2^48 in a snapshot: refused (ids made from it collided)', () => {
    const backend = backendWith({ ids: 'deterministic' });
    const saved = backend.snapshot();
    expect(() => backend.restore({ ...saved, idCounter: Number.MAX_SAFE_INTEGER })).toThrow(/^snapshot field idCounter: /);
  });

  it('a user whose login is empty in a snapshot: refused with the field, not an internal error', () => {
    const backend = backendWith();
    const saved = backend.snapshot();
    const user = { id: '00u1ada0000000000000', status: 'ACTIVE', created: new Date(START).toISOString(), activated: null, statusChanged: null, lastLogin: null, lastUpdated: new Date(START).toISOString(), passwordChanged: null, profile: { login: '', email: 'ada@example.com', firstName: null, lastName: null } };
    expect(() => backend.restore({ ...saved, users: [user as never] })).toThrow(/^snapshot field users\[0\]\.profile\.login: /);
  });

  it("an app link named like an object's built-in member (constructor): snapshots still work after the app is replaced", async () => {
    const backend = backendWith();
    const { apps } = await backend.seed({ apps: [bookmark()] });
    const saved = backend.snapshot();
    saved.apps.items[0]!.links = ['constructor'];
    backend.restore(saved);
    const { _links: _ignored, ...body } = (await get(backend, `/api/v1/apps/${apps[0]!.id}`)).body;
    const replaced = await fetch(new URL(`/api/v1/apps/${apps[0]!.id}`, backend.orgUrl), {
      method: 'PUT',
      headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(replaced.status).toBe(200);
    expect(() => structuredClone(backend.snapshot())).not.toThrow();
    expect((await get(backend, '/api/v1/apps')).status).toBe(200);
  });
});
