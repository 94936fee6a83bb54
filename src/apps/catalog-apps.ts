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
import { catalogSaml11SignOn, catalogSaml20SignOn } from './sign-on-settings';

/** Names of the catalog (OIN) apps this SDK knows; each needs `name`, `label`, `settings.app`. */
export const CATALOG_APP_NAMES = [
  'google',
  'office365',
  'okta_org2org',
  'salesforce',
  'slack',
  'zoomus',
  'zscalerbyz',
  'trendmicroapexoneservice',
] as const;

/** The name of a known catalog app (see {@link CATALOG_APP_NAMES}). */
export type CatalogAppName = (typeof CATALOG_APP_NAMES)[number];

/** Whether `name` is a known catalog app's (see {@link CATALOG_APP_NAMES}). */
export function isCatalogAppName(name: unknown): name is CatalogAppName {
  return (CATALOG_APP_NAMES as readonly unknown[]).includes(name);
}

/** Catalog apps whose `signOnMode` may be omitted, with the mode the server then uses. */
export const CATALOG_DEFAULT_SIGN_ON_MODES: Partial<Record<CatalogAppName, SignOnMode>> = {
  okta_org2org: 'SAML_2_0',
};

/**
 * Builds, for every catalog app, one schema per supported `signOnMode` (`variants`), with `object`
 * (strict for create, loose for replace). `extra` is spread into every app object; replace passes the
 * read-only members there. Validation picks the variant by mode.
 */
export function buildCatalogAppSchemas<C extends ObjectConfig, R extends z.core.$ZodLooseShape>(
  object: ObjectFactory<C>,
  extra: R,
) {
  const common = commonAppFields(object);
  const settings = settingsFields(object);
  const credentials = z.optional(object(credentialsFields(object)));
  const saml20 = z.optional(catalogSaml20SignOn(object));
  const saml11 = z.optional(catalogSaml11SignOn(object));

  /** The variants of one catalog app share everything but `signOnMode` and `settings.signOn`. */
  function catalogApp<N extends string, A extends z.ZodMiniType>(name: N, app: A) {
    const base = { ...extra, name: z.literal(name), label: requiredText, ...common };
    return {
      plain: <M extends z.ZodMiniType>(signOnMode: M) =>
        object({ ...base, signOnMode, credentials, settings: object({ ...settings, app }) }),
      federated: <M extends z.ZodMiniType, S extends z.ZodMiniType>(signOnMode: M, signOn: S) =>
        object({
          ...base,
          signOnMode,
          credentials,
          settings: object({ ...settings, app, signOn }),
        }),
    };
  }

  const google = catalogApp('google', object({ domain: requiredText, rpId: optionalText, afwOnly: optionalFlag }));
  const office365 = catalogApp(
    'office365',
    object({
      domain: requiredText,
      msftTenant: requiredText,
      domains: z.nullish(z.array(z.string())),
      requireAdminConsent: optionalFlag,
      windowsTransportEnabled: optionalFlag,
      wsFedConfigureType: optionalText,
    }),
  );
  const org2org = catalogApp(
    'okta_org2org',
    object({
      baseUrl: requiredText,
      acsUrl: optionalText,
      audRestriction: optionalText,
      creationState: optionalText,
      preferUsernameOverEmail: optionalFlag,
      token: optionalText,
      tokenEncrypted: optionalText,
    }),
  );
  const salesforce = catalogApp(
    'salesforce',
    object({
      integrationType: z.enum(['STANDARD', 'PORTAL', 'COMMUNITY']),
      instanceType: z.enum(['SANDBOX', 'PRODUCTION', 'GOVERNMENT']),
      loginUrl: optionalText,
      logoutUrl: optionalText,
    }),
  );
  const slack = catalogApp('slack', object({ domain: requiredText, userEmailValue: optionalText }));
  const zoomus = catalogApp('zoomus', object({ subDomain: requiredText }));
  const zscalerbyz = catalogApp('zscalerbyz', object({ siteDomain: optionalText }));
  const trendmicro = catalogApp('trendmicroapexoneservice', object({ baseURL: requiredText }));

  const variants = {
    google: {
      BROWSER_PLUGIN: google.plain(z.literal('BROWSER_PLUGIN')),
      SAML_2_0: google.federated(z.literal('SAML_2_0'), saml20),
    },
    office365: {
      BROWSER_PLUGIN: office365.plain(z.literal('BROWSER_PLUGIN')),
      SAML_1_1: office365.federated(z.literal('SAML_1_1'), saml11),
      // Real organizations accept AUTO_LOGIN and store the app as BROWSER_PLUGIN.
      AUTO_LOGIN: office365.plain(z.literal('AUTO_LOGIN')),
    },
    okta_org2org: {
      // SAML_2_0 is the default: the parsed value always carries it.
      SAML_2_0: org2org.federated(z._default(z.literal('SAML_2_0'), 'SAML_2_0'), saml20),
      AUTO_LOGIN: org2org.plain(z.literal('AUTO_LOGIN')),
    },
    salesforce: {
      BROWSER_PLUGIN: salesforce.plain(z.literal('BROWSER_PLUGIN')),
      BOOKMARK: salesforce.plain(z.literal('BOOKMARK')),
      SAML_2_0: salesforce.federated(z.literal('SAML_2_0'), saml20),
    },
    slack: {
      BROWSER_PLUGIN: slack.plain(z.literal('BROWSER_PLUGIN')),
      SAML_2_0: slack.federated(z.literal('SAML_2_0'), saml20),
    },
    zoomus: {
      SAML_2_0: zoomus.federated(z.literal('SAML_2_0'), saml20),
    },
    zscalerbyz: {
      BROWSER_PLUGIN: zscalerbyz.plain(z.literal('BROWSER_PLUGIN')),
      SAML_2_0: zscalerbyz.federated(z.literal('SAML_2_0'), saml20),
    },
    trendmicroapexoneservice: {
      SAML_2_0: trendmicro.federated(z.literal('SAML_2_0'), saml20),
    },
  };

  return { variants };
}
