import * as z from 'zod/mini';

/**
 * A safe integer: what `z.int()` accepts, as a number schema with one check, so browser bundles of
 * the client leave out zod's number-format schema and ranges. A number that is not an integer is
 * refused with "Must be an integer", anything else with "Must be a number".
 */
export function int(): z.ZodMiniNumber<number> {
  return z.number().check(z.refine(Number.isSafeInteger, 'Must be an integer'));
}
