import * as z from 'zod/mini';

/**
 * A string that is one of `values` or any other string. `string & {}` keeps the known values in
 * editor completion, where a plain `string` member would swallow them. At run time any string passes,
 * so the check is `z.string()` (a union with the enum would accept the same values at a greater cost).
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_values: T) {
  return z.string() as z.ZodMiniType<T[number] | (string & {}), string>;
}
