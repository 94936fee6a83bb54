import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const START = Date.parse('2025-11-11T09:42:13.400Z');
let now = START;
const { backend } = useMockBackend({
  now: () => now,
  tokens: [{ type: 'SSWS', token: 'admin' }, { type: 'SSWS', token: 'reader', scopes: ['okta.authorizationServers.read'] }],
});
const admin = 'SSWS admin';
const AS = '/api/v1/authorizationServers';

/** The bodies the Terraform provider's recorded full-stack test sends (A124). */
const SERVER = { audiences: ['whatever.rise.zone'], credentials: { signing: { rotationMode: 'AUTO' } }, description: 'test', issuerMode: 'ORG_URL', name: 'testAcc_2173199450' };
const SCOPE = { consent: 'REQUIRED', default: false, description: 'This is a scope', displayName: '', metadataPublish: 'ALL_CLIENTS', name: 'test:something', optional: false };
const CLAIM = { alwaysIncludeInToken: true, claimType: 'RESOURCE', conditions: {}, name: 'test', status: 'ACTIVE', value: 'cool', valueType: 'EXPRESSION' };
const POLICY = { conditions: { clients: { include: ['ALL_CLIENTS'] } }, description: 'Policy', name: 'test', priority: 1, status: 'ACTIVE', type: 'OAUTH_AUTHORIZATION_POLICY' };
const rule = (groupId: string, grantTypes = ['password']) => ({
  actions: { token: { accessTokenLifetimeMinutes: 60, refreshTokenLifetimeMinutes: 0, refreshTokenWindowMinutes: 10080 } },
  conditions: { grantTypes: { include: grantTypes }, people: { groups: { include: [groupId] }, users: {} }, scopes: {} },
  name: 'test',
  priority: 1,
  status: 'ACTIVE',
  type: 'RESOURCE_ACCESS',
});

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, json?: unknown, authorization = admin) => call(backend, path, { method, json, authorization });
const hint = (href: string, ...allow: string[]) => ({ href, hints: { allow } });

async function server(body: unknown = SERVER): Promise<string> {
  const made = await send('POST', AS, body);
  expect(made.status).toBe(201);
  return made.body.id as string;
}

async function oidcClient(): Promise<string> {
  const made = await send('POST', '/api/v1/apps', {
    label: 'client',
    name: 'oidc_client',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
    settings: { oauthClient: { application_type: 'web', grant_types: ['authorization_code'], redirect_uris: ['https://localhost/cb'], response_types: ['code'] } },
  });
  expect(made.status).toBe(200);
  return made.body.id as string;
}

