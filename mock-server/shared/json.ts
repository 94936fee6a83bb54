/** A JSON object as the backend reads and writes them. */
export type Json = Record<string, unknown>;

/** Whether a value is a JSON object (not `null`, not an array). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
