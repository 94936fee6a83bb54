import * as z from 'zod/mini';

/** Whether `value` is a JSON object: an object that is neither `null` nor an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON object whose every member is checked by `value`: what `z.record(z.string(), value)` checks,
 * built on the object schema every bundle already carries, so browser bundles leave out zod's record
 * schema (about 1 KB gzipped). Not-an-object is reported as "Must be an object".
 */
export function recordOf<T extends z.core.SomeType>(value: T): z.ZodMiniObject<{}, z.core.$catchall<T>> {
  return z.catchall(z.object({}), value);
}
