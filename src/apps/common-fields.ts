import * as z from 'zod/mini';
import { int } from '../validation/int';
import { recordOf } from '../validation/record';

/** What an input schema's objects do with unknown keys: refuse (create) or keep (replace). */
export type ObjectConfig = z.core.$strict | z.core.$loose;

/** `z.strictObject` or `z.looseObject`: the one switch between the create and replace schemas. */
export type ObjectFactory<C extends ObjectConfig> = <T extends z.core.$ZodLooseShape>(
  shape: T,
) => z.ZodMiniObject<T, C>;

/** A string that must be present and not empty. */
export const requiredText = z.string().check(z.minLength(1));

/** An optional string the server may also return as `null`; a round trip sends that `null` back. */
export const optionalText = z.nullish(z.string());

/** An optional boolean the server may also return as `null`. */
export const optionalFlag = z.nullish(z.boolean());

/** An optional list of strings the server may also return as `null`. */
export const optionalTexts = z.nullish(z.array(z.string()));

/** Credential schemes of apps whose credentials Okta vaults. */
export const CREDENTIAL_SCHEMES = [
  'ADMIN_SETS_CREDENTIALS',
  'EDIT_PASSWORD_ONLY',
  'EDIT_USERNAME_AND_PASSWORD',
  'EXTERNAL_PASSWORD_SYNC',
  'SHARED_USERNAME_AND_PASSWORD',
] as const;

/**
 * Members of `credentials` shared by every app. Apps that need more (`oauthClient`) extend this
 * shape with their own object.
 */
export function credentialsFields<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return {
    userNameTemplate: z.optional(object({
      template: z.string(),
      // Okta documents the empty string as an allowed type.
      type: z.enum(['NONE', 'BUILT_IN', 'CUSTOM', '']),
      userSuffix: optionalText,
      suffix: optionalText,
      pushStatus: z.nullish(z.enum(['PUSH', 'DONT_PUSH', 'NOT_CONFIGURED'])),
    })),
    signing: z.optional(object({
      kid: optionalText,
      rotationMode: optionalText,
      use: optionalText,
      lastRotated: optionalText,
      nextRotation: optionalText,
    })),
    scheme: z.nullish(z.enum(CREDENTIAL_SCHEMES)),
    userName: optionalText,
    password: z.nullish(object({ value: optionalText })),
    revealPassword: optionalFlag,
  };
}

/**
 * Members of `settings` shared by every app, shaped as the server returns its defaults
 * (`notifications.vpn`, `manualProvisioning`, `implicitAssignment`, `notes`). Each app adds its own
 * `app`, `signOn` or `oauthClient`.
 */
export function settingsFields<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return {
    notifications: z.optional(object({
      vpn: z.optional(object({
        network: object({
          connection: z.enum(['DISABLED', 'ANYWHERE', 'ON_NETWORK', 'OFF_NETWORK', 'ZONE']),
          include: optionalTexts,
          exclude: optionalTexts,
        }),
        message: optionalText,
        helpUrl: optionalText,
      })),
    })),
    manualProvisioning: optionalFlag,
    implicitAssignment: optionalFlag,
    notes: z.optional(object({ admin: optionalText, enduser: optionalText })),
    inlineHookId: optionalText,
    identityStoreId: optionalText,
    emOptInStatus: optionalText,
  };
}

/**
 * Optional top-level members every app accepts, with the shapes and nullability of the server's
 * responses so that a `get` followed by a `replace` sends them back unchanged.
 */
export function commonAppFields<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return {
    accessibility: z.optional(object({
      selfService: optionalFlag,
      errorRedirectUrl: optionalText,
      loginRedirectUrl: optionalText,
    })),
    licensing: z.optional(object({ seatCount: int().check(z.gte(0)) })),
    visibility: z.optional(object({
      autoLaunch: optionalFlag,
      autoSubmitToolbar: optionalFlag,
      hide: z.optional(object({ iOS: optionalFlag, web: optionalFlag })),
      appLinks: z.optional(recordOf(z.boolean())),
    })),
    features: z.optional(z.array(z.string())),
    universalLogout: z.optional(object({
      identityStack: optionalText,
      protocol: optionalText,
      status: optionalText,
      supportType: optionalText,
    })),
    profile: z.optional(recordOf(z.unknown())),
  };
}

/**
 * Read-only members a replace body may carry because it was obtained from `get`. The server ignores
 * them; they are declared so that they are typed, never required.
 */
export const READ_ONLY_APP_FIELDS = {
  id: z.optional(z.string()),
  orn: z.optional(z.string()),
  status: z.optional(z.string()),
  created: z.optional(z.string()),
  lastUpdated: z.optional(z.string()),
  _links: z.optional(recordOf(z.unknown())),
  _embedded: z.optional(recordOf(z.unknown())),
};
