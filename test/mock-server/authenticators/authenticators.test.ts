import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError, hrefsOf } from '../raw-http';

const START = Date.parse('2025-03-19T09:20:46.700Z');
const AT = '2025-03-19T09:20:46.000Z';
let now = START;
const { backend } = useMockBackend({
  now: () => now,
  tokens: [
    { type: 'SSWS', token: 'admin' },
    { type: 'SSWS', token: 'reader', scopes: ['okta.authenticators.read'] },
    { type: 'SSWS', token: 'apps', scopes: ['okta.apps.manage'] },
  ],
});
const admin = 'SSWS admin';
const PATH = '/api/v1/authenticators';

/** The org's authenticators as listed, by key. */
async function byKey(): Promise<Record<string, any>> {
  const listed = await call(backend, PATH, { authorization: admin });
  return Object.fromEntries(listed.body.map((a: any) => [a.key, a]));
}

const put = (id: string, json: unknown) => call(backend, `${PATH}/${id}`, { method: 'PUT', json, authorization: admin });
const lifecycle = (id: string, what: 'activate' | 'deactivate') => call(backend, `${PATH}/${id}/lifecycle/${what}`, { method: 'POST', authorization: admin });

describe('authenticators', () => {
  it('lists the built-in authenticators by name, with the statuses, settings and links a new org has', async () => {
    const listed = await call(backend, PATH, { authorization: 'SSWS reader' });
    expect(listed.status).toBe(200);
    expect(listed.body.map((a: any) => [a.name, a.key, a.type, a.status])).toEqual([
      ['Email', 'okta_email', 'email', 'ACTIVE'],
      ['Okta Verify', 'okta_verify', 'app', 'ACTIVE'],
      ['Password', 'okta_password', 'password', 'ACTIVE'],
      ['Phone', 'phone_number', 'phone', 'INACTIVE'],
      ['Security Key or Biometric', 'webauthn', 'security_key', 'INACTIVE'],
      ['Security Question', 'security_question', 'security_question', 'ACTIVE'],
    ]);
    const ids = listed.body.map((a: any) => a.id as string);
    for (const id of ids) expect(id).toMatch(/^aut[0-9A-Za-z]{17}$/);
    expect(new Set(ids).size).toBe(6);
    const [email, verify, password, phone] = listed.body;
    const self = (id: string) => `${backend.orgUrl}${PATH}/${id}`;
    expect(email).toEqual({
      type: 'email',
      id: email.id,
      key: 'okta_email',
      status: 'ACTIVE',
      name: 'Email',
      created: AT,
      lastUpdated: AT,
      settings: { allowedFor: 'recovery', tokenLifetimeInMinutes: 5 },
      _links: {
        self: { href: self(email.id), hints: { allow: ['GET', 'PUT'] } },
        deactivate: { href: `${self(email.id)}/lifecycle/deactivate`, hints: { allow: ['POST'] } },
        methods: { href: `${self(email.id)}/methods`, hints: { allow: ['GET'] } },
      },
    });
    expect(Object.keys(email)).toEqual(['type', 'id', 'key', 'status', 'name', 'created', 'lastUpdated', 'settings', '_links']);
    expect(verify.settings.channelBinding).toEqual({ style: 'NUMBER_CHALLENGE', required: 'NEVER' });
    expect(Object.keys(verify._links)).toEqual(['self', 'deactivate', 'methods', 'enroll']);
    expect(verify._links.enroll).toEqual({ href: `${backend.orgUrl}/idp/authenticators`, hints: { allow: ['POST'] } });
    // The password has no settings and can be neither activated nor deactivated.
    expect('settings' in password).toBe(false);
    expect(Object.keys(password._links)).toEqual(['self', 'methods']);
    expect(Object.keys(phone._links)).toEqual(['self', 'activate', 'methods']);
    for (const [, href] of hrefsOf(listed.body)) expect(href.startsWith(`${backend.orgUrl}/`)).toBe(true);
    expect(backend.authenticators.list().map((a) => a.id)).toEqual(ids);
  });

  it('reads one by id, and answers 404 E0000007 for an id it does not hold', async () => {
    const { okta_email } = await byKey();
    const read = await call(backend, `${PATH}/${okta_email.id}`, { authorization: 'SSWS reader' });
    expect([read.status, read.body]).toEqual([200, okta_email]);
    expectOktaError(await call(backend, `${PATH}/aut1nothere000000000`), 404, 'E0000007', 'Not found: Resource not found: aut1nothere000000000 (Authenticator)');
  });

  it('lists each one\'s methods as recorded, and reads a method by its type', async () => {
    const all = await byKey();
    const methods = async (key: string) => (await call(backend, `${PATH}/${all[key].id}/methods`, { authorization: 'SSWS reader' })).body;
    const email = await methods('okta_email');
    expect(email).toEqual([
      { type: 'email', status: 'ACTIVE', _links: { self: { href: `${backend.orgUrl}${PATH}/${all.okta_email.id}/methods/email`, hints: { allow: ['GET', 'PUT'] } } } },
    ]);
    const verify = await methods('okta_verify');
    expect(verify.map((m: any) => [m.type, m.status])).toEqual([['totp', 'ACTIVE'], ['push', 'INACTIVE'], ['signed_nonce', 'INACTIVE']]);
    expect(verify[0].settings).toEqual({ timeIntervalInSeconds: 30, encoding: 'Base32', algorithm: 'HMACSHA1', passCodeLength: 6 });
    expect(verify[1]._links.activate).toEqual({ href: `${backend.orgUrl}${PATH}/${all.okta_verify.id}/methods/push/lifecycle/activate`, hints: { allow: ['POST'] } });
    expect((await methods('phone_number')).map((m: any) => m.type)).toEqual(['sms', 'voice']);
    expect((await methods('webauthn'))[0].settings).toEqual({ userVerification: 'DISCOURAGED', attachment: 'ANY' });
    expect((await methods('okta_password')).map((m: any) => m.type)).toEqual(['password']);
    expect((await methods('security_question')).map((m: any) => m.type)).toEqual(['security_question']);
    const push = await call(backend, `${PATH}/${all.okta_verify.id}/methods/push`);
    expect([push.status, push.body]).toEqual([200, verify[1]]);
    expectOktaError(await call(backend, `${PATH}/${all.okta_verify.id}/methods/sms`), 404, 'E0000007', 'Not found: Resource not found: sms (AuthenticatorMethod)');
  });

  it('answers the allowed security key models with 401 E0000015, as orgs without the feature do', async () => {
    const { webauthn, okta_email } = await byKey();
    for (const id of [webauthn.id, okta_email.id]) {
      expectOktaError(await call(backend, `${PATH}/${id}/aaguids`), 401, 'E0000015', 'You do not have permission to access the feature you are requesting');
    }
    expect((await call(backend, `${PATH}/aut1nothere000000000/aaguids`)).status).toBe(404);
  });

  it('replaces the name and settings, keeping the settings when absent; lastUpdated moves', async () => {
    const { okta_email } = await byKey();
    now = START + 60_000;
    const same = await put(okta_email.id, { key: 'okta_email', name: 'Email', type: 'email' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ ...okta_email, lastUpdated: '2025-03-19T09:21:46.000Z' });
    const renamed = await put(okta_email.id, { name: 'Mail', settings: { allowedFor: 'any', tokenLifetimeInMinutes: 10 } });
    expect([renamed.body.name, renamed.body.settings]).toEqual(['Mail', { allowedFor: 'any', tokenLifetimeInMinutes: 10 }]);
    expect((await call(backend, `${PATH}/${okta_email.id}`)).body).toEqual(renamed.body);
    now = START;
  });

  it('refuses a PUT that changes the key or type, a name that is empty or too long, settings that are not an object or too large', async () => {
    const { okta_email } = await byKey();
    expectOktaError(await put(okta_email.id, { key: 'okta_password' }), 400, 'E0000001', 'Api validation failed: key', ["key: The authenticator's key is okta_email and cannot change"]);
    expectOktaError(await put(okta_email.id, { type: 'phone' }), 400, 'E0000001', 'Api validation failed: type', ["type: The authenticator's type is email and cannot change"]);
    expectOktaError(await put(okta_email.id, { name: '' }), 400, 'E0000001', 'Api validation failed: name', ['name: Name must be a string that is not empty']);
    expectOktaError(await put(okta_email.id, { name: 'x'.repeat(129) }), 400, 'E0000001', 'Api validation failed: name', ['name: Name must be at most 128 characters']);
    expect((await put(okta_email.id, { name: 'x'.repeat(128) })).status).toBe(200);
    expectOktaError(await put(okta_email.id, { settings: [] }), 400, 'E0000001', 'Api validation failed: settings', ['settings: Must be a JSON object']);
    expectOktaError(await put(okta_email.id, { settings: { note: 'x'.repeat(4_096) } }), 400, 'E0000001', 'Api validation failed: settings', [
      'settings: At most 4096 characters of JSON',
    ]);
    expectOktaError(await put(okta_email.id, 'Email'), 400, 'E0000001', 'Api validation failed: body', ['body: Must be a JSON object']);
    expect((await call(backend, `${PATH}/${okta_email.id}`)).body.settings).toEqual({ allowedFor: 'recovery', tokenLifetimeInMinutes: 5 });
  });

  it('refuses to change or activate the phone authenticator with E0000226: the backend has no telephony inline hook', async () => {
    const { phone_number } = await byKey();
    const refusal = 'You must have an active telephony inline hook to activate and use the Phone authenticator.';
    expectOktaError(await put(phone_number.id, { key: 'phone_number', name: 'Phone', type: 'phone' }), 400, 'E0000226', refusal);
    expectOktaError(await lifecycle(phone_number.id, 'activate'), 400, 'E0000226', refusal);
    expect((await call(backend, `${PATH}/${phone_number.id}`)).body).toEqual(phone_number);
  });

  it('activates and deactivates, the links following the status; the password cannot be deactivated', async () => {
    const { webauthn, okta_email, okta_password } = await byKey();
    now = START + 1_000;
    const active = await lifecycle(webauthn.id, 'activate');
    expect([active.status, active.body.status, active.body.lastUpdated]).toEqual([200, 'ACTIVE', '2025-03-19T09:20:47.000Z']);
    expect(Object.keys(active.body._links)).toEqual(['self', 'deactivate', 'methods']);
    expect((await lifecycle(webauthn.id, 'activate')).body).toEqual(active.body);
    const inactive = await lifecycle(okta_email.id, 'deactivate');
    expect([inactive.body.status, Object.keys(inactive.body._links)]).toEqual(['INACTIVE', ['self', 'activate', 'methods']]);
    expectOktaError(await lifecycle(okta_password.id, 'deactivate'), 400, 'E0000001', 'Api validation failed: Authenticator', ['The password authenticator cannot be deactivated.']);
    expect((await lifecycle('aut1nothere000000000', 'activate')).status).toBe(404);
    now = START;
  });

  it('refuses to create an authenticator, a built-in key as real orgs do; a body that is not JSON is E0000003', async () => {
    const create = (init: { json?: unknown; rawBody?: string }) => call(backend, PATH, { method: 'POST', authorization: admin, ...init });
    expectOktaError(
      await create({ json: { key: 'okta_email', name: 'Test Email Authenticator', type: 'email' } }),
      400,
      'E0000001',
      'Api validation failed: com.okta.services.factors.iface.dto.AuthenticatorCatalog',
      ['The field has an invalid value'],
    );
    expect((await create({ rawBody: '{' })).body.errorCode).toBe('E0000003');
    expect(backend.authenticators.list()).toHaveLength(6);
  });

  it('needs okta.authenticators.read to read and okta.authenticators.manage to change', async () => {
    const { okta_email } = await byKey();
    expect((await call(backend, PATH, { authorization: 'SSWS apps' })).status).toBe(403);
    expect((await put(okta_email.id, { name: 'Email' })).status).toBe(200);
    const asReader = await call(backend, `${PATH}/${okta_email.id}`, { method: 'PUT', json: { name: 'Email' }, authorization: 'SSWS reader' });
    expectOktaError(asReader, 403, 'E0000006', 'You do not have permission to perform the requested action');
  });
});
