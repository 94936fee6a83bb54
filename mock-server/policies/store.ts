import { notFound, OktaHttpError } from '../pipeline/okta-errors';
import type { Json } from '../shared/json';
import { wholeSeconds } from '../shared/time';

/** An app sign-in policy (`ACCESS_POLICY`) as the backend keeps it. */
export interface StoredPolicy {
  id: string;
  name: string;
  /** Absent from answers when `null` (real orgs leave the member out). */
  description: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  /** Real orgs answer 1 for every access policy (they have no order; each app names its own). */
  priority: number;
  /** The org's default policy ("Any two factors"): it cannot be deleted or deactivated. */
  system: boolean;
  created: string;
  lastUpdated: string;
}

/** A rule of an app sign-in policy, its conditions and actions as they are answered. */
export interface StoredRule {
  id: string;
  policyId: string;
  name: string;
  status: 'ACTIVE' | 'INACTIVE';
  priority: number;
  /** The policy's catch-all rule: it cannot be deleted, deactivated or given conditions. */
  system: boolean;
  created: string;
  lastUpdated: string;
  /** `null` for the catch-all rule. */
  conditions: Json | null;
  actions: Json;
}

/** What a seed or `backend.policies.add` gives for a policy; the rest gets defaults. */
export interface PolicyInput {
  /** The policy's id (`rst…`); a new one when absent. */
  id?: string;
  /** Its name, as lists and `GET /api/v1/policies/{policyId}` show it. */
  name: string;
  /** Free text shown with it; none when absent. */
  description?: string;
  /** `ACTIVE` when absent. */
  status?: 'ACTIVE' | 'INACTIVE';
  /** Kept for older seeds; real orgs answer 1 for every access policy, and so does the backend. */
  priority?: number;
}

/** The policy types Okta lists; only app sign-in policies are kept, the others list empty. */
export const POLICY_TYPES: ReadonlySet<string> = new Set([
  'ACCESS_POLICY', 'ENTITY_RISK', 'IDP_DISCOVERY', 'MFA_ENROLL', 'OKTA_SIGN_ON', 'PASSWORD', 'POST_AUTH_SESSION',
  'PROFILE_ENROLLMENT', 'DEVICE_SIGNAL_COLLECTION', 'SESSION_VIOLATION_DETECTION', 'CLIENT_UPDATE', 'IDENTITY_CLAIM_SOURCING',
]);

/** The most policies an org keeps. */
export const MAX_POLICIES = 1000;
/** The most rules one policy keeps, its catch-all rule included. */
export const MAX_RULES_PER_POLICY = 100;
/**
 * The most a rule's `conditions` and `actions` may take together, serialized. Real rules take a
 * few hundred bytes; without a bound each of the 100,000 rules an org keeps could hold a 1 MB body.
 */
export const MAX_RULE_JSON_BYTES = 64 * 1024;
/** The catch-all rule's priority, below every other rule. */
export const CATCH_ALL_PRIORITY = 99;

/** The catch-all rule real orgs give a policy: the org's default policy's has no constraints, a new policy's requires a device-bound possession factor. */
function catchAllActions(forDefaultPolicy: boolean): Json {
  const verificationMethod: Json = { factorMode: '2FA', type: 'ASSURANCE', reauthenticateIn: 'PT12H' };
  if (!forDefaultPolicy) verificationMethod.constraints = [{ possession: { required: true, deviceBound: 'REQUIRED' } }];
  return { appSignOn: { access: 'ALLOW', verificationMethod, keepMeSignedIn: { postAuth: 'NOT_ALLOWED' } } };
}

/** What a new rule is made of, once its body was checked (see `rule-body.ts`). */
export interface RuleChange {
  name: string;
  priority: number | undefined;
  status?: 'ACTIVE' | 'INACTIVE';
  conditions: Json;
  actions: Json;
}

/**
 * The org's app sign-in policies and their rules. Every org has its default policy ("Any two
 * factors") with its catch-all rule, made with the org (their ids follow the org id, kept across
 * resets); more come from the API and seeds.
 */
export class PolicyStore {
  readonly #policies = new Map<string, StoredPolicy>();
  /** Rules by policy id, each list in priority order (the catch-all rule last). */
  readonly #rules = new Map<string, StoredRule[]>();
  readonly #base: { policy: StoredPolicy; rule: StoredRule };
  #default: StoredPolicy;

  constructor(orgId: string, nowMs: number) {
    this.#base = PolicyStore.#defaults(orgId, nowMs);
    this.#default = this.#base.policy;
    this.clear();
  }

