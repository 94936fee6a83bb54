import { invalidSearch } from '../http/okta-errors';

/** Attributes `GET /api/v1/apps` filters on (attribute names are case-sensitive). */
export type AppFilterAttribute =
  | 'id'
  | 'status'
  | 'name'
  | 'credentials.signing.kid'
  | 'settings.slo.enabled'
  | 'user.id'
  | 'group.id';

/** A parsed `<attribute> eq <value>` expression. */
export interface AppFilter {
  attribute: AppFilterAttribute;
  value: string;
}

const EXPRESSION =
  /^\s*(id|status|name|credentials\.signing\.kid|settings\.slo\.enabled|user\.id|group\.id)\s+eq\s+(?:"((?:[^"\\]|\\.)*)"|(true|false))\s*$/i;

/**
 * Parses the one expression the API supports. The operator is case-insensitive; the attribute is
 * not; string values are double-quoted with `\"` and `\\` escapes; `settings.slo.enabled` takes an
 * unquoted boolean. Anything else is `E0000031`.
 */
export function parseAppFilter(expression: string): AppFilter {
  const match = EXPRESSION.exec(expression);
  const attribute = match?.[1] as AppFilterAttribute | undefined;
  // The pattern is case-insensitive for `eq`; attribute names must match exactly.
  if (!match || !attribute || !ATTRIBUTES.has(attribute)) {
    throw invalidSearch(`Unsupported filter: ${expression}. Use one expression such as status eq "ACTIVE".`);
  }
  const quoted = match[2];
  const bool = match[3];
  const isBooleanAttribute = attribute === 'settings.slo.enabled';
  if (isBooleanAttribute !== (bool !== undefined)) {
    throw invalidSearch(
      isBooleanAttribute
        ? 'settings.slo.enabled takes an unquoted true or false.'
        : `${attribute} takes a double-quoted string value.`,
    );
  }
  return { attribute, value: bool ?? (quoted ?? '').replace(/\\(.)/g, '$1') };
}

const ATTRIBUTES = new Set<string>([
  'id',
  'status',
  'name',
  'credentials.signing.kid',
  'settings.slo.enabled',
  'user.id',
  'group.id',
]);
