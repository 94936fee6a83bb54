import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AppGroupSchema } from '../../src/apps/app-groups';
import { AppUserSchema } from '../../src/apps/app-users';
import { ApplicationListSchema, ApplicationSchema } from '../../src/apps/application';
import { LogEventListSchema } from '../../src/logs/schemas';
import { SecurityEventsProviderListSchema } from '../../src/providers/schemas';
import { int } from '../../src/validation/int';
import { parseInPlace } from '../../src/validation/in-place';
import { parseInPlace as parseInBrowser } from '../../src/validation/in-place.browser';
import { recordOf } from '../../src/validation/record';
import { bookmarkApp } from '../support/fixtures';

// parseInPlace must give zod's verdict on every value, zod's error on every refusal, and on every
// acceptance data equal to zod's (key order aside: the value keeps the wire's order), leaving a
// refused value unchanged. The values are generated from each schema: mostly what it types, with
// members left out, wrong values in places, and unknown members (`__proto__` among them).

type Schema = z.core.$ZodType;

/** Members an object may carry beyond its shape, including names that read differently on objects. */
const extraKey = fc.constantFrom('extra', 'zzz', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'id');

/** An object with these own members, `__proto__` included (as JSON.parse makes it). */
function objectOf(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * A value of what `schema` types. Noisy values also have, at any depth, any JSON value in place of
 * a typed one (one time in eight) and members left out (one time in six).
 */
function valueOf(schema: Schema, noisy: boolean, depth = 0): fc.Arbitrary<unknown> {
  const typed = typedValueOf(schema, noisy, depth);
  return noisy ? fc.oneof({ arbitrary: typed, weight: 7 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 }) : typed;
}

function typedValueOf(schema: Schema, noisy: boolean, depth: number): fc.Arbitrary<unknown> {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (depth > 6) return fc.constant(null);
  const inner = (of: unknown) => valueOf(of as Schema, noisy, depth + 1);
  switch (def.type) {
    case 'string':
      return fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('', 'a@b.co', 'x'.repeat(30), ' padded '));
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
    case 'literal':
      return fc.constantFrom(...schema._zod.values!);
    case 'optional':
    case 'default':
      return fc.oneof(fc.constant(undefined), inner(def.innerType));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'object': {
      const shape = (def as unknown as z.core.$ZodObjectDef).shape as Record<string, Schema>;
      const members = Object.entries(shape).map(([key, member]) => {
        const present = inner(member).map((value) => [key, value] as [string, unknown]);
        return noisy ? fc.oneof({ arbitrary: present, weight: 5 }, { arbitrary: fc.constant(undefined), weight: 1 }) : present;
      });
      const extras = fc.array(fc.tuple(extraKey, fc.jsonValue({ maxDepth: 2 })), { maxLength: 2 });
      return fc.tuple(fc.tuple(...members), extras).map(([known, more]) => objectOf([...known.filter((entry) => entry !== undefined), ...more]));
    }
    case 'custom': {
      // Apps' nested members: an object or an array, checked by the custom function for their kind.
      const fn = def.fn as (value: unknown) => boolean;
      const shaped = fc.oneof(fc.constant(null), fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }));
      return noisy ? shaped : shaped.filter((value) => fn(value));
    }
    default:
      // unknown, any, and kinds read by zod alone.
      return fc.jsonValue({ maxDepth: 3 });
  }
}

/** Synthetic schemas covering each kind parseInPlace reads, and kinds it must leave to zod. */
const node: z.ZodMiniType = z.looseObject({
  name: z.string(),
  get children() {
    return z.optional(z.array(node));
  },
});
const SYNTHETIC: Record<string, Schema> = {
  'strict object': z.strictObject({ a: z.string(), b: z.optional(z.number()) }),
  'stripping object': z.object({ a: z.string(), b: z.nullish(z.boolean()) }),
  'record of booleans': recordOf(z.boolean()),
  'record of anything, nullable': z.nullable(recordOf(z.unknown())),
  'checked strings and numbers': z.looseObject({
    short: z.string().check(z.maxLength(5)),
    long: z.optional(z.string().check(z.minLength(2))),
    email: z.optional(z.email()),
    count: z.optional(int().check(z.gte(0))),
    whole: z.optional(z.int()),
  }),
  'formats': z.looseObject({ email: z.email(), whole: z.optional(z.int()) }),
  'members named like Object.prototype’s': z.looseObject({ toString: z.optional(z.unknown()), constructor: z.nullish(z.string()) }),
  'enums and literals': z.looseObject({ kind: z.enum(['A', 'B']), fixed: z.optional(z.literal(7)), nothing: z.optional(z.literal(null)) }),
  'defaults': z.looseObject({
    mode: z._default(z.nullable(z.string()), null),
    count: z._default(z.number(), 3),
    list: z._default(z.array(z.string()), []),
    nullableDefault: z.nullable(z._default(z.boolean(), true)),
  }),
  'required unknown': z.looseObject({ anything: z.unknown() }),
  'arrays with bounds': z.array(z.string()).check(z.minLength(1), z.maxLength(2)),
  'rewriting check': z.looseObject({ trimmed: z.string().check(z.trim()) }),
  'optional default': z.looseObject({ maybe: z.optional(z._default(z.string(), 'x')) }),
  'union': z.union([z.string(), z.looseObject({ a: z.number() })]),
  'recursive': node,
};

const RESPONSES: Record<string, Schema> = {
  'an application': ApplicationSchema,
  'a page of applications': ApplicationListSchema,
  'an app user': AppUserSchema,
  'an app group': AppGroupSchema,
  'a page of System Log events': LogEventListSchema,
  'a page of security events providers': SecurityEventsProviderListSchema,
  'an empty answer or an object': z.optional(z.looseObject({})),
};

