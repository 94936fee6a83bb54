import type { PolicyInput } from './store';

/** The org's app sign-in policies (`ACCESS_POLICY`) and their rules, as the Policy API renders them. */
export interface MockPoliciesState {
  /** The id of the org's default app sign-in policy ("Any two factors"), which every new app is assigned to. */
  readonly defaultAccessPolicyId: string;
  /** Adds an app sign-in policy with its catch-all rule (an id is made unless given); a duplicate id throws. */
  add(input: PolicyInput): Record<string, unknown>;
  /** A policy, if any. */
  get(id: string): Record<string, unknown> | undefined;
  /** A policy's rules in priority order (the catch-all rule last); an unknown policy throws. */
  rules(policyId: string): Record<string, unknown>[];
}

/** What the policies capability shows on the backend (`backend.policies`). */
export interface PoliciesBackendState {
  /** App sign-in policies: the default one every app is assigned to, and added ones, with their rules. */
  readonly policies: MockPoliciesState;
}
