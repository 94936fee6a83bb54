import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { redactHeader, redactQuery } from '../../../mock-server/control/requests/redact';
import { serveBackend } from './served';

// Found by an attack on the journal: secrets that reached it by a wrong label, a name outside the
// list, a multipart form or malformed JSON, and a cut body that kept the whole of itself in memory.
const START = Date.parse('2026-03-01T10:00:30.000Z');
const TOKEN = 'ssws-secret-token-0123456789';
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function backendAndSend() {
  const backend = createMockBackend({ now: () => START, tokens: [{ type: 'SSWS', token: TOKEN }] });
  const send = (path: string, init: RequestInit = {}) =>
    backend.fetch(new Request(`${backend.orgUrl}${path}`, { ...init, headers: { authorization: `SSWS ${TOKEN}`, ...(init.headers as Record<string, string>) } }));
  return { backend, send };
}

const user = (password: string) =>
  JSON.stringify({ profile: { firstName: 'A', lastName: 'B', email: 'a1@example.com', login: 'a1@example.com' }, credentials: { password: { value: password } } });

describe('the journal redacts a body by what it is, not by its label', () => {
  it.each([
    ['application/x-www-form-urlencoded (curl -d)', 'Form-Labelled-Pw-77'],
    ['application/jwt', 'Jwt-Labelled-Pw-77'],
    ['application/octet-stream', 'Octet-Labelled-Pw-77'],
  ])('a JSON user with a password sent as %s', async (contentType, password) => {
    const { backend, send } = backendAndSend();
    await send('/api/v1/users?activate=true', { method: 'POST', headers: { 'content-type': contentType }, body: user(password) });
    const text = JSON.stringify(backend.journal.list());
    expect(text).not.toContain(password);
    expect(backend.journal.count({ bodyContains: '"password":{"value":"[REDACTED]"}' })).toBe(1);
  });

  it('over HTTP, a JSON user and a JSON client secret labelled as a form, as curl -d sends them', async () => {
    const served = await serveBackend({ tokens: [{ type: 'SSWS', token: TOKEN }] });
    try {
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const created = await served.okta('POST', '/api/v1/users?activate=true', { body: user('Curl-Form-Pw-88'), headers: form, authorization: `SSWS ${TOKEN}` });
      expect(created.status).toBe(200);
      const oidc = {
        name: 'oidc_client',
        label: 'Web',
        signOnMode: 'OPENID_CONNECT',
        credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic', client_secret: 'Curl-Form-Client-Secret-99' } },
        settings: { oauthClient: { grant_types: ['client_credentials'], response_types: ['token'], application_type: 'service' } },
      };
      await served.okta('POST', '/api/v1/apps', { body: JSON.stringify(oidc), headers: form, authorization: `SSWS ${TOKEN}` });
      const journal = JSON.stringify((await served.plane('GET', '/requests')).body);
      expect(journal).not.toContain('Curl-Form-Pw-88');
      expect(journal).not.toContain('Curl-Form-Client-Secret-99');
    } finally {
      await served.close();
    }
  });

  it('a multipart form to the token endpoint keeps its fields and loses its secrets', async () => {
    const { backend, send } = backendAndSend();
    const form = new FormData();
    form.set('grant_type', 'client_credentials');
    form.set('client_secret', 'Multipart-Client-Secret-1');
    form.set('client_assertion', 'Multipart-Assertion-2');
    await send('/oauth2/v1/token', { method: 'POST', body: form });
    const body = backend.journal.list()[0]!.request.body;
    expect(body).toContain('client_credentials');
    expect(body).not.toMatch(/Multipart-Client-Secret|Multipart-Assertion/);
  });

  it('a form whose first field starts with & is still read as a form', async () => {
    const { backend, send } = backendAndSend();
    await send('/oauth2/v1/token', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '&grant_type=client_credentials&client_secret=Amp-Secret-3' });
    expect(backend.journal.list()[0]!.request.body).toBe('&grant_type=client_credentials&client_secret=[REDACTED]');
  });

  it('a bare word in malformed JSON, where a secret value goes, is taken out whole', async () => {
    const { backend, send } = backendAndSend();
    await send('/api/v1/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"credentials":{"password":{"value":Sup3rSecretPass}}}' });
    expect(backend.journal.list()[0]!.request.body).toBe('{"credentials":{"password":{"value":"[REDACTED]"}}}');
  });

  it('a JSON Web Key whose kty is spelt with escapes loses its private members', async () => {
    const { backend, send } = backendAndSend();
    const body = '{"k\\u0074y":"RSA","e":"AQAB","n":"modulus","d":"Escaped-Jwk-Private-D"}';
    await send('/api/v1/apps/0oa1/credentials/jwks', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(JSON.stringify(backend.journal.list())).not.toContain('Escaped-Jwk-Private-D');
  });
});

