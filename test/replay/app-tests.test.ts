import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TESTS_PATH, loadAppTests } from './recordings';
import { replayWholeTest, summariseWhole, type Family, type WholeStepResult } from './whole-run';

const recordings = loadAppTests();
if (!recordings) {
  console.warn(
    `Replay of whole recorded app tests skipped: no recordings at ${APP_TESTS_PATH}. Set APPSET_APP_TESTS to the path of okta-recordings/app-tests.json to run it.`,
  );
}
/** Where the per-difference listing is written after each run. */
const REPORT = join(tmpdir(), 'appset-app-tests-replay-report.txt');
/** The families issues 32 (the app, its policies) and 33 (what clients call beside it) cover. */
const FAMILIES: Family[] = ['32', '33'];

describe.skipIf(!recordings)('replay of whole tests recorded against real Okta orgs (app-tests.json)', () => {
  const server = setupServer();
  const results: WholeStepResult[] = [];

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    for (const scenario of recordings!.scenarios) results.push(...(await replayWholeTest(server, scenario, recordings!)));
    const lines: string[] = [];
    for (const [label, families] of [['issues 32 and 33', FAMILIES], ['issue 32', ['32']], ['issue 33', ['33']], ['every endpoint', ['32', '33', 'other']]] as const) {
      const s = summariseWhole(results, families);
      lines.push(`${label}: ${s.matched} of ${s.compared} interactions match (${s.percent.toFixed(1)}%); ${s.wholeInScope} of ${s.tests} tests whole on these families, ${s.wholeStrictly} whole on every endpoint`);
    }
    const listing = summariseWhole(results, ['32', '33', 'other']).listing;
    writeFileSync(REPORT, [...lines, '', 'interactions  difference', ...listing].join('\n'));
    console.log(`${lines.join('\n')}\nevery difference in ${REPORT}`);
  }, 300_000);
  afterAll(() => server.close());

  it('replays every recorded interaction', () => {
    expect(results.length).toBe(recordings!.scenarios.reduce((n, s) => n + s.steps.length, 0));
  });
});
