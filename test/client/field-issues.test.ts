import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/errors';
import { BLANK_FIELD, describeIssue, fieldIssues, formatFieldPath, NOT_ALLOWED_VALUE, PARSE_OPTIONS } from '../../src/validation/field-issues';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, PARSE_OPTIONS);
  if (result.success) throw new Error('expected a failure');
  return fieldIssues(result.error);
};

describe('fieldIssues', () => {
  it('reports a missing, null or empty required field as left blank', () => {
    const schema = z.strictObject({ a: z.string(), b: z.string(), c: z.string().min(1) });
    expect(issuesOf(schema, { b: null, c: '' })).toEqual([
      { path: 'a', reason: BLANK_FIELD },
      { path: 'b', reason: BLANK_FIELD },
      { path: 'c', reason: BLANK_FIELD },
    ]);
  });

  it('reports a value outside an enum as not allowed', () => {
    expect(issuesOf(z.object({ s: z.enum(['A', 'B']) }), { s: 'C' })).toEqual([{ path: 's', reason: NOT_ALLOWED_VALUE, allowed: ['A', 'B'] }]);
    expect(issuesOf(z.object({ n: z.literal(1) }), { n: 2 })).toEqual([{ path: 'n', reason: NOT_ALLOWED_VALUE, allowed: ['1'] }]);
  });

  it('leaves a long enumeration unlisted', () => {
    const values = Array.from({ length: 13 }, (_, i) => `V${i}`) as [string, ...string[]];
    expect(issuesOf(z.object({ s: z.enum(values) }), { s: 'C' })).toEqual([{ path: 's', reason: NOT_ALLOWED_VALUE }]);
  });

  it('lists the allowed values in the messages that name an issue', () => {
    expect(describeIssue({ path: 'signOnMode', reason: NOT_ALLOWED_VALUE, allowed: ['BOOKMARK'] })).toBe('signOnMode: Not one of the allowed values (allowed: BOOKMARK)');
    expect(describeIssue({ path: '', reason: 'Must be an object' })).toBe('Must be an object');
    expect(new RequestValidationError('application', [{ path: 's', reason: NOT_ALLOWED_VALUE, allowed: ['A', 'B'] }]).message).toBe(
      'Invalid application: s: Not one of the allowed values (allowed: A, B). Fix the field(s) named and call again; nothing was sent.',
    );
  });

  it('names each unknown key of a strict object at its own path', () => {
    expect(issuesOf(z.strictObject({ a: z.strictObject({}) }), { a: { x: 1, y: 2 } })).toEqual([
      { path: 'a.x', reason: 'Unknown field; remove it or check its spelling' },
      { path: 'a.y', reason: 'Unknown field; remove it or check its spelling' },
    ]);
  });

  it('words exclusive and inclusive bounds differently', () => {
    expect(issuesOf(z.object({ n: z.number().positive() }), { n: 0 })).toEqual([{ path: 'n', reason: 'Must be greater than 0' }]);
    expect(issuesOf(z.object({ n: z.number().min(1) }), { n: 0 })).toEqual([{ path: 'n', reason: 'Must be at least 1' }]);
    expect(issuesOf(z.object({ n: z.number().lt(5) }), { n: 5 })).toEqual([{ path: 'n', reason: 'Must be less than 5' }]);
  });

  it('formats array indexes in brackets and keeps URI keys whole', () => {
    expect(formatFieldPath(['events', 'https://x.example/e', 'list', 0, 'id'])).toBe('events.https://x.example/e.list[0].id');
  });
});
