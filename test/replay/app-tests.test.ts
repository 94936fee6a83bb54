import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { patternOf, readKnownPatterns } from './known-differences';
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
/** The kinds of difference that remain, each with why. */
const KNOWN_DIFFERENCES_FILE = fileURLToPath(new URL('./KNOWN-DIFFERENCES-APP-TESTS.md', import.meta.url));
/**
 * The floors issues 32 and 33 set, each on its own families: 95% of interactions matching, 75% of
 * tests whole. Each test runs on a backend that answers as organizations did the day it was recorded
 * (`answersAsOf`), since the recordings span changes Okta made to the same answers
 * (docs/compatibility.md, "Answers Okta has changed").
 */
const FLOOR_INTERACTIONS_PERCENT = 95;
const FLOOR_TESTS_WHOLE_PERCENT = 75;

describe.skipIf(!recordings)('replay of whole tests recorded against real Okta orgs (app-tests.json)', () => {
  const server = setupServer();
  const results: WholeStepResult[] = [];
  const known = readKnownPatterns(KNOWN_DIFFERENCES_FILE);

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    for (const scenario of recordings!.scenarios) results.push(...(await replayWholeTest(server, scenario, recordings!)));
    const lines: string[] = [];
    for (const [label, families] of [['issues 32 and 33', FAMILIES], ['issue 32', ['32']], ['issue 33', ['33']], ['every endpoint', ['32', '33', 'other']]] as const) {
      const s = summariseWhole(results, families);
      lines.push(`${label}: ${s.matched} of ${s.compared} interactions match (${s.percent.toFixed(1)}%); ${s.wholeInScope} of ${s.tests} tests whole on these families, ${s.wholeStrictly} whole on every endpoint`);
    }
    const listing = summariseWhole(results, ['32', '33', 'other']).listing;
    // Which row of the table each differing interaction falls under (its first difference that one does).
    const byRow = new Map<string, number>();
    for (const r of results) {
      if (!r.counted || !FAMILIES.includes(r.family) || r.differences.length === 0) continue;
      const row = r.differences.map((d) => patternOf(known, r.scenario, r.step.endpoint, d)).find((p) => p !== undefined);
      const key = row ? `${row.endpoint} | ${row.difference}` : '(no row)';
      byRow.set(key, (byRow.get(key) ?? 0) + 1);
    }
    const rows = [...byRow].sort((a, b) => b[1] - a[1]).map(([row, n]) => `${String(n).padStart(4)}  ${row}`);
    writeFileSync(REPORT, [...lines, '', 'interactions  row of KNOWN-DIFFERENCES-APP-TESTS.md', ...rows, '', 'interactions  difference', ...listing].join('\n'));
    console.log(`${lines.join('\n')}\nevery difference in ${REPORT}`);
  }, 300_000);
  afterAll(() => server.close());

  it('replays every recorded interaction, and meets the floors on the families of issue 32 and of issue 33', () => {
    expect(results.length).toBe(recordings!.scenarios.reduce((n, s) => n + s.steps.length, 0));
    for (const family of FAMILIES) {
      const summary = summariseWhole(results, [family]);
      expect(summary.percent, `issue ${family}: share of interactions matching`).toBeGreaterThanOrEqual(FLOOR_INTERACTIONS_PERCENT);
      expect((100 * summary.wholeInScope) / summary.tests, `issue ${family}: share of tests whole on its families`).toBeGreaterThanOrEqual(FLOOR_TESTS_WHOLE_PERCENT);
    }
  });

  it('differs only in the ways KNOWN-DIFFERENCES-APP-TESTS.md lists, each with why', () => {
    const unexpected = new Set<string>();
    for (const r of results) {
      if (!r.counted || !FAMILIES.includes(r.family)) continue;
      for (const d of r.differences) {
        if (patternOf(known, r.scenario, r.step.endpoint, d) === undefined) unexpected.add(`${r.step.endpoint}: ${d.replace(/\[\d+\]/g, '[]')} (e.g. ${r.scenario} step ${r.step.n})`);
      }
    }
    expect([...unexpected], 'differences not listed in test/replay/KNOWN-DIFFERENCES-APP-TESTS.md').toEqual([]);
  });

  it('still shows each kind of difference KNOWN-DIFFERENCES-APP-TESTS.md lists (remove a row once it is gone)', () => {
    const seen = new Set<string>();
    for (const r of results) for (const d of r.differences) {
      const p = patternOf(known, r.scenario, r.step.endpoint, d);
      if (p) seen.add(`${p.endpoint} | ${p.difference}`);
    }
    const stale = known.filter((p) => !seen.has(`${p.endpoint} | ${p.difference}`)).map((p) => `${p.endpoint} | ${p.difference}`);
    expect(stale, 'rows of KNOWN-DIFFERENCES-APP-TESTS.md that no longer occur').toEqual([]);
    expect(new Set(known.map((p) => `${p.endpoint} | ${p.difference}`)).size, 'a row is listed twice').toBe(known.length);
  });
});
