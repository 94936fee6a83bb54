import { PolicyRuleInputSchema } from '../../src/apps/policies/input';
import { checkedBody } from '../apps/checked-body';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { renderRule } from './render';
import { ruleChange } from './rule-body';
import type { PolicyStore } from './store';

/**
 * The rules of app sign-in policies (`/api/v1/policies/{policyId}/rules…`): list (the catch-all
 * rule last, one page as real orgs answer it), create, get, replace, delete, activate, deactivate.
 */
export function ruleRoutes(env: RouteEnv, policies: PolicyStore, newId: (prefix: string) => string): RouteSpec[] {
  const base = '/api/v1/policies/:policyId/rules';
  const manage = { bucket: 'default', scope: 'okta.policies.manage' } as const;
  const lifecycle = (status: 'ACTIVE' | 'INACTIVE'): RouteSpec => ({
    method: 'post',
    path: `${base}/:ruleId/lifecycle/${status === 'ACTIVE' ? 'activate' : 'deactivate'}`,
    ...manage,
    handle: ({ params }) => {
      policies.setRuleStatus(params.policyId!, params.ruleId!, status, env.now());
      return { status: 204 };
    },
  });
  return [
    {
      method: 'get',
      path: base,
      bucket: 'default',
      scope: 'okta.policies.read',
      handle: ({ params }) => ({ status: 200, body: policies.rules(params.policyId!).map((r) => renderRule(r, env.orgOrigin())) }),
    },
    {
      method: 'post',
      path: base,
      ...manage,
      handle: async (input) => {
        policies.require(input.params.policyId!);
        const change = ruleChange(checkedBody(PolicyRuleInputSchema, await readJsonBody(input)));
        if (input.url.searchParams.get('activate') === 'false') change.status = 'INACTIVE';
        const rule = policies.addRule(input.params.policyId!, change, newId('rul'), env.now());
        return { status: 200, body: renderRule(rule, env.orgOrigin()) };
      },
    },
    {
      method: 'get',
      path: `${base}/:ruleId`,
      bucket: 'default',
      scope: 'okta.policies.read',
      handle: ({ params }) => ({ status: 200, body: renderRule(policies.rule(params.policyId!, params.ruleId!), env.orgOrigin()) }),
    },
    {
      method: 'put',
      path: `${base}/:ruleId`,
      ...manage,
      handle: async (input) => {
        const { policyId, ruleId } = input.params as { policyId: string; ruleId: string };
        policies.rule(policyId, ruleId);
        const change = ruleChange(checkedBody(PolicyRuleInputSchema, await readJsonBody(input)));
        return { status: 200, body: renderRule(policies.replaceRule(policyId, ruleId, change, env.now()), env.orgOrigin()) };
      },
    },
    {
      method: 'delete',
      path: `${base}/:ruleId`,
      ...manage,
      handle: ({ params }) => {
        policies.deleteRule(params.policyId!, params.ruleId!);
        return { status: 204 };
      },
    },
    lifecycle('ACTIVE'),
    lifecycle('INACTIVE'),
  ];
}
