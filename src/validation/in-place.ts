import * as z from 'zod/mini';
import { isJsonObject } from './record';

// zod's parse builds a new object for every object it checks, which costs a list walk more than the
// JSON.parse before it. A JSON value the client has just parsed is its own to give away, so here the
// schema's verdict is reached by reading the value where it lies, and the value itself is the data.
// Only a subset of schemas is read this way (types, wrappers and checks that never change a value);
// wherever the subset ends, or the value is not one this reading vouches for, zod parses: every
// refusal, and every value this reading is unsure of, is still zod's. test/validation/in-place.test.ts
// holds both to the same verdict and the same data on generated values, for every response schema.

/** A change that makes the value what zod's parse returns (a default filled in, zod's own output for an item). */
type Write = [target: Record<string, unknown> | unknown[], key: string | number, value: unknown];

/** Whether this reading vouches for `value`; it notes the writes that make `value` zod's output. */
type Check = (value: unknown, writes: Write[]) => boolean;

/** A compiled schema: its check, and what an object member it types becomes when absent. */
interface Node {
  check: Check;
  /** `false`: absence is refused (or left to zod); `true`: absence is kept; a function: gives the default filled in. */
  absent: boolean | (() => unknown);
}

const ASK_ZOD: Node = { check: () => false, absent: false };

/** Checks that only judge a value (none rewrites it, as `z.trim()` would). */
const JUDGING_CHECKS = new Set([
  'custom',
  'min_length',
  'max_length',
  'length_equals',
  'greater_than',
  'less_than',
  'multiple_of',
  'string_format',
  'number_format',
]);

type Schema = z.core.$ZodType;

/** A zod check (a custom schema is its own check): what it is, and how it judges a payload. */
type ZodCheck = { _zod: { def: { check?: string }; check(payload: z.core.ParsePayload): unknown } };

/** Compiled schemas; a schema being compiled reads as ASK_ZOD, so a recursive one ends (its inner uses ask zod). */
const compiled = new WeakMap<Schema, Node>();

function compile(schema: Schema): Node {
  let node = compiled.get(schema);
  if (!node) {
    compiled.set(schema, ASK_ZOD);
    compiled.set(schema, (node = compileNew(schema)));
  }
  return node;
}

function compileNew(schema: Schema): Node {
  const { def } = schema._zod;
  // A schema that is itself a check (`z.custom`, `z.email()`, `z.int()`) judges its value after its type.
  const self = (def as ZodCheck['_zod']['def']).check === undefined ? [] : [schema];
  const checks = [...self, ...(def.checks ?? [])] as unknown as ZodCheck[];
  if ((def as { coerce?: boolean }).coerce || !checks.every((check) => JUDGING_CHECKS.has(check._zod.def.check!))) {
    return ASK_ZOD;
  }
  const node = shapeOf(schema);
  if (checks.length === 0 || node === ASK_ZOD) return node;
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return ASK_ZOD;
  return { absent: node.absent, check: (value, writes) => node.check(value, writes) && passes(checks, value) };
}

/** Whether every check accepts `value`, run as zod runs them (an asynchronous check is left to zod). */
function passes(checks: ZodCheck[], value: unknown): boolean {
  const payload: z.core.ParsePayload = { value, issues: [] };
  try {
    for (const check of checks) {
      if (check._zod.check(payload) !== undefined) return false;
    }
  } catch {
    return false;
  }
  return payload.issues.length === 0;
}

function leaf(check: Check): Node {
  return { check, absent: false };
}

function shapeOf(schema: Schema): Node {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return leaf((value) => typeof value === 'string');
    case 'number':
      return leaf((value) => typeof value === 'number' && Number.isFinite(value));
    case 'boolean':
      return leaf((value) => typeof value === 'boolean');
    case 'unknown':
    case 'any':
    case 'custom':
      return leaf(() => true);
    case 'enum':
    case 'literal': {
      const values = schema._zod.values!;
      return values.has(undefined) ? ASK_ZOD : leaf((value) => values.has(value as never));
    }
    case 'optional': {
      const inner = compile(def.innerType as Schema);
      if (typeof inner.absent === 'function') return ASK_ZOD;
      return { check: (value, writes) => value === undefined || inner.check(value, writes), absent: true };
    }
    case 'nullable': {
      const inner = compile(def.innerType as Schema);
      return { check: (value, writes) => value === null || inner.check(value, writes), absent: inner.absent };
    }
    case 'default': {
      const inner = compile(def.innerType as Schema);
      if (inner.absent !== false) return ASK_ZOD;
      // Read at each use, as zod does: an object default is a fresh copy every time.
      return { check: (value, writes) => value !== undefined && inner.check(value, writes), absent: () => def.defaultValue };
    }
    case 'array':
      return arrayOf(def.element as Schema);
    case 'object':
      return objectOf(def as unknown as z.core.$ZodObjectDef);
    default:
      return ASK_ZOD;
  }
}

/** An array: each item read in place; an item this reading does not vouch for is parsed by zod alone. */
function arrayOf(element: Schema): Node {
  const item = compile(element);
  return leaf((value, writes) => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) {
      if (item.check(value[i], writes)) continue;
      // Writes noted for this item, if any, land on the old item, which nothing refers to any more.
      const result = z.safeParse(element, value[i]);
      if (!result.success) return false;
      writes.push([value, i, result.data]);
    }
    return true;
  });
}

function objectOf(def: z.core.$ZodObjectDef): Node {
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  // A member named like one of Object.prototype's reads differently on a JSON object; zod alone judges it.
  if (Object.getOwnPropertySymbols(shape).length || keys.some((key) => key in Object.prototype || key === '__proto__')) return ASK_ZOD;
  const members = keys.map((key) => compile(shape[key]!));
  const known = new Set(keys);
  const catchallType = def.catchall?._zod.def.type;
  // Other members: kept as they are (loose), checked one by one, or (strict, stripped) allowed only when absent.
  const others = catchallType === 'unknown' || catchallType === 'any' ? undefined : def.catchall ? compile(def.catchall) : ASK_ZOD;
  return leaf((value, writes) => {
    // zod leaves an own `__proto__` member out of its output, so such an object is left to zod.
    if (!isJsonObject(value) || Object.hasOwn(value, '__proto__')) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const member = members[i]!;
      const v = value[key];
      if (v !== undefined) {
        if (!member.check(v, writes)) return false;
      } else if (typeof member.absent === 'function') {
        writes.push([value, key, member.absent()]);
      } else if (!member.absent) {
        return false;
      }
    }
    if (others) {
      for (const key in value) {
        if (!known.has(key) && !others.check(value[key], writes)) return false;
      }
    }
    return true;
  });
}

/**
 * `schema.safeParse(value)` for a value given away (a JSON body just parsed): when the schema accepts
 * it, the data is the value itself (defaults filled in), equal to what zod would have built; otherwise
 * zod parses it, and its answer (refusal or data) is returned as is. A refused value is left unchanged.
 */
export function parseInPlace<S extends z.ZodMiniType>(schema: S, value: unknown): z.core.util.SafeParseResult<z.output<S>> {
  const writes: Write[] = [];
  if (!compile(schema).check(value, writes)) return z.safeParse(schema, value);
  for (const [target, key, data] of writes) (target as Record<string | number, unknown>)[key] = data;
  return { success: true, data: value as z.output<S> };
}
