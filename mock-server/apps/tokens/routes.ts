import { pageLinks, parsePageLimit } from '../../pipeline/pagination';
import type { RouteEnv, RouteSpec } from '../../pipeline/route';
import type { Directory } from '../../directory/store';
import { pageAfter } from '../per-app';
import type { AppService } from '../service';
import type { RefreshTokenStore, StoredRefreshToken } from './store';

/** Default and largest page sizes of `GET /api/v1/apps/{appId}/tokens`. */
const TOKEN_PAGE_LIMITS = { default: 20, max: 200 } as const;

/** What Okta says of the scopes it embeds (`expand=scope`) when it knows them. */
const SCOPE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  offline_access: 'Requests a refresh token by default and is used to obtain more access tokens without re-prompting the user for authentication',
  openid: 'Signals that a request is an OpenID request',
  profile: "Allows this application to access your profile information",
  email: 'Allows this application to access your email address',
};

/**
 * An app's refresh tokens: `GET …/tokens` (paged), `GET`/`DELETE …/tokens/{tokenId}`, `DELETE
 * …/tokens` (revoke all), answered as real organizations do (the unknown-token 404 included).
 */
export function tokenRoutes(env: RouteEnv, apps: AppService, directory: Directory, tokens: RefreshTokenStore): RouteSpec[] {
  const render = (token: StoredRefreshToken, expandScopes: boolean) => {
    const org = env.orgOrigin();
    const app = apps.apps.get(token.appId);
    const label = typeof app?.body.label === 'string' ? app.body.label : token.appId;
    const server = new URL(token.issuer).pathname.split('/').pop() ?? 'default';
    const user = directory.user(token.userId);
    const userTitle = user ? [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ') || user.profile.login : undefined;
    const self = `${org}/api/v1/apps/${token.appId}/tokens/${token.id}`;
    const out: Record<string, unknown> = {
      id: token.id,
      status: token.status,
      created: token.created,
      lastUpdated: token.lastUpdated,
      expiresAt: token.expiresAt,
      issuer: token.issuer,
      clientId: token.clientId,
      userId: token.userId,
      scopes: token.scopes,
    };
    if (expandScopes) {
      out._embedded = {
        scopes: token.scopes.map((name) => ({
          name,
          ...(SCOPE_DESCRIPTIONS[name] ? { description: SCOPE_DESCRIPTIONS[name] } : {}),
          _links: { scope: { href: `${org}/api/v1/authorizationServers/${server}/scopes`, title: name } },
        })),
      };
    }
    out._links = {
      app: { href: `${org}/api/v1/apps/${token.appId}`, title: label },
      self: { href: self },
      revoke: { href: self, hints: { allow: ['DELETE'] } },
      client: { href: `${org}/oauth2/v1/clients/${token.clientId}`, title: label },
      user: { href: `${org}/api/v1/users/${token.userId}`, ...(userTitle ? { title: userTitle } : {}) },
      authorizationServer: { href: `${org}/api/v1/authorizationServers/${server}`, title: server },
    };
    return out;
  };

  return [
    {
      method: 'get',
      path: '/api/v1/apps/:appId/tokens',
      summary: 'lists the app\'s refresh tokens (paged; seeded or issued in process)',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ url, params }) => {
        const app = apps.require(params.appId!);
        const limit = parsePageLimit(url.searchParams.get('limit'), TOKEN_PAGE_LIMITS);
        // Real organizations write the links with the page size only, whatever else was asked (`expand`).
        const { page, next, query } = pageAfter(tokens.list(app.body.id), url.searchParams.get('after') || undefined, limit);
        const expand = url.searchParams.get('expand') === 'scope';
        return { status: 200, body: page.map((t) => render(t, expand)), headers: pageLinks(env.orgUrl(), url, next, query) };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/tokens',
      summary: 'revokes every refresh token of the app (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        tokens.removeApp(apps.require(params.appId!).body.id);
        return { status: 204 };
      },
    },
    {
      method: 'get',
      path: '/api/v1/apps/:appId/tokens/:tokenId',
      summary: 'reads a refresh token',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ url, params }) => {
        apps.require(params.appId!);
        return { status: 200, body: render(tokens.require(params.appId!, params.tokenId!), url.searchParams.get('expand') === 'scope') };
      },
    },
    {
      method: 'delete',
      path: '/api/v1/apps/:appId/tokens/:tokenId',
      summary: 'revokes a refresh token (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        apps.require(params.appId!);
        tokens.remove(params.appId!, tokens.require(params.appId!, params.tokenId!).id);
        return { status: 204 };
      },
    },
  ];
}
