import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../mock-server/index';
import { assertion, dpopKey, JWT_BEARER, proof, serviceKey } from '../oauth/helpers';
import { serveBackend, type Served } from './served';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const API_TOKEN = 'ssws-secret-token-0123456789';

/** Sends one request to the backend, however it is served. */
type Send = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<Response>;

const PEM = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpemBodySecret0123456789abcdef\n-----END RSA PRIVATE KEY-----\n';

/**
 * Sends every kind of secret the journal must not keep, each where it travels, and answers them
 * (with the values a read of the journal must not show).
 */
async function sendEverySecret(backend: MockBackend, send: Send): Promise<string[]> {
  const secrets: string[] = [API_TOKEN];
  const json = { 'content-type': 'application/json', authorization: `SSWS ${API_TOKEN}` };

  // A service app's token request: a client assertion (and a client secret, which the endpoint refuses).
  const key = await serviceKey();
  const { clientId } = backend.oauth.registerServiceApp({ publicJwk: key.publicJwk, scopes: ['okta.apps.read'] });
  const now = Math.floor(START / 1000);
  const signed = await assertion(key.privateKey, clientId, `${backend.orgUrl}/oauth2/v1/token`, now);
  secrets.push(signed, ...signed.split('.').slice(1));
  const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'okta.apps.read', client_assertion_type: JWT_BEARER, client_assertion: signed });
  const issued = await send('/oauth2/v1/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  expect(issued.status).toBe(200);
  const accessToken = ((await issued.json()) as { access_token: string }).access_token;
  secrets.push(accessToken);
  const secretForm = `grant_type=client_credentials&client_id=${clientId}&client_secret=form-client-secret-0123`;
  expect((await send('/oauth2/v1/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: secretForm })).status).toBe(401);
  secrets.push('form-client-secret-0123');

  // The access token as Bearer, then as DPoP with a proof, and a cookie.
  expect((await send('/api/v1/apps', { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(200);
  const dpop = await proof(await dpopKey(), 'GET', `${backend.orgUrl}/api/v1/apps`, now);
  secrets.push(dpop, ...dpop.split('.').slice(1));
  await send('/api/v1/apps', { headers: { authorization: `DPoP ${accessToken}`, dpop, cookie: 'sid=cookie-session-secret-42' } });
  secrets.push('cookie-session-secret-42');

  // A user's password and recovery answer (an Okta path this backend does not serve: still journaled).
  const user = { profile: { login: 'ada@example.com' }, credentials: { password: { value: 'hunter2-Password-123' }, recovery_question: { question: 'Colour?', answer: 'my-secret-answer-xyz' } } };
  await send('/api/v1/users?activate=true', { method: 'POST', headers: json, body: JSON.stringify(user) });
  secrets.push('hunter2-Password-123', 'my-secret-answer-xyz');

  // An app's client secret, sent and echoed in the create answer.
  const oidc = {
    name: 'oidc_client',
    label: 'Web',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic', client_secret: 'app-client-secret-4567890' } },
    settings: { oauthClient: { grant_types: ['client_credentials'], response_types: ['token'], application_type: 'service' } },
  };
  const created = await send('/api/v1/apps', { method: 'POST', headers: json, body: JSON.stringify(oidc) });
  expect(created.status).toBe(200);
  expect(await created.text()).toContain('app-client-secret-4567890');
  secrets.push('app-client-secret-4567890');

  // An app secrets answer (stubbed), JWKs with private members, PEM private keys, secrets in a query.
  backend.stubs.add({ method: 'GET', path: '/api/v1/apps/0oa1/credentials/secrets', status: 200, body: [{ id: 'ocs1', client_secret: 'stub-client-secret-7890123', secret_hash: 'h' }] });
  await send('/api/v1/apps/0oa1/credentials/secrets', { headers: json });
  secrets.push('stub-client-secret-7890123');
  const privateMembers = Object.fromEntries(['d', 'p', 'q', 'dp', 'dq', 'qi'].map((m) => [m, `jwk-private-${m}-value-000`]));
  await send('/api/v1/apps/0oa1/credentials/jwks', { method: 'POST', headers: json, body: JSON.stringify({ kty: 'RSA', e: 'AQAB', n: 'public-modulus', ...privateMembers }) });
  secrets.push(...Object.values(privateMembers));
  await send('/api/v1/apps/0oa1/credentials/keys', { method: 'POST', headers: json, body: JSON.stringify({ certificate: PEM }) });
  await send('/api/v1/apps/0oa1/credentials/keys/upload', { method: 'POST', headers: { ...json, 'content-type': 'text/plain' }, body: `Here it is:\n${PEM}` });
  secrets.push('MIIEpemBodySecret0123456789abcdef');
  await send('/api/v1/apps?client_secret=query-secret-value-42&limit=1', { headers: json });
  secrets.push('query-secret-value-42');
  return secrets;
}

/** Everything the journal answers, as text: every entry, found, fetched by id, and the near misses. */
async function everythingRead(read: (path: string, body?: unknown) => Promise<unknown>): Promise<string> {
  const listed = (await read('/requests')) as { requests: Array<{ requestId: string }> };
  const byId = await Promise.all(listed.requests.map((entry) => read(`/requests/${entry.requestId}`)));
  return JSON.stringify([listed, byId, await read('/requests/find', {}), await read('/requests/unmatched'), await read('/requests?summary=true')]);
}

function expectNoSecret(text: string, secrets: string[]) {
  for (const secret of secrets) expect(text.includes(secret), `the journal shows ${secret.slice(0, 40)}`).toBe(false);
}

describe('the journal keeps no secret', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serveBackend({ now: () => START, tokens: [{ type: 'SSWS', token: API_TOKEN }] });
  });
  afterAll(() => served.close());

  it('over HTTP: of every kind sent or answered, none is kept, and what was sent around them is', async () => {
    const secrets = await sendEverySecret(served.backend, (path, init) => fetch(`${served.url}${path}`, init));
    const text = await everythingRead(async (path, body) => (await served.plane(body === undefined ? 'GET' : 'POST', path, body)).body);
    expectNoSecret(text, secrets);
    // What carried the secrets is there, redacted in place.
    const find = async (matcher: unknown) => (await served.plane('POST', '/requests/find', matcher)).body.requests;
    const [user] = await find({ path: '/api/v1/users' });
    expect(JSON.parse(user.request.body)).toEqual({
      profile: { login: 'ada@example.com' },
      credentials: { password: { value: '[REDACTED]' }, recovery_question: { question: 'Colour?', answer: '[REDACTED]' } },
    });
    const [token] = await find({ path: '/oauth2/v1/token', status: 200 });
    expect(token.request.body).toBe(`grant_type=client_credentials&scope=okta.apps.read&client_assertion_type=${encodeURIComponent(JWT_BEARER)}&client_assertion=[REDACTED]`);
    expect(JSON.parse(token.response.body)).toMatchObject({ token_type: 'Bearer', access_token: '[REDACTED]' });
    const [, dpop] = await find({ path: '/api/v1/apps', method: 'GET' });
    expect(dpop.request.headers).toMatchObject({ authorization: 'DPoP [REDACTED]', dpop: '[REDACTED]', cookie: '[REDACTED]' });
    const [jwk] = await find({ path: '/api/v1/apps/0oa1/credentials/jwks' });
    expect(JSON.parse(jwk.request.body)).toEqual({ kty: 'RSA', e: 'AQAB', n: 'public-modulus', d: '[REDACTED]', p: '[REDACTED]', q: '[REDACTED]', dp: '[REDACTED]', dq: '[REDACTED]', qi: '[REDACTED]' });
    const [query] = await find({ query: { limit: '1' } });
    expect(query.path).toBe('/api/v1/apps?client_secret=[REDACTED]&limit=1');
  });

  it('in-process: the same', async () => {
    const backend = createMockBackend({ now: () => START, tokens: [{ type: 'SSWS', token: API_TOKEN }] });
    const secrets = await sendEverySecret(backend, (path, init) => backend.fetch(new Request(`${backend.orgUrl}${path}`, init)));
    const text = await everythingRead(async (path, body) => {
      const response = await backend.fetch(
        new Request(`${backend.orgUrl}/__appset${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      );
      return response.json();
    });
    expectNoSecret(text, secrets);
    expectNoSecret(JSON.stringify([backend.journal.list(), backend.journal.find({}), backend.journal.unmatched()]), secrets);
    expect(backend.journal.count({ bodyContains: '"client_secret":"[REDACTED]"' })).toBe(1);
  });

  it('a secret cut by the body bound leaves no part of itself behind: bodies are redacted whole, then cut', async () => {
    const backend = createMockBackend({ now: () => START, journalBodyBytes: 48 });
    // The bound falls inside the password's value, 11 characters into it.
    const body = JSON.stringify({ credentials: { password: { value: 'cut-secret-abcdefghijklmnop' } } });
    await backend.fetch(new Request(`${backend.orgUrl}/api/v1/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    const [entry] = backend.journal.list();
    expect(entry!.request).toMatchObject({ body: '{"credentials":{"password":{"value":"[REDACTED]"', bodySize: body.length, truncated: true });
    expect(JSON.stringify(backend.journal.list())).not.toMatch(/cut-secret/);
  });

  it('a malformed body is still read for secrets as far as it goes', async () => {
    const backend = createMockBackend({ now: () => START });
    const body = '{"credentials": {"password": {"value": "malformed-secret-0099"}, "oops"';
    await backend.fetch(new Request(`${backend.orgUrl}/api/v1/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    expect(backend.journal.list()[0]!.request.body).toBe('{"credentials": {"password": {"value": "[REDACTED]"}, "oops"');
  });

  it('a secret member spelt with JSON escapes is found', async () => {
    const backend = createMockBackend({ now: () => START });
    const signed = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('k'.repeat(32)));
    const body = `{"client\\u005fsecret": "escaped-secret-0042", "client_assertion": "${signed}"}`;
    await backend.fetch(new Request(`${backend.orgUrl}/api/v1/apps/0oa1/credentials/secrets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    expect(backend.journal.list()[0]!.request.body).toBe('{"client\\u005fsecret": "[REDACTED]", "client_assertion": "[REDACTED]"}');
  });
});
