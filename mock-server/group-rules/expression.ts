// The part of the Okta Expression Language that group rules written by real clients use:
// `user.<attribute>` compared with `==` or `!=`, the String functions `stringContains`,
// `startsWith`, `endsWith`, `toLowerCase` and `toUpperCase`, `Arrays.contains`,
// `isMemberOfAnyGroup` and `isMemberOfGroup`, joined with `&&`, `||` (or `AND`, `OR`), `!` and
// parentheses. The parser reads each character once and nests at most MAX_DEPTH deep; anything
// else is refused with the reason.

/** The longest expression a rule takes. */
export const MAX_EXPRESSION_CHARS = 2048;
/** How deep parentheses, `!` and calls may nest. */
const MAX_DEPTH = 32;

/** A value an expression computes. */
export type ExpressionValue = string | number | boolean | null | readonly ExpressionValue[];

/** What an expression reads of a user: a profile attribute, and whether the user is in a group. */
export interface ExpressionSubject {
  attribute(name: string): unknown;
  isMember(groupId: string): boolean;
}

/** A parsed expression: evaluate it for one user. */
export type CompiledExpression = (subject: ExpressionSubject) => ExpressionValue;

/** Why an expression was refused. */
export class ExpressionError extends Error {}

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'name'; value: string }
  | { kind: 'op'; value: '==' | '!=' | '&&' | '||' | '!' | '(' | ')' | ',' };

const NAME = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/y;
const NUMBER = /-?[0-9]+(?:\.[0-9]+)?/y;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const c = source[at]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      at++;
      continue;
    }
    if (c === '"' || c === "'") {
      let value = '';
      let i = at + 1;
      for (; i < source.length && source[i] !== c; i++) {
        if (source[i] === '\\' && i + 1 < source.length) i++;
        value += source[i];
      }
      if (i >= source.length) throw new ExpressionError(`the text starting at character ${at + 1} is never closed`);
      tokens.push({ kind: 'string', value });
      at = i + 1;
      continue;
    }
    const two = source.slice(at, at + 2);
    if (two === '==' || two === '!=' || two === '&&' || two === '||') {
      tokens.push({ kind: 'op', value: two });
      at += 2;
      continue;
    }
    if (c === '!' || c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'op', value: c });
      at++;
      continue;
    }
    NUMBER.lastIndex = at;
    if (/[-0-9]/.test(c) && NUMBER.test(source)) {
      tokens.push({ kind: 'number', value: Number(source.slice(at, NUMBER.lastIndex)) });
      at = NUMBER.lastIndex;
      continue;
    }
    NAME.lastIndex = at;
    if (NAME.test(source)) {
      const name = source.slice(at, NAME.lastIndex);
      // The Expression Language's words for && and ||.
      if (name === 'AND' || name === 'and') tokens.push({ kind: 'op', value: '&&' });
      else if (name === 'OR' || name === 'or') tokens.push({ kind: 'op', value: '||' });
      else tokens.push({ kind: 'name', value: name });
      at = NAME.lastIndex;
      continue;
    }
    throw new ExpressionError(`"${c}" at character ${at + 1} is not part of the expressions group rules take`);
  }
  return tokens;
}

const text = (value: ExpressionValue): string | null => (value === null ? null : typeof value === 'string' ? value : typeof value === 'object' ? null : String(value));

/** The functions a rule may call: arity and what each computes. */
const FUNCTIONS: Readonly<Record<string, { arity: number | 'many'; run: (args: ExpressionValue[], subject: ExpressionSubject) => ExpressionValue }>> = {
  'String.stringContains': { arity: 2, run: ([a, b]) => text(a!) !== null && text(b!) !== null && text(a!)!.includes(text(b!)!) },
  'String.startsWith': { arity: 2, run: ([a, b]) => text(a!) !== null && text(b!) !== null && text(a!)!.startsWith(text(b!)!) },
  'String.endsWith': { arity: 2, run: ([a, b]) => text(a!) !== null && text(b!) !== null && text(a!)!.endsWith(text(b!)!) },
  'String.toLowerCase': { arity: 1, run: ([a]) => text(a!)?.toLowerCase() ?? null },
  'String.toUpperCase': { arity: 1, run: ([a]) => text(a!)?.toUpperCase() ?? null },
  'Arrays.contains': { arity: 2, run: ([list, item]) => Array.isArray(list) && list.some((v) => v === item) },
  isMemberOfAnyGroup: { arity: 'many', run: (ids, subject) => ids.some((id) => typeof id === 'string' && subject.isMember(id)) },
  isMemberOfGroup: { arity: 1, run: ([id], subject) => typeof id === 'string' && subject.isMember(id) },
};

