import * as z from 'zod/mini';

/**
 * The browser build's stand-in for `in-place.ts` (see scripts/browser-variants.ts): zod's own parse,
 * which builds new objects, so the reading in place (about 650 bytes gzipped) stays out of browser
 * bundles, where every page load pays for its bytes and few walk lists long enough to feel the
 * difference. Same verdicts, same errors, equal data; only the objects are zod's copies.
 */
export function parseInPlace<S extends z.ZodMiniType>(schema: S, value: unknown): z.core.util.SafeParseResult<z.output<S>> {
  return z.safeParse(schema, value);
}
