import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOf, readKnownDifferences } from './known-differences';
import { loadSubresourceRecordings, SUBRESOURCES_PATH } from './recordings';
import { summarise, type StepResult } from './run';
import { replaySubresourceScenario, type ScenarioSetup } from './sub-run';

const recordings = loadSubresourceRecordings();
if (!recordings) {
  console.warn(
    `Replay of real Okta answers around an app skipped: no recordings at ${SUBRESOURCES_PATH}. Set APPSET_SUBRESOURCES to the path of okta-recordings/subresources.json to run it.`,
  );
}
/** Where the per-difference listing is written after each run. */
const REPORT = join(tmpdir(), 'appset-subresources-replay-report.txt');
/** The interactions that still differ, each with why. */
const KNOWN_DIFFERENCES_FILE = fileURLToPath(new URL('./KNOWN-DIFFERENCES-SUBRESOURCES.md', import.meta.url));
/** The share of compared interactions that must match: the goal issues 20 and 21 set. */
const FLOOR_PERCENT = 95;

/**
 * What each scenario needs from the organization beyond its users and groups: the app sign-in
 * policies its steps assign. A policy the recording org had apps on from their creation was that
 * org's default access policy, so its id stands for ours; any other one is added with its recorded
 * id, since the recording org had it.
 */
const setup: ScenarioSetup = (backend, scenario, ids) => {
  const defaults = new Set<string>();
  for (const step of scenario.steps) {
    const href = (step.response.body as { _links?: { accessPolicy?: { href?: unknown } } } | null)?._links?.accessPolicy?.href;
    if (typeof href === 'string') defaults.add(href.split('/').pop()!);
  }
  for (const step of scenario.steps) {
    const policyId = /\/api\/v1\/apps\/[^/]+\/policies\/([^/?]+)/.exec(step.request.path)?.[1];
    if (policyId === undefined || ids.has(policyId)) continue;
    if (defaults.has(policyId)) ids.set(policyId, backend.policies.defaultAccessPolicyId);
    else if (backend.policies.get(policyId) === undefined) backend.policies.add({ id: policyId, name: 'Policy of the recording org' });
  }
};

describe.skipIf(!recordings)('replay of real Okta answers around an app (subresources.json)', () => {
  const server = setupServer();
  const results: StepResult[] = [];
  const known = readKnownDifferences(KNOWN_DIFFERENCES_FILE);
  const knownKeys = new Set(known.map((k) => keyOf(k.scenario, k.step)));

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' });
    for (const scenario of recordings!.scenarios) results.push(...(await replaySubresourceScenario(server, scenario, recordings!, setup)));
    const summary = summarise(results);
    const report = [
      `${summary.matched} of ${summary.compared} interactions around an app match (${summary.percent.toFixed(1)}%); ${known.length} known differences in test/replay/KNOWN-DIFFERENCES-SUBRESOURCES.md`,
      '',
      'interactions  difference',
      ...summary.listing,
    ].join('\n');
    writeFileSync(REPORT, report);
    console.log(`${report.split('\n')[0]}; every difference in ${REPORT}`);
  }, 120_000);
  afterAll(() => server.close());

  it('replays every recorded interaction that is not setup', () => {
    expect(results.length).toBe(recordings!.scenarios.reduce((n, s) => n + s.steps.filter((step) => !step.setup).length, 0));
    expect(summarise(results).percent).toBeGreaterThanOrEqual(FLOOR_PERCENT);
  });

  it('answers every interaction outside KNOWN-DIFFERENCES-SUBRESOURCES.md as real organizations did', () => {
    const unexpected = results
      .filter((r) => r.differences.length > 0 && !knownKeys.has(keyOf(r.scenario, r.step.n)))
      .map((r) => `${keyOf(r.scenario, r.step.n)} (${r.step.request.method} ${(r.step as { endpoint?: string }).endpoint}): ${r.differences.slice(0, 3).join('; ')}`);
    expect(unexpected, 'interactions that differ from the recordings and are not listed in test/replay/KNOWN-DIFFERENCES-SUBRESOURCES.md').toEqual([]);
  });

  it('still differs on each interaction KNOWN-DIFFERENCES-SUBRESOURCES.md lists (remove a row once it matches)', () => {
    const byKey = new Map(results.map((r) => [keyOf(r.scenario, r.step.n), r]));
    const stale = known
      .filter((k) => (byKey.get(keyOf(k.scenario, k.step))?.differences.length ?? 0) === 0)
      .map((k) =>
        byKey.has(keyOf(k.scenario, k.step))
          ? `${keyOf(k.scenario, k.step)} now matches: remove its row from test/replay/KNOWN-DIFFERENCES-SUBRESOURCES.md`
          : `${keyOf(k.scenario, k.step)} is not in the recordings: remove its row from test/replay/KNOWN-DIFFERENCES-SUBRESOURCES.md`,
      );
    expect(stale).toEqual([]);
    expect(new Set(known.map((k) => keyOf(k.scenario, k.step))).size, 'a row of KNOWN-DIFFERENCES-SUBRESOURCES.md is listed twice').toBe(known.length);
  });
});
