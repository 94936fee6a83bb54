import * as z from 'zod/mini';

/**
 * A JSON object whose every member is checked by `value`: what `z.record(z.string(), value)` checks,
 * built on the object schema every bundle already carries, so browser bundles leave out zod's record
 * schema (about 1 KB gzipped). Not-an-object is reported as "Must be an object".
 */
export function recordOf<T extends z.core.SomeType>(value: T): z.ZodMiniObject<{}, z.core.$catchall<T>> {
  return z.catchall(z.object({}), value);
}
