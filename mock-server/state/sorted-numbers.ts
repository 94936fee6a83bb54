/**
 * Primitives over arrays of numbers kept in strictly ascending order (sequence numbers of records).
 * Each is O(log n) to find its place; inserting past the end is an O(1) amortized push, and inserting
 * or removing elsewhere is one `splice`.
 */

/** Index of the first element of `sorted` that is greater than `value`, or `sorted.length` if none is. */
export function upperBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Index of the first element of `sorted` that is greater than or equal to `value`, or `sorted.length`. */
export function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Inserts `value` into `sorted`, keeping it ascending. Returns `false`, changing nothing, when `value`
 * is already there.
 */
export function insertSorted(sorted: number[], value: number): boolean {
  const last = sorted.at(-1);
  // New records carry the largest sequence so far: appending is the common case.
  if (last === undefined || last < value) {
    sorted.push(value);
    return true;
  }
  const at = lowerBound(sorted, value);
  if (sorted[at] === value) return false;
  sorted.splice(at, 0, value);
  return true;
}

/** Removes `value` from `sorted`. Returns whether it was there. */
export function removeSorted(sorted: number[], value: number): boolean {
  const at = lowerBound(sorted, value);
  if (sorted[at] !== value) return false;
  sorted.splice(at, 1);
  return true;
}
