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
