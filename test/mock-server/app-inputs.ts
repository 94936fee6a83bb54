import type { CreateApplicationInput } from '../../src/index';

/** A bookmark app (a custom app keyed by `name`). */
export function bookmark(label = 'Company Wiki', url = 'https://wiki.example.com'): CreateApplicationInput {
  return { name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url } } };
}

/** A custom SAML 2.0 app: no `name`, the server generates one. `slo` sets `settings.signOn.slo.enabled`. */
export function customSaml(label = 'Analytics Dashboard', slo?: boolean): CreateApplicationInput {
  return {
    signOnMode: 'SAML_2_0',
    label,
    settings: {
      signOn: {
        ssoAcsUrl: 'https://analytics.example.com/saml/acs',
        audience: 'https://analytics.example.com',
        ...(slo === undefined ? {} : { slo: { enabled: slo, issuer: 'https://analytics.example.com', logoutUrl: 'https://analytics.example.com/slo' } }),
      },
    },
  };
}

/** A custom auto-login (SWA) app: no `name`, the server generates one. */
export function customAutoLogin(label = 'Legacy Portal'): CreateApplicationInput {
  return { signOnMode: 'AUTO_LOGIN', label, settings: { signOn: { loginUrl: 'https://legacy.example.com/login' } } };
}

/** A Google Workspace catalog app in SAML 2.0 mode. */
export function google(label = 'Google Workspace'): CreateApplicationInput {
  return { name: 'google', label, signOnMode: 'SAML_2_0', settings: { app: { domain: 'example.com' } } };
}

/** A custom OpenID Connect web app (`oidc_client`) with a client secret. */
export function oidcClient(label = 'Customer Portal'): CreateApplicationInput {
  return {
    name: 'oidc_client',
    label,
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: 'client_secret_basic' } },
    settings: { oauthClient: { application_type: 'web', grant_types: ['authorization_code'], redirect_uris: ['https://portal.example.com/cb'], response_types: ['code'] } },
  };
}
