import { parseApplicationFilter, type ApplicationFilterAttribute } from '../../src/apps/filter';
import { invalidSearch } from '../pipeline/okta-errors';

/** A parsed `<attribute> eq <value>` expression. */
export interface AppFilter {
  attribute: ApplicationFilterAttribute;
  value: string;
}

/** Parses a `filter` query parameter with the SDK's own grammar; anything it refuses is `E0000031`. */
export function parseAppFilter(expression: string): AppFilter {
  const parsed = parseApplicationFilter(expression);
  if (!parsed.ok) throw invalidSearch(parsed.reason);
  return { attribute: parsed.attribute, value: parsed.value };
}
