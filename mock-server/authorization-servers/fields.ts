import { validationFailed, type OktaHttpError } from '../pipeline/okta-errors';
import { isObject, type Json } from '../shared/json';

/** A refusal naming the field (`E0000001`, Okta's shape). */
export const refuse = (path: string, reason: string): OktaHttpError => validationFailed([{ path, reason }]);

/** The body as an object, or a refusal naming `what` must be given. */
export function objectBody(body: unknown, what: string): Json {
  if (!isObject(body)) throw refuse(what, `${what[0]!.toUpperCase()}${what.slice(1)} must be specified`);
  return body;
}

/** A required string of at most `max` characters. */
export function requiredText(body: Json, field: string, max: number, label = field): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw refuse(field, `${label[0]!.toUpperCase()}${label.slice(1)} must be specified`);
  if (value.length > max) throw refuse(field, `Must be at most ${max} characters`);
  return value;
}

/** An optional string of at most `max` characters (`undefined` when absent or null). */
export function optionalText(body: Json, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw refuse(field, 'Must be a string');
  if (value.length > max) throw refuse(field, `Must be at most ${max} characters`);
  return value;
}

/** One of the given values, or `fallback` when absent. */
export function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw refuse(field, `Must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** An optional boolean, or `fallback`. */
export function flag(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw refuse(field, 'Must be true or false');
  return value;
}

/** A list of strings (each at most `maxLength`, at most `maxItems`); `[]` when absent. */
export function textList(value: unknown, field: string, maxItems: number, maxLength: number): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw refuse(field, 'Must be a list of strings');
  if (value.length > maxItems) throw refuse(field, `At most ${maxItems} entries`);
  return value.map((v: unknown, i) => {
    if (typeof v !== 'string' || v === '') throw refuse(`${field}[${i}]`, 'Must be a non-empty string');
    if (v.length > maxLength) throw refuse(`${field}[${i}]`, `Must be at most ${maxLength} characters`);
    return v;
  });
}

/** An optional whole number within bounds, or `fallback`. */
export function wholeNumber(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw refuse(field, `Must be a whole number from ${min} to ${max}`);
  return value;
}

/** An optional object member (`{}` when absent). */
export function member(body: Json, field: string, path = field): Json {
  const value = body[field];
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw refuse(path, 'Must be an object');
  return value;
}
