import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend();
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

  it('restores a snapshot written before resource sets existed, with none', async () => {
    await seedSets();
    const { resourceSets: _none, ...older } = backend.snapshot();
    backend.restore(older as Snapshot);
    expect(backend.resourceSets.size).toBe(0);
  });
});
