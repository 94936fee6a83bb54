/**
 * list-vs-okta-sdk: walking 10,000 apps, 200 per page, over HTTP from a backend in another process:
 * appset ÷ the official @okta/okta-sdk-nodejs walking the same server (goal ≤ 0.5).
 *
 * The ratio is appset's walk with `prefetch: true`, the option for walking a whole list. The default
 * lazy walk (`lazyRatio`) and a bare fetch + JSON.parse walk (`floorRatio`) are measured beside it.
 */
import okta from '@okta/okta-sdk-nodejs';
import { createClient } from '../src/index';
import { compareEach, round, type BenchResult } from './measure';
import { startSeededServer } from './server-process';

const APPS = 10_000;

export async function listVsOktaSdk(): Promise<BenchResult> {
  const server = await startSeededServer(APPS);
  try {
    const appset = createClient({ orgUrl: server.url, token: server.token });
    // The SDK refuses http:// org URLs unless told it is under test; its typings omit that option.
    const config = { orgUrl: server.url, token: server.token, testing: { disableHttpsCheck: true } };
    const official = new okta.Client(config as ConstructorParameters<typeof okta.Client>[0]);
    const walkAppset = (prefetch: boolean) => async () => {
      let n = 0;
      for await (const app of appset.apps.list({ limit: 200 }, { prefetch })) if (app.id) n++;
      if (n !== APPS) throw new Error(`appset walked ${n} apps, expected ${APPS}`);
    };
    const walkOfficial = async () => {
      let n = 0;
      const collection = await official.applicationApi.listApplications({ limit: 200 });
      for await (const app of collection) if (app?.id) n++;
      if (n !== APPS) throw new Error(`okta-sdk-nodejs walked ${n} apps, expected ${APPS}`);
    };
    // The floor: fetch and JSON.parse only, following the same links one page at a time. No lazy
    // client can walk faster than this over this server.
    const headers = { authorization: `SSWS ${server.token}` };
    const walkFloor = async () => {
      let url: string | undefined = `${server.url}/api/v1/apps?limit=200`;
      let n = 0;
      while (url) {
        const response: Response = await fetch(url, { headers });
        n += (JSON.parse(await response.text()) as unknown[]).length;
        url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      }
      if (n !== APPS) throw new Error(`the floor walk saw ${n} apps, expected ${APPS}`);
    };
    const ms = await compareEach(
      { official: walkOfficial, prefetch: walkAppset(true), lazy: walkAppset(false), floor: walkFloor },
      { warmup: 3, rounds: 11 },
    );
    return {
      ratio: round(ms.prefetch / ms.official),
      baseline: round(ms.official),
      subject: round(ms.prefetch),
      unit: 'ms per walk of 10,000 apps (appset with prefetch: true)',
      goal: '≤ 0.5',
      lazyRatio: round(ms.lazy / ms.official),
      lazyMs: round(ms.lazy),
      floorRatio: round(ms.floor / ms.official),
      floorMs: round(ms.floor),
    };
  } finally {
    await server.stop();
  }
}
