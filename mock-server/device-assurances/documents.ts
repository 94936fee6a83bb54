import { z } from 'zod';
import { isoMs, str } from '../state/document-fields';
import { PLATFORMS } from './checks';
import { MAX_ASSURANCE_NAME_LENGTH, MAX_DEVICE_ASSURANCES } from './service';

const includeList = z.strictObject({ include: z.array(z.string().max(32)).max(8) });

const snapshotAssurance = z.strictObject({
  id: z.string().regex(/^dae[0-9A-Za-z]{17}$/, 'Must be a 20-character id starting with dae'),
  name: z.string().min(1).max(MAX_ASSURANCE_NAME_LENGTH),
  platform: z.enum(PLATFORMS),
  checks: z.strictObject({
    osVersion: z.strictObject({ minimum: z.string().max(32) }).optional(),
    diskEncryptionType: includeList.optional(),
    jailbreak: z.boolean().optional(),
    screenLockType: includeList.optional(),
    secureHardwarePresent: z.boolean().optional(),
  }),
  displayRemediationMode: z.enum(['SHOW', 'HIDE']),
  createdDate: isoMs,
  createdBy: str(100),
  lastUpdate: isoMs,
  lastUpdatedBy: str(100),
});

/** One device assurance policy of a snapshot document. */
export type SnapshotAssurance = z.output<typeof snapshotAssurance>;

/** The device assurances capability's member of the snapshot document (added after version 1's first documents: optional). */
export const DEVICE_ASSURANCES_SNAPSHOT_MEMBERS = {
  deviceAssurances: z.array(snapshotAssurance).max(MAX_DEVICE_ASSURANCES).optional(),
};