describe('custom authorization servers', () => {
  it('creates a server and answers it as the recorded org did: aus… id, issuer on the org, signing key, links in their order', async () => {
    now = START;
    const made = await send('POST', AS, SERVER);
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    expect(id).toMatch(/^aus[0-9A-Za-z]{17}$/);
    const org = backend.orgUrl.replace(/\/$/, '');
    const self = `${org}${AS}/${id}`;
    const kid = made.body.credentials.signing.kid as string;
    expect(kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expected = {
      id,
      name: 'testAcc_2173199450',
      description: 'test',
      audiences: ['whatever.rise.zone'],
      issuer: `${org}/oauth2/${id}`,
      issuerMode: 'ORG_URL',
      status: 'ACTIVE',
      created: '2025-11-11T09:42:13.000Z',
      lastUpdated: '2025-11-11T09:42:13.000Z',
      credentials: { signing: { kid, rotationMode: 'AUTO', lastRotated: '2025-11-11T09:42:13.000Z', nextRotation: '2026-02-09T09:42:13.000Z' } },
      default: false,
      _links: {
        rotateKey: hint(`${self}/credentials/lifecycle/keyRotate`, 'POST'),
        metadata: [
          { name: 'oauth-authorization-server', ...hint(`${org}/oauth2/${id}/.well-known/oauth-authorization-server`, 'GET') },
          { name: 'openid-configuration', ...hint(`${org}/oauth2/${id}/.well-known/openid-configuration`, 'GET') },
        ],
        keys: hint(`${self}/credentials/keys`, 'GET'),
        claims: hint(`${self}/claims`, 'GET', 'POST'),
        policies: hint(`${self}/policies`, 'GET', 'POST'),
        self: hint(self, 'GET', 'DELETE', 'PUT'),
        scopes: hint(`${self}/scopes`, 'GET', 'POST'),
        deactivate: hint(`${self}/lifecycle/deactivate`, 'POST'),
      },
    };
    expect(made.text).toBe(JSON.stringify(expected));
    expect((await send('GET', `${AS}/${id}`)).text).toBe(JSON.stringify(expected));
    expect((await send('GET', AS)).body).toEqual([expected]);
  });

  it('makes a server DYNAMIC with AUTO rotation when the body names neither (A193)', async () => {
    const id = await server({ audiences: ['api://test'], description: 'Test Auth Server for Clients API', name: 'python_sdk_clients_server' });
    const read = await send('GET', `${AS}/${id}`);
    expect(read.body).toMatchObject({ issuerMode: 'DYNAMIC', status: 'ACTIVE', credentials: { signing: { rotationMode: 'AUTO' } } });
  });

  it('replaces a server, keeping its key; deactivates and activates it (204); deletes it even ACTIVE (204)', async () => {
    now = START;
    const id = await server();
    const { kid } = (await send('GET', `${AS}/${id}`)).body.credentials.signing;
    now = START + 23_000;
    const put = await send('PUT', `${AS}/${id}`, { ...SERVER, description: 'test_updated' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ description: 'test_updated', created: '2025-11-11T09:42:13.000Z', lastUpdated: '2025-11-11T09:42:36.000Z', credentials: { signing: { kid } } });
    const off = await send('POST', `${AS}/${id}/lifecycle/deactivate`);
    expect([off.status, off.text]).toEqual([204, '']);
    const inactive = (await send('GET', `${AS}/${id}`)).body;
    expect(inactive.status).toBe('INACTIVE');
    expect(Object.keys(inactive._links).at(-1)).toBe('activate');
    expect((await send('POST', `${AS}/${id}/lifecycle/activate`)).status).toBe(204);
    expect((await send('GET', `${AS}/${id}`)).body.status).toBe('ACTIVE');
    expect((await send('DELETE', `${AS}/${id}`)).status).toBe(204);
    expect((await send('GET', `${AS}/${id}`)).status).toBe(404);
  });

  it('creates, reads, replaces and deletes scopes and claims as recorded', async () => {
    const id = await server();
    const org = backend.orgUrl.replace(/\/$/, '');
    const scope = await send('POST', `${AS}/${id}/scopes`, SCOPE);
    expect(scope.status).toBe(201);
    const scopeId = scope.body.id as string;
    expect(scopeId).toMatch(/^scp[0-9A-Za-z]{17}$/);
    expect(scope.text).toBe(JSON.stringify({
      id: scopeId, name: 'test:something', displayName: '', description: 'This is a scope', system: false, metadataPublish: 'ALL_CLIENTS', consent: 'REQUIRED', optional: false, apiResourceId: null, default: false,
      _links: { self: hint(`${org}${AS}/${id}/scopes/${scopeId}`, 'GET', 'PUT', 'DELETE') },
    }));
    expect((await send('GET', `${AS}/${id}/scopes/${scopeId}`)).text).toBe(scope.text);
    const claim = await send('POST', `${AS}/${id}/claims`, CLAIM);
    expect(claim.status).toBe(201);
    const claimId = claim.body.id as string;
    expect(claimId).toMatch(/^ocl[0-9A-Za-z]{17}$/);
    expect(claim.text).toBe(JSON.stringify({
      id: claimId, name: 'test', status: 'ACTIVE', claimType: 'RESOURCE', valueType: 'EXPRESSION', value: 'cool', conditions: { scopes: [] }, system: false, alwaysIncludeInToken: true, apiResourceId: null,
      _links: { self: hint(`${org}${AS}/${id}/claims/${claimId}`, 'GET', 'PUT', 'DELETE') },
    }));
    expect((await send('GET', `${AS}/${id}/claims/${claimId}`)).text).toBe(claim.text);
    expect((await send('PUT', `${AS}/${id}/claims/${claimId}`, { ...CLAIM, value: 'user.login' })).body.value).toBe('user.login');
    expect((await send('GET', `${AS}/${id}/scopes`)).body).toHaveLength(1);
    expect((await send('DELETE', `${AS}/${id}/claims/${claimId}`)).status).toBe(204);
    expect((await send('DELETE', `${AS}/${id}/scopes/${scopeId}`)).status).toBe(204);
    expect((await send('GET', `${AS}/${id}/scopes`)).body).toEqual([]);
    expect((await send('GET', `${AS}/${id}/claims`)).body).toEqual([]);
  });

  it('creates a policy and a rule as recorded: 00p…/0pr… ids, users with an empty exclude, scopes with an empty include, grant types sorted', async () => {
    now = START + 3_000;
    const id = await server();
    const org = backend.orgUrl.replace(/\/$/, '');
    const policy = await send('POST', `${AS}/${id}/policies`, POLICY);
    expect(policy.status).toBe(201);
    const policyId = policy.body.id as string;
    expect(policyId).toMatch(/^00p[0-9A-Za-z]{17}$/);
    const ph = `${org}${AS}/${id}/policies/${policyId}`;
    expect(policy.text).toBe(JSON.stringify({
      id: policyId, status: 'ACTIVE', name: 'test', description: 'Policy', priority: 1, system: false, conditions: { clients: { include: ['ALL_CLIENTS'] } },
      created: '2025-11-11T09:42:16.000Z', lastUpdated: '2025-11-11T09:42:16.000Z',
      _links: { self: hint(ph, 'GET', 'PUT', 'DELETE'), rules: hint(`${ph}/rules`, 'GET'), deactivate: hint(`${ph}/lifecycle/deactivate`, 'POST') },
      type: 'OAUTH_AUTHORIZATION_POLICY',
    }));
    now = START + 5_000;
    const everyone = backend.directory.everyoneGroupId;
    const made = await send('POST', `${ph.slice(org.length)}/rules`, rule(everyone));
    expect(made.status).toBe(201);
    const ruleId = made.body.id as string;
    expect(ruleId).toMatch(/^0pr[0-9A-Za-z]{17}$/);
    const rh = `${ph}/rules/${ruleId}`;
    const expected = (grantTypes: string[], lastUpdated: string) => JSON.stringify({
      id: ruleId, status: 'ACTIVE', name: 'test', priority: 1, created: '2025-11-11T09:42:18.000Z', lastUpdated, system: false,
      conditions: { people: { users: { exclude: [] }, groups: { include: [everyone] } }, grantTypes: { include: grantTypes }, scopes: { include: [] } },
      actions: { token: { accessTokenLifetimeMinutes: 60, refreshTokenLifetimeMinutes: 0, refreshTokenWindowMinutes: 10080 } },
      _links: { self: hint(rh, 'GET', 'PUT', 'DELETE'), deactivate: hint(`${rh}/lifecycle/deactivate`, 'POST') },
      type: 'RESOURCE_ACCESS',
    });
    expect(made.text).toBe(expected(['password'], '2025-11-11T09:42:18.000Z'));
    now = START + 34_000;
    const put = await send('PUT', rh.slice(org.length), rule(everyone, ['password', 'implicit']));
    expect(put.text).toBe(expected(['implicit', 'password'], '2025-11-11T09:42:47.000Z'));
    expect((await send('GET', rh.slice(org.length))).text).toBe(put.text);
    expect((await send('DELETE', rh.slice(org.length))).status).toBe(204);
    expect((await send('DELETE', ph.slice(org.length))).status).toBe(204);
    expect((await send('GET', `${AS}/${id}/policies`)).body).toEqual([]);
  });

  it('replaces a policy\'s clients with an OAuth 2.0 client\'s id, and refuses an id that names none', async () => {
    const id = await server();
    const client = await oidcClient();
    const policyId = (await send('POST', `${AS}/${id}/policies`, POLICY)).body.id as string;
    const put = await send('PUT', `${AS}/${id}/policies/${policyId}`, { ...POLICY, description: 'update', conditions: { clients: { include: [client] } } });
    expect(put.body).toMatchObject({ description: 'update', conditions: { clients: { include: [client] } } });
    const refused = await send('PUT', `${AS}/${id}/policies/${policyId}`, { ...POLICY, conditions: { clients: { include: ['0oa_nobody'] } } });
    expectOktaError(refused, 400, 'E0000001', 'Api validation failed: conditions.clients.include[0]', ['conditions.clients.include[0]: No OAuth 2.0 client has the id 0oa_nobody']);
  });

  it('numbers policies by priority: one made at 1 goes first', async () => {
    const id = await server();
    const first = (await send('POST', `${AS}/${id}/policies`, { ...POLICY, name: 'a' })).body.id;
    const second = (await send('POST', `${AS}/${id}/policies`, { ...POLICY, name: 'b', priority: 1 })).body.id;
    const list = (await send('GET', `${AS}/${id}/policies`)).body as Array<{ id: string; priority: number }>;
    expect(list.map((p) => [p.id, p.priority])).toEqual([[second, 1], [first, 2]]);
  });

  it('answers a server\'s clients (none) and an unknown client\'s tokens exactly as A193 recorded; a known client\'s tokens are none', async () => {
    const id = await server();
    const clients = await send('GET', `${AS}/${id}/clients`);
    expect([clients.status, clients.body]).toEqual([200, []]);
    const missing = 'Not found: Resource not found: 0oa_dummy_client_id (PublicClientApp)';
    expectOktaError(await send('GET', `${AS}/${id}/clients/0oa_dummy_client_id/tokens`), 404, 'E0000007', missing);
    expectOktaError(await send('GET', `${AS}/${id}/clients/0oa_dummy_client_id/tokens?expand=scope&limit=10`), 404, 'E0000007', missing);
    expectOktaError(await send('DELETE', `${AS}/${id}/clients/0oa_dummy_client_id/tokens`), 404, 'E0000007', missing);
    const client = await oidcClient();
    expect((await send('GET', `${AS}/${id}/clients/${client}/tokens`)).body).toEqual([]);
    expect((await send('DELETE', `${AS}/${id}/clients/${client}/tokens`)).status).toBe(204);
  });

  it('refuses what Okta refuses, naming the field, and an unknown server or child is a 404', async () => {
    const refused = async (path: string, json: unknown, field: string, cause: string) =>
      expectOktaError(await send('POST', path, json), 400, 'E0000001', `Api validation failed: ${field}`, [`${field}: ${cause}`]);
    await refused(AS, { ...SERVER, name: undefined }, 'name', 'Name must be specified');
    await refused(AS, { ...SERVER, audiences: [] }, 'audiences', 'Audiences must be specified');
    await refused(AS, { ...SERVER, issuerMode: 'CUSTOM_URL' }, 'issuerMode', 'CUSTOM_URL needs a custom domain, which this backend does not serve');
    await refused(AS, { ...SERVER, name: 'x'.repeat(256) }, 'name', 'Must be at most 255 characters');
    await refused(AS, { ...SERVER, audiences: Array.from({ length: 101 }, (_, i) => `a${i}`) }, 'audiences', 'At most 100 entries');
    const id = await server();
    await send('POST', `${AS}/${id}/scopes`, SCOPE);
    await refused(`${AS}/${id}/scopes`, SCOPE, 'name', 'The name test:something is already in use on this authorization server');
    await refused(`${AS}/${id}/claims`, { ...CLAIM, claimType: 'OTHER' }, 'claimType', 'Must be one of RESOURCE, IDENTITY');
    await refused(`${AS}/${id}/policies`, { ...POLICY, conditions: {} }, 'conditions.clients.include', 'Clients must be specified');
    const policyId = (await send('POST', `${AS}/${id}/policies`, POLICY)).body.id as string;
    const rules = `${AS}/${id}/policies/${policyId}/rules`;
    await refused(rules, { ...rule('00g'), conditions: { grantTypes: { include: ['magic'] } } }, 'conditions.grantTypes.include[0]', 'magic is not a grant type');
    await refused(rules, { ...rule('00g'), actions: { token: { accessTokenLifetimeMinutes: 2 } } }, 'actions.token.accessTokenLifetimeMinutes', 'Must be a whole number from 5 to 1440');
    expectOktaError(await send('GET', `${AS}/ausNOPE`), 404, 'E0000007', 'Not found: Resource not found: ausNOPE (AuthorizationServer)');
    expectOktaError(await send('GET', `${AS}/${id}/scopes/scpNOPE`), 404, 'E0000007', 'Not found: Resource not found: scpNOPE (OAuth2Scope)');
  });

  it('needs okta.authorizationServers.manage to change anything; .read reads', async () => {
    const id = await server();
    expect((await send('GET', `${AS}/${id}`, undefined, 'SSWS reader')).status).toBe(200);
    expectOktaError(await send('POST', AS, SERVER, 'SSWS reader'), 403, 'E0000006', 'You do not have permission to perform the requested action');
  });

  it('keeps no default server', async () => {
    expect((await send('GET', AS)).body).toEqual([]);
    expect((await send('GET', `${AS}/default`)).status).toBe(404);
  });
});
