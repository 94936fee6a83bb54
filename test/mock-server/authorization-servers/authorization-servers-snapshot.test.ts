import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend({ ids: 'deterministic' });
const AS = '/api/v1/authorizationServers';

async function seedServer(): Promise<string> {
  const post = async (path: string, json: unknown) => {
    const made = await call(backend, path, { method: 'POST', json });
    expect(made.status).toBe(201);
    return made.body.id as string;
  };
  const id = await post(AS, { name: 'api', audiences: ['api://default'] });
  await post(`${AS}/${id}/scopes`, { name: 'orders:read' });
  await post(`${AS}/${id}/claims`, { name: 'groups', valueType: 'GROUPS', value: 'admins', claimType: 'IDENTITY' });
  const policy = await post(`${AS}/${id}/policies`, { name: 'all', conditions: { clients: { include: ['ALL_CLIENTS'] } } });
  await post(`${AS}/${id}/policies/${policy}/rules`, { name: 'r', conditions: { grantTypes: { include: ['client_credentials'] }, scopes: { include: ['orders:read'] } } });
  return id;
}

describe('custom authorization servers in snapshots and resets', () => {
  it('restores the servers with their scopes, claims, policies and rules exactly, and a reset forgets them', async () => {
    const id = await seedServer();
    const snapshot = backend.snapshot();
    expect(snapshot.authorizationServers).toHaveLength(1);
    expect(snapshot.authorizationServers![0]!.policies[0]!.rules).toHaveLength(1);
    const paths = [`${AS}/${id}`, `${AS}/${id}/scopes`, `${AS}/${id}/claims`, `${AS}/${id}/policies`];
    const before = await Promise.all(paths.map(async (p) => (await call(backend, p)).text));
    backend.reset();
    expect(backend.authorizationServers.size).toBe(0);
    expect((await call(backend, `${AS}/${id}`)).status).toBe(404);
    backend.restore(snapshot);
    expect(backend.snapshot()).toEqual(snapshot);
    expect(await Promise.all(paths.map(async (p) => (await call(backend, p)).text))).toEqual(before);
  });

  it('refuses a document with an id given twice or a key id that is not one; a refused one changes nothing', async () => {
    await seedServer();
    const snapshot = backend.snapshot();
    const [s] = snapshot.authorizationServers!;
    const restore = (authorizationServers: unknown[]) => () => backend.restore({ ...snapshot, authorizationServers } as Snapshot);
    expect(restore([s, s])).toThrow(/^snapshot field authorizationServers\[1\]\.id: the id aus\w+ is given twice/);
    expect(restore([{ ...s, signing: { ...s!.signing, kid: 'short' } }])).toThrow(/authorizationServers\[0\]\.signing\.kid/);
    expect(backend.snapshot()).toEqual(snapshot);
  });

  it('restores a policy naming a client app deleted since (the policy keeps its id, as it does live)', async () => {
    const id = await seedServer();
    const app = await call(backend, '/api/v1/apps', {
      method: 'POST',
      json: { label: 'c', name: 'oidc_client', signOnMode: 'OPENID_CONNECT', credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } }, settings: { oauthClient: { application_type: 'web', grant_types: ['authorization_code'], redirect_uris: ['https://localhost/cb'], response_types: ['code'] } } },
    });
    const clientId = app.body.id as string;
    const made = await call(backend, `${AS}/${id}/policies`, { method: 'POST', json: { name: 'one', conditions: { clients: { include: [clientId] } } } });
    expect(made.status).toBe(201);
    await call(backend, `/api/v1/apps/${clientId}/lifecycle/deactivate`, { method: 'POST' });
    expect((await call(backend, `/api/v1/apps/${clientId}`, { method: 'DELETE' })).status).toBe(204);
    const snapshot = backend.snapshot();
    backend.reset();
    backend.restore(snapshot);
    expect((await call(backend, `${AS}/${id}/policies/${made.body.id as string}`)).body.conditions).toEqual({ clients: { include: [clientId] } });
  });

  it('holds at most 10,000 scopes, claims, policies and rules in all: one more is refused naming the bound and draws no id', async () => {
    await seedServer();
    const snapshot = backend.snapshot();
    const [s] = snapshot.authorizationServers!;
    const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(17, '0')}`;
    const full = Array.from({ length: 20 }, (_, i) => ({
      ...s!,
      id: id('aus', i),
      claims: [],
      policies: [],
      scopes: Array.from({ length: 500 }, (_, j) => ({ ...s!.scopes[0]!, id: id('scp', i * 500 + j), name: `s${j}` })),
    }));
    backend.restore({ ...snapshot, authorizationServers: full });
    const counter = backend.snapshot().idCounter;
    const refused = await call(backend, `${AS}/${full[0]!.id}/claims`, { method: 'POST', json: { name: 'c', value: 'v' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses[0].errorSummary).toMatch(/^name: The organization's authorization servers hold 10000 scopes, claims, policies and rules/);
    expect(backend.snapshot().idCounter).toBe(counter);
    const over = [...full, { ...s!, id: id('aus', 99), scopes: [], claims: [], policies: [{ ...s!.policies[0]!, id: id('00p', 1), rules: [] }] }];
    expect(() => backend.restore({ ...snapshot, authorizationServers: over } as Snapshot)).toThrow(/^snapshot field authorizationServers: the servers hold 10001 scopes, claims, policies and rules; at most 10000/);
  });
});
