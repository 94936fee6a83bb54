import { describe, expect, it } from 'vitest';
import { compileExpression, ExpressionError, MAX_EXPRESSION_CHARS } from '../../../mock-server/group-rules/expression';

const profile: Record<string, unknown> = { firstName: 'Ada', lastName: 'Lovelace', login: 'ada@example.com', department: 'Engineering', level: 3, tags: ['admin', 'math'] };
const subject = { attribute: (name: string) => profile[name], isMember: (groupId: string) => groupId === '00gmember000000000000' };
const run = (source: string) => compileExpression(source)(subject);

describe('the group rule expression language', () => {
  it.each([
    ['user.department=="Engineering"', true],
    ['user.department != "Engineering"', false],
    ['String.stringContains(user.login, "@example")', true],
    ['String.startsWith(user.firstName,"andy")', false],
    ['String.stringContains(String.toLowerCase(user.login),String.toLowerCase("ADA@")) OR String.stringContains(user.login, "nobody")', true],
    ['isMemberOfAnyGroup("00gother0000000000000", "00gmember000000000000")', true],
    ['isMemberOfGroup("00gother0000000000000")', false],
    ['!(user.firstName == "Ada" && user.lastName == "Hopper") || false', true],
    ['user.level == 3 AND Arrays.contains(user.tags, "math")', true],
    ['user.missing == null', true],
    ["user.firstName == 'Ada'", true],
  ])('%s is %s', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each([
    ['user.department = "Engineering"', '"=" at character 17 is not part of the expressions group rules take'],
    ['profile.department == "x"', 'profile.department is not a user attribute (write user.<attribute>) nor a function group rules can call'],
    ['String.matches(user.login, ".*")', 'String.matches is not a function group rules can call'],
    ['String.startsWith(user.login)', 'String.startsWith takes 2 arguments, not 1'],
    ['(user.login == "a"', 'a closing parenthesis is missing at the end'],
    ['user.login == "a" AND', 'it ends where a value is expected'],
    ['user.login == "a" user.login', 'token 4 follows a complete expression'],
    ['user.login == "unclosed', 'is never closed'],
  ])('refuses %s: %s', (source, reason) => {
    expect(() => compileExpression(source)).toThrow(ExpressionError);
    expect(() => compileExpression(source)).toThrow(reason);
  });

  it('refuses an expression longer than its bound, and nesting deeper than its bound, without recursing further', () => {
    expect(() => compileExpression(`user.a == "${'x'.repeat(MAX_EXPRESSION_CHARS)}"`)).toThrow(`longer than ${MAX_EXPRESSION_CHARS} characters`);
    expect(() => compileExpression(`${'('.repeat(200)}true${')'.repeat(200)}`)).toThrow('nests deeper than 32 levels');
    expect(() => compileExpression(`${'!'.repeat(500)}true`)).toThrow('nests deeper than 32 levels');
  });
});
