/**
 * client-overhead: `client.apps.get()` against `appset-mock` over a real socket ÷ a bare
 * `ky.get(url, { headers }).json()` of the same URL with the same headers (goal ≤ 1.10). The ratio is
 * appset's cost on top of its transport library: input checks, the bounded body read, the retry
 * policy, the response schema. The calls are interleaved: each of a round's 200 steps makes one
 * call each way (and one with a bare `fetch`) in shuffled order, so the machine's drift falls on all
 * three alike. The ratio is the median of the rounds' own ratios, with their quartiles as the
 * spread, so one slow spell does not decide it. A bare `fetch`'s ratio is reported beside it
 * (`fetchRatio`, `kyFetchRatio`), and the same rounds' CPU time of this process (`cpuRatio`,
 * `cpuFetchRatio`).
 */
import ky from 'ky';
import { createClient } from '../src/index';
import { measureInterleaved, median, pairedRatio, round, type BenchResult } from './measure';
import { startSeededServer } from './server-process';

const CALLS = 200;
const WARMUP = 1000;
const ROUNDS = 41;

export async function clientOverhead(): Promise<BenchResult> {
  const server = await startSeededServer(100);
  try {
    const client = createClient({ orgUrl: server.url, token: server.token });
    const [app] = await client.apps.list({ limit: 4 }).toArray({ max: 1 });
    const url = `${server.url}/api/v1/apps/${app!.id}`;
    const headers = { authorization: `SSWS ${server.token}`, accept: 'application/json', 'user-agent': 'appset/bench' };
    const rounds = await measureInterleaved(
      {
        fetch: async () => (await fetch(url, { headers })).json(),
        ky: () => ky.get(url, { headers }).json(),
        appset: () => client.apps.get(app!.id),
      },
      { warmup: WARMUP, rounds: ROUNDS, steps: CALLS },
    );
    const ratio = pairedRatio(rounds.appset.ms, rounds.ky.ms);
    const perCall = (ms: number[]) => round((median(ms) / CALLS) * 1000);
    return {
      ratio: ratio.median,
      baseline: perCall(rounds.ky.ms),
      subject: perCall(rounds.appset.ms),
      unit: 'µs per get over HTTP',
      goal: '≤ 1.10',
      quartiles: ratio.quartiles,
      fetchRatio: pairedRatio(rounds.appset.ms, rounds.fetch.ms).median,
      kyFetchRatio: pairedRatio(rounds.ky.ms, rounds.fetch.ms).median,
      fetchMicroseconds: perCall(rounds.fetch.ms),
      cpuRatio: pairedRatio(rounds.appset.cpuMs, rounds.ky.cpuMs).median,
      cpuFetchRatio: pairedRatio(rounds.appset.cpuMs, rounds.fetch.cpuMs).median,
    };
  } finally {
    await server.stop();
  }
}
