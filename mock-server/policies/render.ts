import type { Json } from '../shared/json';
import type { StoredPolicy, StoredRule } from './store';

const allow = (...methods: string[]) => ({ hints: { allow: methods } });

/**
 * A policy as `GET /api/v1/policies/{policyId}` answers it, in real orgs' key order (`type` last):
 * the default policy without `mappings` nor lifecycle links; lists add `_embedded.resourceType`.
 */
export function renderPolicy(policy: StoredPolicy, origin: string, inList = false): Json {
  const self = `${origin}/api/v1/policies/${policy.id}`;
  const links: Json = {};
  if (!policy.system) links.mappings = { href: `${self}/mappings`, ...allow('GET', 'POST') };
  links.self = { href: self, ...(policy.system ? allow('GET', 'PUT') : allow('GET', 'PUT', 'DELETE')) };
  links.rules = { href: `${self}/rules`, ...allow('GET', 'POST') };
  if (!policy.system) {
    const action = policy.status === 'ACTIVE' ? 'deactivate' : 'activate';
    links[action] = { href: `${self}/lifecycle/${action}`, ...allow('POST') };
  }
  const out: Json = { id: policy.id, status: policy.status, name: policy.name };
  if (policy.description !== null) out.description = policy.description;
  Object.assign(out, {
    priority: policy.priority,
    system: policy.system,
    conditions: null,
    created: policy.created,
    lastUpdated: policy.lastUpdated,
    _links: links,
  });
  if (inList) out._embedded = { resourceType: 'APP' };
  out.type = 'ACCESS_POLICY';
  return out;
}

/** A rule as `GET /api/v1/policies/{policyId}/rules/{ruleId}` answers it: links by status, the catch-all rule's without delete nor lifecycle. */
export function renderRule(rule: StoredRule, origin: string): Json {
  const self = `${origin}/api/v1/policies/${rule.policyId}/rules/${rule.id}`;
  const links: Json = { self: { href: self, ...(rule.system ? allow('GET', 'PUT') : allow('GET', 'PUT', 'DELETE')) } };
  if (!rule.system) {
    const action = rule.status === 'ACTIVE' ? 'deactivate' : 'activate';
    links[action] = { href: `${self}/lifecycle/${action}`, ...allow('POST') };
  }
  return {
    id: rule.id,
    status: rule.status,
    name: rule.name,
    priority: rule.priority,
    created: rule.created,
    lastUpdated: rule.lastUpdated,
    system: rule.system,
    conditions: structuredClone(rule.conditions),
    actions: structuredClone(rule.actions),
    _links: links,
    type: 'ACCESS_POLICY',
  };
}
