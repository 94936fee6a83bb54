import { malformedBody, validationFailed } from '../../pipeline/okta-errors';
import { isObject } from '../../shared/json';
import type { AppGroupInput } from '../assignments';

/** The most operations one request may carry. */
export const MAX_PATCH_OPERATIONS = 100;
/** The longest `path` of an operation. */
const MAX_PATH = 1024;
const OPS = ['remove', 'replace'] as const;

/** What an operation may change: `/priority`, the whole `/profile`, or one `/profile/{property}`. */
type Target = { member: 'priority' } | { member: 'profile'; property?: string };

/** An RFC 6901 pointer to what a group assignment lets a patch change, or `undefined`. */
function targetOf(path: string): Target | undefined {
  if (path === '/priority') return { member: 'priority' };
  if (path === '/profile') return { member: 'profile' };
  const property = /^\/profile\/([^/]+)$/.exec(path)?.[1];
  return property === undefined ? undefined : { member: 'profile', property: property.replace(/~1/g, '/').replace(/~0/g, '~') };
}

/** Sets an own property without touching a prototype, whatever its name. */
function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Applies a JSON Patch (RFC 6902; Okta takes `replace` and `remove`) to a group assignment's
 * `priority` and `profile`, and answers what they become; the assignment itself is not touched, so a
 * refused operation changes nothing. No body is no operation. A body that is not an array is
 * `E0000003`; an operation Okta does not take, a path outside `/priority`, `/profile` and
 * `/profile/{property}` (`/profile/__proto__` included), or a `replace` without `value` is
 * `E0000001` naming it.
 */
export function applyGroupAssignmentPatch(current: { priority: number; profile?: Record<string, unknown> }, body: unknown): AppGroupInput {
  const out = { priority: current.priority, profile: structuredClone(current.profile ?? {}) };
  if (body === undefined) return out;
  if (!Array.isArray(body)) throw malformedBody('The body must be a JSON array of JSON Patch operations.');
  if (body.length > MAX_PATCH_OPERATIONS) throw validationFailed([{ path: 'body', reason: `Must hold at most ${MAX_PATCH_OPERATIONS} operations` }]);
  body.forEach((operation: unknown, i) => {
    const at = `[${i}]`;
    if (!isObject(operation)) throw validationFailed([{ path: at, reason: 'Must be a JSON Patch operation ({ "op", "path", "value" })' }]);
    const { op, path } = operation;
    if (typeof op !== 'string' || !(OPS as readonly string[]).includes(op)) throw validationFailed([{ path: `${at}.op`, reason: `Not one of the allowed values (${OPS.join(', ')})` }]);
    const target = typeof path === 'string' && path.length <= MAX_PATH ? targetOf(path) : undefined;
    if (!target) throw validationFailed([{ path: `${at}.path`, reason: 'Must be /priority, /profile or /profile/{property}' }]);
    // As a body member named so is refused: a snapshot could not hold it.
    if (target.member === 'profile' && target.property === '__proto__') throw validationFailed([{ path: `${at}.path`, reason: 'A profile property cannot be named __proto__' }]);
    if (op === 'remove') {
      if (target.member === 'priority') throw validationFailed([{ path: `${at}.path`, reason: 'The priority of a group assignment cannot be removed' }]);
      if (target.property === undefined) out.profile = {};
      else delete out.profile[target.property];
      return;
    }
    if (!('value' in operation)) throw validationFailed([{ path: `${at}.value`, reason: 'The field cannot be left blank' }]);
    const { value } = operation;
    if (target.member === 'priority') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100_000) throw validationFailed([{ path: `${at}.value`, reason: 'Must be a whole number from 0 to 100000' }]);
      out.priority = value;
    } else if (target.property === undefined) {
      if (!isObject(value)) throw validationFailed([{ path: `${at}.value`, reason: 'Must be an object of app-specific attributes' }]);
      out.profile = structuredClone(value);
    } else {
      setOwn(out.profile, target.property, structuredClone(value));
    }
  });
  return out;
}
