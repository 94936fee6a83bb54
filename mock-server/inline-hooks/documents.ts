import { z } from 'zod';
import { isoMs } from '../state/document-fields';
import { MAX_HEADER_KEY_LENGTH, MAX_HEADER_VALUE_LENGTH, MAX_HEADERS, MAX_URI_LENGTH } from './channel';
import { HOOK_TYPES, MAX_HOOK_NAME_LENGTH, MAX_INLINE_HOOKS } from './service';

const header = z.strictObject({ key: z.string().min(1).max(MAX_HEADER_KEY_LENGTH), value: z.string().min(1).max(MAX_HEADER_VALUE_LENGTH) });

const snapshotHook = z.strictObject({
  id: z.string().regex(/^cal[0-9A-Za-z]{17}$/, 'Must be a 20-character id starting with cal'),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  name: z.string().min(1).max(MAX_HOOK_NAME_LENGTH),
  type: z.enum(HOOK_TYPES),
  version: z.string().max(16),
  channel: z.strictObject({
    type: z.literal('HTTP'),
    version: z.string().max(16),
    uri: z.string().min(1).max(MAX_URI_LENGTH),
    headers: z.array(header).max(MAX_HEADERS),
    method: z.literal('POST'),
    // `value` only in a snapshot taken with secrets (`includeSecrets`); a restore without it draws a new one.
    authScheme: z.strictObject({ type: z.literal('HEADER'), key: header.shape.key, value: header.shape.value.optional() }).optional(),
  }),
  created: isoMs,
  lastUpdated: isoMs,
});

/** One inline hook of a snapshot document. */
export type SnapshotHook = z.output<typeof snapshotHook>;

/** The inline hooks capability's member of the snapshot document (added after version 1's first documents: optional). */
export const INLINE_HOOKS_SNAPSHOT_MEMBERS = {
  inlineHooks: z.array(snapshotHook).max(MAX_INLINE_HOOKS).optional(),
};
