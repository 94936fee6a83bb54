import { z } from 'zod';
import { BUILT_IN_CAPABILITIES } from '../capabilities';
import { ALL_SCOPES, type MockScope } from '../pipeline/auth';
import { seedMembersOf, type MembersOf } from './capabilities';

/** The scopes a seeded token may be narrowed to: every scope of the backend but the Application Grants API's. */
type SeedScope = Exclude<MockScope, 'okta.appGrants.read' | 'okta.appGrants.manage'>;
const scope = z.enum(ALL_SCOPES.filter((s): s is SeedScope => !s.startsWith('okta.appGrants.')) as [SeedScope, ...SeedScope[]]);

/** A token to accept: every scope unless `scopes` narrows it. */
const token = z.strictObject({
  token: z.string().regex(/^[\x21-\x7e]{1,512}$/, 'Must be 1 to 512 printable characters without spaces'),
  type: z.enum(['SSWS', 'Bearer']),
  scopes: z.array(scope).max(20).optional(),
});

/** The control plane's own member of the seed document: tokens to accept from then on (added last, so a refused seed adds none). */
const SEED_TOKENS = { tokens: z.array(token).max(100).optional() };

/**
 * A seed document: what `POST /__appset/seed`, `backend.seed(…)`, the `seed` option and
 * `appset-mock --seed FILE` add to the state. Every member is optional.
 */
export const SeedDocumentSchema = z
  .strictObject(seedMembersOf(BUILT_IN_CAPABILITIES, SEED_TOKENS) as MembersOf<typeof BUILT_IN_CAPABILITIES, 'seedMembers'> & typeof SEED_TOKENS)
  .meta({ title: 'appset mock-server seed document', description: 'Adds apps, users, groups, assignments, providers and tokens to the reference backend.' });

/** A seed document (see {@link SeedDocumentSchema}). */
export type SeedDocument = z.input<typeof SeedDocumentSchema>;

/** The JSON Schema of the seed document, as published in the package (`appset/seed.schema.json`). */
export function seedJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(SeedDocumentSchema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
}
