import { describe, expect, it } from 'vitest';
import { OktaHttpError } from '../../../mock-server/pipeline/okta-errors';
import { encodeCursor } from '../../../mock-server/state/cursor';
import { pageOffset } from '../../../mock-server/state/page-offset';

const at = (search: string) => new URL(`https://org.okta.test/api/v1/zones${search}`);

describe('pageOffset', () => {
  it('starts at 0 without a cursor, and where an issued cursor says', () => {
    expect(pageOffset(at(''))).toBe(0);
    expect(pageOffset(at('?after='))).toBe(0);
    expect(pageOffset(at(`?after=${encodeCursor(40)}`))).toBe(40);
  });

  it("refuses a cursor this backend did not issue with Okta's invalid paging error", () => {
    const refused = (() => {
      try {
        pageOffset(at('?after=not-a-cursor'));
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(OktaHttpError);
    expect((refused as OktaHttpError).status).toBe(400);
    expect((refused as OktaHttpError).errorCode).toBe('E0000029');
  });
});
