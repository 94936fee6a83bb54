import { readFileSync } from 'node:fs';

/** One interaction that still differs from the recordings, and why. */
export interface KnownDifference {
  scenario: string;
  step: number;
  why: string;
}

/**
 * The rows `| scenario | step | why |` of a known-differences table (`KNOWN-DIFFERENCES.md`): a
 * scenario is named by its id (`006 …` in recordings.json, `S001 …` in subresources.json).
 */
export function readKnownDifferences(file: string): KnownDifference[] {
  const rows: KnownDifference[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\|\s*(S?\d{3} [^|]+?)\s*\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|$/.exec(line);
    if (m) rows.push({ scenario: m[1]!, step: Number(m[2]), why: m[3]! });
  }
  return rows;
}

/** The key a pinned difference and a replayed step share: `<scenario> step <n>`. */
export const keyOf = (scenario: string, step: number): string => `${scenario} step ${step}`;

/** A kind of difference that still shows in the replay of whole tests, and why. */
export interface KnownPattern {
  /** `METHOD /path/template`, as the recordings name endpoints. */
  endpoint: string;
  /** The row's difference cell as written (the row's name in the report and the staleness check). */
  difference: string;
  /** The start of the differences it accepts, as the replay words them, list indexes written `[]`; absent: every difference. */
  prefix?: string;
  /**
   * The tests it is about, and the only ones where it accepts anything: `every difference in A001,
   * A031` (every difference of the endpoint there: a test that reads what the recording org had
   * before it, say) or `in A122, A123: <start of the difference>`.
   */
  scenarios?: string[];
  why: string;
}

/**
 * The rows `| endpoint | difference | why |` of `KNOWN-DIFFERENCES-APP-TESTS.md`. Backquotes
 * around a cell are left out (they keep `|`-free code readable in the table).
 */
export function readKnownPatterns(file: string): KnownPattern[] {
  const rows: KnownPattern[] = [];
  const cell = (text: string) => text.trim().replace(/^`(.*)`$/, '$1');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\|\s*((?:GET|POST|PUT|PATCH|DELETE) \/[^|]*?)\s*\|([^|]+)\|([^|]+)\|$/.exec(line);
    if (!m) continue;
    const difference = cell(m[2]!);
    const every = /^every difference in ((?:A\d{3}(?:, )?)+)$/.exec(difference);
    const within = /^in ((?:A\d{3}(?:, )?)+): (.+)$/.exec(difference);
    const scope = every ?? within;
    rows.push({
      endpoint: m[1]!,
      difference,
      ...(every ? {} : { prefix: within ? cell(within[2]!) : difference }),
      ...(scope ? { scenarios: scope[1]!.split(', ') } : {}),
      why: m[3]!.trim(),
    });
  }
  return rows;
}

/** The pattern a difference of a replayed step of a test (`A001 …`) falls under, if any. */
export function patternOf(patterns: readonly KnownPattern[], scenario: string, endpoint: string, difference: string): KnownPattern | undefined {
  const worded = difference.replace(/\[\d+\]/g, '[]');
  const test = scenario.slice(0, scenario.indexOf(' '));
  return patterns.find(
    (p) => p.endpoint === endpoint && (p.scenarios === undefined || p.scenarios.includes(test)) && (p.prefix === undefined || worded.startsWith(p.prefix)),
  );
}
