import { z } from 'zod';
import { iso, policyRecord, str } from '../state/document-fields';
import { MAX_POLICIES, MAX_RULES_PER_POLICY } from './store';

const appId = z.string().regex(/^[0-9A-Za-z]{20}$/, 'Must be a 20-character base62 app id, e.g. 0oa1a2b3c4d5e6f7g8h9');
const policyId = z.string().regex(/^rst[0-9A-Za-z]{17}$/, 'Must be a 20-character id starting rst');
const json = z.record(z.string(), z.unknown());

/** The members a seed document may add about app sign-in policies (each optional; apps are named by their id). */
export const POLICIES_SEED_MEMBERS = {
  /** App sign-in policies besides the org's default one, each with its catch-all rule. */
  policies: z
    .array(z.strictObject({ id: policyId.optional(), name: str(255).min(1), description: str(1024).optional(), status: z.enum(['ACTIVE', 'INACTIVE']).optional(), priority: z.int().min(1).max(1000).optional() }))
    .max(MAX_POLICIES)
    .optional(),
  /** Apps assigned to a policy (by default every app has the org's default policy). */
  policyAssignments: z.array(z.strictObject({ appId, policyId: str(100) })).max(10_000).optional(),
};

const policy = policyRecord;

const rule = z.strictObject({
  id: str(100),
  policyId: str(100),
  name: str(255),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  priority: z.int().min(0).max(100_000),
  system: z.boolean(),
  created: iso,
  lastUpdated: iso,
  conditions: json.nullable(),
  actions: json,
});

/** The policies of a snapshot, the default one included. */
const PolicySnapshotPolicies = z.array(policy).max(MAX_POLICIES);

/** What a snapshot holds of app sign-in policies: the policies and every rule of each. Optional (older snapshots kept policies under `surroundings`, without rules). */
export const PoliciesSnapshotSchema = z.strictObject({
  policies: PolicySnapshotPolicies,
  rules: z.array(rule).max(MAX_POLICIES * MAX_RULES_PER_POLICY),
});

/** The part of a snapshot about app sign-in policies. */
export type PoliciesSnapshot = z.output<typeof PoliciesSnapshotSchema>;
