import { z } from 'zod';

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
 * A string that is one of `values` or any other string. `string & {}` keeps the known values in
 * editor completion, where a plain `string` member would swallow them.
 */
function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string() as z.ZodType<string & {}, string>]);
}

/**
 * A nested member of a response: typed from `schema`, but checked at run time only for its kind
 * (an object, or an array with `array: true`; null or absent allowed). Organizations vary in what they
 * nest, and one odd member of one app must not make a whole list call fail; it also keeps parsing a
 * 200-app page cheap. The envelope (id, name, label, status, timestamps, signOnMode) is checked fully.
 */
function member<S extends z.ZodType>(_schema: S, kind: 'object' | 'array' = 'object') {
  return z.custom<z.output<S>>((value) =>
    value === undefined || value === null || (kind === 'array' ? Array.isArray(value) : typeof value === 'object' && !Array.isArray(value)),
    kind === 'array' ? 'Must be an array' : 'Must be an object',
  );
}

const text = z.string().nullish();
const flag = z.boolean().nullish();
const texts = z.array(z.string()).nullish();

const hrefObject = z.looseObject({ href: z.string().optional() });

const links = z.looseObject({
  activate: hrefObject.optional(),
  deactivate: hrefObject.optional(),
  users: hrefObject.optional(),
  groups: hrefObject.optional(),
  logo: z.array(hrefObject).optional(),
  appLinks: z.array(hrefObject).optional(),
  uploadLogo: hrefObject.optional(),
  help: hrefObject.optional(),
  metadata: hrefObject.optional(),
  accessPolicy: hrefObject.optional(),
});

const credentials = z.looseObject({
  userNameTemplate: z
    .looseObject({ template: text, type: text, userSuffix: text, pushStatus: text })
    .optional(),
  signing: z.looseObject({ kid: text }).optional(),
  scheme: text,
  userName: text,
  revealPassword: flag,
  oauthClient: z
    .looseObject({
      client_id: text,
      client_secret: text,
      token_endpoint_auth_method: text,
      autoKeyRotation: flag,
      pkce_required: flag,
    })
    .optional(),
});

const settings = z.looseObject({
  app: z.looseObject({}).nullish(),
  notifications: z
    .looseObject({
      vpn: z
        .looseObject({
          network: z.looseObject({ connection: text, include: texts, exclude: texts }).optional(),
          message: text,
          helpUrl: text,
        })
        .optional(),
    })
    .optional(),
  manualProvisioning: flag,
  implicitAssignment: flag,
  notes: z.looseObject({ admin: text, enduser: text }).optional(),
  signOn: z.looseObject({}).nullish(),
  oauthClient: z
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
    })
    .nullish(),
});

/**
 * An application instance as the server returns it. Objects are loose, so fields this SDK does not
 * know survive parsing, and every member that real organizations were seen to omit or null is
 * optional: parsing a plausible response never throws. Nested members are typed by their schemas and
 * checked only for their kind (see `member`). Keys are declared in the wire's order.
 */
export const ApplicationSchema = z.looseObject({
  id: z.string(),
  orn: z.string().optional(),
  name: z.string(),
  label: z.string(),
  status: openEnum(APPLICATION_STATUSES),
  lastUpdated: z.string(),
  created: z.string(),
  accessibility: member(z.looseObject({ selfService: flag, errorRedirectUrl: text, loginRedirectUrl: text })).optional(),
  licensing: member(z.looseObject({ seatCount: z.number().nullish() })).optional(),
  visibility: member(
    z.looseObject({
      autoLaunch: flag,
      autoSubmitToolbar: flag,
      hide: z.looseObject({ iOS: flag, web: flag }).optional(),
      appLinks: z.record(z.string(), z.boolean()).optional(),
    }),
  ).optional(),
  features: member(z.array(z.string()), 'array').optional(),
  // Real responses carry `null` and modes newer than the enum; an absent mode reads as `null`.
  signOnMode: openEnum(SIGN_ON_MODES).nullable().default(null),
  credentials: member(credentials).optional(),
  universalLogout: member(
    z.looseObject({ identityStack: text, protocol: text, status: text, supportType: text }),
  ).optional(),
  settings: member(settings).optional(),
  profile: member(z.record(z.string(), z.unknown())).optional(),
  _links: member(links).optional(),
  _embedded: member(z.looseObject({ user: z.looseObject({}).optional() })).optional(),
});

/** An application instance as the server returns it (see {@link ApplicationSchema}). */
export type Application = z.infer<typeof ApplicationSchema>;

/** The body of `GET /api/v1/apps`: one page of application instances. */
export const ApplicationListSchema = z.array(ApplicationSchema);
