import type { SeedApp } from '../apps/state';
import { samlSignOn } from './saml-sign-on';

/** A dozen realistic apps of several kinds, for `--seed demo` and `createMockBackend({ seed: 'demo' })`. */
export function demoApps(): SeedApp[] {
  return [
    { name: 'bookmark', label: 'Company Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } },
    { name: 'bookmark', label: 'Expense Reports', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://expenses.example.com' } } },
    {
      name: 'oidc_client',
      label: 'Customer Portal',
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
    { signOnMode: 'SAML_2_0', label: 'Analytics Dashboard', settings: { signOn: samlSignOn('https://analytics.example.com', '/saml/acs') } },
    { name: 'google', label: 'Google Workspace', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example.com' } } },
    { name: 'office365', label: 'Microsoft 365', signOnMode: 'SAML_1_1', settings: { app: { domain: 'example.com', msftTenant: 'example' } } },
    {
      name: 'salesforce',
      label: 'Salesforce',
      signOnMode: 'SAML_2_0',
      settings: { app: { integrationType: 'STANDARD', instanceType: 'PRODUCTION' } },
    },
    { name: 'slack', label: 'Slack', signOnMode: 'SAML_2_0', settings: { app: { domain: 'example' } } },
    { name: 'zoomus', label: 'Zoom', signOnMode: 'SAML_2_0', settings: { app: { subDomain: 'example' } } },
    {
      input: {
        name: 'template_swa',
        label: 'Legacy Timesheets',
        signOnMode: 'BROWSER_PLUGIN',
        settings: {
          app: {
            url: 'https://timesheets.example.com/login',
            usernameField: '#username',
            passwordField: '#password',
            buttonField: '#login',
          },
        },
      },
      activate: false,
    },
    { name: 'okta_org2org', label: 'Partner Org', settings: { app: { baseUrl: 'https://partner.okta.com' } } },
    {
      input: {
        name: 'template_basic_auth',
        label: 'Build Server',
        signOnMode: 'BASIC_AUTH',
        settings: { app: { url: 'https://ci.example.com', authURL: 'https://ci.example.com/login' } },
      },
      activate: false,
    },
  ];
}
