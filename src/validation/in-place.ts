import * as z from 'zod/mini';
import { isJsonObject } from './record';

// zod's parse builds a new object for every object it checks, which costs a list walk more than the
// JSON.parse before it. A JSON value the client has just parsed is its own to give away, so here the
// schema's verdict is reached by reading the value where it lies, and the value itself is the data.
// Only a subset of schemas is read this way (see compileNew); wherever the subset ends, or the value
// is not one this reading vouches for, zod parses: every refusal, and every value this reading is
// unsure of, is still zod's. test/validation/in-place.test.ts holds both to the same verdict and the
// same data on generated values, for every response schema.

/** A change that makes the value what zod's parse returns: a default filled in. */
type Write = [target: Record<string, unknown>, key: string, value: unknown];

/** Whether this reading vouches for `value`; it notes the writes that make `value` zod's output. */
type Check = (value: unknown, writes: Write[]) => boolean;

/** A compiled schema: its check, and what an object member it types becomes when absent. */
interface Node {
  check: Check;
  /** `false`: absence is refused (or left to zod); `true`: absence is kept; a function: gives the default filled in. */
  absent: boolean | (() => unknown);
}

type Schema = z.core.$ZodType;

const ASK_ZOD: Node = { check: () => false, absent: false };

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

function leaf(check: Check): Node {
  return { check, absent: false };
}

/**
 * The subset read here is what response schemas are made of: strings, numbers, booleans, unknown
 * values, custom checks (an app's nested members), optional, nullable and defaulted members, arrays,
 * and objects that keep unknown members. Anything else (checks such as `z.minLength`, formats,
 * enums, unions, strict objects…) is left to zod.
 */
function compileNew(schema: Schema): Node {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const { type } = def;
  // `def.check`: a schema that is also a check (`z.email()`, `z.int()`); only `z.custom`'s is read here.
  if (def.checks?.length || def.coerce || (def.check !== undefined && type !== 'custom')) return ASK_ZOD;
  switch (type) {
    case 'string':
    case 'number':
    case 'boolean':
      return leaf((value) => typeof value === type && (type !== 'number' || Number.isFinite(value)));
    case 'unknown':
    case 'any':
      return leaf(() => true);
    case 'custom': {
      const fn = def.fn as (value: unknown) => unknown;
      return leaf((value) => {
        const verdict = fn(value);
        // An asynchronous check is zod's to refuse (a synchronous parse throws on it).
        return !!verdict && !(verdict instanceof Promise);
      });
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

/** An array whose every item is read in place. */
function arrayOf(element: Schema): Node {
  const item = compile(element);
  return leaf((value, writes) => Array.isArray(value) && value.every((entry) => item.check(entry, writes)));
}

/** An object that keeps unknown members (`z.looseObject`, `recordOf(z.unknown())`). */
function objectOf(def: z.core.$ZodObjectDef): Node {
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  const others = def.catchall?._zod.def.type;
  // A member named like one of Object.prototype's reads differently on a JSON object; zod alone judges it.
  if ((others !== 'unknown' && others !== 'any') || keys.some((key) => key in Object.prototype || key === '__proto__')) return ASK_ZOD;
  const members = keys.map((key) => compile(shape[key]!));
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
  for (const [target, key, data] of writes) target[key] = data;
  return { success: true, data: value as z.output<S> };
}
