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

  it('refuses a document with an id given twice or a policy naming an app it lacks; a refused one changes nothing', async () => {
    await seedServer();
    const snapshot = backend.snapshot();
    const [s] = snapshot.authorizationServers!;
    const restore = (authorizationServers: unknown[]) => () => backend.restore({ ...snapshot, authorizationServers } as Snapshot);
    expect(restore([s, s])).toThrow(/^snapshot field authorizationServers\[1\]\.id: the id aus\w+ is given twice/);
    const policy = { ...s!.policies[0]!, clients: ['0oa1a2b3c4d5e6f7g8h9'] };
    expect(restore([{ ...s, policies: [policy] }])).toThrow(/^snapshot field authorizationServers\[0\]\.policies\[0\]\.clients\[0\]: no app in the snapshot has the id 0oa1a2b3c4d5e6f7g8h9/);
    expect(restore([{ ...s, signing: { ...s!.signing, kid: 'short' } }])).toThrow(/authorizationServers\[0\]\.signing\.kid/);
    expect(backend.snapshot()).toEqual(snapshot);
  });
});
