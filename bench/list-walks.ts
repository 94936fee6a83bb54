import { createClient } from '../src/index';

/**
 * appset's two walks of the seeded server's apps (200 a page), and the floor: fetch and JSON.parse
 * only, following the same links one page at a time, which no lazy client can walk faster than.
 * Each checks that it saw all `apps`. Used by list-vs-okta-sdk and bench/profile-walk.ts.
 */
export function listWalks(server: { url: string; token: string }, apps: number): Record<'lazy' | 'prefetch' | 'floor', () => Promise<void>> {
  const appset = createClient({ orgUrl: server.url, token: server.token });
  const walkAppset = (prefetch: boolean) => async () => {
    let n = 0;
    for await (const app of appset.apps.list({ limit: 200 }, { prefetch })) if (app.id) n++;
    if (n !== apps) throw new Error(`appset walked ${n} apps, expected ${apps}`);
  };
  const headers = { authorization: `SSWS ${server.token}` };
  // Named, so that bench/profile-walk.ts can tell the JSON.parse inlined into it.
  const floor = async function floorWalk() {
    let url: string | undefined = `${server.url}/api/v1/apps?limit=200`;
    let n = 0;
    while (url) {
      const response: Response = await fetch(url, { headers });
      n += (JSON.parse(await response.text()) as unknown[]).length;
      url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    if (n !== apps) throw new Error(`the floor walk saw ${n} apps, expected ${apps}`);
  };
  return { lazy: walkAppset(false), prefetch: walkAppset(true), floor };
}
