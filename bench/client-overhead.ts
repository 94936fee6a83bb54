/**
 * client-overhead: `client.apps.get()` against `appset-mock` over a real socket ÷ a bare
 * `ky.get(url, { headers }).json()` of the same URL with the same headers (goal ≤ 1.10). The ratio is
 * appset's cost on top of its transport library: input checks, the bounded body read, the retry
 * policy, the response schema. A bare `fetch` of the same URL is timed in the same rounds, and its
 * ratio reported beside it (`fetchRatio`, `kyFetchRatio`). The same rounds also record this
 * process's CPU time (`cpuRatio`, `cpuFetchRatio`), which other load on the machine moves less.
 */
import ky from 'ky';
import { createClient } from '../src/index';
import { compareEach, median, round, type BenchResult } from './measure';
import { startSeededServer } from './server-process';

const CALLS = 200;
const WARMUP = 5;
const ROUNDS = 21;

/** Wraps `run` to record the CPU time this process spends in each round (the server runs in another). */
function withCpu(run: () => Promise<void>, into: number[]): () => Promise<void> {
  return async () => {
    const start = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(start);
    into.push(spent.user + spent.system);
  };
}

export async function clientOverhead(): Promise<BenchResult> {
  const server = await startSeededServer(100);
  try {
    const client = createClient({ orgUrl: server.url, token: server.token });
    const [app] = await client.apps.list({ limit: 4 }).toArray({ max: 1 });
    const url = `${server.url}/api/v1/apps/${app!.id}`;
    const headers = { authorization: `SSWS ${server.token}`, accept: 'application/json', 'user-agent': 'appset/bench' };
    const cpu = { fetch: [] as number[], ky: [] as number[], appset: [] as number[] };
    const times = await compareEach(
      {
        fetch: withCpu(async () => {
          for (let i = 0; i < CALLS; i++) await (await fetch(url, { headers })).json();
        }, cpu.fetch),
        ky: withCpu(async () => {
          for (let i = 0; i < CALLS; i++) await ky.get(url, { headers }).json();
        }, cpu.ky),
        appset: withCpu(async () => {
          for (let i = 0; i < CALLS; i++) await client.apps.get(app!.id);
        }, cpu.appset),
      },
      // One round is 200 calls over a socket (tens of ms): many rounds, median.
      { warmup: WARMUP, rounds: ROUNDS },
    );
    // CPU time of this process per round, warm-up left out: less moved by other load on the machine.
    const cpuOf = (rounds: number[]) => median(rounds.slice(WARMUP));
    const perCall = (ms: number) => round((ms / CALLS) * 1000);
    return {
      ratio: round(times.appset / times.ky),
      baseline: perCall(times.ky),
      subject: perCall(times.appset),
      unit: 'µs per get over HTTP',
      goal: '≤ 1.10',
      fetchRatio: round(times.appset / times.fetch),
      kyFetchRatio: round(times.ky / times.fetch),
      fetchMicroseconds: perCall(times.fetch),
      cpuRatio: round(cpuOf(cpu.appset) / cpuOf(cpu.ky)),
      cpuFetchRatio: round(cpuOf(cpu.appset) / cpuOf(cpu.fetch)),
    };
  } finally {
    await server.stop();
  }
}
