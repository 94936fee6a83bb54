import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2026-03-01T10:00:30.250Z');
const AT = '2026-03-01T10:00:30.000Z';
const { backend } = useMockBackend({ now: () => START, tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.users.read'] }] });
const admin = 'SSWS admin';

const PASSWORD = 'Tr0ub4dor-and-3';
const ada = (extra: Record<string, unknown> = {}) => ({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', login: 'ada@example.com', ...extra });

function createUser(body: unknown, query = '') {
  return call(backend, `/api/v1/users${query}`, { method: 'POST', json: body, authorization: admin });
}

function get(path: string) {
  return call(backend, path, { authorization: admin });
}

describe('POST /api/v1/users', () => {
  it('creates a STAGED user with activate=false, answering it as real orgs do: no password shown, links for its status', async () => {
    const response = await createUser({ profile: ada(), credentials: { password: { value: PASSWORD } } }, '?activate=false');
    expect(response.status).toBe(200);
    const id = response.body.id as string;
    const org = backend.orgUrl;
    const typeId = response.body.type.id as string;
    expect(response.body).toEqual({
      id: expect.stringMatching(/^00u[0-9A-Za-z]{17}$/),
      status: 'STAGED',
      created: AT,
      activated: null,
      statusChanged: AT,
      lastLogin: null,
      lastUpdated: AT,
      passwordChanged: AT,
      type: { id: expect.stringMatching(/^oty[0-9A-Za-z]{17}$/) },
      profile: { firstName: 'Ada', lastName: 'Lovelace', mobilePhone: null, secondEmail: null, login: 'ada@example.com', email: 'ada@example.com' },
      credentials: { password: {}, emails: [{ value: 'ada@example.com', status: 'VERIFIED', type: 'PRIMARY' }], provider: { type: 'OKTA', name: 'OKTA' } },
      _links: {
        schema: { href: `${org}/api/v1/meta/schemas/user/osc${typeId.slice(3)}` },
        activate: { href: `${org}/api/v1/users/${id}/lifecycle/activate`, method: 'POST' },
        self: { href: `${org}/api/v1/users/${id}` },
        resetFactors: { href: `${org}/api/v1/users/${id}/lifecycle/reset_factors`, method: 'POST' },
        type: { href: `${org}/api/v1/meta/types/user/${typeId}` },
      },
    });
    expect(response.text).not.toContain(PASSWORD);
  });

  it('activates by default: ACTIVE with a password, activated at creation, with the links of an active user', async () => {
    const response = await createUser({ profile: ada(), credentials: { password: { value: PASSWORD } } });
    expect(response.body).toMatchObject({ status: 'ACTIVE', activated: AT, statusChanged: AT, passwordChanged: AT });
    expect(Object.keys(response.body._links)).toEqual([
      'suspend', 'schema', 'resetPassword', 'forgotPassword', 'expirePassword', 'changeRecoveryQuestion', 'self', 'resetFactors', 'type', 'changePassword', 'deactivate',
    ]);
  });

  it('makes a user activated without a password PROVISIONED (it must finish activation), and keeps extra profile attributes after the base ones', async () => {
    const response = await createUser({ profile: ada({ nickName: 'Countess', department: 'Engines' }) }, '?activate=true');
    expect(response.body).toMatchObject({ status: 'PROVISIONED', activated: AT, passwordChanged: null });
    expect(response.body.credentials).toEqual({ provider: { type: 'OKTA', name: 'OKTA' } });
    expect(Object.keys(response.body.profile)).toEqual(['firstName', 'lastName', 'mobilePhone', 'nickName', 'department', 'secondEmail', 'login', 'email']);
  });

  it('answers a user created as the terraform provider does (an empty password, a null attribute) as real orgs do', async () => {
    const response = await createUser({ credentials: { password: {} }, profile: ada({ postalAddress: null }) });
    const id = response.body.id as string;
    const org = backend.orgUrl;
    expect(response.body).toMatchObject({ status: 'PROVISIONED', created: AT, activated: AT, statusChanged: AT, passwordChanged: null });
    expect(response.body.profile).toEqual({ firstName: 'Ada', lastName: 'Lovelace', mobilePhone: null, secondEmail: null, login: 'ada@example.com', email: 'ada@example.com' });
    expect(response.body.credentials).toEqual({ provider: { type: 'OKTA', name: 'OKTA' } });
    expect(response.body._links).toMatchObject({
      suspend: { href: `${org}/api/v1/users/${id}/lifecycle/suspend`, method: 'POST' },
      resetPassword: { href: `${org}/api/v1/users/${id}/lifecycle/reset_password`, method: 'POST' },
    });
    expect(Object.keys(response.body._links)).toEqual(['suspend', 'schema', 'resetPassword', 'reactivate', 'self', 'resetFactors', 'type', 'deactivate']);
    expect((await get(`/api/v1/users/${id}`)).body).toEqual(response.body);
  });

  it('shows a recovery question but never its answer', async () => {
    const response = await createUser({ profile: ada(), credentials: { recovery_question: { question: 'First pet?', answer: 'Sir Pounce' } } }, '?activate=false');
    expect(response.body.credentials.recovery_question).toEqual({ question: 'First pet?' });
    expect(response.text).not.toContain('Sir Pounce');
  });

  it('refuses a profile without its required attributes with 400 E0000001, one cause per attribute', async () => {
    expectOktaError(await createUser({ profile: { login: 'ada@example.com' } }), 400, 'E0000001', 'Api validation failed: email, firstName, lastName', [
      'email: The field cannot be left blank',
      'firstName: The field cannot be left blank',
      'lastName: The field cannot be left blank',
    ]);
  });

  it("refuses a login that is not an email address, in Okta's words", async () => {
    expectOktaError(await createUser({ profile: ada({ login: 'ada' }) }), 400, 'E0000001', 'Api validation failed: login', ['login: Username must be in the form of an email address']);
  });

  it("refuses a password the default policy does not allow, in Okta's words, and creates nothing", async () => {
    expectOktaError(await createUser({ profile: ada(), credentials: { password: { value: 'AdaRocks99' } } }), 400, 'E0000001', 'Api validation failed: password', [
      'password: Password requirements were not met. Password requirements: at least 8 characters, a lowercase letter, an uppercase letter, a number, no parts of your username.',
    ]);
    expect(backend.directory.users()).toEqual([]);
  });

  it('refuses a login already taken, whatever its case, as real orgs do', async () => {
    await createUser({ profile: ada() });
    expectOktaError(await createUser({ profile: ada({ login: 'ADA@example.com' }) }), 400, 'E0000001', 'Api validation failed: login', [
      'login: An object with this field already exists in the current organization',
    ]);
  });

  it('puts the user in the groups of groupIds, and refuses a group that does not exist', async () => {
    const team = backend.directory.addGroup({ name: 'Analytical Engine' });
    const response = await createUser({ profile: ada(), groupIds: [team.id] });
    expect(backend.directory.members(team.id).map((u) => u.id)).toEqual([response.body.id]);
    expectOktaError(await createUser({ profile: ada({ login: 'b@example.com' }), groupIds: ['00g00000000000000000'] }), 400, 'E0000001', 'Api validation failed: groupIds[0]', [
      'groupIds[0]: No group has the id 00g00000000000000000',
    ]);
  });

  it('needs okta.users.manage: a token with okta.users.read only is 403 E0000006', async () => {
    expectOktaError(
      await call(backend, '/api/v1/users', { method: 'POST', json: { profile: ada() }, authorization: 'SSWS reader' }),
      403,
      'E0000006',
      'You do not have permission to perform the requested action',
    );
  });
});

describe('GET /api/v1/users/{id}', () => {
  it('reads a user by id, by login and by login short name', async () => {
    const created = (await createUser({ profile: ada() })).body;
    for (const key of [created.id, 'ada@example.com', 'ADA@EXAMPLE.COM', 'ada']) {
      const response = await get(`/api/v1/users/${encodeURIComponent(key)}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(created);
    }
  });

  it('answers 404 E0000007 (User) for a user that does not exist', async () => {
    expectOktaError(await get('/api/v1/users/00u00000000000000000'), 404, 'E0000007', 'Not found: Resource not found: 00u00000000000000000 (User)');
  });
});

describe('GET /api/v1/users', () => {
  async function three() {
    const a = (await createUser({ profile: ada(), credentials: { password: { value: PASSWORD } } })).body;
    const b = (await createUser({ profile: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', login: 'alan@example.com' } }, '?activate=false')).body;
    const c = (await createUser({ profile: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example', login: 'grace@example.com' } }, '?activate=false')).body;
    return [a, b, c];
  }
  const ids = (response: { body: Array<{ id: string }> }) => response.body.map((u) => u.id);

  it('lists users with only a self link each, and a Link header written as real orgs write it', async () => {
    const [a, b, c] = await three();
    const response = await get('/api/v1/users');
    expect(ids(response)).toEqual([a.id, b.id, c.id]);
    expect(response.body[0]._links).toEqual({ self: { href: `${backend.orgUrl}/api/v1/users/${a.id}` } });
    expect(response.headers.get('link')).toBe(`<${backend.orgUrl}/api/v1/users?limit=200>; rel="self"`);
  });

  it('pages with limit and the next link, each user once', async () => {
    const [a, b, c] = await three();
    const first = await get('/api/v1/users?limit=2');
    expect(ids(first)).toEqual([a.id, b.id]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link')!)![1]!;
    expect(new URL(next).searchParams.get('limit')).toBe('2');
    const second = await get(new URL(next).pathname + new URL(next).search);
    expect(ids(second)).toEqual([c.id]);
    expect(second.headers.get('link')).not.toContain('rel="next"');
  });

  it('leaves DEPROVISIONED users out unless a filter or search asks for them', async () => {
    const [a, b] = await three();
    await call(backend, `/api/v1/users/${b.id}/lifecycle/deactivate`, { method: 'POST', authorization: admin });
    expect(ids(await get('/api/v1/users'))).not.toContain(b.id);
    expect(ids(await get(`/api/v1/users?filter=${encodeURIComponent('status eq "DEPROVISIONED"')}`))).toEqual([b.id]);
    expect(ids(await get(`/api/v1/users?search=${encodeURIComponent('status eq "deprovisioned"')}`))).toEqual([b.id]);
    expect(ids(await get(`/api/v1/users?filter=${encodeURIComponent('status eq "ACTIVE"')}`))).toEqual([a.id]);
  });

  it('finds by q on the start of first name, last name or email, ten at most by default, without paging', async () => {
    const [a, b, c] = await three();
    expect(ids(await get('/api/v1/users?q=al'))).toEqual([b.id]);
    expect(ids(await get('/api/v1/users?q=HOP'))).toEqual([c.id]);
    expect(ids(await get('/api/v1/users?q=grace%40navy'))).toEqual([c.id]);
    const limited = await get('/api/v1/users?q=a&limit=1');
    expect(ids(limited)).toEqual([a.id]);
    expect(limited.headers.get('link')).not.toContain('rel="next"');
  });

  it('filters on profile.login eq (exact) and on lastUpdated ranges', async () => {
    const [, b] = await three();
    expect(ids(await get(`/api/v1/users?filter=${encodeURIComponent('profile.login eq "alan@example.com"')}`))).toEqual([b.id]);
    expect(ids(await get(`/api/v1/users?filter=${encodeURIComponent('profile.login eq "ALAN@example.com"')}`))).toEqual([]);
    expect(ids(await get(`/api/v1/users?filter=${encodeURIComponent('lastUpdated gt "2026-03-01T00:00:00.000Z" and profile.email eq "alan@example.com"')}`))).toEqual([b.id]);
    expect(ids(await get(`/api/v1/users?filter=${encodeURIComponent('lastUpdated lt "2026-03-01T00:00:00.000Z"')}`))).toEqual([]);
  });

  it('searches any profile attribute with sw and co, values compared without case', async () => {
    const [a, , c] = await three();
    expect(ids(await get(`/api/v1/users?search=${encodeURIComponent('profile.lastName co "OPP" or profile.firstName sw "ad"')}`))).toEqual([a.id, c.id]);
  });

  it('reads only attributes a profile has: profile.constructor names none, so pr matches no one', async () => {
    await three();
    expect(ids(await get(`/api/v1/users?search=${encodeURIComponent('profile.constructor pr')}`))).toEqual([]);
  });

  it('refuses what filter does not support with 400 E0000031, naming it', async () => {
    expectOktaError(await get(`/api/v1/users?filter=${encodeURIComponent('profile.nickName eq "x"')}`), 400, 'E0000031', 'Invalid search criteria.', [
      'filter=profile.nickName eq "x": profile.nickName cannot be used in filter.',
    ]);
    expectOktaError(await get(`/api/v1/users?filter=${encodeURIComponent('status ne "ACTIVE"')}`), 400, 'E0000031', 'Invalid search criteria.', [
      'filter=status ne "ACTIVE": the operator ne is not supported.',
    ]);
    expectOktaError(await get(`/api/v1/users?filter=${encodeURIComponent('status sw "A"')}`), 400, 'E0000031', 'Invalid search criteria.', [
      'filter=status sw "A": status does not take the operator sw.',
    ]);
  });

  it('refuses a cursor it did not issue with 400 E0000029', async () => {
    expectOktaError(await get('/api/v1/users?after=nonsense'), 400, 'E0000029', 'Invalid paging request.', ['Invalid cursor.']);
  });
});

describe('updating a user', () => {
  it('POST sets only the attributes given (null clears one) and moves lastUpdated', async () => {
    const created = (await createUser({ profile: ada({ nickName: 'Countess', title: 'Analyst' }) })).body;
    backend.clock.advance(5_000);
    const response = await call(backend, `/api/v1/users/${created.id}`, { method: 'POST', json: { profile: { title: 'Programmer', nickName: null } }, authorization: admin });
    expect(response.status).toBe(200);
    const { nickName: _cleared, ...kept } = created.profile;
    expect(response.body.profile).toEqual({ ...kept, title: 'Programmer' });
    expect(response.body.lastUpdated).toBe('2026-03-01T10:00:35.000Z');
  });

  it('PUT replaces the profile: attributes left out are gone', async () => {
    const created = (await createUser({ profile: ada({ nickName: 'Countess' }) })).body;
    const response = await call(backend, `/api/v1/users/${created.id}`, { method: 'PUT', json: { profile: ada({ title: 'Programmer' }) }, authorization: admin });
    expect(Object.keys(response.body.profile)).toEqual(['firstName', 'lastName', 'mobilePhone', 'title', 'secondEmail', 'login', 'email']);
  });

  it('sets a new password (passwordChanged moves, nothing shows it) and refuses a weak one', async () => {
    const created = (await createUser({ profile: ada() }, '?activate=false')).body;
    backend.clock.advance(1_000);
    const set = await call(backend, `/api/v1/users/${created.id}`, { method: 'POST', json: { credentials: { password: { value: PASSWORD } } }, authorization: admin });
    expect(set.body).toMatchObject({ passwordChanged: '2026-03-01T10:00:31.000Z', credentials: { password: {} } });
    expect(JSON.stringify(backend.snapshot())).not.toContain(PASSWORD);
    const weak = await call(backend, `/api/v1/users/${created.id}`, { method: 'POST', json: { credentials: { password: { value: 'short' } } }, authorization: admin });
    expect(weak.body.errorSummary).toBe('Api validation failed: password');
  });
});

describe('lifecycle', () => {
  async function staged(password = true) {
    return (await createUser({ profile: ada(), ...(password ? { credentials: { password: { value: PASSWORD } } } : {}) }, '?activate=false')).body as { id: string };
  }
  const lifecycle = (id: string, op: string, query = '') => call(backend, `/api/v1/users/${id}/lifecycle/${op}${query}`, { method: 'POST', authorization: admin });
  const status = (id: string) => backend.directory.user(id)!.status;

  it('activate with sendEmail=false answers the activation link and token; the user with a password is ACTIVE', async () => {
    const user = await staged();
    const response = await lifecycle(user.id, 'activate', '?sendEmail=false');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ activationUrl: `${backend.orgUrl}/tokens/${response.body.activationToken}/verify`, activationToken: expect.stringMatching(/^[0-9A-Za-z]{20}$/) });
    expect(status(user.id)).toBe('ACTIVE');
  });

  it('activate sending the email answers {}; a user without a password becomes PROVISIONED and can be reactivated', async () => {
    const user = await staged(false);
    expect((await lifecycle(user.id, 'activate')).body).toEqual({});
    expect(status(user.id)).toBe('PROVISIONED');
    expect((await lifecycle(user.id, 'reactivate', '?sendEmail=false')).body).toHaveProperty('activationToken');
  });

  it('refuses to activate an active user with 403 E0000016', async () => {
    const user = await staged();
    await lifecycle(user.id, 'activate');
    expectOktaError(await lifecycle(user.id, 'activate'), 403, 'E0000016', 'Activation failed because the user is already active');
  });

  it("refuses an operation the user's status does not allow with 403 E0000038", async () => {
    const user = await staged();
    expectOktaError(await lifecycle(user.id, 'reactivate'), 403, 'E0000038', "This operation is not allowed in the user's current status.");
  });

  it('deactivates (200, {}), then refuses to deactivate again', async () => {
    const user = await staged();
    const response = await lifecycle(user.id, 'deactivate');
    expect([response.status, response.body]).toEqual([200, {}]);
    expect(status(user.id)).toBe('DEPROVISIONED');
    expectOktaError(await lifecycle(user.id, 'deactivate'), 403, 'E0000038', "This operation is not allowed in the user's current status.");
  });

  it('suspends an ACTIVE user and unsuspends it; suspending a STAGED one is 400 E0000001', async () => {
    const user = await staged();
    expectOktaError(await lifecycle(user.id, 'suspend'), 400, 'E0000001', 'Api validation failed: status', [
      'status: Only a user whose status is ACTIVE can be suspended; this user is STAGED',
    ]);
    await lifecycle(user.id, 'activate');
    expect((await lifecycle(user.id, 'suspend')).body).toEqual({});
    expect(status(user.id)).toBe('SUSPENDED');
    expect((await lifecycle(user.id, 'unsuspend')).body).toEqual({});
    expect(status(user.id)).toBe('ACTIVE');
  });

  it('stamps activated when a user is activated, not when it is unsuspended', async () => {
    const user = await staged();
    await lifecycle(user.id, 'activate');
    const activated = backend.directory.user(user.id)!.activated;
    expect(activated).toBe(AT);
    backend.clock.advance(5_000);
    await lifecycle(user.id, 'suspend');
    await lifecycle(user.id, 'unsuspend');
    expect(backend.directory.user(user.id)).toMatchObject({ activated, statusChanged: '2026-03-01T10:00:35.000Z' });
  });

  it('unlocks a LOCKED_OUT user, and refuses one that is not locked out as recorded (403 E0000032)', async () => {
    const user = await staged();
    expectOktaError(await lifecycle(user.id, 'unlock'), 403, 'E0000032', 'Unlock is not allowed for this user.', ['The user is not locked out.']);
    backend.directory.setUserStatus(user.id, 'LOCKED_OUT');
    expect((await lifecycle(user.id, 'unlock')).status).toBe(200);
    expect(status(user.id)).toBe('ACTIVE');
  });
});

describe('DELETE /api/v1/users/{id}', () => {
  it('deactivates an active user first (204), deletes it on the second call (204), then it is 404', async () => {
    const user = (await createUser({ profile: ada() })).body as { id: string };
    const remove = () => call(backend, `/api/v1/users/${user.id}`, { method: 'DELETE', authorization: admin });
    expect((await remove()).status).toBe(204);
    expect(backend.directory.user(user.id)!.status).toBe('DEPROVISIONED');
    expect((await remove()).status).toBe(204);
    expect(backend.directory.user(user.id)).toBeUndefined();
    expectOktaError(await remove(), 404, 'E0000007', `Not found: Resource not found: ${user.id} (User)`);
  });
});

describe('GET /api/v1/users/{id}/groups', () => {
  it('lists Everyone first, then the groups the user joined', async () => {
    const team = backend.directory.addGroup({ name: 'Analytical Engine' });
    const user = (await createUser({ profile: ada(), groupIds: [team.id] })).body as { id: string };
    const response = await get(`/api/v1/users/${user.id}/groups`);
    expect(response.body.map((g: { profile: { name: string }; type: string }) => [g.profile.name, g.type])).toEqual([
      ['Everyone', 'BUILT_IN'],
      ['Analytical Engine', 'OKTA_GROUP'],
    ]);
  });
});
