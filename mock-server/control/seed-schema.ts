import { z } from 'zod';
import { SURROUNDINGS_SEED_MEMBERS } from '../apps/surroundings-schema';
import { USER_STATUSES } from '../directory/store';

/** Bounds of a seed document, so a document cannot make the backend grow without limit. */
export const SEED_LIMITS = { apps: 1_000, users: 10_000, groups: 10_000, assignments: 10_000, providers: 100, tokens: 100, keys: 20 } as const;

const id = z.string().regex(/^[0-9A-Za-z]{20}$/, 'Must be a 20-character base62 id, e.g. 00u1a2b3c4d5e6f7g8h9');
const text = (max: number) => z.string().min(1).max(max);
/** An absolute http(s) URL, as the providers API requires of `jwks_url` and `well_known_url`. */
export const httpUrl = text(1000).refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Must be an absolute http(s) URL');

/** JWK members that hold private or symmetric key material: a key set in a seed carries public keys only. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/**
 * Tokens name their key by `kid` (a token without one is refused), so a key without `kid` could never
 * verify a token: it is refused here, where the fix is, rather than each token later with `invalid_key`.
 */
const KID_REQUIRED =
  "Required: tokens name their key by kid, so a key without one verifies none; give the kid your tokens' header carries (for instance the key's RFC 7638 thumbprint, jose's calculateJwkThumbprint)";

const checkedPublicJwk = z
  .looseObject({ kty: text(10), kid: z.string({ error: KID_REQUIRED }).min(1, KID_REQUIRED).max(200) })
  .superRefine((jwk, ctx) => {
    for (const member of PRIVATE_JWK_MEMBERS) {
      if (member in jwk) ctx.addIssue({ code: 'custom', path: [member], message: 'Private key material is refused; give the public key only' });
    }
  });

/**
 * A public JWK. Its input type leaves `kty` optional, as jose's `JWK` does, so that
 * `{ ...(await exportJWK(publicKey)), kid }` can be given as it is; a key without `kty` is still
 * refused when the document is read, naming the member.
 */
const publicJwk = checkedPublicJwk as unknown as z.ZodType<
  z.output<typeof checkedPublicJwk>,
  Omit<z.input<typeof checkedPublicJwk>, 'kty'> & { kty?: string }
>;

/** A key set given inline (public keys only). */
export const InlineJwksSchema = z.strictObject({ keys: z.array(publicJwk).min(1).max(SEED_LIMITS.keys) });

const app = z
  .looseObject({ status: z.enum(['ACTIVE', 'INACTIVE']).optional(), id: id.optional() })
  .describe('A create input of POST /api/v1/apps, optionally with "status": "INACTIVE" and the "id" it takes (so that assignments can name it)');

const user = z.strictObject({
  id: id.optional(),
  login: text(100),
  email: text(100).optional(),
  firstName: text(50).optional(),
  lastName: text(50).optional(),
  status: z.enum(USER_STATUSES).optional().describe('Default ACTIVE'),
  /** More profile attributes, checked as the users API checks them. */
  profile: z.record(z.string().max(100), z.unknown()).optional().describe('More profile attributes (displayName, department, custom ones)'),
  groupIds: z.array(id).max(100).optional().describe('Groups to join, by id (groups of this document or already in the backend)'),
  password: z.string().min(1).max(256).optional().describe("Checked against Okta's default policy, then forgotten: the user is recorded as having a password, never with it"),
});

const group = z.strictObject({ id: id.optional(), name: text(255), description: z.string().max(1024).optional() });

const assignment = z.union([z.strictObject({ appId: id, userId: id }), z.strictObject({ appId: id, groupId: id })], {
  error: 'Must be {"appId", "userId"} or {"appId", "groupId"}',
});

const provider = z.union(
  [
    z.strictObject({ name: text(100), issuer: text(700), jwks: InlineJwksSchema, type: text(255).optional() }),
    z.strictObject({ name: text(100), issuer: text(700), jwks_url: httpUrl, type: text(255).optional() }),
    z.strictObject({ name: text(100), well_known_url: httpUrl, type: text(255).optional() }),
  ],
  { error: 'Must be {"name", "issuer", "jwks"}, {"name", "issuer", "jwks_url"} or {"name", "well_known_url"} (each with an optional "type", default "okta")' },
);

const scope = z.enum([
  'okta.apps.read',
  'okta.apps.manage',
  'okta.policies.read',
  'okta.schemas.read',
  'okta.schemas.manage',
  'okta.securityEventsProviders.read',
  'okta.securityEventsProviders.manage',
  'okta.logs.read',
  'okta.users.read',
  'okta.users.manage',
  'okta.groups.read',
  'okta.groups.manage',
]);

/** A token to accept: every scope unless `scopes` narrows it. */
const token = z.strictObject({
  token: z.string().regex(/^[\x21-\x7e]{1,512}$/, 'Must be 1 to 512 printable characters without spaces'),
  type: z.enum(['SSWS', 'Bearer']),
  scopes: z.array(scope).max(20).optional(),
});

/**
 * A seed document: what `POST /__appset/seed`, `backend.seed(…)`, the `seed` option and
 * `appset-mock --seed FILE` add to the state. Every member is optional.
 */
export const SeedDocumentSchema = z
  .strictObject({
    apps: z.array(app).max(SEED_LIMITS.apps).optional(),
    users: z.array(user).max(SEED_LIMITS.users).optional(),
    groups: z.array(group).max(SEED_LIMITS.groups).optional(),
    assignments: z.array(assignment).max(SEED_LIMITS.assignments).optional(),
    providers: z.array(provider).max(SEED_LIMITS.providers).optional(),
    tokens: z.array(token).max(SEED_LIMITS.tokens).optional(),
    ...SURROUNDINGS_SEED_MEMBERS,
  })
  .meta({ title: 'appset mock-server seed document', description: 'Adds apps, users, groups, assignments, providers and tokens to the reference backend.' });

/** A seed document (see {@link SeedDocumentSchema}). */
export type SeedDocument = z.input<typeof SeedDocumentSchema>;

/** The JSON Schema of the seed document, as published in the package (`appset/seed.schema.json`). */
export function seedJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(SeedDocumentSchema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
}
