import type { RouteEnv, RouteSpec } from '../pipeline/route';
import type { Json } from '../shared/json';

/**
 * What `/.well-known/okta-organization` says of the org beside its id: the cell it runs in, its
 * engine (`idx`: Identity Engine; `v1`: Classic Engine) and its feature flags. The backend is an
 * Identity Engine org with the flags the recording orgs had on (bug reporting) and off (the rest).
 */
export const ORG_DESCRIPTION = {
  cell: 'op1',
  pipeline: 'idx',
  settings: {
    analyticsCollectionEnabled: false,
    bugReportingEnabled: true,
    omEnabled: false,
    pssoEnabled: false,
    desktopMFAEnabled: false,
    itpEnabled: false,
  },
} as const;

/** The org's well-known description, in the key order real orgs answer it. */
export function renderOrganization(orgId: string, orgUrl: URL): Json {
  return {
    id: orgId,
    cell: ORG_DESCRIPTION.cell,
    _links: { organization: { href: orgUrl.origin } },
    pipeline: ORG_DESCRIPTION.pipeline,
    settings: { ...ORG_DESCRIPTION.settings },
  };
}

/**
 * `GET /.well-known/okta-organization`: who the org is, without a credential, as on a real org
 * (the terraform provider reads it before anything else to learn the org's engine).
 */
export function wellKnownRoutes(env: RouteEnv, orgId: () => string): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/.well-known/okta-organization',
      summary: 'the org: its `id`, `cell`, `pipeline` (`idx`: the backend is an Identity Engine org), feature flags in `settings`, `_links.organization`',
      bucket: 'default',
      scope: null,
      handle: () => ({ status: 200, body: renderOrganization(orgId(), env.orgUrl()) }),
    },
  ];
}
