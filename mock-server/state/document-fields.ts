import { z } from 'zod';

// Field schemas the snapshot and seed documents of every capability share.

/** The most items of one kind a snapshot holds. */
export const MAX_ITEMS = 100_000;

/** A string of at most `max` characters (a snapshot's field). */
export const str = (max = 2048) => z.string().max(max);

/** A timestamp as the backend writes them: ISO 8601 UTC with milliseconds. */
export const isoMs = z.iso.datetime({ offset: false, precision: 3 });

/** A timestamp as documents may write them: ISO 8601 UTC, any precision. */
export const iso = z.iso.datetime({ offset: false });

/**
 * An app sign-in policy as snapshots keep it: under `policies` now, under `surroundings` in
 * documents written before policies were a capability of their own.
 */
export const policyRecord = z.strictObject({
  id: str(100),
  name: str(255),
  description: str(1024).nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  priority: z.int().min(0).max(100_000),
  system: z.boolean(),
  created: iso,
  lastUpdated: iso,
});

/** A non-empty text of at most `max` characters (a seed's field). */
export const text = (max: number) => z.string().min(1).max(max);

/** An object id a seed gives, so that other entries can name it. */
export const seedId = z.string().regex(/^[0-9A-Za-z]{20}$/, 'Must be a 20-character base62 id, e.g. 00u1a2b3c4d5e6f7g8h9');