describe('secrets under names outside the fixed list', () => {
  it("a user's activation token and link are taken out of the answer", async () => {
    const { backend, send } = backendAndSend();
    const created = await send('/api/v1/users?activate=false', { method: 'POST', headers: { 'content-type': 'application/json' }, body: user('Staged-User-Pw-12') });
    const { id } = (await created.json()) as { id: string };
    const activated = await send(`/api/v1/users/${id}/lifecycle/activate?sendEmail=false`, { method: 'POST' });
    const { activationToken } = (await activated.json()) as { activationToken: string };
    expect(activationToken).toMatch(/\w{10,}/);
    const [entry] = backend.journal.find({ path: `/api/v1/users/${id}/lifecycle/activate` });
    expect(JSON.parse(entry!.response.body ?? '')).toEqual({ activationUrl: '[REDACTED]', activationToken: '[REDACTED]' });
    expect(JSON.stringify(backend.journal.list())).not.toContain(activationToken);
  });

  it('names ending in token, secret or key, an OAuth code and a token hint are taken out of a query', () => {
    expect(redactQuery('?sswsToken=a1&state_token=b2&id_token_hint=c3&code=d4&secretKey=e5&limit=2')).toBe(
      '?sswsToken=[REDACTED]&state_token=[REDACTED]&id_token_hint=[REDACTED]&code=[REDACTED]&secretKey=[REDACTED]&limit=2',
    );
  });

  it('headers named for credentials are replaced whole; a challenge is kept', () => {
    for (const name of ['x-okta-authorization', 'x-auth', 'x-bearer', 'x-client-key', 'x-signature']) expect(redactHeader(name, 'SSWS abc'), name).toBe('[REDACTED]');
    expect(redactHeader('www-authenticate', 'DPoP error="invalid_dpop_proof"')).toBe('DPoP error="invalid_dpop_proof"');
    expect(redactHeader('content-type', 'application/json')).toBe('application/json');
  });
});

describe("the journal's memory bound", () => {
  // In a child process with --expose-gc, so that the heap is measured after a full collection. The
  // journal keeps 16 KiB of each body; a cut that kept the whole decoded body alive (a string slice
  // shares its parent) held about 1 MB per entry instead.
  it('120 requests with 1 MB bodies leave the heap within a few MB of where it started', () => {
    const script = `
      import { createMockBackend } from './mock-server/index.ts';
      const backend = createMockBackend();
      const body = 'x'.repeat(1_000_000);
      gc(); const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < 120; i++) {
        await backend.fetch(new Request(backend.orgUrl + '/api/v1/nothing/' + i, { method: 'POST', headers: { 'content-type': 'text/plain' }, body }));
      }
      gc(); const after = process.memoryUsage().heapUsed;
      if (backend.journal.list().length !== 120) throw new Error('not journaled');
      console.log(JSON.stringify({ growthMb: (after - before) / 1e6 }));
    `;
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    const { growthMb } = JSON.parse(run.stdout) as { growthMb: number };
    // 120 × 16 KiB is 2 MB; the slice kept 120 MB.
    expect(growthMb).toBeLessThan(20);
  }, 130_000);
});
