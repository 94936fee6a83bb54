/**
 * page-scaling: the time of one 200-app page with 100,000 apps stored ÷ with 1,000 stored (goal
 * ≤ 1.5), plain, with a `filter` and with a `q`. Pages are served in-process through msw's
 * `getResponse`, from cursors spread over the whole collection, so deep pages count as much as the first.
 */
import { getResponse } from 'msw';
import { createMockBackend } from '../mock-server/index';
import { createHandlers } from '../mock-server/msw/index';
import { compare, round, type BenchResult } from './measure';
import { benchApps } from './fixtures';

const VARIANTS = {
  plain: '',
  filter: '&filter=status%20eq%20%22ACTIVE%22',
  q: '&q=beta',
} as const;
const PAGES_PER_ROUND = 5;
const REPEAT = 20;

/** URLs of up to 5 full (200-app) pages spread across the collection, for one variant. */
async function pageUrls(backend: ReturnType<typeof createMockBackend>, query: string): Promise<string[]> {
  const headers = { authorization: `SSWS ${backend.defaultToken}` };
  const full: string[] = [];
  let url: string | undefined = `${backend.orgUrl}/api/v1/apps?limit=200${query}`;
  while (url) {
    const response: Response = (await getResponse(createHandlers(backend), new Request(url, { headers })))!;
    if (((await response.json()) as unknown[]).length === 200) full.push(url);
    url = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  }
  const count = Math.min(PAGES_PER_ROUND, full.length);
  return Array.from({ length: count }, (_, i) => full[Math.floor((i * full.length) / count)]!);
}

async function serve(backend: ReturnType<typeof createMockBackend>, urls: string[]) {
  const headers = { authorization: `SSWS ${backend.defaultToken}` };
  for (let r = 0; r < REPEAT; r++) {
    for (const url of urls) {
      const response = await getResponse(createHandlers(backend), new Request(url, { headers }));
      const body = (await response!.json()) as unknown[];
      if (body.length !== 200) throw new Error(`a page had ${body.length} apps, expected 200`);
    }
  }
}

export async function pageScaling(): Promise<BenchResult> {
  const small = createMockBackend({ seed: benchApps(1_000) });
  const large = createMockBackend({ seed: benchApps(100_000) });
  const variants: Record<string, { ratio: number; baseline: number; subject: number }> = {};
  for (const [name, query] of Object.entries(VARIANTS)) {
    const smallUrls = await pageUrls(small, query);
    const largeUrls = await pageUrls(large, query);
    const { baseline, subject } = await compare(
      () => serve(small, smallUrls),
      () => serve(large, largeUrls),
      { warmup: 2, rounds: 9 },
    );
    // Per-page times: the two stores may offer a different number of full pages to sample.
    const small_ms = baseline / (smallUrls.length * REPEAT);
    const large_ms = subject / (largeUrls.length * REPEAT);
    variants[name] = { ratio: round(large_ms / small_ms), baseline: round(small_ms), subject: round(large_ms) };
  }
  // The quoted ratio is the worst variant's.
  const worst = Object.values(variants).reduce((a, b) => (b.ratio > a.ratio ? b : a));
  return { ...worst, unit: 'ms per 200-app page (100,000 ÷ 1,000 stored)', goal: '≤ 1.5', variants };
}