/** A profile attribute's value as the language sees it (arrays of plain values kept, objects not). */
function attributeValue(raw: unknown): ExpressionValue {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.filter((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') as ExpressionValue[];
  return null;
}

/**
 * Parses a group rule's expression into a function of a user; throws {@link ExpressionError} with
 * the reason for anything outside the subset (or longer than {@link MAX_EXPRESSION_CHARS}).
 */
export function compileExpression(source: string): CompiledExpression {
  if (source.length > MAX_EXPRESSION_CHARS) throw new ExpressionError(`it is longer than ${MAX_EXPRESSION_CHARS} characters`);
  if (source.trim() === '') throw new ExpressionError('it is empty');
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (value: string) => {
    const token = tokens[at];
    return token?.kind === 'op' && token.value === value;
  };
  const expect = (value: string, what: string) => {
    if (!isOp(value)) throw new ExpressionError(`${what} is missing ${at < tokens.length ? `before token ${at + 1}` : 'at the end'}`);
    at++;
  };

  function or(depth: number): CompiledExpression {
    let left = and(depth);
    while (isOp('||')) {
      at++;
      const l = left;
      const r = and(depth);
      left = (s) => l(s) === true || r(s) === true;
    }
    return left;
  }

  function and(depth: number): CompiledExpression {
    let left = unary(depth);
    while (isOp('&&')) {
      at++;
      const l = left;
      const r = unary(depth);
      left = (s) => l(s) === true && r(s) === true;
    }
    return left;
  }

  function unary(depth: number): CompiledExpression {
    if (depth > MAX_DEPTH) throw new ExpressionError(`it nests deeper than ${MAX_DEPTH} levels`);
    if (isOp('!')) {
      at++;
      const inner = unary(depth + 1);
      return (s) => inner(s) !== true;
    }
    return comparison(depth);
  }

  function comparison(depth: number): CompiledExpression {
    const left = value(depth);
    if (isOp('==') || isOp('!=')) {
      const negate = isOp('!=');
      at++;
      const right = value(depth);
      return (s) => (left(s) === right(s)) !== negate;
    }
    return left;
  }

  function value(depth: number): CompiledExpression {
    const token = peek();
    if (token === undefined) throw new ExpressionError('it ends where a value is expected');
    if (token.kind === 'op' && token.value === '(') {
      at++;
      const inner = or(depth + 1);
      expect(')', 'a closing parenthesis');
      return inner;
    }
    at++;
    if (token.kind === 'string' || token.kind === 'number') {
      const constant = token.value;
      return () => constant;
    }
    if (token.kind === 'op') throw new ExpressionError(`"${token.value}" at token ${at} is not where a value can be`);
    const name = token.value;
    if (name === 'true' || name === 'false' || name === 'null') {
      const constant = name === 'null' ? null : name === 'true';
      return () => constant;
    }
    if (isOp('(')) return call(name, depth);
    const attribute = /^user\.([A-Za-z][A-Za-z0-9_]{0,99})$/.exec(name)?.[1];
    if (attribute === undefined) throw new ExpressionError(`${name.slice(0, 100)} is not a user attribute (write user.<attribute>) nor a function group rules can call`);
    return (s) => attributeValue(s.attribute(attribute));
  }

  function call(name: string, depth: number): CompiledExpression {
    const fn = FUNCTIONS[name];
    if (!Object.hasOwn(FUNCTIONS, name) || fn === undefined) throw new ExpressionError(`${name.slice(0, 100)} is not a function group rules can call (${Object.keys(FUNCTIONS).join(', ')})`);
    at++;
    const args: CompiledExpression[] = [];
    if (!isOp(')')) {
      args.push(or(depth + 1));
      while (isOp(',')) {
        at++;
        args.push(or(depth + 1));
      }
    }
    expect(')', `the closing parenthesis of ${name}`);
    if (fn.arity === 'many' ? args.length === 0 : args.length !== fn.arity) {
      throw new ExpressionError(`${name} takes ${fn.arity === 'many' ? 'one or more' : fn.arity} argument${fn.arity === 1 ? '' : 's'}, not ${args.length}`);
    }
    return (s) => fn.run(args.map((arg) => arg(s)), s);
  }

  const compiled = or(0);
  if (at < tokens.length) throw new ExpressionError(`token ${at + 1} follows a complete expression`);
  return compiled;
}
