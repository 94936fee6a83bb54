import { describe, expectTypeOf, it } from 'vitest';
import type { Application, SignOnMode } from '../../src/apps/application';
import type {
  CatalogAppSettings,
  CreateApplicationInput,
  ReplaceApplicationInput,
} from '../../src/apps/create-input';

// Stand-ins for the client's calls: these tests are about what compiles, nothing runs.
declare function create(input: CreateApplicationInput): Promise<Application>;
declare function get(appId: string): Promise<Application>;
declare function replace(appId: string, input: ReplaceApplicationInput): Promise<Application>;

describe('CreateApplicationInput', () => {
  it('accepts a catalog app in a sign-on mode it supports', () => {
    expectTypeOf({
      name: 'zoomus',
      label: 'Zoom',
      signOnMode: 'SAML_2_0',
      settings: { app: { subDomain: 'acme' } },
    } as const).toExtend<CreateApplicationInput>();
  });

  it('accepts the minimal bodies the refusals below start from', () => {
    const bodies: CreateApplicationInput[] = [
      {
        name: 'salesforce',
        label: 'Salesforce',
        signOnMode: 'SAML_2_0',
        settings: { app: { integrationType: 'STANDARD', instanceType: 'SANDBOX' } },
      },
      {
        name: 'bookmark',
        label: 'Intranet',
        signOnMode: 'BOOKMARK',
        settings: { app: { url: 'https://intranet.example.com' } },
      },
      {
        name: 'oidc_client',
        label: 'Portal',
        signOnMode: 'OPENID_CONNECT',
        credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
        settings: { oauthClient: { grant_types: ['authorization_code'] } },
      },
    ];
    expectTypeOf(bodies).toEqualTypeOf<CreateApplicationInput[]>();
  });

  it('refuses a catalog app in a sign-on mode it does not support', () => {
    // @ts-expect-error zoomus only supports SAML_2_0
    const input: CreateApplicationInput = {
      name: 'zoomus',
      label: 'Zoom',
      signOnMode: 'BROWSER_PLUGIN',
      settings: { app: { subDomain: 'acme' } },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('refuses salesforce without instanceType', () => {
    const input: CreateApplicationInput = {
      name: 'salesforce',
      label: 'Salesforce',
      signOnMode: 'SAML_2_0',
      // @ts-expect-error instanceType is required
      settings: { app: { integrationType: 'STANDARD' } },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('refuses salesforce with an integrationType outside its enum', () => {
    const input: CreateApplicationInput = {
      name: 'salesforce',
      label: 'Salesforce',
      signOnMode: 'BOOKMARK',
      // @ts-expect-error integrationType is STANDARD, PORTAL or COMMUNITY
      settings: { app: { integrationType: 'PARTNER', instanceType: 'SANDBOX' } },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('refuses a bookmark without settings.app.url', () => {
    const input: CreateApplicationInput = {
      name: 'bookmark',
      label: 'Intranet',
      signOnMode: 'BOOKMARK',
      // @ts-expect-error url is required
      settings: { app: { requestIntegration: false } },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('refuses an oidc_client without grant_types', () => {
    const input: CreateApplicationInput = {
      name: 'oidc_client',
      label: 'Portal',
      signOnMode: 'OPENID_CONNECT',
      credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
      // @ts-expect-error grant_types is required
      settings: { oauthClient: { redirect_uris: ['https://portal.example.com/callback'] } },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('refuses a misspelt top-level member', () => {
    const input: CreateApplicationInput = {
      name: 'bookmark',
      // @ts-expect-error `lable` is not a member
      lable: 'Intranet',
      signOnMode: 'BOOKMARK',
      settings: { app: { url: 'https://intranet.example.com' } },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('accepts an unnamed custom SAML 2.0 app without a name', () => {
    const input: CreateApplicationInput = {
      label: 'Expenses',
      signOnMode: 'SAML_2_0',
      settings: {
        signOn: { ssoAcsUrl: 'https://expenses.example.com/acs', audience: 'expenses' },
      },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('accepts okta_org2org without a signOnMode, which defaults to SAML_2_0', () => {
    const input: CreateApplicationInput = {
      name: 'okta_org2org',
      label: 'Partner org',
      settings: { app: { baseUrl: 'https://partner.okta.com' } },
    };
    expectTypeOf(input).toExtend<CreateApplicationInput>();
  });

  it('narrows settings.app to the catalog app named', () => {
    const check = (input: CreateApplicationInput) => {
      if (input.name === 'salesforce') {
        expectTypeOf(input.settings.app).toEqualTypeOf<CatalogAppSettings['salesforce']>();
        expectTypeOf(input.settings.app.instanceType).toEqualTypeOf<
          'SANDBOX' | 'PRODUCTION' | 'GOVERNMENT'
        >();
        expectTypeOf(input.signOnMode).toEqualTypeOf<'BROWSER_PLUGIN' | 'BOOKMARK' | 'SAML_2_0'>();
      }
      if (input.name === 'template_swa') {
        expectTypeOf(input.settings.app.buttonField).toEqualTypeOf<string>();
        // Optional: real organizations infer a template's mode from its name.
        expectTypeOf(input.signOnMode).toEqualTypeOf<'BROWSER_PLUGIN' | undefined>();
      }
    };
    expectTypeOf(check).toBeFunction();
  });

  it('types each catalog app settings.app with its own members', () => {
    expectTypeOf<CatalogAppSettings['zoomus']>().toEqualTypeOf<{ subDomain: string }>();
    expectTypeOf<CatalogAppSettings['office365']>().toEqualTypeOf<{
      domain: string;
      msftTenant: string;
      domains?: string[] | null | undefined;
      requireAdminConsent?: boolean | null | undefined;
      windowsTransportEnabled?: boolean | null | undefined;
      wsFedConfigureType?: string | null | undefined;
    }>();
  });
});

describe('ReplaceApplicationInput', () => {
  it('accepts an app as get returned it, edited', async () => {
    const send = async (appId: string) => replace(appId, { ...(await get(appId)), label: 'x' });
    expectTypeOf(send).returns.resolves.toEqualTypeOf<Application>();
  });

  it('accepts a known app body carrying members the SDK does not know', () => {
    expectTypeOf({
      name: 'bookmark',
      label: 'Intranet',
      signOnMode: 'BOOKMARK',
      settings: { app: { url: 'https://intranet.example.com', addedByOrg: 1 } },
      addedByOrg: true,
    } as const).toExtend<ReplaceApplicationInput>();
  });

  it('accepts a hand-written body with every required setting', () => {
    const input: ReplaceApplicationInput = {
      name: 'zoomus',
      label: 'Zoom',
      signOnMode: 'SAML_2_0',
      settings: { app: { subDomain: 'acme' } },
    };
    expectTypeOf(input).toExtend<ReplaceApplicationInput>();
  });

  it('refuses a hand-written body missing a required setting', () => {
    // @ts-expect-error subDomain is required
    const input: ReplaceApplicationInput = {
      name: 'zoomus',
      label: 'Zoom',
      signOnMode: 'SAML_2_0',
      settings: { app: {} },
    };
    expectTypeOf(input).toExtend<ReplaceApplicationInput>();
  });
});

describe('Application', () => {
  it('types signOnMode as a known mode, any other string, or null', () => {
    expectTypeOf<null>().toExtend<Application['signOnMode']>();
    expectTypeOf<'SOMETHING_NEW'>().toExtend<Application['signOnMode']>();
    expectTypeOf<SignOnMode>().toExtend<Application['signOnMode']>();
    expectTypeOf<Application['signOnMode']>().not.toEqualTypeOf<string | null>();
  });

  it('can be passed to create only after it is narrowed to a known shape', () => {
    const resend = (app: Application) =>
      // @ts-expect-error a fetched app's signOnMode may be null or unknown
      create(app);
    expectTypeOf(resend).toBeFunction();
  });
});
