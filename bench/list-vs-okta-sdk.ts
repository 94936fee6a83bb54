/**
 * list-vs-okta-sdk: walking 10,000 apps, 200 per page, over HTTP from a backend in another process:
 * appset ÷ the official @okta/okta-sdk-nodejs walking the same server (goal ≤ 0.5).
 */
import okta from '@okta/okta-sdk-nodejs';
import { createClient } from '../src/index';
import { compare, round, type BenchResult } from './measure';
import { startSeededServer } from './server-process';

const APPS = 10_000;

export async function listVsOktaSdk(): Promise<BenchResult> {
  const server = await startSeededServer(APPS);
  try {
    const appset = createClient({ orgUrl: server.url, token: server.token });
    // The SDK refuses http:// org URLs unless told it is under test; its typings omit that option.
    const config = { orgUrl: server.url, token: server.token, testing: { disableHttpsCheck: true } };
    const official = new okta.Client(config as ConstructorParameters<typeof okta.Client>[0]);
    const walkAppset = async () => {
      let n = 0;
      for await (const app of appset.apps.list({ limit: 200 })) if (app.id) n++;
      if (n !== APPS) throw new Error(`appset walked ${n} apps, expected ${APPS}`);
    };
    const walkOfficial = async () => {
      let n = 0;
      const collection = await official.applicationApi.listApplications({ limit: 200 });
      for await (const app of collection) if (app?.id) n++;
      if (n !== APPS) throw new Error(`okta-sdk-nodejs walked ${n} apps, expected ${APPS}`);
    };
    // The floor: fetch and JSON.parse only, following the same links. No client can walk faster than
    // this over this server, so floor ÷ official bounds the ratio any client could reach here.
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
    const { baseline, subject } = await compare(walkOfficial, walkAppset, { warmup: 2, rounds: 9 });
    const floor = await compare(walkOfficial, walkFloor, { warmup: 2, rounds: 9 });
    return {
      ratio: round(subject / baseline),
      baseline: round(baseline),
      subject: round(subject),
      unit: 'ms per walk of 10,000 apps',
      goal: '≤ 0.5',
      floorRatio: round(floor.subject / floor.baseline),
      floorMs: round(floor.subject),
    };
  } finally {
    await server.stop();
  }
}
