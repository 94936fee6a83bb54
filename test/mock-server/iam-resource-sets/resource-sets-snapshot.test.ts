import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call, expectOktaError } from '../raw-http';

const { backend } = useMockBackend({ ids: 'deterministic' });
const SETS = '/api/v1/iam/resource-sets';

async function seedSets() {
  const app = await call(backend, '/api/v1/apps', {
    method: 'POST',
    json: { label: 'Bookmark', name: 'bookmark', settings: { app: { requestIntegration: false, url: 'https://example.com/' } } },
  });
  const eng = backend.directory.addGroup({ name: 'Engineering' });
  const orgId = (app.body.orn as string).split(':')[3]!;
  const set = await call(backend, SETS, {
    method: 'POST',
    json: { label: 'apps-and-eng', description: 'd', resources: [app.body.orn, `orn:okta:directory:${orgId}:groups:${eng.id}`] },
  });
  expect(set.status).toBe(200);
  return { setId: set.body.id as string, orgId };
}

describe('resource sets in snapshots and resets', () => {
  it('restores the sets and their resources exactly, and a reset forgets them', async () => {
    const { setId } = await seedSets();
    const snapshot = backend.snapshot();
    expect(snapshot.resourceSets).toHaveLength(1);
    expect(snapshot.resourceSets![0]!.resources).toHaveLength(2);
    const before = (await call(backend, `${SETS}/${setId}/resources`)).body;
    backend.reset();
    expect(backend.resourceSets.size).toBe(0);
    expect((await call(backend, `${SETS}/${setId}`)).status).toBe(404);
    backend.restore(snapshot);
    expect(backend.snapshot()).toEqual(snapshot);
    expect((await call(backend, `${SETS}/${setId}/resources`)).body).toEqual(before);
  });

  it('refuses a document with a set given twice, a label twice or a resource that is not an ORN a set takes; a refused one changes nothing', async () => {
    await seedSets();
    const snapshot = backend.snapshot();
    const [set] = snapshot.resourceSets!;
    const restore = (resourceSets: unknown[]) => () => backend.restore({ ...snapshot, resourceSets } as Snapshot);
    expect(restore([set, { ...set, label: 'other', resources: [] }])).toThrow(/^snapshot field resourceSets\[1\]\.id: the id iam\w+ is given twice/);
    expect(restore([set, { ...set, id: 'iam1other00000000000', resources: [] }])).toThrow(/^snapshot field resourceSets\[1\]\.label: the label apps-and-eng is given twice/);
    expect(restore([{ ...set, resources: [{ ...set!.resources[0]!, orn: 'orn:okta:idp:nope' }] }])).toThrow(/^snapshot field resourceSets\[0\]\.resources\[0\]\.orn: orn:okta:idp:nope is not the ORN/);
    expect(backend.snapshot()).toEqual(snapshot);
  });

  it('refuses a document whose resource names an app or group it does not hold', async () => {
    const { orgId } = await seedSets();
    const snapshot = backend.snapshot();
    const [set] = snapshot.resourceSets!;
    const [appResource, groupResource] = set!.resources;
    const restore = (resources: unknown[]) => () => backend.restore({ ...snapshot, resourceSets: [{ ...set, resources }] } as Snapshot);
    expect(restore([{ ...appResource, orn: `orn:okta:idp:${orgId}:apps:bookmark:0oa1nothere000000000` }])).toThrow(
      /^snapshot field resourceSets\[0\]\.resources\[0\]\.orn: no bookmark app in the snapshot has the id 0oa1nothere000000000/,
    );
    expect(restore([{ ...groupResource, orn: `orn:okta:directory:${orgId}:groups:00g1nothere000000000:contained_resources` }])).toThrow(
      /^snapshot field resourceSets\[0\]\.resources\[0\]\.orn: no group in the snapshot has the id 00g1nothere000000000/,
    );
    expect(backend.snapshot()).toEqual(snapshot);
  });

  it('holds 100,000 resources in all sets together, and draws no id for a set it refuses (deterministic ids stay as they were)', async () => {
    const { orgId } = await seedSets();
    const snapshot = backend.snapshot();
    const at = snapshot.resourceSets![0]!.created;
    // 100 sets of 1,000 resources each (every app of a kind needs no app): the bound on all sets together.
    const resourceSets = Array.from({ length: 100 }, (_, i) => ({
      id: `iam${String(i).padStart(17, '0')}`,
      label: `full-${i}`,
      description: 'd',
      created: at,
      lastUpdated: at,
      resources: Array.from({ length: 1000 }, (_, j) => ({ id: `ire${String(i * 1000 + j).padStart(17, '0')}`, orn: `orn:okta:idp:${orgId}:apps:kind${j}`, created: at, lastUpdated: at })),
    }));
    backend.restore({ ...snapshot, resourceSets } as Snapshot);
    const counter = backend.snapshot().idCounter;
    expectOktaError(await call(backend, SETS, { method: 'POST', json: { label: 'one-more', description: 'd', resources: [`orn:okta:directory:${orgId}:users`] } }), 400, 'E0000001', 'Api validation failed: resources', [
      "resources: The organization's resource sets hold 100000 resources, the most this backend keeps; remove some first",
    ]);
    expect(backend.snapshot().idCounter).toBe(counter);
    // A set without resources is still made.
    expect((await call(backend, SETS, { method: 'POST', json: { label: 'empty', description: 'd' } })).status).toBe(200);
  });

  it('restores a snapshot written before resource sets existed, with none', async () => {
    await seedSets();
    const { resourceSets: _none, ...older } = backend.snapshot();
    backend.restore(older as Snapshot);
    expect(backend.resourceSets.size).toBe(0);
  });
});
