import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend({ ids: 'deterministic' });
const ZONES = '/api/v1/zones';

async function seedZones() {
  const made = await call(backend, ZONES, { method: 'POST', json: { type: 'IP', name: 'office', gateways: [{ type: 'CIDR', value: '203.0.113.0/24' }] } });
  expect(made.status).toBe(200);
  const off = await call(backend, ZONES, { method: 'POST', json: { type: 'IP', name: 'blocked', usage: 'BLOCKLIST', status: 'INACTIVE', proxies: [{ type: 'RANGE', value: '1.1.1.1-1.1.1.9' }] } });
  return [made.body.id as string, off.body.id as string];
}

describe('network zones in snapshots and resets', () => {
  it('restores the zones exactly, and a reset forgets them', async () => {
    const [id] = await seedZones();
    const snapshot = backend.snapshot();
    expect(snapshot.networkZones).toHaveLength(2);
    const before = (await call(backend, ZONES)).text;
    backend.reset();
    expect(backend.networkZones.size).toBe(0);
    expect((await call(backend, `${ZONES}/${id}`)).status).toBe(404);
    backend.restore(snapshot);
    expect(backend.snapshot()).toEqual(snapshot);
    expect((await call(backend, ZONES)).text).toBe(before);
  });

  it('refuses a document with a zone given twice or an address that is not one; a refused one changes nothing', async () => {
    await seedZones();
    const snapshot = backend.snapshot();
    const [zone, other] = snapshot.networkZones!;
    const restore = (networkZones: unknown[]) => () => backend.restore({ ...snapshot, networkZones } as Snapshot);
    expect(restore([zone, { ...other, id: zone!.id }])).toThrow(/^snapshot field networkZones\[1\]\.id: the id nzo\w+ is given twice/);
    expect(restore([{ ...zone, gateways: [{ type: 'CIDR', value: '1.2.3.4' }] }])).toThrow(/^snapshot field networkZones\[0\]: gateways\[0\]\.value: 1\.2\.3\.4 is not a CIDR block/);
    expect(restore([{ ...zone, gateways: null, proxies: null }])).toThrow(/^snapshot field networkZones\[0\]: gateways: An IP zone must define gateways or proxies/);
    expect(backend.snapshot()).toEqual(snapshot);
  });
});
