import type { z } from 'zod';
import { AppsetError } from '../../src/errors';
import { formatFieldPath } from '../../src/validation/field-issues';

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
export const MAX_DOCUMENT_DEPTH = 1000;

/** What {@link findDocumentFault} found: a value nested past the bound, or a member named `__proto__`. */
export interface DocumentFault {
  kind: 'depth' | 'proto';
  /** Where: the value at the bound, or the `__proto__` member. */
  path: PropertyKey[];
}

/**
 * The first value of a parsed JSON document nested `maxDepth` levels deep or more (the top level is
 * depth 0), or, with `protoKeys`, the first member named `__proto__`. The walk is linear in the
 * document's size and uses no recursion, so a document nested far deeper than the stack allows is
 * measured safely: each entry links to its parent, and the path is spelled out only for the fault.
 */
export function findDocumentFault(input: unknown, options: { maxDepth: number; protoKeys?: boolean }): DocumentFault | undefined {
  type Entry = { value: unknown; key: PropertyKey | undefined; parent: Entry | undefined; depth: number };
  const pathOf = (entry: Entry): PropertyKey[] => {
    const path: PropertyKey[] = [];
    for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Entry[] = [{ value: input, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value, depth } = entry;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= options.maxDepth) return { kind: 'depth', path: pathOf(entry) };
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, key: i, parent: entry, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const child: Entry = { value: (value as Record<string, unknown>)[key], key, parent: entry, depth: depth + 1 };
      if (options.protoKeys && key === '__proto__') return { kind: 'proto', path: pathOf(child) };
      stack.push(child);
    }
  }
  return undefined;
}

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
