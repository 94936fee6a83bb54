/** A value quoted back in a refusal, cut at 200 characters. */
export function shorten(value: string): string {
  return value.length > 200 ? `${value.slice(0, 200)}…` : value;
}

/**
 * Edits between two short texts (Levenshtein): letters inserted, deleted or changed. Stops early,
 * answering `bound + 1`, when the lengths alone differ by more than `bound`.
 */
export function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), previous[j]! + 1, current[j - 1]! + 1);
    previous = current;
  }
  return previous[b.length]!;
}
