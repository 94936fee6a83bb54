import type { ApplicationStatus } from './application';

/** The attributes `GET /api/v1/apps` can filter on, with the type of value each takes. */
export interface ApplicationFilterAttributes {
  id: string;
  status: ApplicationStatus;
  name: string;
  'credentials.signing.kid': string;
  'settings.slo.enabled': boolean;
  'user.id': string;
  'group.id': string;
}

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
