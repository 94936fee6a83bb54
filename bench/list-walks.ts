import { createClient, type FetchLike } from '../src/index';

/** Where the walks go: a server's URL and token, and the fetch to reach it (the global one by default). */
export interface WalkTarget {
  url: string;
  token: string;
  fetch?: FetchLike;
}

/**
 * appset's two walks of the target's apps (200 a page), and the floor: fetch and JSON.parse only,
 * following the same links one page at a time, which no lazy client can walk faster than. Each
 * checks that it saw all `apps`. Used by list-vs-okta-sdk and bench/profile-walk.ts.
 */
export function listWalks(target: WalkTarget, apps: number): Record<'lazy' | 'prefetch' | 'floor', () => Promise<void>> {
  const fetchNow = target.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const appset = createClient({ orgUrl: target.url, token: target.token, fetch: target.fetch });
  const walkAppset = (prefetch: boolean) => async () => {
    let n = 0;
    for await (const app of appset.apps.list({ limit: 200 }, { prefetch })) if (app.id) n++;
    if (n !== apps) throw new Error(`appset walked ${n} apps, expected ${apps}`);
  };
  const headers = { authorization: `SSWS ${target.token}` };
  // Named, so that bench/profile-walk.ts can tell the JSON.parse inlined into it.
  const floor = async function floorWalk() {
    let url: string | undefined = `${target.url}/api/v1/apps?limit=200`;
    let n = 0;
    while (url) {
      const response: Response = await fetchNow(url, { headers });
      n += (JSON.parse(await response.text()) as unknown[]).length;
      url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
    if (n !== apps) throw new Error(`the floor walk saw ${n} apps, expected ${apps}`);
  };
  return { lazy: walkAppset(false), prefetch: walkAppset(true), floor };
}

/**
 * The same walks against a fetch that answers from memory: `pages` copies of the target's first
 * page of 200 apps, linked one to the next. No server and no socket take part, so only the client's
 * own work is timed: what a walk costs beyond the floor, without the noise of another process.
 */
export async function inMemoryWalks(target: WalkTarget, pages: number): Promise<ReturnType<typeof listWalks>> {
  const first = await fetch(`${target.url}/api/v1/apps?limit=200`, { headers: { authorization: `SSWS ${target.token}` } });
  const body = new Uint8Array(await first.arrayBuffer());
  const fetchPage: FetchLike = async (input) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const page = Number(url.searchParams.get('page') ?? '1');
    const next = page < pages ? `, <${target.url}/api/v1/apps?page=${page + 1}&limit=200>; rel="next"` : '';
    const headers = { 'content-type': 'application/json', 'content-length': String(body.byteLength), link: `<${url.href}>; rel="self"${next}` };
    return new Response(body, { headers });
  };
  const perPage = (JSON.parse(new TextDecoder().decode(body)) as unknown[]).length;
  return listWalks({ ...target, fetch: fetchPage }, pages * perPage);
}
