import * as z from 'zod/mini';
import type { SignOnMode } from './application';
import {
  commonAppFields,
  credentialsFields,
  optionalFlag,
  optionalText,
  requiredText,
  settingsFields,
  type ObjectConfig,
  type ObjectFactory,
} from './common-fields';
import { oauthClientCredentials, oauthClientSettings } from './oauth-client';
import { autoLoginSignOn, customSamlSignOn } from './sign-on-settings';

/** Names of the custom app templates; each fixes its `signOnMode`. */
export const CUSTOM_APP_NAMES = [
  'bookmark',
  'template_basic_auth',
  'template_swa',
  'template_swa3field',
  'template_sps',
  'template_wsfed',
  'oidc_client',
] as const;

/** The name of a custom app template (see {@link CUSTOM_APP_NAMES}). */
export type CustomAppName = (typeof CUSTOM_APP_NAMES)[number];

/** Whether `name` is a custom app template's (see {@link CUSTOM_APP_NAMES}). */
export function isCustomAppName(name: unknown): name is CustomAppName {
  return (CUSTOM_APP_NAMES as readonly unknown[]).includes(name);
}

/** Sign-on modes of the custom apps that take no `name`: the server generates one. */
export const UNNAMED_SIGN_ON_MODES = ['SAML_2_0', 'AUTO_LOGIN'] as const;

/**
 * Builds the schema of every custom app with `object` (strict for create, loose for replace).
 * `extra` is spread into every app object; replace passes the read-only members there.
 */
export function buildCustomAppSchemas<C extends ObjectConfig, R extends z.core.$ZodLooseShape>(
  object: ObjectFactory<C>,
  extra: R,
) {
  const common = commonAppFields(object);
  const settings = settingsFields(object);
  const credentials = z.optional(object(credentialsFields(object)));
  // Custom federated apps answer with `settings.app: {}`; nothing may be set there.
  const emptyApp = z.optional(object({}));

  function named<N extends CustomAppName, M extends SignOnMode, A extends z.ZodMiniType>(
    name: N,
    signOnMode: M,
    app: A,
  ) {
    return object({
      ...extra,
      name: z.literal(name),
      label: requiredText,
      ...common,
      // Real organizations infer the mode from the template's name when it is left out.
      signOnMode: z._default(z.literal(signOnMode), signOnMode),
      credentials,
      settings: object({ ...settings, app }),
    });
  }

  function unnamed<M extends SignOnMode, S extends z.ZodMiniType>(signOnMode: M, signOn: S) {
    return object({
      ...extra,
      // The server generates the name; `name?: undefined` keeps `input.name` readable on the union.
      name: z.optional(z.literal(undefined)),
      label: requiredText,
      ...common,
      signOnMode: z.literal(signOnMode),
      credentials,
      settings: object({ ...settings, app: emptyApp, signOn }),
    });
  }

  return {
    named: {
      bookmark: named(
        'bookmark',
        'BOOKMARK',
        object({ url: requiredText, requestIntegration: optionalFlag }),
      ),
      template_basic_auth: named(
        'template_basic_auth',
        'BASIC_AUTH',
        object({ url: requiredText, authURL: requiredText, loginUrlRegex: optionalText }),
      ),
      template_swa: named(
        'template_swa',
        'BROWSER_PLUGIN',
        object({
          url: requiredText,
          usernameField: requiredText,
          passwordField: requiredText,
          buttonField: requiredText,
          loginUrlRegex: optionalText,
          redirectUrl: optionalText,
          checkbox: optionalText,
        }),
      ),
      template_swa3field: named(
        'template_swa3field',
        'BROWSER_PLUGIN',
        object({
          targetURL: requiredText,
          userNameSelector: requiredText,
          passwordSelector: requiredText,
          buttonSelector: requiredText,
          extraFieldSelector: requiredText,
          extraFieldValue: requiredText,
          loginUrlRegex: optionalText,
          redirectUrl: optionalText,
        }),
      ),
      template_sps: named(
        'template_sps',
        'SECURE_PASSWORD_STORE',
        object({
          url: requiredText,
          usernameField: requiredText,
          passwordField: requiredText,
          optionalField1: optionalText,
          optionalField1Value: optionalText,
          optionalField2: optionalText,
          optionalField2Value: optionalText,
          optionalField3: optionalText,
          optionalField3Value: optionalText,
        }),
      ),
      template_wsfed: named(
        'template_wsfed',
        'WS_FEDERATION',
        object({
          audienceRestriction: requiredText,
          groupValueFormat: z.enum(['windowsDomainQualifiedName', 'samAccountName', 'dn']),
          wReplyURL: requiredText,
          wReplyOverride: optionalFlag,
          nameIDFormat: requiredText,
          authnContextClassRef: requiredText,
          siteURL: requiredText,
          usernameAttribute: z.enum(['username', 'upn', 'upnAndUsername', 'none']),
          realm: optionalText,
          groupName: optionalText,
          groupFilter: optionalText,
          attributeStatements: optionalText,
          signatureAlgorithm: optionalText,
          digestAlgorithm: optionalText,
        }),
      ),
      oidc_client: object({
        ...extra,
        name: z.literal('oidc_client'),
        label: requiredText,
        ...common,
        signOnMode: z._default(z.literal('OPENID_CONNECT'), 'OPENID_CONNECT'),
        // Real organizations create a client without credentials (client_secret_basic, a generated id and secret).
        credentials: z.optional(object({
          ...credentialsFields(object),
          oauthClient: z.optional(oauthClientCredentials(object)),
        })),
        settings: object({ ...settings, app: emptyApp, oauthClient: oauthClientSettings(object) }),
      }),
    },
    unnamed: {
      SAML_2_0: unnamed('SAML_2_0', customSamlSignOn(object)),
      AUTO_LOGIN: unnamed('AUTO_LOGIN', autoLoginSignOn(object)),
    },
  };
}
