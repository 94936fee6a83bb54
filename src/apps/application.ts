import * as z from 'zod/mini';
import { openEnum } from '../validation/open-enum';
import { recordOf } from '../validation/record';

/** Every `signOnMode` the Applications API documents. */
export const SIGN_ON_MODES = [
  'AUTO_LOGIN',
  'BASIC_AUTH',
  'BOOKMARK',
  'BROWSER_PLUGIN',
  'OPENID_CONNECT',
  'SAML_1_1',
  'SAML_2_0',
  'SECURE_PASSWORD_STORE',
  'WS_FEDERATION',
] as const;

/** A documented sign-on mode (see {@link SIGN_ON_MODES}). */
export type SignOnMode = (typeof SIGN_ON_MODES)[number];

/** Every lifecycle status of an app instance. `DELETED` exists in the enum and is never listed. */
export const APPLICATION_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED'] as const;

/** A documented lifecycle status (see {@link APPLICATION_STATUSES}). */
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * A nested member of a response: typed from the schema `S` (one of {@link NestedSchemas}), but checked at run time only for its kind
 * (an object, or an array with `kind` `'array'`; null or absent allowed). Organizations vary in what they
 * nest, and one odd member of one app must not make a whole list call fail; it also keeps parsing a
 * 200-app page cheap. The envelope (id, name, label, status, timestamps, signOnMode) is checked fully.
 */
function member<S extends z.ZodMiniType>(kind: 'object' | 'array' = 'object') {
  return z.custom<z.output<S>>((value) =>
    value === undefined || value === null || (kind === 'array' ? Array.isArray(value) : typeof value === 'object' && !Array.isArray(value)),
    kind === 'array' ? 'Must be an array' : 'Must be an object',
  );
}

/**
 * The schemas the nested members of {@link ApplicationSchema} are typed by. Types only: the function is
 * never called, so these schemas are never built and stay out of bundles (`member` checks only a
 * member's kind at run time).
 */
function nestedSchemas() {
  const text = z.nullish(z.string());
  const flag = z.nullish(z.boolean());
  const texts = z.nullish(z.array(z.string()));

  const hrefObject = z.looseObject({ href: z.optional(z.string()) });

  const links = z.looseObject({
    activate: z.optional(hrefObject),
    deactivate: z.optional(hrefObject),
    users: z.optional(hrefObject),
    groups: z.optional(hrefObject),
    logo: z.optional(z.array(hrefObject)),
    appLinks: z.optional(z.array(hrefObject)),
    uploadLogo: z.optional(hrefObject),
    help: z.optional(hrefObject),
    metadata: z.optional(hrefObject),
    accessPolicy: z.optional(hrefObject),
  });

  const credentials = z.looseObject({
    userNameTemplate: z.optional(z
      .looseObject({ template: text, type: text, userSuffix: text, pushStatus: text })),
    signing: z.optional(z.looseObject({ kid: text })),
    scheme: text,
    userName: text,
    revealPassword: flag,
    oauthClient: z.optional(z
      .looseObject({
        client_id: text,
        client_secret: text,
        token_endpoint_auth_method: text,
        autoKeyRotation: flag,
        pkce_required: flag,
      })),
  });

  const settings = z.looseObject({
    app: z.nullish(z.looseObject({})),
    notifications: z.optional(z
      .looseObject({
        vpn: z.optional(z
          .looseObject({
            network: z.optional(z.looseObject({ connection: text, include: texts, exclude: texts })),
            message: text,
            helpUrl: text,
          })),
      })),
    manualProvisioning: flag,
    implicitAssignment: flag,
    notes: z.optional(z.looseObject({ admin: text, enduser: text })),
    signOn: z.nullish(z.looseObject({})),
    oauthClient: z.nullish(z
      .looseObject({
        application_type: text,
        grant_types: texts,
        response_types: texts,
        redirect_uris: texts,
        post_logout_redirect_uris: texts,
        initiate_login_uri: text,
        client_uri: text,
        logo_uri: text,
        consent_method: text,
      })),
  });

  return {
    accessibility: z.looseObject({ selfService: flag, errorRedirectUrl: text, loginRedirectUrl: text }),
    licensing: z.looseObject({ seatCount: z.nullish(z.number()) }),
    visibility: z.looseObject({
      autoLaunch: flag,
      autoSubmitToolbar: flag,
      hide: z.optional(z.looseObject({ iOS: flag, web: flag })),
      appLinks: z.optional(recordOf(z.boolean())),
    }),
    features: z.array(z.string()),
    credentials,
    universalLogout: z.looseObject({ identityStack: text, protocol: text, status: text, supportType: text }),
    settings,
    profile: recordOf(z.unknown()),
    _links: links,
    _embedded: z.looseObject({ user: z.optional(z.looseObject({})) }),
  };
}

type NestedSchemas = ReturnType<typeof nestedSchemas>;

/**
 * An application instance as the server returns it. Objects are loose, so fields this SDK does not
 * know survive parsing, and every member that real organizations were seen to omit or null is
 * optional: parsing a plausible response never throws. Nested members are typed by their schemas and
 * checked only for their kind (see `member`). Keys are declared in the wire's order.
 */
export const ApplicationSchema = z.looseObject({
  id: z.string(),
  orn: z.optional(z.string()),
  name: z.string(),
  label: z.string(),
  status: openEnum(APPLICATION_STATUSES),
  lastUpdated: z.string(),
  created: z.string(),
  accessibility: z.optional(member<NestedSchemas['accessibility']>()),
  licensing: z.optional(member<NestedSchemas['licensing']>()),
  visibility: z.optional(member<NestedSchemas['visibility']>()),
  features: z.optional(member<NestedSchemas['features']>('array')),
  // Real responses carry `null` and modes newer than the enum; an absent mode reads as `null`.
  signOnMode: z._default(z.nullable(openEnum(SIGN_ON_MODES)), null),
  credentials: z.optional(member<NestedSchemas['credentials']>()),
  universalLogout: z.optional(member<NestedSchemas['universalLogout']>()),
  settings: z.optional(member<NestedSchemas['settings']>()),
  profile: z.optional(member<NestedSchemas['profile']>()),
  _links: z.optional(member<NestedSchemas['_links']>()),
  _embedded: z.optional(member<NestedSchemas['_embedded']>()),
});

/** An application instance as the server returns it (see {@link ApplicationSchema}). */
export type Application = z.infer<typeof ApplicationSchema>;

/** The body of `GET /api/v1/apps`: one page of application instances. */
export const ApplicationListSchema = z.array(ApplicationSchema);
