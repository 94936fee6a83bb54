import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOf, readKnownDifferences } from './known-differences';
import { loadRecordings, RECORDINGS_PATH } from './recordings';
import { replayScenario, summarise, type StepResult } from './run';

const recordings = loadRecordings();
if (!recordings) {
  console.warn(
    `Replay of real Okta recordings skipped: no recordings at ${RECORDINGS_PATH}. Set APPSET_RECORDINGS to the path of okta-recordings/recordings.json to run it.`,
  );
}
/** Where the per-difference listing is written after each run. */
const REPORT = join(tmpdir(), 'appset-replay-report.txt');
/** The interactions that still differ, each with why: a table users read, and this test too. */
const KNOWN_DIFFERENCES_FILE = fileURLToPath(new URL('./KNOWN-DIFFERENCES.md', import.meta.url));
/**
 * The floor issue 11 set. Each scenario runs on a backend that answers as organizations did the day
 * it was recorded (run.ts: `answersAsOf`), so answers Okta has since changed match either way; a
 * create with `selfService: true` refused by two orgs in 2023 is pinned below with its reason. The
 * pinned list is the real bar: any other difference fails.
 */
const FLOOR_PERCENT = 95;

describe.skipIf(!recordings)('replay of real Okta recordings', () => {
  const server = setupServer();
  const results: StepResult[] = [];
  const known = readKnownDifferences(KNOWN_DIFFERENCES_FILE);
  const knownKeys = new Set(known.map((k) => keyOf(k.scenario, k.step)));

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    // The file's `notReplayedEndpoints` (app policies, SAML metadata, credentials, grants, …) were
    // left out of it when it was distilled; subresources.test.ts replays real answers of those.
    for (const scenario of recordings!.scenarios) results.push(...(await replayScenario(server, scenario, recordings!)));
    const summary = summarise(results);
    const report = [
      `${summary.matched} of ${summary.compared} interactions match (${summary.percent.toFixed(1)}%); ${known.length} known differences in test/replay/KNOWN-DIFFERENCES.md`,
      `not compared: ${Object.values(recordings!.notReplayedEndpoints).reduce((a, b) => a + b, 0)} calls to endpoints not replayed`,
      '',
      'interactions  difference',
      ...summary.listing,
    ].join('\n');
    writeFileSync(REPORT, report);
    console.log(`${report.split('\n')[0]}; every difference in ${REPORT}`);
  }, 120_000);
  afterAll(() => server.close());

  it('replays every recorded interaction', () => {
    expect(results.length).toBe(recordings!.scenarios.reduce((n, s) => n + s.steps.length, 0));
    expect(summarise(results).percent).toBeGreaterThanOrEqual(FLOOR_PERCENT);
  });

  it('answers every interaction outside KNOWN-DIFFERENCES.md as real organizations did', () => {
    const unexpected = results
      .filter((r) => r.differences.length > 0 && !knownKeys.has(keyOf(r.scenario, r.step.n)))
      .map((r) => `${keyOf(r.scenario, r.step.n)} (${r.step.op}): ${r.differences.slice(0, 3).join('; ')}`);
    expect(unexpected, 'interactions that differ from the recordings and are not listed in test/replay/KNOWN-DIFFERENCES.md').toEqual([]);
  });

  it('still differs on each interaction KNOWN-DIFFERENCES.md lists (remove a row once it matches)', () => {
    expect(known.length).toBeGreaterThan(0);
    const byKey = new Map(results.map((r) => [keyOf(r.scenario, r.step.n), r]));
    const stale = known
      .filter((k) => (byKey.get(keyOf(k.scenario, k.step))?.differences.length ?? 0) === 0)
      .map((k) =>
        byKey.has(keyOf(k.scenario, k.step))
          ? `${keyOf(k.scenario, k.step)} now matches: remove its row from test/replay/KNOWN-DIFFERENCES.md`
          : `${keyOf(k.scenario, k.step)} is not in the recordings: remove its row from test/replay/KNOWN-DIFFERENCES.md`,
      );
    expect(stale).toEqual([]);
    expect(new Set(known.map((k) => keyOf(k.scenario, k.step))).size, 'a row of KNOWN-DIFFERENCES.md is listed twice').toBe(known.length);
  });
});
