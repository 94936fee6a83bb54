import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_FILTER_ATTRIBUTES,
  parseApplicationFilter,
  serializeApplicationFilter,
  type ApplicationFilter,
} from '../../src/index';

const stringAttributes = APPLICATION_FILTER_ATTRIBUTES.filter((a) => a !== 'settings.slo.enabled' && a !== 'status');

describe('filter grammar', () => {
  it('parses back exactly what the client serializes, for any string value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...stringAttributes), fc.string({ minLength: 1 }), (attribute, value) => {
        const expression = serializeApplicationFilter({ [attribute]: value } as unknown as ApplicationFilter);
        expect(parseApplicationFilter(expression)).toEqual({ ok: true, attribute, value });
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('parses back booleans and statuses', () => {
    for (const enabled of [true, false]) {
      expect(parseApplicationFilter(serializeApplicationFilter({ 'settings.slo.enabled': enabled }))).toEqual({
        ok: true,
        attribute: 'settings.slo.enabled',
        value: String(enabled),
      });
    }
    expect(parseApplicationFilter(serializeApplicationFilter({ status: 'INACTIVE' }))).toEqual({ ok: true, attribute: 'status', value: 'INACTIVE' });
  });

  it('refuses an unknown or wrongly cased attribute and names the supported ones', () => {
    const result = parseApplicationFilter('Status eq "ACTIVE"');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain('id, status, name, credentials.signing.kid, settings.slo.enabled, user.id, group.id');
  });

  it('refuses a quoted boolean and an unquoted string', () => {
    expect(parseApplicationFilter('settings.slo.enabled eq "true"')).toEqual({ ok: false, reason: 'settings.slo.enabled takes an unquoted true or false.' });
    expect(parseApplicationFilter('name eq bookmark')).toMatchObject({ ok: false });
  });

  it('takes the operator in any case', () => {
    expect(parseApplicationFilter('name EQ "x"')).toEqual({ ok: true, attribute: 'name', value: 'x' });
  });
});
