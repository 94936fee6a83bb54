import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { ListOptions, Pager } from '../../core/pagination';
import type { CallOptions, Transport } from '../../core/transport';
import { int } from '../../validation/int';
import { ObjectBody } from '../object-body';
import type { AccessPolicyInput, AccessPolicyRuleInput } from './input';

/** An app sign-in policy (`ACCESS_POLICY`) as the API answers it; unknown members are kept. */
export const PolicySchema = z.looseObject({ id: z.string(), name: z.string(), status: z.string(), type: z.string(), system: z.optional(z.boolean()) });

/** An app sign-in policy. */
export type Policy = z.infer<typeof PolicySchema>;

/** A rule of an app sign-in policy as the API answers it (`conditions`, `actions`, …); unknown members are kept. */
export const PolicyRuleSchema = z.looseObject({ id: z.string(), name: z.string(), status: z.string(), priority: z.optional(z.number()), system: z.optional(z.boolean()) });

/** A rule of an app sign-in policy. */
export type PolicyRule = z.infer<typeof PolicyRuleSchema>;

/** Parameters of {@link AppPoliciesResource.list}. */
export interface ListPoliciesParams {
  /** The policy type; `ACCESS_POLICY` (app sign-in policies) when left out. */
  type?: string;
  /** Only policies in this status. */
  status?: 'ACTIVE' | 'INACTIVE';
  /** Only policies whose name starts with this (case-insensitive). */
  q?: string;
  /** Items per page. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

/** Parameters of a create that may leave the new object inactive. */
export interface CreatePolicyParams {
  /** `false` creates it `INACTIVE` (default `true`). */
  activate?: boolean;
}

/**
 * The rules of an app sign-in policy (`/api/v1/policies/{policyId}/rules`): each decides, by its
 * conditions, how users of the policy's apps authenticate; the catch-all rule (`system: true`,
 * priority 99) applies when no other does and is neither deleted nor deactivated.
 */
export interface AppPolicyRulesResource {
  /** Lists a policy's rules in priority order, the catch-all rule last; returns a {@link Pager} at once (`for await` it, or `toArray({ max })`). */
  list(policyId: string, options?: ListOptions): Pager<PolicyRule>;
  /** Creates a rule; a rule already at its `priority` moves down by one. */
  create(policyId: string, rule: AccessPolicyRuleInput, params?: CreatePolicyParams, options?: CallOptions): ApiCall<PolicyRule>;
  /** Retrieves one rule. */
  get(policyId: string, ruleId: string, options?: CallOptions): ApiCall<PolicyRule>;
  /** Replaces a rule (the catch-all rule takes new `actions` only). */
  replace(policyId: string, ruleId: string, rule: AccessPolicyRuleInput, options?: CallOptions): ApiCall<PolicyRule>;
  /** Deletes a rule (not the catch-all rule). */
  delete(policyId: string, ruleId: string, options?: CallOptions): ApiCall<void>;
  /** Activates a rule. */
  activate(policyId: string, ruleId: string, options?: CallOptions): ApiCall<void>;
  /** Deactivates a rule (not the catch-all rule). */
  deactivate(policyId: string, ruleId: string, options?: CallOptions): ApiCall<void>;
}

/**
 * App sign-in policies (`ACCESS_POLICY`): an app's assignment
 * (`PUT /api/v1/apps/{appId}/policies/{policyId}`) and the policies themselves
 * (`/api/v1/policies`), with their {@link AppPolicyRulesResource | rules}.
 */
export interface AppPoliciesResource {
  /**
   * Assigns the app to the app sign-in policy `policyId`, replacing the policy it had; the app's
   * `_links.accessPolicy` then points at it. Answers nothing (204). An unknown policy is refused
   * with `NotFoundError` (`E0000007`).
   */
  assign(appId: string, policyId: string, options?: CallOptions): ApiCall<void>;
  /** Lists policies of a type (`ACCESS_POLICY` unless `params.type` says otherwise); returns a {@link Pager} at once. */
  list(params?: ListPoliciesParams, options?: ListOptions): Pager<Policy>;
  /** Creates an app sign-in policy with its catch-all rule. */
  create(policy: AccessPolicyInput, params?: CreatePolicyParams, options?: CallOptions): ApiCall<Policy>;
  /** Retrieves one policy. */
  get(policyId: string, options?: CallOptions): ApiCall<Policy>;
  /** Replaces a policy's name and description. */
  replace(policyId: string, policy: AccessPolicyInput, options?: CallOptions): ApiCall<Policy>;
  /** Deletes a policy and its rules; the org's default policy, or one an app is assigned to, is refused. */
  delete(policyId: string, options?: CallOptions): ApiCall<void>;
  /** Activates a policy. */
  activate(policyId: string, options?: CallOptions): ApiCall<void>;
  /** Deactivates a policy; the org's default policy, or one an app is assigned to, is refused. */
  deactivate(policyId: string, options?: CallOptions): ApiCall<void>;
  /** The policies' rules. */
  readonly rules: AppPolicyRulesResource;
}

const text = z.optional(z.string());
const activateQuery = z.strictObject({ activate: z.optional(z.boolean()) });
const rule = 'rule';
const policy = 'policy';

const policyOperations = defineOperations({
  assign: { route: 'PUT /api/v1/apps/{appId}/policies/{policyId}' },
  list: {
    route: 'GET /api/v1/policies',
    answer: PolicySchema,
    list: true,
    query: z.strictObject({ type: z.string(), status: text, q: text, limit: z.optional(int()), after: text }),
    what: 'policies',
  },
  create: { route: 'POST /api/v1/policies', body: ObjectBody, query: activateQuery, answer: PolicySchema, what: policy },
  get: { route: 'GET /api/v1/policies/{policyId}', answer: PolicySchema, what: policy },
  replace: { route: 'PUT /api/v1/policies/{policyId}', body: ObjectBody, answer: PolicySchema, what: policy },
  delete: { route: 'DELETE /api/v1/policies/{policyId}' },
  activate: { route: 'POST /api/v1/policies/{policyId}/lifecycle/activate' },
  deactivate: { route: 'POST /api/v1/policies/{policyId}/lifecycle/deactivate' },
});

const ruleOperations: (transport: Transport) => AppPolicyRulesResource = defineOperations({
  list: { route: 'GET /api/v1/policies/{policyId}/rules', answer: PolicyRuleSchema, list: true, what: 'policy rules' },
  create: { route: 'POST /api/v1/policies/{policyId}/rules', body: ObjectBody, query: activateQuery, answer: PolicyRuleSchema, what: rule },
  get: { route: 'GET /api/v1/policies/{policyId}/rules/{ruleId}', answer: PolicyRuleSchema, what: rule },
  replace: { route: 'PUT /api/v1/policies/{policyId}/rules/{ruleId}', body: ObjectBody, answer: PolicyRuleSchema, what: rule },
  delete: { route: 'DELETE /api/v1/policies/{policyId}/rules/{ruleId}' },
  activate: { route: 'POST /api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/activate' },
  deactivate: { route: 'POST /api/v1/policies/{policyId}/rules/{ruleId}/lifecycle/deactivate' },
});

/** @internal wired into `client.apps.policies` by the `appResources` extension. */
export function appPolicies(transport: Transport): AppPoliciesResource {
  const operations = policyOperations(transport);
  return {
    ...operations,
    list: (params, options) => operations.list({ type: 'ACCESS_POLICY', ...params }, options),
    create: (body, params, options) => operations.create(body as Record<string, unknown>, params, options),
    replace: (policyId, body, options) => operations.replace(policyId, body as Record<string, unknown>, options),
    rules: ruleOperations(transport),
  };
}
