import * as z from 'zod/mini';
import { APPLICATION_STATUSES } from './application';

const text = z.string().check(z.minLength(1));
const FILTER_ATTRIBUTES = {
  id: text,
  status: z.enum(APPLICATION_STATUSES),
  name: text,
  'credentials.signing.kid': text,
  'settings.slo.enabled': z.boolean(),
  'user.id': text,
  'group.id': text,
};

/**
 * The attributes `GET /api/v1/apps` filters on, each with the values it takes: the one list the
 * client checks filter objects against and the reference backend parses filter strings with.
 */
export const ApplicationFilterAttributesSchema = /* @__PURE__ */ z.strictObject(FILTER_ATTRIBUTES);

/**
 * A filter object as `list` takes it: at most one member is meant, each optional here; the
 * serializer uses the first defined one. The same as `z.partial(ApplicationFilterAttributesSchema)`,
 * built from the shape so that zod's `partial` helper stays out of bundles.
 */
export const ApplicationFilterObjectSchema = z.strictObject(
  Object.fromEntries(Object.entries(FILTER_ATTRIBUTES).map(([key, schema]) => [key, z.optional(schema)])) as {
    [K in keyof typeof FILTER_ATTRIBUTES]: z.ZodMiniOptional<(typeof FILTER_ATTRIBUTES)[K]>;
  },
);

/** The attributes `GET /api/v1/apps` can filter on, with the type of value each takes. */
export type ApplicationFilterAttributes = z.infer<typeof ApplicationFilterAttributesSchema>;

/** The name of a filterable attribute. */
export type ApplicationFilterAttribute = keyof ApplicationFilterAttributes;

/** Every filterable attribute (attribute names are case-sensitive). */
export const APPLICATION_FILTER_ATTRIBUTES = /* @__PURE__ */ Object.keys(FILTER_ATTRIBUTES) as ApplicationFilterAttribute[];

type ExactlyOne<T> = {
  [K in keyof T]: { [P in K]: T[P] } & { [P in Exclude<keyof T, K>]?: never };
}[keyof T];

/**
 * A filter as an object with exactly one attribute, e.g. `{ status: 'ACTIVE' }` or
 * `{ 'credentials.signing.kid': kid }`: the API accepts one `eq` expression per list call.
 */
export type ApplicationFilter = ExactlyOne<ApplicationFilterAttributes>;

/** Quotes a value for a filter expression: backslashes and double quotes are escaped with a backslash. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Serializes a filter object as `<attribute> eq "<value>"` (booleans unquoted). A string is
 * passed through unchanged, for expressions appset does not model.
 */
export function serializeApplicationFilter(filter: string | ApplicationFilter): string {
  if (typeof filter === 'string') return filter;
  const [entry] = Object.entries(filter).filter(([, value]) => value !== undefined);
  if (!entry) return '';
  const [attribute, value] = entry;
  return `${attribute} eq ${typeof value === 'boolean' ? String(value) : quoteFilterValue(String(value))}`;
}

/** A filter expression read back: the attribute and its value as a string. */
export type ParsedApplicationFilter =
  | { ok: true; attribute: ApplicationFilterAttribute; value: string }
  | { ok: false; reason: string };

const EXPRESSION = /^\s*(\S+)\s+eq\s+(?:"((?:[^"\\]|\\.)*)"|(true|false))\s*$/i;

/**
 * Parses one `<attribute> eq <value>` expression, the inverse of {@link serializeApplicationFilter}:
 * the operator is case-insensitive, the attribute is not, strings are double-quoted with `\"` and
 * `\\` escapes, and `settings.slo.enabled` takes an unquoted boolean.
 */
export function parseApplicationFilter(expression: string): ParsedApplicationFilter {
  const match = EXPRESSION.exec(expression);
  const attribute = match?.[1];
  if (!match || attribute === undefined || !(APPLICATION_FILTER_ATTRIBUTES as string[]).includes(attribute)) {
    return {
      ok: false,
      reason: `Unsupported filter: ${expression}. Use one expression <attribute> eq "<value>" on ${APPLICATION_FILTER_ATTRIBUTES.join(', ')}.`,
    };
  }
  const [, , quoted, bool] = match;
  const isBoolean = attribute === 'settings.slo.enabled';
  if (isBoolean !== (bool !== undefined)) {
    return {
      ok: false,
      reason: isBoolean ? `${attribute} takes an unquoted true or false.` : `${attribute} takes a double-quoted string value.`,
    };
  }
  return { ok: true, attribute: attribute as ApplicationFilterAttribute, value: bool ?? (quoted ?? '').replace(/\\(.)/g, '$1') };
}
