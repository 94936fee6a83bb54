import { z } from 'zod';
import { isoMs, str } from '../state/document-fields';
import { MAX_RESOURCE_NAME_LENGTH } from './resources';
import { MAX_DESCRIPTION_LENGTH, MAX_LABEL_LENGTH, MAX_RESOURCE_SETS, MAX_RESOURCES_PER_SET } from './service';

const okta = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9A-Za-z]{17}$`), `Must be a 20-character id starting with ${prefix}`);

const snapshotResourceSet = z.strictObject({
  id: okta('iam'),
  label: z.string().min(1).max(MAX_LABEL_LENGTH),
  description: z.string().min(1).max(MAX_DESCRIPTION_LENGTH),
  created: isoMs,
  lastUpdated: isoMs,
  resources: z
    .array(z.strictObject({ id: okta('ire'), orn: str(MAX_RESOURCE_NAME_LENGTH), created: isoMs, lastUpdated: isoMs }))
    .max(MAX_RESOURCES_PER_SET),
});

/** One resource set of a snapshot document. */
export type SnapshotResourceSet = z.output<typeof snapshotResourceSet>;

/** The resource sets capability's member of the snapshot document (added after version 1's first documents: optional). */
export const RESOURCE_SETS_SNAPSHOT_MEMBERS = {
  resourceSets: z.array(snapshotResourceSet).max(MAX_RESOURCE_SETS).optional(),
};
