import { invalidSearch } from '../pipeline/okta-errors';

/**
 * The expressions of Okta's `filter` and `search` parameters (SCIM-like): `attribute op "value"`,
 * `attribute pr`, joined with `and` / `or` and grouped with parentheses. Operators and `and`/`or`
 * are case-insensitive, attribute names case-sensitive.
 */
export type Expression =
  | { kind: 'compare'; attribute: string; op: Operator; value: string | number | boolean | null }
  | { kind: 'present'; attribute: string }
  | { kind: 'and' | 'or'; left: Expression; right: Expression };

/** The comparison operators Okta's users and groups searches take (`ne` is not one of them). */
export type Operator = 'eq' | 'sw' | 'co' | 'gt' | 'ge' | 'lt' | 'le';

const OPERATORS: ReadonlySet<string> = new Set(['eq', 'sw', 'co', 'gt', 'ge', 'lt', 'le']);

/** The longest expression read, and the most comparisons and nesting it may hold. */
export const MAX_EXPRESSION_LENGTH = 2000;
const MAX_TERMS = 50;
const MAX_DEPTH = 10;

/** What one parameter allows: which attributes, and for each the operators it takes. */
export interface ExpressionRules {
  /** The parameter's name, for the refusal (`filter`, `search`). */
  name: string;
  /** The operators an attribute takes, or `undefined` when the parameter does not know it. */
  operators(attribute: string): ReadonlySet<Operator> | undefined;
  /** Whether `attribute pr` is allowed. */
  present: boolean;
}

type Token = { type: 'word' | 'string' | 'number' | 'open' | 'close'; text: string };

function tokenize(input: string, refuse: (why: string) => never): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ type: ch === '(' ? 'open' : 'close', text: ch });
      i += 1;
    } else if (ch === '"') {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= input.length) refuse('a quoted value is not closed');
        const c = input[i]!;
        if (c === '\\' && i + 1 < input.length) {
          value += input[i + 1];
          i += 2;
        } else if (c === '"') {
          i += 1;
          break;
        } else {
          value += c;
          i += 1;
        }
      }
      tokens.push({ type: 'string', text: value });
    } else {
      const match = /^[^\s()"]+/.exec(input.slice(i))!;
      const word = match[0];
      tokens.push({ type: /^-?\d+(\.\d+)?$/.test(word) ? 'number' : 'word', text: word });
      i += word.length;
    }
  }
  return tokens;
}

/**
 * Parses an expression for one parameter; anything it does not support (an unknown attribute, an
 * operator the attribute does not take, `ne`, `not`, a syntax error) is Okta's 400 `E0000031`
 * "Invalid search criteria.", with a cause saying what was refused.
 */
