import type * as z from 'zod/mini';
import { RequestValidationError } from '../errors';
import { fieldIssues, PARSE_OPTIONS, type FieldIssue } from '../validation/field-issues';
import type { ListOptions } from './pagination';
import type { CallOptions } from './transport';

/**
 * Parses a call's input (parameters, a body) with `schema`, or refuses it before anything is sent
 * with a {@link RequestValidationError} that names `what` and every bad field.
 */
export function checkInput<S extends z.ZodMiniType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (!result.success) throw new RequestValidationError(what, fieldIssues(result.error));
  return result.data;
}

/** The longest resource id accepted: Okta's ids are 20 characters; this only keeps URLs bounded. */
export const MAX_ID_LENGTH = 1000;

/**
 * Refuses a resource id that cannot name one resource before anything is sent: not a string, empty
 * or blank, longer than {@link MAX_ID_LENGTH}, or `.` / `..`, which stay unescaped by
 * `encodeURIComponent` and which URL resolution turns into "this folder" and "the parent folder"
 * (`apps.delete('..')` would send `DELETE /api/v1/`).
 */
export function checkId(id: unknown, name: string): asserts id is string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new RequestValidationError(name, [
      { path: name, reason: `Must be a non-empty string (got ${id === '' ? 'an empty string' : typeof id})` },
    ]);
  }
  if (id === '.' || id === '..') {
    throw new RequestValidationError(name, [
      { path: name, reason: `Must be a resource id, not '${id}' (a path segment meaning the current or parent folder)` },
    ]);
  }
  if (id.length > MAX_ID_LENGTH) {
    throw new RequestValidationError(name, [
      { path: name, reason: `Must be at most ${MAX_ID_LENGTH} characters long (got ${id.length})` },
    ]);
  }
}

/** Refuses per-call options of the wrong type (a bad `signal` or `timeout` would otherwise fail deep in fetch). */
export function checkCallOptions(options: CallOptions | undefined): void {
  const issues = callOptionIssues(options, '{ signal, timeout }');
  if (issues.length) throw new RequestValidationError('call options', issues);
}

/** Refuses the options of a `list()` call: the per-call options, and `prefetch` when it is not a boolean. */
export function checkListOptions(options: ListOptions | undefined): void {
  const issues = callOptionIssues(options, '{ signal, timeout, prefetch }');
  if (options?.prefetch !== undefined && typeof options.prefetch !== 'boolean') {
    issues.push({ path: 'prefetch', reason: 'Must be true or false: true reads one page ahead of the walk' });
  }
  if (issues.length) throw new RequestValidationError('list options', issues);
}

/** Issues of per-call options; `shape` names the members they may have, for the message. */
function callOptionIssues(options: CallOptions | undefined, shape: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (options === undefined) return issues;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    const got = options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options;
    return [{ path: 'options', reason: `Must be an object such as ${shape}, or left out (got ${got})` }];
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    issues.push({ path: 'signal', reason: 'Must be an AbortSignal, e.g. AbortSignal.timeout(5000) or controller.signal' });
  }
  if (options.timeout !== undefined && !isTimeout(options.timeout)) {
    issues.push({ path: 'timeout', reason: 'Must be a whole number of milliseconds between 1 and 2147483647' });
  }
  return issues;
}

/** A timeout `setTimeout` can honour. */
export function isTimeout(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2_147_483_647;
}
