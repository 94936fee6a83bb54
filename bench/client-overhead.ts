/**
 * client-overhead: `client.apps.get()` against an in-process handler ÷ a bare `fetch` of the same
 * URL through the same handler (goal ≤ 1.3). Both pay msw's interception; the ratio is appset's cost
 * on top (headers, timeout and retry bookkeeping, response validation).
 */
import { setupServer } from 'msw/node';
import { createClient } from '../src/index';
import { createMockBackend } from '../mock-server/index';
import { createHandlers } from '../mock-server/msw/index';
import { compare, round, type BenchResult } from './measure';

const CALLS = 300;

export async function clientOverhead(): Promise<BenchResult> {
  const backend = createMockBackend({ seed: 'demo' });
  const server = setupServer(...createHandlers(backend));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const app = backend.apps.list()[3]!;
    const url = `${backend.orgUrl}/api/v1/apps/${app.id}`;
    const headers = { authorization: `SSWS ${backend.defaultToken}`, accept: 'application/json' };
    const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
    const { baseline, subject } = await compare(
      async () => {
        for (let i = 0; i < CALLS; i++) await (await fetch(url, { headers })).json();
      },
      async () => {
        for (let i = 0; i < CALLS; i++) await client.apps.get(app.id);
      },
      // One round is 300 calls (tens of ms), so one garbage collection can double it: many rounds, median.
      { warmup: 5, rounds: 21 },
    );
    return {
      ratio: round(subject / baseline),
      baseline: round((baseline / CALLS) * 1000),
      subject: round((subject / CALLS) * 1000),
      unit: 'µs per get',
      goal: '≤ 1.3',
    };
  } finally {
    server.close();
  }
}
