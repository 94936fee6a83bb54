import { z } from 'zod';
import { isoMs } from '../state/document-fields';
import { MAX_ADDRESS_VALUE_LENGTH } from './addresses';
import { MAX_BLOCKLIST_GATEWAYS, MAX_ZONE_NAME_LENGTH, MAX_ZONES } from './service';

const address = z.strictObject({ type: z.enum(['CIDR', 'RANGE']), value: z.string().min(1).max(MAX_ADDRESS_VALUE_LENGTH) });

const snapshotZone = z.strictObject({
  id: z.string().regex(/^nzo[0-9A-Za-z]{17}$/, 'Must be a 20-character id starting with nzo'),
  type: z.literal('IP'),
  name: z.string().min(1).max(MAX_ZONE_NAME_LENGTH),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  usage: z.enum(['POLICY', 'BLOCKLIST']),
  created: isoMs,
  lastUpdated: isoMs,
  gateways: z.array(address).max(MAX_BLOCKLIST_GATEWAYS).nullable(),
  proxies: z.array(address).max(MAX_BLOCKLIST_GATEWAYS).nullable(),
});

/** One zone of a snapshot document. */
export type SnapshotZone = z.output<typeof snapshotZone>;

/** The network zones capability's member of the snapshot document (added after version 1's first documents: optional). */
export const NETWORK_ZONES_SNAPSHOT_MEMBERS = {
  networkZones: z.array(snapshotZone).max(MAX_ZONES).optional(),
};
