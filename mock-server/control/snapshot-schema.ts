import { z } from 'zod';
import { CredentialsSnapshotSchema } from '../apps/credentials/snapshot';
import { USER_STATUSES } from '../directory/store';
import { httpUrl, InlineJwksSchema } from './seed-schema';
import { SurroundingsSnapshotSchema } from '../apps/surroundings-schema';

/** The version of the snapshot document; a document of another version is refused. */
export const SNAPSHOT_VERSION = 1;

const MAX_ITEMS = 100_000;
const iso = z.iso.datetime({ offset: false, precision: 3 });
const str = (max = 2048) => z.string().max(max);
const epochMs = z.int().min(0).max(8.64e15);

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

const app = z.strictObject({
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

// Members added after version 1's first documents are optional, so that those documents still restore.
const user = z.strictObject({
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
});

const group = z.strictObject({
  id: str(100),
  created: iso,
  lastUpdated: iso,
  lastMembershipUpdated: iso.optional(),
  objectClass: z.array(str(100)).max(10).optional(),
  /** `BUILT_IN` for Everyone (one at most), `APP_GROUP` for a group an app holds (a group push target); absent means `OKTA_GROUP`. */
  type: z.enum(['OKTA_GROUP', 'BUILT_IN', 'APP_GROUP']).optional(),
  profile: z.looseObject({ name: str(255), description: str(1024).nullable() }),
});

const provider = z.strictObject({
  id: str(100),
  name: str(100),
  type: str(255),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  settings: z.strictObject({ issuer: str(700).min(1), jwks_url: httpUrl, well_known_url: httpUrl.nullable() }),
  /** The inline key set, or `null` when keys are fetched from `settings.jwks_url`. */
  jwks: InlineJwksSchema.nullable(),
});

const userSignals = z.strictObject({
  identifiers: z.array(str()).min(1).max(1000),
  riskLevel: str(64).optional(),
  ipAddress: str(64).optional(),
  sessionsRevoked: z.int().min(0),
  sessionsRevokedAt: z.int().optional(),
  identifierChanges: z.array(z.strictObject({ from: str(), to: str(), at: z.int() })).max(1000),
});

const deviceSignals = z.strictObject({
  identifiers: z.array(str()).min(1).max(1000),
  riskLevel: str(64).optional(),
  compliance: str(64).optional(),
  ipAddress: str(64).optional(),
});

const logEvent = z.looseObject({ uuid: str(100), published: iso, eventType: str(255) });

/** A service app's scope consent grant (the Application Grants API). */
const grant = z.strictObject({
  id: str(100),
  appId: str(100),
  scopeId: str(100),
  issuer: str(1000),
  created: iso,
  lastUpdated: iso,
  createdBy: str(100),
});

const replayEntry = z.strictObject({ issuer: str(700), jti: str(), digest: str(100), at: epochMs });

/**
 * The whole state of a backend: `GET /__appset/snapshot`, `backend.snapshot()`, `--state FILE`.
 * Faults, the request journal, rate-limit windows and tokens are not part of it (they belong to the
 * test run, not to the organization).
 */
export const SnapshotSchema = z.strictObject({
  version: z.literal(SNAPSHOT_VERSION, { error: `Must be ${SNAPSHOT_VERSION}, the snapshot version this backend reads (GET /__appset/health names it as snapshotVersion)` }),
  orgId: z.string().regex(/^00o[0-9A-Za-z]{17}$/),
  clock: z.strictObject({ offsetMs: z.int().min(-8.64e15).max(8.64e15) }),
  /** The deterministic id counter, or `null` with random ids. */
  // Below 2^48: System Log uuids count in 12 hex digits, and the counter stays an exact integer.
  idCounter: z.int().min(1).max(2 ** 48 - 1).nullable(),
  apps: z.strictObject({
    items: z.array(app).max(MAX_ITEMS),
    /** Counters of generated names (`{stem}_{n}`). */
    nameCounters: z.record(str(300), z.int().min(0)),
  }),
  users: z.array(user).max(MAX_ITEMS),
  groups: z.array(group).max(MAX_ITEMS),
  providers: z.array(provider).max(1000),
  signals: z.strictObject({ users: z.array(userSignals).max(MAX_ITEMS), devices: z.array(deviceSignals).max(MAX_ITEMS) }),
  logs: z.array(logEvent).max(MAX_ITEMS),
  replay: z.array(replayEntry).max(1_000_000),
  /** Grants of service apps; absent in documents written before grants were kept. */
  grants: z.array(grant).max(MAX_ITEMS).optional(),
  /** Policies, logos, provisioning, refresh tokens, group push, federated claims, user schemas; absent in older documents. */
  surroundings: SurroundingsSnapshotSchema.optional(),
  /** Signing keys, CSRs, client secrets and client key times; absent in documents written before they were kept. */
  credentials: CredentialsSnapshotSchema.optional(),
});

/** What `snapshot()` is asked for. */
export interface SnapshotOptions {
  /**
   * Carry the OAuth 2.0 client secrets (`credentials.secrets[].client_secret` and the apps'
   * `credentials.oauthClient.client_secret`). Default `false`: a snapshot holds no secret in clear,
   * and a restore gives each secret a new value (its id, status and times kept).
   */
  includeSecrets?: boolean;
}

/** A snapshot document: `GET /__appset/snapshot`, `backend.snapshot()`; its `version` is the backend's `snapshotVersion`. */
export type Snapshot = z.output<typeof SnapshotSchema>;
