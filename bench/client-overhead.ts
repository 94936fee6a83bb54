/**
 * client-overhead: `client.apps.get()` against `appset-mock` over a real socket ÷ a bare
 * `ky.get(url, { headers }).json()` of the same URL with the same headers (goal ≤ 1.10). The ratio is
 * appset's cost on top of its transport library: input checks, the bounded body read, the retry
 * policy, the response schema. Each round makes 200 calls each way (and with a bare `fetch`), in
 * shuffled order; the ratio is the median of the rounds' own ratios, with their quartiles as the
 * spread, so one slow spell of the machine does not decide it. A bare `fetch`'s ratio is reported
 * beside it (`fetchRatio`, `kyFetchRatio`), and the same rounds' CPU time of this process
 * (`cpuRatio`, `cpuFetchRatio`), which other load on the machine moves less.
 */
import ky from 'ky';
import { createClient } from '../src/index';
import { measureRounds, median, pairedRatio, round, type BenchResult } from './measure';
import { startSeededServer } from './server-process';

const CALLS = 200;
const WARMUP = 5;
const ROUNDS = 21;

export async function clientOverhead(): Promise<BenchResult> {
  const server = await startSeededServer(100);
  try {
    const client = createClient({ orgUrl: server.url, token: server.token });
    const [app] = await client.apps.list({ limit: 4 }).toArray({ max: 1 });
    const url = `${server.url}/api/v1/apps/${app!.id}`;
    const headers = { authorization: `SSWS ${server.token}`, accept: 'application/json', 'user-agent': 'appset/bench' };
    const rounds = await measureRounds(
      {
        fetch: async () => {
          for (let i = 0; i < CALLS; i++) await (await fetch(url, { headers })).json();
        },
        ky: async () => {
          for (let i = 0; i < CALLS; i++) await ky.get(url, { headers }).json();
        },
        appset: async () => {
          for (let i = 0; i < CALLS; i++) await client.apps.get(app!.id);
        },
      },
      // One round is 200 calls over a socket (tens of ms): many rounds, median.
      { warmup: WARMUP, rounds: ROUNDS },
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
