import type * as z from 'zod/mini';
import { fieldIssues, PARSE_OPTIONS } from '../../src/validation/field-issues';
import { validationFailed } from '../pipeline/okta-errors';

/**
 * A request body checked with the client's own schema (one rule on both sides): what it parsed to, or
 * `E0000001` naming every refused field.
 */
export function checkedBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, PARSE_OPTIONS);
  if (!result.success) throw validationFailed(fieldIssues(result.error));
  return result.data;
}
