import { describe, expect, it } from 'vitest';
import { ApplicationListSchema, ApplicationSchema } from '../../src/apps/application';

/** A bookmark app as the server returns it, with the server's defaults. */
function bookmarkResponse(): Record<string, unknown> {
  return {
    id: '0oa1b2c3d4e5f6g7h8i9',
    orn: 'orn:okta:idp:00o1n8sbwArJ7OQRw406:apps:bookmark:0oa1b2c3d4e5f6g7h8i9',
    name: 'bookmark',
    label: 'Intranet',
    status: 'ACTIVE',
    lastUpdated: '2024-05-01T10:00:00.000Z',
    created: '2024-05-01T10:00:00.000Z',
    accessibility: { selfService: false, errorRedirectUrl: null, loginRedirectUrl: null },
    visibility: {
      autoLaunch: false,
      autoSubmitToolbar: false,
      hide: { iOS: false, web: false },
      appLinks: { login: true },
    },
    features: [],
    signOnMode: 'BOOKMARK',
    credentials: {
      userNameTemplate: { template: '${source.login}', type: 'BUILT_IN' },
      signing: {},
    },
    settings: {
      app: { url: 'https://intranet.example.com', requestIntegration: false },
      notifications: {
        vpn: { network: { connection: 'DISABLED' }, message: null, helpUrl: null },
      },
      manualProvisioning: false,
      implicitAssignment: false,
      notes: { admin: null, enduser: null },
    },
    _links: {
      deactivate: { href: 'https://acme.okta.com/api/v1/apps/0oa1b2c3d4e5f6g7h8i9/lifecycle/deactivate' },
      uploadLogo: {
        href: 'https://acme.okta.com/api/v1/apps/0oa1b2c3d4e5f6g7h8i9/logo',
        hints: { allow: ['POST'] },
      },
    },
  };
}

describe('ApplicationSchema', () => {
  it('parses a server response unchanged', () => {
    const response = bookmarkResponse();
    expect(ApplicationSchema.parse(response)).toEqual(response);
  });

  it('keeps members it does not know, at the top level and nested', () => {
    const response = {
      ...bookmarkResponse(),
      expressConfiguration: { enabledCapabilities: ['SSO'] },
      settings: { app: { url: 'https://intranet.example.com' }, emOptInStatus: 'DISABLED', future: 1 },
    };
    const app = ApplicationSchema.parse(response);
    expect(app.expressConfiguration).toEqual({ enabledCapabilities: ['SSO'] });
    expect(app.settings).toEqual({
      app: { url: 'https://intranet.example.com' },
      emOptInStatus: 'DISABLED',
      future: 1,
    });
  });

  it('parses nested members whose inner shape differs from what appset knows, keeping them as sent', () => {
    const response = {
      ...bookmarkResponse(),
      accessibility: { selfService: 'sometimes', errorRedirectUrl: 42 },
      _links: { logo: { name: 'medium', href: 'https://example.okta.com/logo.png' } },
    };
    const app = ApplicationSchema.parse(response);
    expect(app.accessibility).toEqual({ selfService: 'sometimes', errorRedirectUrl: 42 });
    expect(app._links).toEqual({ logo: { name: 'medium', href: 'https://example.okta.com/logo.png' } });
  });

  it('refuses a nested member of the wrong kind, naming it', () => {
    const result = ApplicationSchema.safeParse({ ...bookmarkResponse(), settings: 'none', features: {} });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['features', 'Must be an array'],
      ['settings', 'Must be an object'],
    ]);
  });

  it('accepts a null signOnMode', () => {
    expect(ApplicationSchema.parse({ ...bookmarkResponse(), signOnMode: null }).signOnMode).toBeNull();
  });

  it('accepts a signOnMode outside the enum', () => {
    const app = ApplicationSchema.parse({ ...bookmarkResponse(), signOnMode: 'SOMETHING_NEW' });
    expect(app.signOnMode).toBe('SOMETHING_NEW');
  });

  it('reads an absent signOnMode as null', () => {
    const { signOnMode: _omitted, ...response } = bookmarkResponse();
    expect(ApplicationSchema.parse(response).signOnMode).toBeNull();
  });

  it('accepts a status outside the enum', () => {
    expect(ApplicationSchema.parse({ ...bookmarkResponse(), status: 'PENDING' }).status).toBe('PENDING');
  });

  it('needs only the identity, status and timestamps of an app', () => {
    const minimal = {
      id: '0oa1b2c3d4e5f6g7h8i9',
      name: 'github',
      label: 'GitHub',
      status: 'INACTIVE',
      lastUpdated: '2024-05-01T10:00:00.000Z',
      created: '2024-05-01T10:00:00.000Z',
    };
    expect(ApplicationSchema.parse(minimal)).toEqual({ ...minimal, signOnMode: null });
  });

  it('refuses an app without an id', () => {
    const { id: _omitted, ...response } = bookmarkResponse();
    expect(ApplicationSchema.safeParse(response).success).toBe(false);
  });

  it('returns members in the wire key order whatever order they arrived in', () => {
    const response = bookmarkResponse();
    const shuffled = Object.fromEntries(Object.entries(response).reverse());
    expect(Object.keys(ApplicationSchema.parse(shuffled))).toEqual(Object.keys(response));
  });
});

describe('ApplicationListSchema', () => {
  it('parses a page of apps of any sign-on mode', () => {
    const page = [bookmarkResponse(), { ...bookmarkResponse(), id: '0oa2', signOnMode: null }];
    expect(ApplicationListSchema.parse(page).map((app) => app.signOnMode)).toEqual(['BOOKMARK', null]);
  });
});
