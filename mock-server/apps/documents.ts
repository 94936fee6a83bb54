import { z } from 'zod';
import { isoMs as iso, MAX_ITEMS, seedId as id, str } from '../state/document-fields';
import { LINK_ID } from './catalog';
import { CredentialsSnapshotSchema } from './credentials/snapshot';

const appUserAssignment = z.strictObject({
  id: str(100),
  externalId: str().nullable(),
  created: str(64),
  lastUpdated: str(64),
  scope: z.enum(['USER', 'GROUP']),
  status: str(64),
  statusChanged: str(64).nullable(),
  passwordChanged: str(64).nullable(),
  syncState: str(64),
  /** Written by earlier versions; read and dropped (real answers have no `lastSync`). */
  lastSync: str(64).nullable().optional(),
  credentials: z.strictObject({ userName: str() }),
  /** App-specific attributes, as assigned or updated through the API. */
  profile: z.record(z.string(), z.unknown()).optional(),
});

const snapshotApp = z.strictObject({
  /** The stored representation (without `_links`), members in wire order. */
  body: z.looseObject({
    id: z.string().regex(/^[0-9A-Za-z]{20}$/),
    name: str(255),
    label: str(1024),
    status: z.enum(['ACTIVE', 'INACTIVE']),
    created: iso,
    lastUpdated: iso,
  }),
  /** The schema the app is replaced against (its name), or `null` for apps with generated names. */
  kind: str(255).nullable(),
  /** Names of the app's links (`null`: one `{name}_link`), those linked by an `aln…` id, and what kind of catalog app it is. */
  links: z.array(str(100)).max(100).nullable(),
  idLinks: z.array(str(100)).max(100).optional(),
  /** The catalog link id each named link ends with (absent in older documents). */
  linkIds: z.record(str(100), z.string().regex(LINK_ID)).optional(),
  catalog: z.boolean(),
  registered: z.boolean(),
  /** The app sign-in policy it is assigned to, and its uploaded logo (absent in older documents). */
  accessPolicy: str(100).optional(),
  logo: z.strictObject({ id: str(100), type: str(64) }).optional(),
  users: z.array(appUserAssignment).max(MAX_ITEMS),
  groups: z
    .array(z.strictObject({ id: str(100), lastUpdated: iso, priority: z.number().int().min(0).max(1_000_000), profile: z.record(z.string(), z.unknown()) }))
    .max(MAX_ITEMS),
});

/** The apps' members of the snapshot document. */
export const APPS_SNAPSHOT_MEMBERS = {
  apps: z.strictObject({
    items: z.array(snapshotApp).max(MAX_ITEMS),
    /** Counters of generated names (`{stem}_{n}`). */
    nameCounters: z.record(str(300), z.int().min(0)),
  }),
  /** Signing keys, CSRs, client secrets and client key times; absent in documents written before they were kept. */
  credentials: CredentialsSnapshotSchema.optional(),
};

const seedApp = z
  .looseObject({ status: z.enum(['ACTIVE', 'INACTIVE']).optional(), id: id.optional() })
  .describe('A create input of POST /api/v1/apps, optionally with "status": "INACTIVE" and the "id" it takes (so that assignments can name it)');

const assignment = z.union([z.strictObject({ appId: id, userId: id }), z.strictObject({ appId: id, groupId: id })], {
  error: 'Must be {"appId", "userId"} or {"appId", "groupId"}',
});

/** The apps' members of the seed document. */
export const APPS_SEED_MEMBERS = {
  apps: z.array(seedApp).max(1_000).optional(),
  assignments: z.array(assignment).max(10_000).optional(),
};
