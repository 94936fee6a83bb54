import { z } from 'zod';
import { isoMs } from '../state/document-fields';
import { BUILT_IN_KEYS } from './catalog';
import { MAX_AUTHENTICATOR_NAME_LENGTH, MAX_SETTINGS_JSON } from './store';

const settings = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= MAX_SETTINGS_JSON, `At most ${MAX_SETTINGS_JSON} characters of JSON`);

const snapshotAuthenticator = z.strictObject({
  id: z.string().regex(/^aut[0-9A-Za-z]{17}$/, 'Must be a 20-character id starting with aut'),
  key: z.enum(BUILT_IN_KEYS),
  name: z.string().min(1).max(MAX_AUTHENTICATOR_NAME_LENGTH),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  settings: settings.optional(),
  created: isoMs,
  lastUpdated: isoMs,
});

/** One authenticator of a snapshot document. */
export type SnapshotAuthenticator = z.output<typeof snapshotAuthenticator>;

/** The authenticators capability's member of the snapshot document (added after version 1's first documents: optional). */
export const AUTHENTICATORS_SNAPSHOT_MEMBERS = {
  authenticators: z.array(snapshotAuthenticator).max(BUILT_IN_KEYS.length).optional(),
};
