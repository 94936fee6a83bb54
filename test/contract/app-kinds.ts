import type { CreateApplicationInput } from '../../src/index';

/** One create input for every kind of app DESIGN.md lists: each custom app, each catalog app in each of its modes. */
export const EVERY_APP_KIND: CreateApplicationInput[] = [
  { name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } },
  {
    name: 'template_basic_auth',
    label: 'Build Server',
    signOnMode: 'BASIC_AUTH',
    settings: { app: { url: 'https://ci.example.com', authURL: 'https://ci.example.com/login' } },
  },
  {
    name: 'template_swa',
    label: 'Timesheets',
    signOnMode: 'BROWSER_PLUGIN',
    settings: { app: { url: 'https://t.example.com/login', usernameField: '#u', passwordField: '#p', buttonField: '#go' } },
  },
  {
    name: 'template_swa3field',
    label: 'Bank Portal',
    signOnMode: 'BROWSER_PLUGIN',
    settings: {
      app: {
        targetURL: 'https://bank.example.com/login',
        userNameSelector: '#u',
        passwordSelector: '#p',
        buttonSelector: '#go',
        extraFieldSelector: '#branch',
        extraFieldValue: '042',
      },
    },
  },
  {
    name: 'template_sps',
    label: 'Vendor Site',
    signOnMode: 'SECURE_PASSWORD_STORE',
    settings: { app: { url: 'https://vendor.example.com/login', usernameField: '#u', passwordField: '#p' } },
  },
  {
    name: 'template_wsfed',
    label: 'SharePoint',
    signOnMode: 'WS_FEDERATION',
    settings: {
      app: {
        audienceRestriction: 'urn:sharepoint:example',
        groupValueFormat: 'dn',
        wReplyURL: 'https://sp.example.com/_trust/',
        nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
        authnContextClassRef: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
        siteURL: 'https://sp.example.com',
        usernameAttribute: 'username',
      },
    },
  },
  {
    name: 'oidc_client',
    label: 'Portal',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
    settings: {
      oauthClient: {
        grant_types: ['authorization_code', 'refresh_token'],
        redirect_uris: ['https://portal.example.com/callback'],
        response_types: ['code'],
        application_type: 'web',
      },
    },
  },
  {
    label: 'Analytics',
    signOnMode: 'SAML_2_0',
    settings: { signOn: { ssoAcsUrl: 'https://analytics.example.com/saml/acs', audience: 'https://analytics.example.com' } },
  },
  { label: 'Legacy Intranet', signOnMode: 'AUTO_LOGIN', settings: { signOn: { loginUrl: 'https://intranet.example.com/login' } } },
  { name: 'google', label: 'Google (plugin)', signOnMode: 'BROWSER_PLUGIN', settings: { app: { domain: 'example.com' } } },
  { name: 'google', label: 'Google Workspace', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example.com' } } },
  { name: 'office365', label: 'Office (plugin)', signOnMode: 'BROWSER_PLUGIN', settings: { app: { domain: 'example.com', msftTenant: 'example' } } },
  { name: 'office365', label: 'Microsoft 365', signOnMode: 'SAML_1_1', settings: { app: { domain: 'example.com', msftTenant: 'example' } } },
  { name: 'okta_org2org', label: 'Partner Org', settings: { app: { baseUrl: 'https://partner.okta.com' } } },
  { name: 'okta_org2org', label: 'Partner (SWA)', signOnMode: 'AUTO_LOGIN', settings: { app: { baseUrl: 'https://partner.okta.com' } } },
  {
    name: 'salesforce',
    label: 'Salesforce (plugin)',
    signOnMode: 'BROWSER_PLUGIN',
    settings: { app: { integrationType: 'STANDARD', instanceType: 'PRODUCTION' } },
  },
  {
    name: 'salesforce',
    label: 'Salesforce (bookmark)',
    signOnMode: 'BOOKMARK',
    settings: { app: { integrationType: 'PORTAL', instanceType: 'SANDBOX' } },
  },
  {
    name: 'salesforce',
    label: 'Salesforce',
    signOnMode: 'SAML_2_0',
    settings: { app: { integrationType: 'COMMUNITY', instanceType: 'GOVERNMENT' } },
  },
  { name: 'slack', label: 'Slack (plugin)', signOnMode: 'BROWSER_PLUGIN', settings: { app: { domain: 'example' } } },
  { name: 'slack', label: 'Slack', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example' } } },
  { name: 'zoomus', label: 'Zoom', signOnMode: 'SAML_2_0', settings: { app: { subDomain: 'example' } } },
  { name: 'zscalerbyz', label: 'Zscaler (plugin)', signOnMode: 'BROWSER_PLUGIN', settings: { app: {} } },
  { name: 'zscalerbyz', label: 'Zscaler', signOnMode: 'SAML_2_0', settings: { app: { siteDomain: 'example.com' } } },
  {
    name: 'trendmicroapexoneservice',
    label: 'Apex One',
    signOnMode: 'SAML_2_0',
    settings: { app: { baseURL: 'https://apex.example.com' } },
  },
];

/** A valid bookmark app input, the smallest app there is. */
export const BOOKMARK: CreateApplicationInput = {
  name: 'bookmark',
  label: 'Wiki',
  signOnMode: 'BOOKMARK',
  settings: { app: { url: 'https://wiki.example.com' } },
};
