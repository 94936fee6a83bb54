import type { z } from 'zod';
import { AppsetError } from '../../src/errors';
import { formatFieldPath } from '../../src/validation/field-issues';
import { findDocumentFault } from '../http/json-bounds';

/** A refused control-plane request: answered 400 `{"error": message}` over HTTP, thrown in-process. */
export class ControlInputError extends AppsetError {
  constructor(
    message: string,
    /** The field at fault, as `a.b[0].c`. */
    readonly field: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

type Issue = z.core.$ZodIssue;

/** Descends into the union branch that came closest (fewest issues), so the message names a real field. */
function closest(issue: Issue): { issue: Issue; prefix: PropertyKey[] } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { issue, prefix: [] };
  const best = [...issue.errors].sort((a, b) => a.length - b.length)[0]!;
  const inner = closest(best[0]!);
  return { issue: inner.issue, prefix: [...issue.path, ...inner.prefix] };
}

/** Turns the first zod issue into an error naming the field, what is wrong, and the document it belongs to. */
export function inputError(error: z.ZodError, what: string): ControlInputError {
  const { issue, prefix } = closest(error.issues[0]!);
  const path = [...prefix, ...issue.path];
  let field = formatFieldPath(path);
  let reason = issue.message;
  if (issue.code === 'unrecognized_keys') {
    field = formatFieldPath([...path, issue.keys[0]!]);
    reason = 'Unknown member; remove it (see the schema of the document)';
  } else if (issue.code === 'invalid_type' && issue.input === undefined) {
    reason = 'Required; give a value';
  }
  const at = field === '' ? what : `${what} field ${field}`;
  return new ControlInputError(`${at}: ${reason}`, field);
}

/** How deep a seed or snapshot may nest: far deeper than any of them does. */
const MAX_DOCUMENT_DEPTH = 1000;

/**
 * Refuses a document with a member named `__proto__` anywhere, or nested deeper than any seed or
 * snapshot needs: such a member is plain data in the parsed JSON, but code that copies or merges
 * the state (the backend's, or a test suite's reading what the backend serves back) could turn it
 * into a prototype. Okta's own API has no such member.
 */
export function refuseProtoKeys(input: unknown, what: string): void {
  const fault = findDocumentFault(input, { maxDepth: MAX_DOCUMENT_DEPTH, protoKeys: true });
  if (fault === undefined) return;
  const field = formatFieldPath(fault.path);
  if (fault.kind === 'depth') {
    throw new ControlInputError(`${what} field ${field}: nested deeper than ${MAX_DOCUMENT_DEPTH} levels; no document of the plane needs that`, field);
  }
  throw new ControlInputError(`${what} field ${field}: a member named __proto__ is not allowed; remove it`, field);
}
