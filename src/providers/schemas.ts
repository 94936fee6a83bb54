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
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    type: z.string().check(z.minLength(1), z.maxLength(255)),
    settings,
  });
}

const IssuerAndJwksRequestSchema = requestSchema(IssuerAndJwksSettingsSchema);
const WellKnownRequestSchema = requestSchema(WellKnownSettingsSchema);

/**
 * The body to create or replace a security events provider: `settings` is either
 * `{ issuer, jwks_url }` or `{ well_known_url }`.
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
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: fieldIssues(result.error) };
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
