import { z } from 'zod';
import { isoMs, str } from '../state/document-fields';
import { ROLE_TYPE_NAMES, type RoleType } from './role-types';
import { MAX_ROLE_ASSIGNMENTS, MAX_ROLE_TARGETS } from './store';

const snapshotAssignment = z.strictObject({
  id: str(100).regex(/^[A-Za-z0-9]+$/, 'Must be letters and digits, e.g. IFIFAX2BIRGUSTQ'),
  type: z.enum(ROLE_TYPE_NAMES as [RoleType, ...RoleType[]]),
  assigneeType: z.enum(['USER', 'GROUP']),
  assigneeId: str(100),
  created: isoMs,
  lastUpdated: isoMs,
  groupTargets: z.array(str(100)).max(MAX_ROLE_TARGETS),
  appTargets: z.array(z.strictObject({ name: str(100), id: str(100).optional() })).max(MAX_ROLE_TARGETS),
});

/** One role assignment of a snapshot document. */
export type SnapshotRoleAssignment = z.output<typeof snapshotAssignment>;

/** The roles capability's member of the snapshot document (added after version 1's first documents: optional). */
export const ROLES_SNAPSHOT_MEMBERS = {
  roleAssignments: z.array(snapshotAssignment).max(MAX_ROLE_ASSIGNMENTS).optional(),
};