/** Runs both parsers on two copies of `value` as JSON text, and asserts they agree. Returns whether the value itself came back. */
function agree(schema: Schema, value: unknown): boolean {
  const text = JSON.stringify(value);
  const copy = () => (text === undefined ? undefined : JSON.parse(text));
  const mine = copy();
  const inPlace = parseInPlace(schema as z.ZodMiniType, mine);
  const zod = z.safeParse(schema, copy());
  expect(inPlace.success).toBe(zod.success);
  if (inPlace.success && zod.success) {
    expect(isDeepStrictEqual(inPlace.data, zod.data)).toBe(true);
    return typeof mine === 'object' && mine !== null && inPlace.data === mine;
  }
  expect(inPlace.error?.issues).toEqual(zod.error?.issues);
  expect(isDeepStrictEqual(mine, copy())).toBe(true);
  return false;
}

/** Kinds read by zod alone: no value of theirs is ever the data itself. */
const ZOD_ONLY = new Set([
  'strict object',
  'stripping object',
  'record of booleans',
  'checked strings and numbers',
  'formats',
  'members named like Object.prototype’s',
  'enums and literals',
  'arrays with bounds',
  'rewriting check',
  'optional default',
  'union',
]);

describe('parseInPlace gives zod’s answer', () => {
  for (const [name, schema] of Object.entries({ ...RESPONSES, ...SYNTHETIC })) {
    it(`for ${name}: the same verdict, the same error, equal data`, () => {
      let vouched = 0;
      let accepted = 0;
      let refused = 0;
      fc.assert(
        fc.property(fc.oneof(valueOf(schema, false), valueOf(schema, true)), (value) => {
          if (agree(schema, value)) vouched++;
          if (z.safeParse(schema, value === undefined ? undefined : JSON.parse(JSON.stringify(value))).success) accepted++;
          else refused++;
        }),
        { seed: 25, numRuns: 400 },
      );
      // The generated values reach both answers, so neither side of the property is empty, and the
      // accepted ones are read in place (or, for the kinds zod alone reads, never).
      expect(accepted).toBeGreaterThan(20);
      expect(refused).toBeGreaterThan(20);
      if (ZOD_ONLY.has(name)) expect(vouched).toBe(0);
      else expect(vouched).toBeGreaterThan(20);
    });
  }
});

describe('parseInPlace on values JSON cannot hold', () => {
  it('answers as zod for numbers that are not finite and members that are undefined', () => {
    const schema = z.looseObject({ n: z.number(), s: z.optional(z.string()), d: z._default(z.string(), 'x') });
    for (const value of [{ n: Infinity }, { n: Number.NaN }, { n: 1, s: undefined }, { n: 1, d: undefined }, { n: undefined }]) {
      const inPlace = parseInPlace(schema, { ...value });
      const zod = schema.safeParse({ ...value });
      expect(inPlace.success).toBe(zod.success);
      expect(inPlace.data).toEqual(zod.data);
    }
  });
});

describe('parseInPlace and a custom check that answers asynchronously', () => {
  it('leaves it to zod, whose synchronous parse throws on it', () => {
    const schema = z.looseObject({ member: z.custom(async () => true) });
    expect(() => schema.safeParse({ member: {} })).toThrow();
    expect(() => parseInPlace(schema, { member: {} })).toThrow();
  });
});

describe('parseInPlace reads where it lies', () => {
  const page = () => JSON.parse(JSON.stringify([bookmarkApp('0oa00000000000000001'), bookmarkApp('0oa00000000000000002')]));

  it('returns a valid page itself, each item the parsed object with its unknown members', () => {
    const body = page();
    body[1].futureMember = { nested: [1, 2] };
    const result = parseInPlace(ApplicationListSchema, body);
    expect(result.success && result.data).toBe(body);
    expect(result.data![1]).toBe(body[1]);
    expect(result.data![1]).toMatchObject({ futureMember: { nested: [1, 2] } });
  });

  it('fills in an absent signOnMode with null, as the schema’s default says', () => {
    const body = page();
    delete body[0].signOnMode;
    const result = parseInPlace(ApplicationListSchema, body);
    expect(result.success && result.data[0]).toBe(body[0]);
    expect(body[0].signOnMode).toBeNull();
  });

  it('leaves a refused page as it was: a default of one item is not filled in when a later item is wrong', () => {
    const body = page();
    delete body[0].signOnMode;
    body[1].status = 7;
    const result = parseInPlace(ApplicationListSchema, body);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual([1, 'status']);
    expect('signOnMode' in body[0]).toBe(false);
  });

  it('hands a page with an item it does not vouch for to zod, whose output leaves out an own __proto__ member', () => {
    const body = JSON.parse(`[${JSON.stringify(bookmarkApp('0oa00000000000000001')).replace(/^\{/, '{"__proto__":{"polluted":true},')}]`);
    const result = parseInPlace(ApplicationListSchema, body);
    expect(result.success).toBe(true);
    expect(result.data).not.toBe(body);
    expect(Object.hasOwn(result.data![0]!, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(result.data![0])).toBe(Object.prototype);
  });
});

describe('the browser build’s parseInPlace', () => {
  it('is zod’s parse: the same data, in objects of its own', () => {
    const body = [bookmarkApp('0oa00000000000000001', { futureMember: [1] })];
    const result = parseInBrowser(ApplicationListSchema, body);
    expect(result.success && result.data).toEqual(body);
    expect(result.data).not.toBe(body);
    expect(parseInBrowser(ApplicationListSchema, [{ id: 1 }]).error?.issues).toEqual(ApplicationListSchema.safeParse([{ id: 1 }]).error?.issues);
  });
});
