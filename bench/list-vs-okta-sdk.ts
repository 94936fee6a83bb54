/**
 * list-vs-okta-sdk: walking 10,000 apps, 200 per page, over HTTP from a backend in another process.
 * The headline is appset's walk ÷ the floor: a bare fetch + JSON.parse walk of the same pages, one
 * page at a time, which no client that reads every page can beat by much (goal ≤ 1.15 for both the
 * default lazy walk and `prefetch: true`; `ratio` is the slower of the two). Each ratio is the median
 * of the rounds' own ratios (every round walks each way once, in shuffled order), with the quartiles
 * as the spread. The same rounds time the official @okta/okta-sdk-nodejs walking the same server
 * (`vsOktaSdk`: each walk ÷ the SDK's), and this process's CPU time per walk (`cpu`: walk ÷ floor),
 * which other load on the machine moves less than wall-clock time. Last, the three walks run against
 * a fetch that answers from memory (`inMemory`: CPU ÷ the floor's, 50 copies of the server's first
 * page), which times the client's own work with no server or socket in the way.
 */
import okta from '@okta/okta-sdk-nodejs';
import { measureRounds, median, pairedRatio, round, type BenchResult } from './measure';
import { inMemoryWalks, listWalks } from './list-walks';
import { startSeededServer } from './server-process';

const APPS = 10_000;

/** What list-vs-okta-sdk reports (see the file's comment). */
export interface ListResult extends BenchResult {
  lazyRatio: number;
  lazyQuartiles: [number, number];
  prefetchRatio: number;
  prefetchQuartiles: [number, number];
  lazyMs: number;
  prefetchMs: number;
  floorMs: number;
  cpu: { lazyRatio: number; prefetchRatio: number; floorMs: number };
  inMemory: { lazyRatio: number; prefetchRatio: number; floorMs: number };
  vsOktaSdk: { lazy: number; prefetch: number; floor: number; oktaSdkMs: number };
}

export async function listVsOktaSdk(): Promise<ListResult> {
  const server = await startSeededServer(APPS);
  try {
    // The SDK refuses http:// org URLs unless told it is under test; its typings omit that option.
    const config = { orgUrl: server.url, token: server.token, testing: { disableHttpsCheck: true } };
    const official = new okta.Client(config as ConstructorParameters<typeof okta.Client>[0]);
    const walkOfficial = async () => {
      let n = 0;
      const collection = await official.applicationApi.listApplications({ limit: 200 });
      for await (const app of collection) if (app?.id) n++;
      if (n !== APPS) throw new Error(`okta-sdk-nodejs walked ${n} apps, expected ${APPS}`);
    };
    const walk = listWalks(server, APPS);
    const rounds = await measureRounds(
      { official: walkOfficial, prefetch: walk.prefetch, lazy: walk.lazy, floor: walk.floor },
      { warmup: 3, rounds: 15 },
    );
    const memory = await measureRounds(await inMemoryWalks(server, 50), { warmup: 3, rounds: 21 });
    const ms = (name: keyof typeof rounds) => round(median(rounds[name].ms));
    const lazy = pairedRatio(rounds.lazy.ms, rounds.floor.ms);
    const prefetch = pairedRatio(rounds.prefetch.ms, rounds.floor.ms);
    const slower = lazy.median > prefetch.median ? 'lazy' : 'prefetch';
    return {
      ratio: Math.max(lazy.median, prefetch.median),
      baseline: ms('floor'),
      subject: ms(slower),
      unit: `ms per walk of 10,000 apps: the slower appset walk (${slower}) ÷ the floor (fetch + JSON.parse, one page at a time)`,
      goal: '≤ 1.15',
      lazyRatio: lazy.median,
      lazyQuartiles: lazy.quartiles,
      prefetchRatio: prefetch.median,
      prefetchQuartiles: prefetch.quartiles,
      lazyMs: ms('lazy'),
      prefetchMs: ms('prefetch'),
      floorMs: ms('floor'),
      cpu: {
        lazyRatio: pairedRatio(rounds.lazy.cpuMs, rounds.floor.cpuMs).median,
        prefetchRatio: pairedRatio(rounds.prefetch.cpuMs, rounds.floor.cpuMs).median,
        floorMs: round(median(rounds.floor.cpuMs)),
      },
      inMemory: {
        lazyRatio: pairedRatio(memory.lazy.cpuMs, memory.floor.cpuMs).median,
        prefetchRatio: pairedRatio(memory.prefetch.cpuMs, memory.floor.cpuMs).median,
        floorMs: round(median(memory.floor.cpuMs)),
      },
      vsOktaSdk: {
        lazy: pairedRatio(rounds.lazy.ms, rounds.official.ms).median,
        prefetch: pairedRatio(rounds.prefetch.ms, rounds.official.ms).median,
        floor: pairedRatio(rounds.floor.ms, rounds.official.ms).median,
        oktaSdkMs: ms('official'),
      },
    };
  } finally {
    await server.stop();
  }
}
