import { PolicyInputSchema } from '../../src/apps/policies/input';
import { relinkApp } from '../apps/app-links';
import { checkedBody } from '../apps/checked-body';
import { pageAfter } from '../apps/per-app';
import type { AppService } from '../apps/service';
import { OktaHttpError } from '../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import type { PolicyChangeLog } from './change-log';
import { renderPolicy } from './render';
import { MAX_POLICIES, POLICY_TYPES, type PolicyStore } from './store';

/** Default and largest page sizes of `GET /api/v1/policies`: real orgs answer all their access policies in one page. */
const POLICY_PAGE_LIMITS = { default: MAX_POLICIES, max: MAX_POLICIES } as const;

/** `E0000002`, what real organizations answer for a policy type they do not know. */
const invalidPolicyType = () => new OktaHttpError(400, 'E0000002', 'The request was not valid: Invalid policy type specified.');

/** Whether an app is assigned to the policy: such a policy is neither deleted nor deactivated. */
function inUse(apps: AppService, policyId: string): boolean {
  for (const app of apps.apps.values()) if (app.accessPolicy === policyId) return true;
  return false;
}

/** The refusal of deleting or deactivating a policy apps are assigned to (nothing changes). */
function inUseRefusal(what: 'deleted' | 'deactivated'): OktaHttpError {
  return new OktaHttpError(400, 'E0000001', 'Api validation failed: Policy', [
    `This policy is assigned to one or more apps and cannot be ${what}; assign those apps another policy first.`,
  ]);
}

/**
 * App sign-in policies (`ACCESS_POLICY`): the Policy API's create, list by `type`, get, replace,
 * delete, activate and deactivate, and an app's assignment
 * (`PUT /api/v1/apps/{appId}/policies/{policyId}`), which `_links.accessPolicy` follows.
 */
export function policyRoutes(env: RouteEnv, apps: AppService, policies: PolicyStore, newId: (prefix: string) => string, changes: PolicyChangeLog): RouteSpec[] {
  const one = (id: string) => renderPolicy(policies.require(id), env.orgOrigin());
  return [
    {
      method: 'put',
      path: '/api/v1/apps/:appId/policies/:policyId',
      summary: 'assigns an access policy to the app (204); `_links.accessPolicy` follows it',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        apps.require(params.appId!);
        const policy = policies.require(params.policyId!);
        relinkApp(apps, params.appId!, (app) => {
          app.accessPolicy = policy.id;
        });
        return { status: 204 };
      },
    },
    {
      method: 'get',
      path: '/api/v1/policies',
      summary: 'lists the policies of a `type` (`ACCESS_POLICY` lists the app sign-in policies, each with `_embedded.resourceType: "APP"`, in one page; other types list nothing)',
      bucket: 'default',
      scope: 'okta.policies.read',
      handle: ({ url }) => {
        const q = url.searchParams;
        const type = q.get('type');
        if (type === null || !POLICY_TYPES.has(type)) throw invalidPolicyType();
        const limit = parsePageLimit(q.get('limit'), POLICY_PAGE_LIMITS);
        const status = q.get('status');
        const prefix = q.get('q')?.toLowerCase();
        const matching = type !== 'ACCESS_POLICY' ? [] : policies.all().filter((p) => (status === null || p.status === status) && (prefix === undefined || p.name.toLowerCase().startsWith(prefix)));
        const { page, next } = pageAfter(matching, q.get('after') ?? undefined, limit);
        return { status: 200, body: page.map((p) => renderPolicy(p, env.orgOrigin(), true)), headers: pageLinks(env.orgUrl(), url, next) };
      },
    },
    {
      method: 'post',
      path: '/api/v1/policies',
      summary: 'creates an app sign-in policy (`type: \'ACCESS_POLICY\'`, `name`, `description`; `?activate=false` makes it `INACTIVE`) with its catch-all rule; `priority` is answered 1, as real orgs answer every access policy',
      bucket: 'default',
      scope: 'okta.policies.manage',
      handle: async (input) => {
        const raw = await readJsonBody(input);
        const type = (raw as { type?: unknown } | null)?.type;
        if (typeof type === 'string' && type !== 'ACCESS_POLICY' && POLICY_TYPES.has(type)) throw invalidPolicyType();
        const body = checkedBody(PolicyInputSchema, raw);
        const activate = input.url.searchParams.get('activate');
        const status = activate === 'false' ? 'INACTIVE' : (body.status ?? 'ACTIVE');
        const policy = changes.policy('policy.lifecycle.create', input, () =>
          policies.add({ name: body.name, ...(body.description == null ? {} : { description: body.description }), status }, newId, env.now()),
        );
        return { status: 200, body: renderPolicy(policy, env.orgOrigin()) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/policies/:policyId',
      summary: 'reads a policy (the org\'s default one is "Any two factors", `system: true`)',
      bucket: 'default',
      scope: 'okta.policies.read',
      handle: ({ params }) => ({ status: 200, body: one(params.policyId!) }),
    },
    {
      method: 'put',
      path: '/api/v1/policies/:policyId',
      summary: 'replaces a policy\'s `name` and `description`',
      bucket: 'default',
      scope: 'okta.policies.manage',
      handle: async (input) => {
        policies.require(input.params.policyId!);
        const body = checkedBody(PolicyInputSchema, await readJsonBody(input));
        const policy = changes.policy('policy.lifecycle.update', input, () =>
          policies.replace(input.params.policyId!, { name: body.name, description: body.description ?? null }, env.now()),
        );
        return { status: 200, body: renderPolicy(policy, env.orgOrigin()) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/policies/:policyId',
      summary: 'deletes a policy and its rules (204); the default policy, or one an app is assigned to, is refused (400 `E0000001`)',
      bucket: 'default',
      scope: 'okta.policies.manage',
      handle: (input) => {
        const policy = policies.require(input.params.policyId!);
        if (!policy.system && inUse(apps, policy.id)) throw inUseRefusal('deleted');
        changes.policyDeleted(input, policy.id, () => policies.delete(policy.id));
        return { status: 204 };
      },
    },
    {
      method: 'post',
      path: '/api/v1/policies/:policyId/lifecycle/activate',
      summary: 'activates a policy (204)',
      bucket: 'default',
      scope: 'okta.policies.manage',
      handle: (input) => {
        const policyId = input.params.policyId!;
        changes.policyStatus(input, policyId, 'ACTIVE', () => policies.setStatus(policyId, 'ACTIVE', env.now()));
        return { status: 204 };
      },
    },
    {
      method: 'post',
      path: '/api/v1/policies/:policyId/lifecycle/deactivate',
      summary: 'deactivates a policy (204); the default policy, or one an app is assigned to, is refused (400 `E0000001`)',
      bucket: 'default',
      scope: 'okta.policies.manage',
      handle: (input) => {
        const policy = policies.require(input.params.policyId!);
        if (!policy.system && policy.status === 'ACTIVE' && inUse(apps, policy.id)) throw inUseRefusal('deactivated');
        changes.policyStatus(input, policy.id, 'INACTIVE', () => policies.setStatus(policy.id, 'INACTIVE', env.now()));
        return { status: 204 };
      },
    },
  ];
}