export function parseExpression(input: string, rules: ExpressionRules): Expression {
  const refuse = (why: string): never => {
    throw invalidSearch(`${rules.name}=${input.slice(0, 200)}: ${why}.`);
  };
  if (input.length > MAX_EXPRESSION_LENGTH) refuse(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const tokens = tokenize(input, refuse);
  let at = 0;
  let terms = 0;

  const peekWord = () => (tokens[at]?.type === 'word' ? tokens[at]!.text.toLowerCase() : undefined);

  const factor = (depth: number): Expression => {
    if (depth > MAX_DEPTH) refuse(`parentheses nest deeper than ${MAX_DEPTH}`);
    const token = tokens[at];
    if (token === undefined) refuse('the expression ends too early');
    if (token!.type === 'open') {
      at += 1;
      const inner = or(depth + 1);
      if (tokens[at]?.type !== 'close') refuse('a parenthesis is not closed');
      at += 1;
      return inner;
    }
    if (token!.type !== 'word') refuse(`"${token!.text.slice(0, 40)}" is not an attribute`);
    const attribute = token!.text;
    if (attribute.toLowerCase() === 'not') refuse('the operator not is not supported');
    at += 1;
    if ((terms += 1) > MAX_TERMS) refuse(`more than ${MAX_TERMS} comparisons`);
    const opToken = tokens[at];
    if (opToken?.type !== 'word') refuse(`${attribute} has no operator`);
    const op = opToken!.text.toLowerCase();
    at += 1;
    const allowed = rules.operators(attribute);
    if (!allowed) refuse(`${attribute} cannot be used in ${rules.name}`);
    if (op === 'pr') {
      if (!rules.present) refuse(`pr is not supported in ${rules.name}`);
      return { kind: 'present', attribute };
    }
    if (!OPERATORS.has(op)) refuse(`the operator ${op.slice(0, 20)} is not supported`);
    if (!allowed!.has(op as Operator)) refuse(`${attribute} does not take the operator ${op}`);
    const valueToken = tokens[at];
    if (valueToken === undefined) refuse(`${attribute} ${op} has no value`);
    at += 1;
    let value: string | number | boolean | null;
    if (valueToken!.type === 'string') value = valueToken!.text;
    else if (valueToken!.type === 'number') value = Number(valueToken!.text);
    else if (/^(true|false|null)$/i.test(valueToken!.text)) value = JSON.parse(valueToken!.text.toLowerCase()) as boolean | null;
    else refuse(`${attribute} ${op} needs a quoted value, e.g. "ACTIVE"`);
    return { kind: 'compare', attribute, op: op as Operator, value: value! };
  };

  const and = (depth: number): Expression => {
    let left = factor(depth);
    while (peekWord() === 'and') {
      at += 1;
      left = { kind: 'and', left, right: factor(depth) };
    }
    return left;
  };

  const or = (depth: number): Expression => {
    let left = and(depth);
    while (peekWord() === 'or') {
      at += 1;
      left = { kind: 'or', left, right: and(depth) };
    }
    return left;
  };

  const expression = or(0);
  if (at < tokens.length) refuse(`"${tokens[at]!.text.slice(0, 40)}" is not understood here; join comparisons with and / or`);
  return expression;
}

/** Reads an attribute (`status`, `profile.login`, `type.id`) of a record. */
export type AttributeReader = (attribute: string) => unknown;

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

function compare(actual: unknown, op: Operator, expected: string | number | boolean | null, caseInsensitive: boolean): boolean {
  if (Array.isArray(actual)) return actual.some((item) => compare(item, op, expected, caseInsensitive));
  if (expected === null || typeof expected === 'boolean') return op === 'eq' && actual === expected;
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return false;
    return op === 'eq' ? actual === expected : op === 'gt' ? actual > expected : op === 'ge' ? actual >= expected : op === 'lt' ? actual < expected : op === 'le' ? actual <= expected : false;
  }
  if (typeof actual !== 'string') return false;
  if (op === 'gt' || op === 'ge' || op === 'lt' || op === 'le') {
    // Timestamps compare as instants; other text in code-point order.
    const [a, b] = ISO_TIME.test(actual) && ISO_TIME.test(expected) ? [Date.parse(actual), Date.parse(expected)] : [actual, expected];
    return op === 'gt' ? a > b : op === 'ge' ? a >= b : op === 'lt' ? a < b : a <= b;
  }
  const [a, b] = caseInsensitive ? [actual.toLowerCase(), expected.toLowerCase()] : [actual, expected];
  return op === 'eq' ? a === b : op === 'sw' ? a.startsWith(b) : a.includes(b);
}

/**
 * Whether a record matches an expression. `caseInsensitive` values (what `search` does) compare text
 * without regard to case; `filter` compares it exactly.
 */
export function matches(expression: Expression, read: AttributeReader, caseInsensitive: boolean): boolean {
  switch (expression.kind) {
    case 'and':
      return matches(expression.left, read, caseInsensitive) && matches(expression.right, read, caseInsensitive);
    case 'or':
      return matches(expression.left, read, caseInsensitive) || matches(expression.right, read, caseInsensitive);
    case 'present': {
      const value = read(expression.attribute);
      return value !== undefined && value !== null && value !== '';
    }
    default:
      return compare(read(expression.attribute), expression.op, expression.value, caseInsensitive);
  }
}

/** The single `attribute eq "value"` an expression is, if it is just that (an index lookup can serve it). */
export function singleEquality(expression: Expression): { attribute: string; value: string } | undefined {
  return expression.kind === 'compare' && expression.op === 'eq' && typeof expression.value === 'string' ? { attribute: expression.attribute, value: expression.value } : undefined;
}
