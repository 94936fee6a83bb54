import { malformedBody } from './okta-errors';

/**
 * How deep a Management API body may nest. Real bodies nest a handful of levels (a SAML app's
 * `settings.signOn.attributeStatements[0].values` is five; the recordings, 15 at most). Whatever the
 * API keeps is served back, snapshotted and written to the `--state` file, none of which can render
 * nesting far deeper than this; and it is well inside the control plane's bound on its documents
 * (1,000 levels), so a snapshot of whatever the API stored can be restored.
 */
export const MAX_JSON_BODY_DEPTH = 100;

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
 * measured safely: each object or array links to its parent, and the path is spelled out only for
 * the fault. Primitives are never pushed, so a flat body costs little more than one pass over its keys.
 */
export function findDocumentFault(input: unknown, options: { maxDepth: number; protoKeys?: boolean }): DocumentFault | undefined {
  type Entry = { value: object; key: PropertyKey | undefined; parent: Entry | undefined; depth: number };
  const pathOf = (entry: Entry | undefined, last?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let at = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  if (typeof input !== 'object' || input === null) return undefined;
  const stack: Entry[] = [{ value: input, key: undefined, parent: undefined, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value, depth } = entry;
    if (depth >= options.maxDepth) return { kind: 'depth', path: pathOf(entry) };
    if (Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        if (typeof item === 'object' && item !== null) stack.push({ value: item, key: i, parent: entry, depth: depth + 1 });
      });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (options.protoKeys && key === '__proto__') return { kind: 'proto', path: pathOf(entry, key) };
      const item = (value as Record<string, unknown>)[key];
      if (typeof item === 'object' && item !== null) stack.push({ value: item, key, parent: entry, depth: depth + 1 });
    }
  }
  return undefined;
}

/** A fault's path as the refusal names it: `profile.a[0].__proto__`, each member cut to 100 characters, the whole to 500. */
function describePath(path: readonly PropertyKey[]): string {
  const text = path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key).slice(0, 100)}`)).join('');
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/**
 * Refuses with `E0000003` a body nested deeper than {@link MAX_JSON_BODY_DEPTH}, naming its
 * top-level member (the full path is as long as the nesting), and a body with a member named
 * `__proto__` anywhere, naming where. Whatever the API keeps is snapshotted, and the control plane
 * refuses a document holding such a member (a JavaScript object cannot take it as plain data
 * safely), so a stored one would make the backend's own snapshot impossible to restore. Every way
 * into the API checks it: the HTTP and msw routes as they read a body, and the in-process calls.
 */
export function refuseDeepBody(body: unknown): void {
  const fault = findDocumentFault(body, { maxDepth: MAX_JSON_BODY_DEPTH, protoKeys: true });
  if (fault === undefined) return;
  if (fault.kind === 'proto') throw malformedBody(`The request body has a member named __proto__ (${describePath(fault.path)}), a name the backend does not keep.`);
  const member = fault.path.length > 0 ? ` (in ${String(fault.path[0])})` : '';
  throw malformedBody(`The request body is nested deeper than ${MAX_JSON_BODY_DEPTH} levels${member}, the most the backend reads.`);
}
