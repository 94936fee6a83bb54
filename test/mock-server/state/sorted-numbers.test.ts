import { describe, expect, it } from 'vitest';
import {
  insertSorted,
  lowerBound,
  removeSorted,
  upperBound,
} from '../../../mock-server/state/sorted-numbers';

describe('sorted number arrays', () => {
  it('upperBound finds the first element greater than the value', () => {
    const sorted = [2, 4, 6];
    expect([1, 2, 3, 6, 7].map((value) => upperBound(sorted, value))).toEqual([0, 1, 1, 3, 3]);
  });

  it('lowerBound finds the first element greater than or equal to the value', () => {
    const sorted = [2, 4, 6];
    expect([1, 2, 3, 6, 7].map((value) => lowerBound(sorted, value))).toEqual([0, 0, 1, 2, 3]);
  });

  it('both bounds of an empty array are 0', () => {
    expect([upperBound([], 5), lowerBound([], 5)]).toEqual([0, 0]);
  });

  it('insertSorted appends a value greater than every element', () => {
    const sorted = [1, 3];
    expect(insertSorted(sorted, 9)).toBe(true);
    expect(sorted).toEqual([1, 3, 9]);
  });

  it('insertSorted places a smaller value in the middle', () => {
    const sorted = [1, 3, 9];
    expect(insertSorted(sorted, 4)).toBe(true);
    expect(sorted).toEqual([1, 3, 4, 9]);
  });

  it('insertSorted leaves the array unchanged when the value is already there', () => {
    const sorted = [1, 3, 9];
    expect(insertSorted(sorted, 3)).toBe(false);
    expect(sorted).toEqual([1, 3, 9]);
  });

  it('removeSorted removes a present value', () => {
    const sorted = [1, 3, 9];
    expect(removeSorted(sorted, 3)).toBe(true);
    expect(sorted).toEqual([1, 9]);
  });

  it('removeSorted leaves the array unchanged when the value is absent', () => {
    const sorted = [1, 3, 9];
    expect(removeSorted(sorted, 4)).toBe(false);
    expect(sorted).toEqual([1, 3, 9]);
  });
});
