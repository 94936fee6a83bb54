import type { ChangeEventType } from '../logs/event-types';
import { policyRuleTarget, policyTarget } from '../logs/targets';
import type { ChangeRequest, LogEntity, WriteChangeEvent } from '../logs/writer';
import type { PolicyStore, StoredPolicy } from './store';

// The System Log of the policy API: each wrapper runs one change and, when it changed something,
// writes its event (`policy.lifecycle.*`, `policy.rule.*`), so a route logs its change in the one
// line that makes it. A refused change throws before anything is written.

/** The policy and rule lifecycle events, written around the changes that make them. */
export class PolicyChangeLog {
  constructor(
    private readonly write: WriteChangeEvent,
    private readonly store: PolicyStore,
  ) {}

  /** `policy.lifecycle.create` or `.update`, for the policy the change answers. */
  policy(eventType: 'policy.lifecycle.create' | 'policy.lifecycle.update', request: ChangeRequest, change: () => StoredPolicy): StoredPolicy {
    const policy = change();
    this.write({ eventType, request, targets: [target(policy)] });
    return policy;
  }

  /** `policy.lifecycle.activate` or `.deactivate`, when the status changed. */
  policyStatus(request: ChangeRequest, policyId: string, status: 'ACTIVE' | 'INACTIVE', change: () => void): void {
    const before = this.store.require(policyId).status;
    change();
    if (before === status) return;
    const eventType = status === 'ACTIVE' ? 'policy.lifecycle.activate' : 'policy.lifecycle.deactivate';
    this.write({ eventType, request, targets: [target(this.store.require(policyId))] });
  }

  /** `policy.lifecycle.delete`, once the policy is gone. */
  policyDeleted(request: ChangeRequest, policyId: string, remove: () => void): void {
    const targets = [target(this.store.require(policyId))];
    remove();
    this.write({ eventType: 'policy.lifecycle.delete', request, targets });
  }

  /** `policy.rule.add` or `.update`, for the rule the change answers. */
  rule<T extends { id: string; name: string }>(eventType: 'policy.rule.add' | 'policy.rule.update', request: ChangeRequest, policyId: string, change: () => T): T {
    const rule = change();
    this.write({ eventType, request, targets: this.#ruleTargets(policyId, rule) });
    return rule;
  }

  /** `policy.rule.activate` or `.deactivate`, when the status changed. */
  ruleStatus(request: ChangeRequest, policyId: string, ruleId: string, status: 'ACTIVE' | 'INACTIVE', change: () => void): void {
    const before = this.store.rule(policyId, ruleId).status;
    change();
    if (before === status) return;
    const eventType: ChangeEventType = status === 'ACTIVE' ? 'policy.rule.activate' : 'policy.rule.deactivate';
    this.write({ eventType, request, targets: this.#ruleTargets(policyId, this.store.rule(policyId, ruleId)) });
  }

  /** `policy.rule.delete`, once the rule is gone. */
  ruleDeleted(request: ChangeRequest, policyId: string, ruleId: string, remove: () => void): void {
    const targets = this.#ruleTargets(policyId, this.store.rule(policyId, ruleId));
    remove();
    this.write({ eventType: 'policy.rule.delete', request, targets });
  }

  /** The policy, then its rule: most specific last, as the System Log orders targets. */
  #ruleTargets(policyId: string, rule: { id: string; name: string }): LogEntity[] {
    return [target(this.store.require(policyId)), policyRuleTarget(rule)];
  }
}

/** Every policy this API serves is an app sign-in policy. */
function target(policy: StoredPolicy): LogEntity {
  return policyTarget({ id: policy.id, name: policy.name, type: 'ACCESS_POLICY' });
}
