import { z } from 'zod';

/** What an input schema's objects do with unknown keys: refuse (create) or keep (replace). */
export type ObjectConfig = z.core.$strict | z.core.$loose;

/** `z.strictObject` or `z.looseObject`: the one switch between the create and replace schemas. */
export type ObjectFactory<C extends ObjectConfig> = <T extends z.core.$ZodLooseShape>(
  shape: T,
) => z.ZodObject<T, C>;

/** A string that must be present and not empty. */
export const requiredText = z.string().min(1);

/** An optional string the server may also return as `null`; a round trip sends that `null` back. */
export const optionalText = z.string().nullish();

/** An optional boolean the server may also return as `null`. */
export const optionalFlag = z.boolean().nullish();

/** An optional list of strings the server may also return as `null`. */
export const optionalTexts = z.array(z.string()).nullish();

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
    userNameTemplate: object({
      template: z.string(),
      // Okta documents the empty string as an allowed type.
      type: z.enum(['NONE', 'BUILT_IN', 'CUSTOM', '']),
      userSuffix: optionalText,
      suffix: optionalText,
      pushStatus: z.enum(['PUSH', 'DONT_PUSH', 'NOT_CONFIGURED']).nullish(),
    }).optional(),
    signing: object({
      kid: optionalText,
      rotationMode: optionalText,
      use: optionalText,
      lastRotated: optionalText,
      nextRotation: optionalText,
    }).optional(),
    scheme: z.enum(CREDENTIAL_SCHEMES).nullish(),
    userName: optionalText,
    password: object({ value: optionalText }).nullish(),
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
    notifications: object({
      vpn: object({
        network: object({
          connection: z.enum(['DISABLED', 'ANYWHERE', 'ON_NETWORK', 'OFF_NETWORK', 'ZONE']),
          include: optionalTexts,
          exclude: optionalTexts,
        }),
        message: optionalText,
        helpUrl: optionalText,
      }).optional(),
    }).optional(),
    manualProvisioning: optionalFlag,
    implicitAssignment: optionalFlag,
    notes: object({ admin: optionalText, enduser: optionalText }).optional(),
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
    accessibility: object({
      selfService: optionalFlag,
      errorRedirectUrl: optionalText,
      loginRedirectUrl: optionalText,
    }).optional(),
    licensing: object({ seatCount: z.number().int().min(0) }).optional(),
    visibility: object({
      autoLaunch: optionalFlag,
      autoSubmitToolbar: optionalFlag,
      hide: object({ iOS: optionalFlag, web: optionalFlag }).optional(),
      appLinks: z.record(z.string(), z.boolean()).optional(),
    }).optional(),
    features: z.array(z.string()).optional(),
    universalLogout: object({
      identityStack: optionalText,
      protocol: optionalText,
      status: optionalText,
      supportType: optionalText,
    }).optional(),
    profile: z.record(z.string(), z.unknown()).optional(),
  };
}

/**
 * Read-only members a replace body may carry because it was obtained from `get`. The server ignores
 * them; they are declared so that they are typed, never required.
 */
export const READ_ONLY_APP_FIELDS = {
  id: z.string().optional(),
  orn: z.string().optional(),
  status: z.string().optional(),
  created: z.string().optional(),
  lastUpdated: z.string().optional(),
  _links: z.record(z.string(), z.unknown()).optional(),
  _embedded: z.record(z.string(), z.unknown()).optional(),
};
