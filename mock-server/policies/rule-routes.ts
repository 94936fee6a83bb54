import { PolicyRuleInputSchema } from '../../src/apps/policies/input';
import { checkedBody } from '../apps/checked-body';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import type { OktaAnswers } from '../shared/answer-changes';
import type { PolicyChangeLog } from './change-log';
import { renderRule } from './render';
import { ruleChange } from './rule-body';
import type { PolicyStore } from './store';

/**
 * The rules of app sign-in policies (`/api/v1/policies/{policyId}/rules…`): list (the catch-all
 * rule last, one page as real orgs answer it), create, get, replace, delete, activate, deactivate.
 */
export function ruleRoutes(env: RouteEnv, policies: PolicyStore, newId: (prefix: string) => string, changes: PolicyChangeLog, answers: OktaAnswers): RouteSpec[] {
  const base = '/api/v1/policies/:policyId/rules';
  const manage = { bucket: 'default', scope: 'okta.policies.manage' } as const;
  const lifecycle = (status: 'ACTIVE' | 'INACTIVE'): RouteSpec => ({
    method: 'post',
    path: `${base}/:ruleId/lifecycle/${status === 'ACTIVE' ? 'activate' : 'deactivate'}`,
    summary: status === 'ACTIVE' ? 'activates a rule (204)' : 'deactivates a rule (204); the catch-all rule is refused (400 `E0000001`)',
    ...manage,
    handle: (input) => {
      const { policyId, ruleId } = input.params as { policyId: string; ruleId: string };
      changes.ruleStatus(input, policyId, ruleId, status, () => policies.setRuleStatus(policyId, ruleId, status, env.now()));
      return { status: 204 };
    },
  });
  return [
    {
      method: 'get',
      path: base,
      summary: 'lists a policy\'s rules in priority order, the catch-all rule (`priority` 99, `system: true`) last',
      bucket: 'default',
      scope: 'okta.policies.read',
      handle: ({ params }) => ({ status: 200, body: policies.rules(params.policyId!).map((r) => renderRule(r, env.orgOrigin())) }),
    },
    {
      method: 'post',
      path: base,
      summary: 'creates a rule (`name`, `priority`, `conditions`, `actions.appSignOn` with an `ASSURANCE` or `AUTH_METHOD_CHAIN` `verificationMethod`), filling in what real orgs fill in (`people.users.exclude`, `userType`, `riskScore`, `reauthenticateIn` `PT12H`, `keepMeSignedIn.postAuth`); a rule already at its priority moves down',
      ...manage,
      handle: async (input) => {
        policies.require(input.params.policyId!);
        const change = ruleChange(checkedBody(PolicyRuleInputSchema, await readJsonBody(input)), answers);
        if (input.url.searchParams.get('activate') === 'false') change.status = 'INACTIVE';
        const rule = changes.rule('policy.rule.add', input, input.params.policyId!, () => policies.addRule(input.params.policyId!, change, newId('rul'), env.now()));
        return { status: 200, body: renderRule(rule, env.orgOrigin()) };
      },
    },
    {
      method: 'get',
      path: `${base}/:ruleId`,
      summary: 'reads a rule',
      bucket: 'default',
      scope: 'okta.policies.read',
      handle: ({ params }) => ({ status: 200, body: renderRule(policies.rule(params.policyId!, params.ruleId!), env.orgOrigin()) }),
    },
    {
      method: 'put',
      path: `${base}/:ruleId`,
      summary: 'replaces a rule (the catch-all rule takes new `actions` only)',
      ...manage,
      handle: async (input) => {
        const { policyId, ruleId } = input.params as { policyId: string; ruleId: string };
        policies.rule(policyId, ruleId);
        const change = ruleChange(checkedBody(PolicyRuleInputSchema, await readJsonBody(input)), answers);
        const rule = changes.rule('policy.rule.update', input, policyId, () => policies.replaceRule(policyId, ruleId, change, env.now()));
        return { status: 200, body: renderRule(rule, env.orgOrigin()) };
      },
    },
    {
      method: 'delete',
      path: `${base}/:ruleId`,
      summary: 'deletes a rule (204); the catch-all rule is refused (400 `E0000001`)',
      ...manage,
      handle: (input) => {
        const { policyId, ruleId } = input.params as { policyId: string; ruleId: string };
        changes.ruleDeleted(input, policyId, ruleId, () => policies.deleteRule(policyId, ruleId));
        return { status: 204 };
      },
    },
    lifecycle('ACTIVE'),
    lifecycle('INACTIVE'),
  ];
}
