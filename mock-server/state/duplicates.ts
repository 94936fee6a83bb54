/** The first value that appears twice, if any. */
export function firstDuplicate(values: Iterable<string>): string | undefined {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return undefined;
}

/** Calls `refuse` when a value appears twice: `<what> "<value>" appears twice; each must be unique`. */
export function refuseDuplicates(refuse: (field: string, reason: string) => never, field: string, values: Iterable<string>, what: string): void {
  const dup = firstDuplicate(values);
  if (dup !== undefined) refuse(field, `${what} "${dup}" appears twice; each must be unique`);
}
