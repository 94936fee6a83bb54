import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApplicationSchema, type Application } from '../../src/apps/application';
import { isApplicationOf, isKnownApplication, isKnownApplicationName } from '../../src/apps/typed-application';

const base = {
  id: '0oa1b2c3d4e5f6g7h8i9',
  label: 'CRM',
  status: 'ACTIVE',
  lastUpdated: '2026-01-01T00:00:00.000Z',
  created: '2026-01-01T00:00:00.000Z',
};

describe('isApplicationOf', () => {
  it('narrows a salesforce app so settings.app is typed with its members', () => {
    const app: Application = ApplicationSchema.parse({
      ...base,
      name: 'salesforce',
      signOnMode: 'SAML_2_0',
      settings: { app: { integrationType: 'STANDARD', instanceType: 'PRODUCTION', loginUrl: null, extra: 1 } },
    });
    expect(isApplicationOf(app, 'salesforce')).toBe(true);
    if (isApplicationOf(app, 'salesforce')) {
      expectTypeOf(app.name).toEqualTypeOf<'salesforce'>();
      expectTypeOf(app.settings.app.instanceType).toEqualTypeOf<'SANDBOX' | 'PRODUCTION' | 'GOVERNMENT'>();
      expectTypeOf(app.signOnMode).toEqualTypeOf<'BROWSER_PLUGIN' | 'BOOKMARK' | 'SAML_2_0'>();
      expect(app.settings.app.instanceType).toBe('PRODUCTION');
      // Members the server adds stay readable, typed unknown.
      expect(app.settings.app.extra).toBe(1);
    }
  });

  it('narrows by name, then by signOnMode when given', () => {
    const app = ApplicationSchema.parse({ ...base, name: 'google', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example.com' } } });
    expect(isApplicationOf(app, 'google', 'SAML_2_0')).toBe(true);
    expect(isApplicationOf(app, 'google', 'BROWSER_PLUGIN')).toBe(false);
    if (isApplicationOf(app, 'google', 'SAML_2_0')) {
      expectTypeOf(app.signOnMode).toEqualTypeOf<'SAML_2_0'>();
      expectTypeOf(app.settings.app.domain).toEqualTypeOf<string>();
    }
  });

  it('refuses another name, and an app without a settings.app object', () => {
    const other = ApplicationSchema.parse({ ...base, name: 'pagerduty', signOnMode: null, settings: { app: { subdomain: 'acme' } } });
    expect(isApplicationOf(other, 'salesforce')).toBe(false);
    const bare = ApplicationSchema.parse({ ...base, name: 'bookmark', signOnMode: 'BOOKMARK' });
    expect(isApplicationOf(bare, 'bookmark')).toBe(false);
    // Unknown names and null modes still parse with the general schema.
    expect(other.signOnMode).toBeNull();
  });

  it('after isKnownApplication, app.name === \'salesforce\' narrows the union by name', () => {
    const app: Application = ApplicationSchema.parse({
      ...base,
      name: 'salesforce',
      signOnMode: 'BOOKMARK',
      settings: { app: { integrationType: 'PORTAL', instanceType: 'SANDBOX' } },
    });
    expect(isKnownApplication(app)).toBe(true);
    if (isKnownApplication(app) && app.name === 'salesforce') {
      expectTypeOf(app.settings.app.integrationType).toEqualTypeOf<'STANDARD' | 'PORTAL' | 'COMMUNITY'>();
      expect(app.settings.app.integrationType).toBe('PORTAL');
    }
    if (isKnownApplication(app) && app.name === 'google') {
      expectTypeOf(app.settings.app.domain).toEqualTypeOf<string>();
    }
    const other = ApplicationSchema.parse({ ...base, name: 'pagerduty', settings: { app: {} } });
    expect(isKnownApplication(other)).toBe(false);
  });

  it('knows the typed kinds', () => {
    expect(isKnownApplicationName('oidc_client')).toBe(true);
    expect(isKnownApplicationName('pagerduty')).toBe(false);
  });
});

describe('the README example of typed answers', () => {
  it('narrows with isApplicationOf, and with isKnownApplication then name', () => {
    const app = ApplicationSchema.parse({ id: '0oa1', name: 'slack', label: 'Slack', status: 'ACTIVE', created: 'x', lastUpdated: 'x', signOnMode: 'BROWSER_PLUGIN', settings: { app: { domain: 'acme' } } });
    if (isApplicationOf(app, 'salesforce')) expectTypeOf(app.settings.app.instanceType).toEqualTypeOf<'SANDBOX' | 'PRODUCTION' | 'GOVERNMENT'>();
    let domain: string | undefined;
    if (isKnownApplication(app) && app.name === 'slack') {
      expectTypeOf(app.settings.app.domain).toEqualTypeOf<string>();
      domain = app.settings.app.domain;
    }
    expect(domain).toBe('acme');
  });
});
