import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../mock-server/shared/sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe("the receiver's synchronous SHA-256", () => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(hex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto at every padding boundary and on random text', () => {
    for (const length of [55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000]) {
      const text = 'a'.repeat(length);
      expect(hex(sha256(text)), String(length)).toBe(createHash('sha256').update(text).digest('hex'));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (text) => {
        expect(hex(sha256(text))).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});