  static #defaults(orgId: string, nowMs: number): { policy: StoredPolicy; rule: StoredRule } {
    const at = wholeSeconds(nowMs);
    // Named after the org (`00o…` → `rst…`, `rul…`): the same org has the same default policy, and
    // the id sequence apps and users draw from is not moved by it.
    const policy: StoredPolicy = {
      id: `rst${orgId.slice(3)}`,
      name: 'Any two factors',
      description: 'Require two factors to access.',
      status: 'ACTIVE',
      priority: 1,
      system: true,
      created: at,
      lastUpdated: at,
    };
    const rule: StoredRule = {
      id: `rul${orgId.slice(3)}`,
      policyId: policy.id,
      name: 'Catch-all Rule',
      status: 'ACTIVE',
      priority: CATCH_ALL_PRIORITY,
      system: true,
      created: at,
      lastUpdated: at,
      conditions: null,
      actions: catchAllActions(true),
    };
    return { policy, rule };
  }

  /** The id of the org's default app sign-in policy, which every new app is assigned to. */
  get defaultId(): string {
    return this.#default.id;
  }

  /** Every policy, the default first. */
  all(): StoredPolicy[] {
    return [...this.#policies.values()];
  }

  /** A policy by id, if any. */
  get(id: string): StoredPolicy | undefined {
    return this.#policies.get(id);
  }

  /** A policy by id, or Okta's `E0000007 … (Policy)`. */
  require(id: string): StoredPolicy {
    const policy = this.#policies.get(id);
    if (!policy) throw notFound(id, 'Policy');
    return policy;
  }

  /** Adds a policy with its catch-all rule (an id is given or made by `newId`); a duplicate id throws. */
  add(input: PolicyInput, newId: (prefix: string) => string, nowMs: number): StoredPolicy {
    if (this.#policies.size >= MAX_POLICIES) throw new OktaHttpError(400, 'E0000001', 'Api validation failed: policy', [`policy: An org keeps at most ${MAX_POLICIES} policies`]);
    const id = input.id ?? newId('rst');
    if (this.#policies.has(id)) throw new OktaHttpError(400, 'E0000001', 'Api validation failed: id', [`id: A policy with id ${id} already exists`]);
    const at = wholeSeconds(nowMs);
    const policy: StoredPolicy = {
      id,
      name: input.name,
      description: input.description ?? null,
      status: input.status ?? 'ACTIVE',
      priority: 1,
      system: false,
      created: at,
      lastUpdated: at,
    };
    this.#policies.set(id, policy);
    // Named after its policy, so a new policy takes one id from the sequence, not two.
    const rule: StoredRule = {
      id: `rul${id.slice(3)}`,
      policyId: id,
      name: 'Catch-all Rule',
      status: 'ACTIVE',
      priority: CATCH_ALL_PRIORITY,
      system: true,
      created: at,
      lastUpdated: at,
      conditions: null,
      actions: catchAllActions(false),
    };
    this.#rules.set(id, [rule]);
    return policy;
  }

  /** Changes a policy's name and description (replace); its status changes only through its lifecycle. */
  replace(id: string, change: { name: string; description: string | null }, nowMs: number): StoredPolicy {
    const policy = this.require(id);
    policy.name = change.name;
    policy.description = change.description;
    policy.lastUpdated = wholeSeconds(nowMs);
    return policy;
  }

  /** Sets a policy's status; the default policy stays active. */
  setStatus(id: string, status: 'ACTIVE' | 'INACTIVE', nowMs: number): void {
    const policy = this.require(id);
    if (policy.system && status === 'INACTIVE') throw defaultPolicyRefusal('deactivated');
    if (policy.status === status) return;
    policy.status = status;
    policy.lastUpdated = wholeSeconds(nowMs);
  }

  /** Deletes a policy and its rules; the default policy cannot be deleted. */
  delete(id: string): void {
    const policy = this.require(id);
    if (policy.system) throw defaultPolicyRefusal('deleted');
    this.#policies.delete(id);
    this.#rules.delete(id);
  }

  /** A policy's rules in priority order, the catch-all rule last. */
  rules(policyId: string): StoredRule[] {
    this.require(policyId);
    return [...(this.#rules.get(policyId) ?? [])];
  }

  /** A rule of a policy, or Okta's `E0000007 … (PolicyRule)`. */
  rule(policyId: string, ruleId: string): StoredRule {
    this.require(policyId);
    const rule = this.#rules.get(policyId)?.find((r) => r.id === ruleId);
    if (!rule) throw notFound(ruleId, 'PolicyRule');
    return rule;
  }

  /** Adds a rule at its priority (after the others when it has none), moving the rules it lands on down. */
  addRule(policyId: string, change: RuleChange, id: string, nowMs: number): StoredRule {
    this.require(policyId);
    const list = this.#rules.get(policyId) ?? [];
    if (list.length >= MAX_RULES_PER_POLICY) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: rule', [`rule: A policy keeps at most ${MAX_RULES_PER_POLICY} rules`]);
    }
    const at = wholeSeconds(nowMs);
    const others = list.filter((r) => !r.system);
    const priority = change.priority ?? (others.length === 0 ? 1 : Math.max(...others.map((r) => r.priority)) + 1);
    const rule: StoredRule = {
      id,
      policyId,
      name: change.name,
      status: change.status ?? 'ACTIVE',
      priority,
      system: false,
      created: at,
      lastUpdated: at,
      conditions: change.conditions,
      actions: change.actions,
    };
    this.#place(policyId, rule, undefined);
    return rule;
  }

  /** Replaces a rule's name, priority, conditions and actions; the catch-all rule takes new actions only. */
  replaceRule(policyId: string, ruleId: string, change: RuleChange, nowMs: number): StoredRule {
    const rule = this.rule(policyId, ruleId);
    rule.lastUpdated = wholeSeconds(nowMs);
    rule.actions = change.actions;
    if (rule.system) return rule;
    rule.name = change.name;
    rule.conditions = change.conditions;
    if (change.priority !== undefined && change.priority !== rule.priority) this.#place(policyId, rule, change.priority);
    return rule;
  }

  /** Sets a rule's status; the catch-all rule stays active. */
  setRuleStatus(policyId: string, ruleId: string, status: 'ACTIVE' | 'INACTIVE', nowMs: number): void {
    const rule = this.rule(policyId, ruleId);
    if (rule.system && status === 'INACTIVE') throw catchAllRefusal('deactivated');
    if (rule.status === status) return;
    rule.status = status;
    rule.lastUpdated = wholeSeconds(nowMs);
  }

  /** Deletes a rule; the catch-all rule cannot be deleted. */
  deleteRule(policyId: string, ruleId: string): void {
    const rule = this.rule(policyId, ruleId);
    if (rule.system) throw catchAllRefusal('deleted');
    this.#rules.set(policyId, this.#rules.get(policyId)!.filter((r) => r !== rule));
  }

  /**
   * Puts `rule` at `priority` (its own when undefined). As real orgs do, a rule landing on a taken
   * priority moves the rule there down by one, and that one the next, as far as the priorities run
   * on without a gap (the moving rule's old place counts as taken); the catch-all rule never moves.
   */
  #place(policyId: string, rule: StoredRule, priority: number | undefined): void {
    const list = (this.#rules.get(policyId) ?? []).filter((r) => r !== rule || priority !== undefined);
    const target = priority ?? rule.priority;
    const taken = new Map<number, StoredRule>();
    for (const r of list) if (!r.system) taken.set(r.priority, r);
    const moving: StoredRule[] = [];
    for (let p = target; taken.has(p); p++) {
      const at = taken.get(p)!;
      if (at !== rule) moving.push(at);
    }
    for (const r of moving) r.priority++;
    rule.priority = target;
    const next = list.includes(rule) ? list : [...list, rule];
    next.sort((a, b) => (a.system === b.system ? a.priority - b.priority : a.system ? 1 : -1));
    this.#rules.set(policyId, next);
  }

  /** Every rule of every policy, for a snapshot. */
  allRules(): StoredRule[] {
    return [...this.#rules.values()].flat();
  }

  /** Puts a policy back as a snapshot holds it (the default one included), without rules. */
  load(policy: StoredPolicy): void {
    if (policy.system) {
      this.#policies.delete(this.#default.id);
      this.#rules.delete(this.#default.id);
      this.#default = { ...policy };
    }
    this.#policies.set(policy.id, { ...policy });
    if (!this.#rules.has(policy.id)) this.#rules.set(policy.id, []);
  }

  /** Puts a rule back as a snapshot holds it (its policy loaded first). */
  loadRule(rule: StoredRule): void {
    const list = this.#rules.get(rule.policyId) ?? [];
    list.push(structuredClone(rule));
    list.sort((a, b) => (a.system === b.system ? a.priority - b.priority : a.system ? 1 : -1));
    this.#rules.set(rule.policyId, list);
  }

  /** A policy restored from an older snapshot, which kept no rules, gets its catch-all rule. */
  addMissingCatchAll(): void {
    for (const policy of this.#policies.values()) {
      const list = this.#rules.get(policy.id) ?? [];
      if (list.some((r) => r.system)) continue;
      const rule: StoredRule = {
        id: `rul${policy.id.slice(3)}`,
        policyId: policy.id,
        name: 'Catch-all Rule',
        status: 'ACTIVE',
        priority: CATCH_ALL_PRIORITY,
        system: true,
        created: policy.created,
        lastUpdated: policy.created,
        conditions: null,
        actions: catchAllActions(policy.system),
      };
      this.#rules.set(policy.id, [...list, rule]);
    }
  }

  /** Back to the default policy and its catch-all rule the org was made with, alone. */
  clear(): void {
    this.#default = { ...this.#base.policy };
    this.#policies.clear();
    this.#rules.clear();
    this.#policies.set(this.#default.id, this.#default);
    this.#rules.set(this.#default.id, [structuredClone(this.#base.rule)]);
  }
}

/** The refusal of deleting or deactivating the org's default policy. */
function defaultPolicyRefusal(what: 'deleted' | 'deactivated'): OktaHttpError {
  return new OktaHttpError(400, 'E0000001', 'Api validation failed: Policy', [`The default policy cannot be ${what}.`]);
}

/** The refusal of deleting or deactivating a policy's catch-all rule. */
function catchAllRefusal(what: 'deleted' | 'deactivated'): OktaHttpError {
  return new OktaHttpError(400, 'E0000001', 'Api validation failed: Rule', [`The catch-all rule cannot be ${what}.`]);
}
