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

/** One function's measured rounds, in round order: wall-clock and this process's CPU milliseconds. */
export interface Rounds {
  ms: number[];
  /** CPU time (user + system) of this process; a server in another process is not counted. */
  cpuMs: number[];
}

/**
 * Runs `warmup` unmeasured rounds of every function, then `rounds` measured rounds in which each runs
 * once, and returns every round's times. The order is shuffled every round (unseeded), so over the
 * rounds no function is tied to one place or one neighbour: a walk right after an allocation-heavy
 * one can pay for its garbage collection.
 */
export async function measureRounds<K extends string>(
  runs: Record<K, () => Promise<unknown>>,
  { warmup = 2, rounds = 7 }: { warmup?: number; rounds?: number } = {},
): Promise<Record<K, Rounds>> {
  const names = Object.keys(runs) as K[];
  for (let i = 0; i < warmup; i++) for (const name of names) await runs[name]();
  const out = noRounds(names);
  for (let i = 0; i < rounds; i++) {
    for (const name of shuffled(names)) {
      const cpu = process.cpuUsage();
      out[name].ms.push(await time(runs[name]));
      const spent = process.cpuUsage(cpu);
      out[name].cpuMs.push((spent.user + spent.system) / 1000);
    }
  }
  return out;
}

/**
 * Like {@link measureRounds}, but interleaved call by call: each round makes `calls` steps, and each
 * step calls every function once, in an order shuffled per step, timing each call on its own. A
 * round's time for a function is the sum of its calls. A slow spell of the machine (this one's speed
 * drifts within a second) then falls on every function alike instead of on whichever round it hit;
 * a collection of garbage still falls on the call that triggered it, so allocation is still paid for.
 */
export async function measureInterleaved<K extends string>(
  calls: Record<K, () => Promise<unknown>>,
  { warmup = 100, rounds = 7, steps = 200 }: { warmup?: number; rounds?: number; steps?: number } = {},
): Promise<Record<K, Rounds>> {
  const names = Object.keys(calls) as K[];
  for (let i = 0; i < warmup; i++) for (const name of names) await calls[name]();
  const out = noRounds(names);
  for (let r = 0; r < rounds; r++) {
    const ms = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
    const cpuMicros = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
    for (let s = 0; s < steps; s++) {
      for (const name of shuffled(names)) {
        const cpu = process.cpuUsage();
        const start = performance.now();
        await calls[name]();
        ms[name] += performance.now() - start;
        const spent = process.cpuUsage(cpu);
        cpuMicros[name] += spent.user + spent.system;
      }
    }
    for (const name of names) {
      out[name].ms.push(ms[name]);
      out[name].cpuMs.push(cpuMicros[name] / 1000);
    }
  }
  return out;
}

/** An empty record of rounds for each name. */
function noRounds<K extends string>(names: readonly K[]): Record<K, Rounds> {
  return Object.fromEntries(names.map((name): [K, Rounds] => [name, { ms: [], cpuMs: [] }])) as Record<K, Rounds>;
}

/** {@link measureRounds}, answering the median milliseconds of each function. */
export async function compareEach<K extends string>(
  runs: Record<K, () => Promise<unknown>>,
  options: { warmup?: number; rounds?: number } = {},
): Promise<Record<K, number>> {
  const measured = await measureRounds(runs, options);
  return Object.fromEntries(Object.entries<Rounds>(measured).map(([name, { ms }]) => [name, median(ms)])) as Record<K, number>;
}

/**
 * Subject ÷ baseline, round by round (both measured in the same round, so a slow spell of the machine
 * moves both), summarized by the median and the quartiles of the rounds' ratios.
 */
export function pairedRatio(subject: number[], baseline: number[]): { median: number; quartiles: [number, number] } {
  const ratios = subject.map((value, i) => value / baseline[i]!).sort((a, b) => a - b);
  const at = (q: number) => ratios[Math.round(q * (ratios.length - 1))]!;
  return { median: round(median(ratios)), quartiles: [round(at(0.25)), round(at(0.75))] };
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
