import { OktaHttpError } from '../../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../../pipeline/pagination';
import type { RouteEnv, RouteSpec } from '../../pipeline/route';
import { relinkApp } from '../app-links';
import { pageAfter } from '../per-app';
import type { AppService } from '../service';
import { POLICY_TYPES, renderPolicy, type PolicyStore } from './store';

/** Default and largest page sizes of `GET /api/v1/policies`. */
const POLICY_PAGE_LIMITS = { default: 20, max: 200 } as const;

/** `E0000002`, what real organizations answer for a policy type they do not know. */
const invalidPolicyType = () => new OktaHttpError(400, 'E0000002', 'The request was not valid: Invalid policy type specified.');

/**
 * App sign-in policies: `PUT /api/v1/apps/{appId}/policies/{policyId}` (assign, 204), and the Policy
 * API's reads `GET /api/v1/policies/{policyId}` and `GET /api/v1/policies?type=…`, so that an app's
 * `_links.accessPolicy` resolves.
 */
export function policyRoutes(env: RouteEnv, apps: AppService, policies: PolicyStore): RouteSpec[] {
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
      path: '/api/v1/policies/:policyId',
      summary: 'reads a policy (the org\'s default access policy, or a seeded one)',
      bucket: 'default',
      scope: 'okta.policies.read',
      handle: ({ params }) => ({ status: 200, body: renderPolicy(policies.require(params.policyId!), env.orgUrl()) }),
    },
    {
      method: 'get',
      path: '/api/v1/policies',
      summary: 'lists the policies of a `type` (`ACCESS_POLICY`, …)',
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
        return { status: 200, body: page.map((p) => renderPolicy(p, env.orgUrl())), headers: pageLinks(env.orgUrl(), url, next) };
      },
    },
  ];
}
