import { z } from 'zod';
import { isoMs as iso } from '../state/document-fields';
import {
  CLAIM_TYPES,
  CONSENTS,
  GROUP_FILTERS,
  ISSUER_MODES,
  MAX_CHILDREN,
  MAX_LIST,
  MAX_NAME,
  MAX_SERVERS,
  MAX_TEXT,
  PUBLISH,
  ROTATION_MODES,
  STATUSES,
  VALUE_TYPES,
} from './service';

const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9A-Za-z]{17}$`), `Must be a 20-character id starting with ${prefix}`);
const name = z.string().min(1).max(MAX_NAME);
const names = z.array(z.string().min(1).max(MAX_NAME)).max(MAX_LIST);
const status = z.enum(STATUSES);
const minutes = z.number().int().min(0).max(5 * 365 * 24 * 60);

const scope = z.strictObject({
  id: id('scp'),
  name,
  displayName: z.string().max(MAX_NAME).optional(),
  description: z.string().max(MAX_TEXT).optional(),
  consent: z.enum(CONSENTS),
  metadataPublish: z.enum(PUBLISH),
  optional: z.boolean(),
  default: z.boolean(),
});

const claim = z.strictObject({
  id: id('ocl'),
  name,
  status,
  claimType: z.enum(CLAIM_TYPES),
  valueType: z.enum(VALUE_TYPES),
  value: z.string().min(1).max(MAX_TEXT),
  groupFilterType: z.enum(GROUP_FILTERS).optional(),
  scopes: names,
  alwaysIncludeInToken: z.boolean(),
});

const rule = z.strictObject({
  id: id('0pr'),
  name,
  status,
  priority: z.number().int().min(1),
  created: iso,
  lastUpdated: iso,
  people: z.strictObject({
    users: z.strictObject({ include: names, exclude: names }),
    groups: z.strictObject({ include: names, exclude: names }),
  }),
  grantTypes: names.min(1),
  scopes: names,
  token: z.strictObject({ accessTokenLifetimeMinutes: minutes, refreshTokenLifetimeMinutes: minutes, refreshTokenWindowMinutes: minutes }),
});

const policy = z.strictObject({
  id: id('00p'),
  name,
  description: z.string().max(MAX_TEXT).optional(),
  status,
  priority: z.number().int().min(1),
  created: iso,
  lastUpdated: iso,
  clients: names.min(1),
  rules: z.array(rule).max(MAX_CHILDREN),
});

const server = z.strictObject({
  id: id('aus'),
  name,
  description: z.string().max(MAX_TEXT).optional(),
  audiences: z.array(z.string().min(1).max(MAX_TEXT)).min(1).max(MAX_LIST),
  issuerMode: z.enum(ISSUER_MODES),
  status,
  created: iso,
  lastUpdated: iso,
  signing: z.strictObject({
    kid: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Must be 43 base64url characters'),
    rotationMode: z.enum(ROTATION_MODES),
    lastRotated: iso,
    nextRotation: iso.optional(),
  }),
  scopes: z.array(scope).max(MAX_CHILDREN),
  claims: z.array(claim).max(MAX_CHILDREN),
  policies: z.array(policy).max(MAX_CHILDREN),
});

/** One server of a snapshot document, with its scopes, claims, policies and rules. */
export type SnapshotAuthorizationServer = z.output<typeof server>;

/** The authorization servers capability's member of the snapshot document (added after version 1's first documents: optional). */
export const AUTHORIZATION_SERVERS_SNAPSHOT_MEMBERS = {
  authorizationServers: z.array(server).max(MAX_SERVERS).optional(),
};
