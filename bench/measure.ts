/**
 * Timing helpers for the benchmarks. Every result is a ratio against a baseline measured in the same
 * process and run: rounds of baseline and subject alternate (so drift affects both), several rounds
 * follow a warm-up, and the median round is quoted.
 */
import { performance } from 'node:perf_hooks';

/** One benchmark's entry in bench/results.json. */
export interface BenchResult {
  ratio: number;
  baseline: number;
  subject: number;
  unit: string;
  goal: string;
  /** Extra numbers a benchmark reports (variants, raw values). */
  [extra: string]: unknown;
}

/** The median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds one call of `fn` takes. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Runs `warmup` unmeasured rounds of each, then `rounds` measured rounds alternating baseline and
 * subject, and returns the median milliseconds of each.
 */
export async function compare(
  baseline: () => Promise<unknown>,
  subject: () => Promise<unknown>,
  { warmup = 2, rounds = 7 }: { warmup?: number; rounds?: number } = {},
): Promise<{ baseline: number; subject: number }> {
  for (let i = 0; i < warmup; i++) {
    await baseline();
    await subject();
  }
  const b: number[] = [];
  const s: number[] = [];
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first so neither always runs on a warmer (or more fragmented) heap.
    if (i % 2 === 0) {
      b.push(await time(baseline));
      s.push(await time(subject));
    } else {
      s.push(await time(subject));
      b.push(await time(baseline));
    }
  }
  return { baseline: median(b), subject: median(s) };
}

/**
 * Runs `warmup` unmeasured rounds of every function, then `rounds` measured rounds in which each runs
 * once, and returns the median milliseconds of each. The order is shuffled every round (unseeded),
 * so over the rounds no function is tied to one place or one neighbour: a walk right after an
 * allocation-heavy one can pay for its garbage collection.
 */
export async function compareEach<K extends string>(
  runs: Record<K, () => Promise<unknown>>,
  { warmup = 2, rounds = 7 }: { warmup?: number; rounds?: number } = {},
): Promise<Record<K, number>> {
  const names = Object.keys(runs) as K[];
  for (let i = 0; i < warmup; i++) for (const name of names) await runs[name]();
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let i = 0; i < rounds; i++) {
    for (const name of shuffled(names)) times.get(name)!.push(await time(runs[name]));
  }
  return Object.fromEntries(names.map((name) => [name, median(times.get(name)!)])) as Record<K, number>;
}

/** A copy of `items` in random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Rounds to a few significant digits for the report. */
export function round(n: number, digits = 3): number {
  return Number(n.toPrecision(digits));
}
