import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidCursorError } from '../../../mock-server/state/cursor';

describe('page cursors', () => {
  it('decode returns the sequence number that was encoded', () => {
    expect([0, 1, 42, Number.MAX_SAFE_INTEGER].map((n) => decodeCursor(encodeCursor(n)))).toEqual([
      0,
      1,
      42,
      Number.MAX_SAFE_INTEGER,
    ]);
  });

  it('a cursor is URL-safe base64 of a versioned payload, not the bare number', () => {
    expect(encodeCursor(42)).toBe('djEuNDI');
    expect(encodeCursor(42)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['an empty string', ''],
    ['a bare number', '42'],
    ['characters outside base64url', 'djEu+DI'],
    ['an unversioned payload', btoa('42').replace(/=+$/, '')],
    ['another version', btoa('v2.42').replace(/=+$/, '')],
    ['a negative sequence', btoa('v1.-1').replace(/=+$/, '')],
    ['a leading zero', btoa('v1.042').replace(/=+$/, '')],
    ['a sequence beyond safe integers', btoa('v1.9007199254740993').replace(/=+$/, '')],
    ['padding', `${encodeCursor(42)}=`],
    ['an impossible base64 length', 'djEuN'],
    ['a non-canonical final character', 'djEuNDJ'],
    ['an over-long input', 'A'.repeat(33)],
  ])('decoding %s throws InvalidCursorError', (_, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(InvalidCursorError);
  });

  it('the error names the cursor and tells the caller how to recover', () => {
    const error = (() => {
      try {
        decodeCursor('bogus!');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidCursorError);
    expect(error).toMatchObject({
      name: 'InvalidCursorError',
      cursor: 'bogus!',
      message:
        'The pagination cursor is malformed or was not issued by this server; ' +
        'follow the `next` link verbatim, or start the listing again without `after`.',
    });
  });
});
