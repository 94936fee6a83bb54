import { z } from 'zod';
import { isoMs as iso, MAX_ITEMS, seedId as id, str, text } from '../state/document-fields';
import { USER_STATUSES } from './store';
import { MAX_USER_TYPES } from './user-types';

// Members added after version 1's first documents are optional, so that those documents still restore.
const snapshotUser = z.strictObject({
  id: str(100),
  status: z.enum(USER_STATUSES),
  created: iso,
  activated: iso.nullable().optional(),
  statusChanged: iso.nullable().optional(),
  lastLogin: iso.nullable().optional(),
  lastUpdated: iso,
  passwordChanged: iso.nullable().optional(),
  /** Profile attributes beyond the four shown are kept as they were given. */
  profile: z.looseObject({ login: str(100).min(1), email: str(100), firstName: str(50).nullable(), lastName: str(50).nullable() }),
  /** Whether a password was set, never the password (the backend does not keep it). */
  credentials: z
    .strictObject({ password: z.boolean(), recoveryQuestion: str(255).nullable(), provider: z.strictObject({ type: str(40), name: str(100) }) })
    .optional(),
  groupIds: z.array(str(100)).max(10_000).optional(),
  /** The user type the user is of, when not the org's default one (absent: the default type). */
  typeId: z.string().regex(/^oty[0-9A-Za-z]{17}$/).optional(),
});

const snapshotGroup = z.strictObject({
  id: str(100),
  created: iso,
  lastUpdated: iso,
  lastMembershipUpdated: iso.optional(),
  objectClass: z.array(str(100)).max(10).optional(),
  /** `BUILT_IN` for Everyone (one at most), `APP_GROUP` for a group an app holds (a group push target); absent means `OKTA_GROUP`. */
  type: z.enum(['OKTA_GROUP', 'BUILT_IN', 'APP_GROUP']).optional(),
  profile: z.looseObject({ name: str(255), description: str(1024).nullable() }),
});

const snapshotUserType = z.strictObject({
  id: z.string().regex(/^oty[0-9A-Za-z]{17}$/),
  name: str(50),
  displayName: str(255),
  description: str(1024),
  createdBy: str(100),
  lastUpdatedBy: str(100),
  created: iso,
  lastUpdated: iso,
});

/** The directory's members of the snapshot document. */
export const DIRECTORY_SNAPSHOT_MEMBERS = {
  users: z.array(snapshotUser).max(MAX_ITEMS),
  groups: z.array(snapshotGroup).max(MAX_ITEMS),
  /** The user types the org made (its default one is not listed); absent in older documents. */
  userTypes: z.array(snapshotUserType).max(MAX_USER_TYPES).optional(),
  /** The custom properties added to user schemas, by schema id; absent in older documents. */
  userSchemas: z
    .array(z.strictObject({ schemaId: z.string().regex(/^osc[0-9A-Za-z]{17}$/), custom: z.record(z.string().max(100), z.looseObject({})), lastUpdated: iso }))
    .max(MAX_USER_TYPES + 1)
    .optional(),
};

const seedUser = z.strictObject({
  id: id.optional(),
  login: text(100),
  email: text(100).optional(),
  firstName: text(50).optional(),
  lastName: text(50).optional(),
  status: z.enum(USER_STATUSES).optional().describe('Default ACTIVE'),
  /** More profile attributes, checked as the users API checks them. */
  profile: z.record(z.string().max(100), z.unknown()).optional().describe('More profile attributes (displayName, department, custom ones)'),
  groupIds: z.array(id).max(100).optional().describe('Groups to join, by id (groups of this document or already in the backend)'),
  password: z.string().min(1).max(256).optional().describe("Checked against Okta's default policy, then forgotten: the user is recorded as having a password, never with it"),
  typeId: z.string().max(100).optional().describe("The user type (oty…) the user is of: one the backend has (made through /api/v1/meta/types/user) or the default type's id; default the org's default type"),
});

const seedGroup = z.strictObject({ id: id.optional(), name: text(255), description: z.string().max(1024).optional() });

/** The directory's members of the seed document. */
export const DIRECTORY_SEED_MEMBERS = {
  users: z.array(seedUser).max(10_000).optional(),
  groups: z.array(seedGroup).max(10_000).optional(),
};
