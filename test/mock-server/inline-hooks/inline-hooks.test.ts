import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2025-03-14T03:26:33.700Z');
let now = START;
const { backend } = useMockBackend({
  now: () => now,
  tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.inlineHooks.read'] }],
});
const admin = 'SSWS admin';
const HOOKS = '/api/v1/inlineHooks';

/** The body the Terraform provider's recorded SAML inline hook test sends (A068, A069). */
const RECORDED = {
  channel: {
    config: { authScheme: { key: 'Authorization', type: 'HEADER', value: 'secret' }, method: 'POST', uri: 'https://example.com/test1' },
    type: 'HTTP',
    version: '1.0.0',
  },
  name: 'testAcc_2513984478',
  status: 'ACTIVE',
  type: 'com.okta.saml.tokens.transform',
  version: '1.0.2',
};
const withConfig = (config: Record<string, unknown>) => ({ ...RECORDED, channel: { ...RECORDED.channel, config: { ...RECORDED.channel.config, ...config } } });

const create = (json: unknown, authorization = admin) => call(backend, HOOKS, { method: 'POST', json, authorization });
const post = (path: string) => call(backend, path, { method: 'POST', authorization: admin });
const del = (path: string) => call(backend, path, { method: 'DELETE', authorization: admin });
const put = (path: string, json: unknown) => call(backend, path, { method: 'PUT', json, authorization: admin });

