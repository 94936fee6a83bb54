import { describe, expect, it } from 'vitest';
import { BoundedMemo } from '../../../mock-server/shared/bounded-memo';

describe('BoundedMemo', () => {
  it('answers what it remembered, and nothing for a key it never kept', () => {
    const memo = new BoundedMemo<number>(4, 10);
    expect(memo.remember('a', 1)).toBe(1);
    expect(memo.get('a')).toBe(1);
    expect(memo.get('b')).toBeUndefined();
  });

  it('never keeps a key longer than maxKeyChars, yet answers the value it was given', () => {
    const memo = new BoundedMemo<string>(4, 3);
    expect(memo.remember('long', 'v')).toBe('v');
    expect(memo.get('long')).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('holds at most maxEntries keys: past them it forgets every key before keeping the next', () => {
    const memo = new BoundedMemo<number>(3, 10);
    for (let i = 0; i < 1_000; i++) memo.remember(`k${i}`, i);
    expect(memo.size).toBeLessThanOrEqual(3);
    expect(memo.get('k999')).toBe(999);
    expect(memo.get('k0')).toBeUndefined();
  });
});
