import type { AppService } from '../apps/service';
import { readJsonBody } from '../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../pipeline/route';
import { grantApp, renderGrant, type GrantStore } from './grants';

const expandsScope = (url: URL) => url.searchParams.get('expand') === 'scope';

/**
 * The Application Grants API: `POST`/`GET /api/v1/apps/{appId}/grants`, `GET`/`DELETE
 * …/grants/{grantId}`. The app must exist (else `E0000007 … (AppInstance)`).
 */
export function grantRoutes(env: RouteEnv, apps: AppService, grants: GrantStore): RouteSpec[] {
  return [
    {
      method: 'post',
      path: '/api/v1/apps/:appId/grants',
      summary: 'grants a scope to a service app (`{ "issuer", "scopeId" }`)',
      bucket: 'app',
      scope: 'okta.appGrants.manage',
      handle: async (input) => {
        const { params, now } = input;
        const app = apps.require(params.appId!);
        const body = await readJsonBody(input);
        // Real organizations answer 200 with the scope embedded (the OpenAPI file says 201).
        return { status: 200, body: renderGrant(grants.grant(app.body.id, body, env.orgUrl(), now), env.orgUrl(), grantApp(app.body), true) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/grants',
      summary: 'lists the app\'s grants',
      bucket: 'app',
      scope: 'okta.appGrants.read',
      handle: ({ url, params }) => {
        const app = apps.require(params.appId!);
        return { status: 200, body: grants.list(app.body.id).map((g) => renderGrant(g, env.orgUrl(), grantApp(app.body), expandsScope(url))) };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/grants/:grantId',
      summary: 'reads a grant',
      bucket: 'app',
      scope: 'okta.appGrants.read',
      handle: ({ url, params }) => {
        const app = apps.require(params.appId!);
        return { status: 200, body: renderGrant(grants.require(app.body.id, params.grantId!), env.orgUrl(), grantApp(app.body), expandsScope(url)) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/grants/:grantId',
      summary: 'revokes a grant (204)',
      bucket: 'app',
      scope: 'okta.appGrants.manage',
      handle: ({ params }) => {
        const app = apps.require(params.appId!);
        grants.revoke(app.body.id, params.grantId!);
        return { status: 204 };
      },
    },
  ];
}