describe('inline hooks', () => {
  it('creates a hook and answers it as real orgs do: cal… id, key order, no auth secret, links on the org', async () => {
    now = START;
    const made = await create(RECORDED);
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    expect(id).toMatch(/^cal[0-9A-Za-z]{17}$/);
    const self = `${backend.orgUrl}${HOOKS}/${id}`;
    const expected = {
      id,
      status: 'ACTIVE',
      name: 'testAcc_2513984478',
      type: 'com.okta.saml.tokens.transform',
      version: '1.0.2',
      channel: { type: 'HTTP', version: '1.0.0', config: { uri: 'https://example.com/test1', headers: [], method: 'POST', authScheme: { type: 'HEADER', key: 'Authorization' } } },
      created: '2025-03-14T03:26:33.000Z',
      lastUpdated: '2025-03-14T03:26:33.000Z',
      _links: {
        self: { href: self },
        execute: { href: `${self}/execute`, hints: { allow: ['POST'] } },
        deactivate: { href: `${self}/lifecycle/deactivate`, hints: { allow: ['POST'] } },
      },
    };
    expect(made.text).toBe(JSON.stringify(expected));
    expect((await call(backend, `${HOOKS}/${id}`, { authorization: 'SSWS reader' })).text).toBe(JSON.stringify(expected));
    expect(made.text).not.toContain('secret');
    expect(backend.inlineHooks.list()[0]!.channel.authScheme).toEqual({ type: 'HEADER', key: 'Authorization', value: 'secret' });
  });

  it('deactivates and activates, the links and lastUpdated following the status', async () => {
    now = START;
    const id = (await create(RECORDED)).body.id as string;
    const self = `${backend.orgUrl}${HOOKS}/${id}`;
    now = START + 6_000;
    const inactive = await post(`${HOOKS}/${id}/lifecycle/deactivate`);
    expect(inactive.status).toBe(200);
    expect(inactive.body).toMatchObject({ status: 'INACTIVE', created: '2025-03-14T03:26:33.000Z', lastUpdated: '2025-03-14T03:26:39.000Z' });
    expect(JSON.stringify(inactive.body._links)).toBe(
      JSON.stringify({
        activate: { href: `${self}/lifecycle/activate`, hints: { allow: ['POST'] } },
        self: { href: self },
        delete: { href: self, hints: { allow: ['DELETE'] } },
      }),
    );
    const active = await post(`${HOOKS}/${id}/lifecycle/activate`);
    expect(active.body.status).toBe('ACTIVE');
    expect(Object.keys(active.body._links)).toEqual(['self', 'execute', 'deactivate']);
  });

  it('refuses to delete an ACTIVE hook, deletes it once INACTIVE (204), then answers 404 (InlineHook)', async () => {
    const id = (await create(RECORDED)).body.id as string;
    expectOktaError(await del(`${HOOKS}/${id}`), 400, 'E0000001', 'Api validation failed: status', [`status: The inline hook ${id} is ACTIVE; deactivate it before deleting it`]);
    expect(backend.inlineHooks.size).toBe(1);
    await post(`${HOOKS}/${id}/lifecycle/deactivate`);
    const gone = await del(`${HOOKS}/${id}`);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expectOktaError(await call(backend, `${HOOKS}/${id}`, { authorization: admin }), 404, 'E0000007', `Not found: Resource not found: ${id} (InlineHook)`);
    expectOktaError(await post(`${HOOKS}/${id}/lifecycle/activate`), 404, 'E0000007', `Not found: Resource not found: ${id} (InlineHook)`);
  });

  it('replaces name, version and channel; the type and status stay; a scheme given without its value keeps the secret', async () => {
    const id = (await create({ ...RECORDED, status: 'INACTIVE' })).body.id as string;
    const replaced = await put(`${HOOKS}/${id}`, {
      ...withConfig({ uri: 'https://hooks.example.com/saml', headers: [{ key: 'X-Tenant', value: 'acme' }], authScheme: { type: 'HEADER', key: 'Authorization' } }),
      name: 'renamed',
      version: '1.0.0',
      status: 'ACTIVE',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id, name: 'renamed', version: '1.0.0', status: 'INACTIVE' });
    expect(replaced.body.channel.config).toEqual({ uri: 'https://hooks.example.com/saml', headers: [{ key: 'X-Tenant', value: 'acme' }], method: 'POST', authScheme: { type: 'HEADER', key: 'Authorization' } });
    expect(backend.inlineHooks.list()[0]!.channel.authScheme!.value).toBe('secret');
    expectOktaError(
      await put(`${HOOKS}/${id}`, withConfig({ authScheme: { type: 'HEADER', key: 'X-Other' } })),
      400,
      'E0000001',
      'Api validation failed: channel.config.authScheme.value',
      ['channel.config.authScheme.value: channel.config.authScheme.value must be specified'],
    );
    expectOktaError(await put(`${HOOKS}/${id}`, { ...RECORDED, type: 'com.okta.oauth2.tokens.transform' }), 400, 'E0000001', 'Api validation failed: type', [
      'type: The hook is of type com.okta.saml.tokens.transform; its type cannot change',
    ]);
    const noScheme = await put(`${HOOKS}/${id}`, withConfig({ authScheme: undefined }));
    expect(noScheme.body.channel.config).not.toHaveProperty('authScheme');
    expect(backend.inlineHooks.list()[0]!.channel).not.toHaveProperty('authScheme');
  });

  it('lists the hooks in order with a self Link, and filters by a documented type', async () => {
    const saml = (await create(RECORDED)).body.id as string;
    const oauth = (await create({ ...RECORDED, type: 'com.okta.oauth2.tokens.transform' })).body.id as string;
    const all = await call(backend, HOOKS, { authorization: 'SSWS reader' });
    expect(all.body.map((h: { id: string }) => h.id)).toEqual([saml, oauth]);
    expect(all.headers.get('link')).toBe(`<${backend.orgUrl}${HOOKS}>; rel="self"`);
    const filtered = await call(backend, `${HOOKS}?type=com.okta.oauth2.tokens.transform`, { authorization: admin });
    expect(filtered.body.map((h: { id: string }) => h.id)).toEqual([oauth]);
    expect((await call(backend, `${HOOKS}?type=com.okta.import.transform`, { authorization: admin })).body).toEqual([]);
    const types = 'com.okta.import.transform, com.okta.oauth2.tokens.transform, com.okta.saml.tokens.transform, com.okta.user.credential.password.import, com.okta.user.pre-registration, com.okta.telephony.provider';
    expectOktaError(await call(backend, `${HOOKS}?type=nope`, { authorization: admin }), 400, 'E0000001', 'Api validation failed: type', [`type: Must be one of ${types}`]);
  });

  it('refuses bodies Okta refuses, naming the field, and keeps none of them', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ ...RECORDED, name: undefined }, 'name', 'name: Name must be specified'],
      [{ ...RECORDED, name: 'x'.repeat(256) }, 'name', 'name: Name must be at most 255 characters'],
      [{ ...RECORDED, type: undefined }, 'type', 'type: Type must be specified'],
      [{ ...RECORDED, type: 'com.okta.nope' }, 'type', 'type: Must be one of com.okta.import.transform, com.okta.oauth2.tokens.transform, com.okta.saml.tokens.transform, com.okta.user.credential.password.import, com.okta.user.pre-registration, com.okta.telephony.provider'],
      [{ ...RECORDED, version: 'one' }, 'version', 'version: Must be a version such as 1.0.0'],
      [{ ...RECORDED, status: 'ON' }, 'status', 'status: Must be ACTIVE or INACTIVE'],
      [{ ...RECORDED, channel: undefined }, 'channel', 'channel: Channel must be specified'],
      [{ ...RECORDED, channel: { ...RECORDED.channel, type: 'OAUTH' } }, 'channel.type', 'channel.type: OAUTH channels are not served by this backend; only HTTP ones are'],
      [withConfig({ uri: 'http://example.com/test1' }), 'channel.config.uri', 'channel.config.uri: Must be an https URL'],
      [withConfig({ uri: 'not a url' }), 'channel.config.uri', 'channel.config.uri: Must be an absolute URL'],
      [withConfig({ uri: `https://example.com/${'a'.repeat(1_024)}` }), 'channel.config.uri', 'channel.config.uri: channel.config.uri must be at most 1024 characters'],
      [withConfig({ method: 'GET' }), 'channel.config.method', 'channel.config.method: Must be POST'],
      [withConfig({ headers: 'x' }), 'channel.config.headers', 'channel.config.headers: Must be a list of { key, value } headers'],
      [withConfig({ headers: [{ key: 'X-A' }] }), 'channel.config.headers[0].value', 'channel.config.headers[0].value: channel.config.headers[0].value must be specified'],
      [withConfig({ headers: Array.from({ length: 21 }, (_, i) => ({ key: `X-${i}`, value: 'v' })) }), 'channel.config.headers', 'channel.config.headers: A hook sends at most 20 headers'],
      [withConfig({ authScheme: { type: 'BASIC', key: 'Authorization', value: 's' } }), 'channel.config.authScheme.type', 'channel.config.authScheme.type: Must be HEADER'],
      [withConfig({ authScheme: { type: 'HEADER', key: 'Authorization', value: 'x'.repeat(1_025) } }), 'channel.config.authScheme.value', 'channel.config.authScheme.value: channel.config.authScheme.value must be at most 1024 characters'],
    ];
    for (const [json, field, cause] of cases) {
      const refused = await create(json);
      expectOktaError(refused, 400, 'E0000001', `Api validation failed: ${field}`, [cause]);
      expect(refused.text).not.toContain('x'.repeat(100));
    }
    expect(backend.inlineHooks.size).toBe(0);
  });

  it('never names the auth secret in a refusal', async () => {
    const refused = await create(withConfig({ authScheme: { type: 'HEADER', key: '', value: 'hush-hush' } }));
    expectOktaError(refused, 400, 'E0000001', 'Api validation failed: channel.config.authScheme.key', ['channel.config.authScheme.key: channel.config.authScheme.key must be specified']);
    expect(refused.text).not.toContain('hush-hush');
  });

  it("keeps the auth secret out of the request journal, in the create's and the replace's bodies", async () => {
    const body = withConfig({ authScheme: { type: 'HEADER', key: 'Authorization', value: 'Hook-JOURNALLEAK-1' } });
    const id = (await create(body)).body.id as string;
    expect((await put(`${HOOKS}/${id}`, withConfig({ authScheme: { type: 'HEADER', key: 'Authorization', value: 'Hook-JOURNALLEAK-2' } }))).status).toBe(200);
    expect(backend.journal.count({ path: HOOKS })).toBeGreaterThan(0);
    expect(JSON.stringify(backend.journal.list())).not.toContain('JOURNALLEAK');
    expect(backend.journal.count({ bodyContains: 'https://example.com/test1' })).toBe(2);
  });

  it('asks for okta.inlineHooks.manage to change hooks, .read to read them; …/execute is not served', async () => {
    expectOktaError(await create(RECORDED, 'SSWS reader'), 403, 'E0000006', 'You do not have permission to perform the requested action');
    const id = (await create(RECORDED)).body.id as string;
    expect((await call(backend, `${HOOKS}/${id}`, { authorization: 'SSWS reader' })).status).toBe(200);
    expect((await call(backend, `${HOOKS}/${id}/execute`, { method: 'POST', json: {}, authorization: admin })).status).toBe(404);
  });
});
