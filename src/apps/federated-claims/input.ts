import * as z from 'zod/mini';

/** The body of `federatedClaims.create` and `.replace`: the claim's name and its Okta Expression Language expression (enforced by the reference backend). */
export const FederatedClaimInputSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  expression: z.string().check(z.minLength(1), z.maxLength(1024)),
});

/** The body of `federatedClaims.create` and `.replace`. */
export type FederatedClaimInput = z.input<typeof FederatedClaimInputSchema>;
