import type * as z from 'zod/mini';

/** One problem with one field of a request body or token, in the words the Okta API uses. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. `settings.app.instanceType` or `redirect_uris[0]`. */
  path: string;
  /** Why the value was refused, e.g. `The field cannot be left blank`. */
  reason: string;
  /**
   * For a value outside an enumeration of at most 12 (`reason` `Not one of the allowed values`): the values
   * the field takes, e.g. `['BOOKMARK']`. The message of a `RequestValidationError` lists them.
   */
  allowed?: string[];
}

/** One issue as a message names it: `path: reason`, and the values allowed when the issue lists them. */
export function describeIssue(issue: FieldIssue): string {
  const allowed = issue.allowed ? ` (allowed: ${issue.allowed.join(', ')})` : '';
  return `${issue.path ? `${issue.path}: ` : ''}${issue.reason}${allowed}`;
}

/** Reason given for a required field that is absent, null or empty. */
export const BLANK_FIELD = 'The field cannot be left blank';
/** Reason given for a value outside an enumeration or literal. */
export const NOT_ALLOWED_VALUE = 'Not one of the allowed values';

/** Options for every `safeParse` whose issues are turned into {@link FieldIssue}s. */
export const PARSE_OPTIONS = { reportInput: true } as const;

/** Formats a zod issue path as `a.b[0].c`. Keys that are not identifiers (event-type URIs) stay as they are. */
export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function isBlank(issue: z.core.$ZodIssue): boolean {
  // Zod omits `input` when the key is absent; with `reportInput` every other issue carries it.
  if (!('input' in issue) || issue.input === undefined || issue.input === null) {
    return issue.code !== 'unrecognized_keys' && issue.code !== 'custom';
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.input === '') return true;
  return false;
}

function reasonFor(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return NOT_ALLOWED_VALUE;
    case 'invalid_union':
      // A discriminated union that matched no option: the discriminator value itself is wrong.
      return 'discriminator' in issue ? NOT_ALLOWED_VALUE : 'Does not match any accepted shape';
    case 'invalid_type':
      return `Must be ${article(issue.expected)}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `Must contain at least ${String(issue.minimum)} item(s)`
        : issue.origin === 'string'
          ? `Must be at least ${String(issue.minimum)} characters long`
          : issue.inclusive === false
            ? `Must be greater than ${String(issue.minimum)}`
            : `Must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Must be at most ${String(issue.maximum)} characters long`
        : issue.inclusive === false
          ? `Must be less than ${String(issue.maximum)}`
          : `Must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `Must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer';
  if (expected === 'object' || expected === 'array') return `an ${expected}`;
  return `a ${expected}`;
}

/**
 * Turns a zod error into one {@link FieldIssue} per problem field. Unknown keys of strict shapes
 * become one issue each, at the key's own path, so the message names the field to remove. Paths
 * start with `prefix` when the parsed value sat inside a larger document (`events.<uri>.subject`).
 */
export function fieldIssues(error: { issues: ReadonlyArray<z.core.$ZodIssue> }, prefix: ReadonlyArray<PropertyKey> = []): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const unprefixed of error.issues) {
    const issue = prefix.length === 0 ? unprefixed : { ...unprefixed, path: [...prefix, ...unprefixed.path] };
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({
          path: formatFieldPath([...issue.path, key]),
          reason: 'Unknown field; remove it or check its spelling',
        });
      }
      continue;
    }
    const found: FieldIssue = {
      path: formatFieldPath(issue.path),
      reason: isBlank(issue) ? BLANK_FIELD : reasonFor(issue),
    };
    if (issue.code === 'invalid_value' && found.reason === NOT_ALLOWED_VALUE && issue.values.length > 0 && issue.values.length <= MAX_LISTED_VALUES) {
      found.allowed = issue.values.map((value) => (typeof value === 'string' ? value : String(value)));
    }
    out.push(found);
  }
  return out;
}

/** The most allowed values an issue lists (`FieldIssue.allowed`); a longer enumeration is not listed. */
const MAX_LISTED_VALUES = 12;
