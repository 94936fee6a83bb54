import { z } from 'zod';
import { BUILT_IN_CAPABILITIES } from '../capabilities';
import type { CapabilityDefinition } from '../capability';
import { snapshotMembersOf, type MembersOf } from './capabilities';

/** The version of the snapshot document; a document of another version is refused. */
export const SNAPSHOT_VERSION = 1;

/** The members the control plane writes itself: the version, the org, the clock and the id counter. */
const SNAPSHOT_HEADER = {
  version: z.literal(SNAPSHOT_VERSION, { error: `Must be ${SNAPSHOT_VERSION}, the snapshot version this backend reads (GET /__appset/health names it as snapshotVersion)` }),
  orgId: z.string().regex(/^00o[0-9A-Za-z]{17}$/),
  clock: z.strictObject({ offsetMs: z.int().min(-8.64e15).max(8.64e15) }),
  /** The deterministic id counter, or `null` with random ids. */
  // Below 2^48: System Log uuids count in 12 hex digits, and the counter stays an exact integer.
  idCounter: z.int().min(1).max(2 ** 48 - 1).nullable(),
};

/** The members of the snapshot document the control plane writes before the capabilities'. */
export const SNAPSHOT_HEADER_MEMBERS = Object.keys(SNAPSHOT_HEADER);

/** The snapshot document's schema for a list of capabilities (a backend made with other capabilities than the built-in ones). */
export function snapshotSchemaOf(list: readonly CapabilityDefinition<never>[]) {
  return z.strictObject({ ...SNAPSHOT_HEADER, ...snapshotMembersOf(list, SNAPSHOT_HEADER_MEMBERS) });
}

/**
 * The whole state of a backend: `GET /__appset/snapshot`, `backend.snapshot()`, `--state FILE`.
 * Faults, the request journal, rate-limit windows and tokens are not part of it (they belong to the
 * test run, not to the organization).
 */
export const SnapshotSchema = z.strictObject({
  ...SNAPSHOT_HEADER,
  ...(snapshotMembersOf(BUILT_IN_CAPABILITIES, SNAPSHOT_HEADER_MEMBERS) as MembersOf<typeof BUILT_IN_CAPABILITIES, 'snapshotMembers'>),
});

/** What `snapshot()` is asked for. */
export interface SnapshotOptions {
  /**
   * Carry the secrets: the OAuth 2.0 client secrets (`credentials.secrets[].client_secret` and the
   * apps' `credentials.oauthClient.client_secret`) and the inline hooks' `authScheme.value`. Default
   * `false`: a snapshot holds no secret in clear, and a restore gives each secret a new value (its
   * id, status and times kept).
   */
  includeSecrets?: boolean;
}

/** A snapshot document: `GET /__appset/snapshot`, `backend.snapshot()`; its `version` is the backend's `snapshotVersion`. */
export type Snapshot = z.output<typeof SnapshotSchema>;
