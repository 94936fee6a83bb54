import * as z from 'zod/mini';
import { fieldIssues, PARSE_OPTIONS, type FieldIssue } from '../validation/field-issues';
import { openEnum } from '../validation/open-enum';

const httpUrl = z
  .string()
  .check(
    z.maxLength(1000),
    z.refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Must be an absolute http(s) URL'),
  );

/** Settings of a provider that publishes its issuer and key set URL directly. */
export const IssuerAndJwksSettingsSchema = z.strictObject({
  issuer: z.string().check(z.minLength(1), z.maxLength(700)),
  jwks_url: httpUrl,
});

/** Settings of an SSF-compliant provider: the backend reads `issuer` and `jwks_uri` from its discovery document. */
export const WellKnownSettingsSchema = z.strictObject({
  well_known_url: httpUrl,
});

function requestSchema<S extends z.ZodMiniType>(settings: S) {
  return z.strictObject({
    /** The provider's name, 1 to 100 characters. */
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    /** Required: `'okta'`, the provider type of Okta's API examples and of every recorded organization (1 to 255 characters). */
    type: z.string().check(z.minLength(1), z.maxLength(255)),
    /** `{ issuer, jwks_url }`, or `{ well_known_url }` for an SSF-compliant provider. */
    settings,
  });
}

/** Said after any refusal of `type`: the field is required, and its documented value is not obvious. */
const PROVIDER_TYPE_HINT = "give 'okta', the provider type of Okta's API (any text of 1 to 255 characters is accepted)";

const IssuerAndJwksRequestSchema = requestSchema(IssuerAndJwksSettingsSchema);
const WellKnownRequestSchema = requestSchema(WellKnownSettingsSchema);

/**
 * The body to create or replace a security events provider: `name`, `type` (required: `'okta'`) and
 * `settings`, either `{ issuer, jwks_url }` or `{ well_known_url }`.
 *
 * @example
 * { name: 'Risk Engine', type: 'okta', settings: { issuer: 'https://risk.example.com', jwks_url: 'https://risk.example.com/jwks' } }
 */
export type SecurityEventsProviderInput =
  | z.input<typeof IssuerAndJwksRequestSchema>
  | z.input<typeof WellKnownRequestSchema>;

/** The result of {@link validateSecurityEventsProviderInput}. */
export type ProviderInputCheck = { ok: true; value: SecurityEventsProviderInput } | { ok: false; issues: FieldIssue[] };

/**
 * Checks a provider body. The settings variant is chosen by the presence of `well_known_url`, so
 * issues name the members of the variant the caller meant rather than a union mismatch.
 */
export function validateSecurityEventsProviderInput(input: unknown): ProviderInputCheck {
  const settings = typeof input === 'object' && input !== null ? (input as { settings?: unknown }).settings : undefined;
  const wellKnown = typeof settings === 'object' && settings !== null && 'well_known_url' in settings;
  const result = (wellKnown ? WellKnownRequestSchema : IssuerAndJwksRequestSchema).safeParse(input, PARSE_OPTIONS);
  if (result.success) return { ok: true, value: result.data };
  const issues = fieldIssues(result.error).map((issue) => (issue.path === 'type' ? { ...issue, reason: `${issue.reason}; ${PROVIDER_TYPE_HINT}` } : issue));
  return { ok: false, issues };
}

/** A security events provider as the API answers it (loose: unknown members survive). */
export const SecurityEventsProviderSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: openEnum(['ACTIVE', 'INACTIVE']),
  settings: z.looseObject({
    issuer: z.optional(z.string()),
    jwks_url: z.optional(z.string()),
    well_known_url: z.nullish(z.string()),
  }),
  _links: z.optional(z.looseObject({})),
});

/** A security events provider as the API answers it. */
export type SecurityEventsProvider = z.infer<typeof SecurityEventsProviderSchema>;

/** A list of providers. */
export const SecurityEventsProviderListSchema = z.array(SecurityEventsProviderSchema);
