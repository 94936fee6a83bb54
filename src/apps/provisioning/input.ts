/* The strict schemas of provisioning bodies: the reference backend enforces them; the client types its calls with them. */
import * as z from 'zod/mini';

const status = z.enum(['ENABLED', 'DISABLED']);
const toggle = z.strictObject({ status: z.optional(status) });

/** The features of an app's provisioning: to the app (`USER_PROVISIONING`) and from it (`INBOUND_PROVISIONING`). */
export const APP_FEATURE_NAMES = ['USER_PROVISIONING', 'INBOUND_PROVISIONING'] as const;

/** The name of an app feature. */
export type AppFeatureName = (typeof APP_FEATURE_NAMES)[number];

/** What `features.update` may change of `USER_PROVISIONING`: a partial update of its capabilities. */
export const UserProvisioningUpdateSchema = z.strictObject({
  create: z.optional(z.strictObject({ lifecycleCreate: z.optional(toggle) })),
  update: z.optional(
    z.strictObject({
      lifecycleDeactivate: z.optional(toggle),
      profile: z.optional(toggle),
      password: z.optional(
        z.strictObject({
          status: z.optional(status),
          seed: z.optional(z.enum(['OKTA', 'RANDOM'])),
          change: z.optional(z.enum(['CHANGE', 'KEEP_EXISTING'])),
        }),
      ),
    }),
  ),
});

const schedule = z.nullable(z.strictObject({ expression: z.string().check(z.maxLength(100)), timezone: z.string().check(z.maxLength(100)) }));

/** What `features.update` may change of `INBOUND_PROVISIONING`: a partial update of its capabilities. */
export const InboundProvisioningUpdateSchema = z.strictObject({
  importSettings: z.optional(
    z.strictObject({
      username: z.optional(
        z.strictObject({
          userNameFormat: z.optional(z.enum(['EMAIL', 'CUSTOM', 'EMAIL_PREFIX', 'AD_SAM_ACCOUNT_NAME', 'AD_UPN', 'OKTA_USER_NAME'])),
          usernameExpression: z.optional(z.string().check(z.maxLength(1024))),
        }),
      ),
      schedule: z.optional(z.strictObject({ status: z.optional(status), fullImport: z.optional(schedule), incrementalImport: z.optional(schedule) })),
    }),
  ),
  importRules: z.optional(
    z.strictObject({
      userCreateAndMatch: z.optional(
        z.strictObject({
          exactMatchCriteria: z.optional(z.enum(['EMAIL', 'USERNAME'])),
          allowPartialMatch: z.optional(z.boolean()),
          autoConfirmPartialMatch: z.optional(z.boolean()),
          autoConfirmExactMatch: z.optional(z.boolean()),
          autoConfirmNewUsers: z.optional(z.boolean()),
          autoActivateNewUsers: z.optional(z.boolean()),
        }),
      ),
    }),
  ),
});

/** The body of `features.update`: the capabilities to change (`USER_PROVISIONING` or `INBOUND_PROVISIONING` ones). */
export type AppFeatureUpdate = z.input<typeof UserProvisioningUpdateSchema> | z.input<typeof InboundProvisioningUpdateSchema>;

/**
 * The body of `connections.update`: the connection's profile (how Okta authenticates to the app)
 * and, for the Zscaler 2.0 app, its base URL. The token is write-only: no answer carries it.
 */
export const ProvisioningConnectionUpdateSchema = z.strictObject({
  baseUrl: z.optional(z.string().check(z.maxLength(1000))),
  profile: z.strictObject({
    authScheme: z.enum(['TOKEN', 'OAUTH2', 'UNKNOWN']),
    token: z.optional(z.string().check(z.maxLength(4096))),
    clientId: z.optional(z.string().check(z.maxLength(100))),
    signing: z.optional(z.strictObject({ rotationMode: z.optional(z.enum(['AUTO', 'MANUAL'])) })),
    settings: z.optional(z.strictObject({ adminUsername: z.optional(z.string().check(z.maxLength(255))), adminPassword: z.optional(z.string().check(z.maxLength(255))) })),
  }),
});

/** The body of `connections.update`. */
export type ProvisioningConnectionUpdate = z.input<typeof ProvisioningConnectionUpdateSchema>;
