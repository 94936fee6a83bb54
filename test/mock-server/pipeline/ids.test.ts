import { describe, expect, it } from 'vitest';
import { base62, oktaId } from '../../../mock-server/pipeline/ids';

// Request ids and object ids: random base62 text of the length asked for, every letter as likely.
describe('base62', () => {
  it('gives text of exactly the length asked, in the base62 alphabet, whatever lengths came before', () => {
    for (const length of [20, 0, 1, 17, 20, 100, 17, 3, 20]) {
      const text = base62(length);
      expect(text).toHaveLength(length);
      expect(text).toMatch(/^[0-9A-Za-z]*$/);
    }
    expect(oktaId('0oa')).toMatch(/^0oa[0-9A-Za-z]{17}$/);
  });

  it('draws every letter alike and never repeats an id', () => {
    const counts = new Map<string, number>();
    const ids = new Set<string>();
    for (let i = 0; i < 3_100; i++) {
      const id = base62(20);
      ids.add(id);
      for (const letter of id) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    }
    expect(ids.size).toBe(3_100);
    // 62,000 letters: 1,000 of each expected; a letter outside 800 to 1,200 is some 6 standard deviations off.
    expect(counts.size).toBe(62);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(800);
      expect(count).toBeLessThan(1_200);
    }
  });
});
