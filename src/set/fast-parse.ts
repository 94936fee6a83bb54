import { isJsonObject } from '../validation/record';

// Hand checks that accept the common, valid claims and event payloads without running zod, which costs
// several microseconds per token. Each check is conservative: it answers only for input the zod schema
// certainly accepts, and then builds exactly what the schema's `safeParse` returns (a new object per
// loose object, shape keys first in shape order, then the other keys as `for…in` lists them). For
// anything else it answers `FAIL`, and the caller runs the zod schema, so every refusal and its message
// still come from zod. test/set/fast-parse.test.ts compares both on many inputs.

/** Returned by a fast check that does not vouch for its input: run the zod schema instead. */
export const FAIL: unique symbol = Symbol('fast-parse: ask zod');

type Check = (value: unknown) => unknown;

/** A loose object's output: the shape's keys present in the input, in shape order, then the other keys. */
function looseObject(shape: ReadonlyArray<readonly [key: string, check: Check, optional: boolean]>): Check {
  const keys = new Set(shape.map(([key]) => key));
  return (input) => {
    if (!isJsonObject(input)) return FAIL;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < shape.length; i++) {
      const [key, check, optional] = shape[i]!;
      if (!(key in input)) {
        if (optional) continue;
        return FAIL;
      }
      const value = check(input[key]);
      if (value === FAIL || value === undefined) return FAIL;
      out[key] = value;
    }
    for (const key in input) {
      if (keys.has(key)) continue;
      // zod leaves an undeclared `__proto__` out of its output; the decoder refuses the name anyway.
      if (key === '__proto__') return FAIL;
      const value = input[key];
      if (value === undefined) return FAIL;
      out[key] = value;
    }
    return out;
  };
}

const nonEmptyString: Check = (value) => (typeof value === 'string' && value.length > 0 ? value : FAIL);
const anyString: Check = (value) => (typeof value === 'string' ? value : FAIL);
const finiteNumber: Check = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : FAIL);
const nonNegativeInteger: Check = (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : FAIL);

function patterned(test: RegExp): Check {
  return (value) => (typeof value === 'string' && value.length > 0 && test.test(value) ? value : FAIL);
}

/** One of `values`. */
export function oneOf(values: readonly string[]): Check {
  const set: ReadonlySet<unknown> = new Set(values);
  return (value) => (set.has(value) ? value : FAIL);
}

/** The subject identifier formats checked here, with their fields; `aliases` is left to zod. */
export function subjectIdentifierCheck(patterns: { email: RegExp; e164: RegExp; acct: RegExp; did: RegExp; uri: RegExp }): Check {
  const format = (name: string, fields: ReadonlyArray<readonly [string, Check]>) =>
    looseObject([['format', (value) => (value === name ? value : FAIL), false], ...fields.map(([key, check]) => [key, check, false] as const)]);
  const byFormat = new Map<unknown, Check>([
    ['email', format('email', [['email', patterned(patterns.email)]])],
    ['iss_sub', format('iss_sub', [['iss', nonEmptyString], ['sub', nonEmptyString]])],
    ['opaque', format('opaque', [['id', nonEmptyString]])],
    ['phone_number', format('phone_number', [['phone_number', patterned(patterns.e164)]])],
    ['account', format('account', [['uri', patterned(patterns.acct)]])],
    ['did', format('did', [['url', patterned(patterns.did)]])],
    ['uri', format('uri', [['uri', patterned(patterns.uri)]])],
  ]);
  return (value) => {
    if (!isJsonObject(value)) return FAIL;
    const check = byFormat.get(value.format);
    return check === undefined ? FAIL : check(value);
  };
}

/** The `subject` of an event: user, device and tenant identifiers, at least one of them. */
export function subjectCheck(identifier: Check): Check {
  const object = looseObject([
    ['user', identifier, true],
    ['device', identifier, true],
    ['tenant', identifier, true],
  ]);
  return (value) => {
    const out = object(value);
    if (out === FAIL) return FAIL;
    const { user, device, tenant } = out as Record<string, unknown>;
    return user === undefined && device === undefined && tenant === undefined ? FAIL : out;
  };
}

/** The claims of `securityEventTokenClaimsSchema`, without `sub_id` (an `sub_id` is left to zod). */
export const claimsCheck: Check = looseObject([
  ['iss', nonEmptyString, false],
  ['jti', nonEmptyString, false],
  ['iat', nonNegativeInteger, false],
  ['aud', (value) => (typeof value === 'string' ? value : Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...(value as string[])] : FAIL), false],
  ['exp', finiteNumber, true],
  ['nbf', finiteNumber, true],
  ['sub_id', () => FAIL, true],
  ['txn', anyString, true],
  ['events', (value) => value, false],
]);

/** An event payload: `event_timestamp`, `subject`, then the event's own fields (optional ones marked). */
export function eventCheck(subject: Check, fields: ReadonlyArray<readonly [string, Check, boolean]>): Check {
  return looseObject([['event_timestamp', nonNegativeInteger, false], ['subject', subject, false], ...fields]);
}

export const optionalText: readonly [Check, boolean] = [anyString, true];
