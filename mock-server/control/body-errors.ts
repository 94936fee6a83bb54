import type { z } from 'zod';
import { AppsetError } from '../../src/errors';
import { formatFieldPath } from '../../src/validation/field-issues';
import { findDocumentFault } from '../pipeline/json-bounds';

/** A refused control-plane request: answered 400 `{"error": message}` over HTTP, thrown in-process. */
export class ControlInputError extends AppsetError {
  constructor(
    message: string,
    /** The field at fault, as `a.b[0].c`. */
    readonly field: string,
    /** The HTTP status the plane answers with: 400, or 409 and 413 for a full fault table and an oversized body. */
    readonly status = 400,
  ) {
    super(message);
  }
}

type Issue = z.core.$ZodIssue;

/** Whether a zod issue is about the value given at the union's own level (no branch took its shape). */
const atRoot = (issues: readonly Issue[]) => issues[0]!.path.length === 0;

/**
 * Descends into the union branch that came closest, so the message names a real field: a branch that
 * took the value's shape (its issue is deeper) first, then the one with the fewest issues. When no
 * branch took the value's shape, the union's own message says what it accepts.
 */
function closest(issue: Issue): { issue: Issue; prefix: PropertyKey[] } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { issue, prefix: [] };
  if (issue.errors.every(atRoot) && !isZodDefault(issue.message)) return { issue, prefix: [] };
  const best = [...issue.errors].sort((a, b) => Number(atRoot(a)) - Number(atRoot(b)) || a.length - b.length)[0]!;
  const inner = closest(best[0]!);
  return { issue: inner.issue, prefix: [...issue.path, ...inner.prefix] };
}

/** Zod's own English messages, which say less than the plane's: each is replaced by one that lists what is accepted. */
function isZodDefault(message: string): boolean {
  return /^(Invalid|Too (small|big)|Unrecognized)\b/.test(message);
}

const quote = (value: unknown) => JSON.stringify(value) ?? String(value);

/** The kind of value a zod type name stands for, with its article. */
function kind(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'object' || expected === 'array') return `an ${expected}`;
  return `a ${expected}`;
}

function got(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  return typeof input === 'object' ? 'an object' : `${typeof input} ${quote(input)}`;
}

/** Why the value was refused, saying what would be accepted instead. */
function reasonFor(issue: Issue): string {
  if (!isZodDefault(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `Required; give ${kind(issue.expected)}` : `Must be ${kind(issue.expected)}, not ${got(issue.input)}`;
    case 'invalid_value':
      if (issue.input === undefined) return `Required; give ${issue.values.length === 1 ? quote(issue.values[0]) : `one of ${issue.values.map(quote).join(', ')}`}`;
      return issue.values.length === 1 ? `Must be ${quote(issue.values[0])}` : `Must be one of ${issue.values.map(quote).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string') return `Must be at least ${String(issue.minimum)} character(s) long`;
      if (issue.origin === 'array') return `Must hold at least ${String(issue.minimum)} item(s)`;
      return `Must be at least ${String(issue.minimum)}`;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${String(issue.maximum)} characters long`;
      if (issue.origin === 'array') return `Must hold at most ${String(issue.maximum)} items`;
      return `Must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'datetime' ? 'Must be an ISO 8601 time with its zone, e.g. 2026-01-01T00:00:00Z' : `Must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/** Turns the first zod issue into an error naming the field, what is wrong, what is accepted, and the document it belongs to. */
export function inputError(error: z.ZodError, what: string): ControlInputError {
  const { issue, prefix } = closest(error.issues[0]!);
  const path = [...prefix, ...issue.path];
  let field = formatFieldPath(path);
  let reason = reasonFor(issue);
  if (issue.code === 'unrecognized_keys') {
    field = formatFieldPath([...path, issue.keys[0]!]);
    reason = 'Unknown member; remove it (see the schema of the document)';
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
