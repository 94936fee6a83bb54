/** A bookmark app as an organization returns it, for client tests that define their own handlers. */
export function bookmarkApp(id = '0oa1bookmark00000000', extra: Record<string, unknown> = {}) {
  return {
    id,
    orn: `orn:okta:idp:00o1org00000000000:apps:bookmark:${id}`,
    name: 'bookmark',
    label: 'Wiki',
    status: 'ACTIVE',
    lastUpdated: '2026-11-20T10:00:00.000Z',
    created: '2026-11-20T10:00:00.000Z',
    accessibility: { selfService: false, errorRedirectUrl: null, loginRedirectUrl: null },
    visibility: { autoLaunch: false, autoSubmitToolbar: false, hide: { iOS: false, web: false }, appLinks: { login: true } },
    features: [],
    signOnMode: 'BOOKMARK',
    credentials: { userNameTemplate: { template: '${source.login}', type: 'BUILT_IN' }, signing: {} },
    settings: {
      app: { requestIntegration: false, url: 'https://wiki.example.com' },
      notifications: { vpn: { network: { connection: 'DISABLED' }, message: null, helpUrl: null } },
      manualProvisioning: false,
      implicitAssignment: false,
      notes: { admin: null, enduser: null },
    },
    _links: {
      deactivate: { href: `https://example.okta.com/api/v1/apps/${id}/lifecycle/deactivate` },
    },
    ...extra,
  };
}
