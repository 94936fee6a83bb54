import type { SetupServer } from 'msw/node';
import { createMockBackend, type MockBackendOptions } from '../../mock-server/index';
import { compareAnswers, type Answer, type CompareContext } from './compare';
import type { RecordedScenario, RecordedStep, Recordings } from './recordings';
import { createHandlers } from '../../mock-server/msw/index';

/** The organization every replay runs against: a reserved `.test` name, intercepted by msw. */
export const REPLAY_ORG = 'https://replay-00.okta.test';

/** The outcome of one replayed interaction. */
export interface StepResult {
  scenario: string;
  step: RecordedStep;
  differences: string[];
}

const GENERATED_NAME = /^[a-z0-9-]+_[a-z0-9]+_\d+$/;

export function headersOf(response: Response): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of response.headers) (out[name] ??= []).push(value);
  // Headers joins repeated values with ", "; Link values are split again by the comparison.
  return out;
}

export function collectGeneratedNames(body: unknown, into: Set<string>): void {
  for (const item of Array.isArray(body) ? body : [body]) {
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && GENERATED_NAME.test(name)) into.add(name);
  }
}

const idOf = (body: unknown) => (body as { id?: unknown } | null)?.id;
const signingKidOf = (body: unknown) => (body as { credentials?: { signing?: { kid?: unknown } } } | null)?.credentials?.signing?.kid;

export function replaceIds(text: string, ids: Map<string, string>): string {
  let out = text;
  for (const [recorded, ours] of ids) out = out.split(recorded).join(ours);
  return out;
}

/**
 * Replays one scenario in order against a fresh backend, the way its client did: the same methods,
 * paths and bodies, with the ids the recording org chose replaced by the ids ours chose.
 */
export async function replayScenario(
  server: SetupServer,
  scenario: RecordedScenario,
  recordings: Recordings,
  options: MockBackendOptions = {},
): Promise<StepResult[]> {
  // The org as it answered the day the test was recorded (`answersAsOf`: answers Okta has since changed).
  const backend = createMockBackend({ orgUrl: REPLAY_ORG, answersAsOf: scenario.source.recorded, ...options });
  server.resetHandlers(...createHandlers(backend));
  const ids = new Map<string, string>();
  const ctx = compareContext(scenario, recordings);
  const results: StepResult[] = [];
  for (const step of scenario.steps) {
    const { method, path, body } = step.request;
    const response = await fetch(REPLAY_ORG + replaceIds(path, ids), {
      method,
      headers: {
        authorization: `SSWS ${backend.defaultToken}`,
        accept: 'application/json',
        ...(body === null ? {} : { 'content-type': 'application/json' }),
      },
      body: body === null ? undefined : replaceIds(body, ids),
    });
    const text = await response.text();
    const ours: Answer = { status: response.status, headers: headersOf(response), body: text === '' ? null : JSON.parse(text) };
    const recorded = step.response as Answer;
    // The org chose the app's id and its signing key's id: later steps name ours instead.
    for (const pick of [idOf, signingKidOf]) {
      const [recordedId, ourId] = [pick(recorded.body), pick(ours.body)];
      if (typeof recordedId === 'string' && typeof ourId === 'string' && recordedId !== ourId && !ids.has(recordedId)) ids.set(recordedId, ourId);
    }
    collectGeneratedNames(recorded.body, ctx.generatedNames);
    collectGeneratedNames(ours.body, ctx.generatedNames);
    results.push({ scenario: scenario.id, step, differences: compareAnswers(recorded, ours, ctx, step.op === 'list') });
  }
  return results;
}

/** Percentage of matching interactions and each difference with how many interactions show it. */
export function summarise(results: StepResult[]) {
  const matched = results.filter((r) => r.differences.length === 0).length;
  const percent = results.length === 0 ? 0 : (100 * matched) / results.length;
  const byDifference = new Map<string, { count: number; example: string }>();
  for (const r of results) {
    const kind = r.step.kind ?? r.step.op;
    for (const d of new Set(r.differences.map((x) => `${r.step.op} ${kind}: ${x.replace(/\[\d+\]/g, '[]')}`))) {
      const entry = byDifference.get(d) ?? { count: 0, example: `${r.scenario} step ${r.step.n}` };
      entry.count++;
      byDifference.set(d, entry);
    }
  }
  const listing = [...byDifference].sort((a, b) => b[1].count - a[1].count).map(([d, e]) => `${String(e.count).padStart(4)}  ${d}  (e.g. ${e.example})`);
  return { compared: results.length, matched, percent, listing };
}

/** How one scenario's answers are compared: its origins and the replay's, and the recordings' rules. */
export function compareContext(
  scenario: { origins: string[]; source: { recorded: string } },
  recordings: { optionalInReality: ReadonlyArray<{ path: string }>; oldBefore: string },
): CompareContext {
  return {
    origins: [...scenario.origins, REPLAY_ORG, 'https://test.okta.com'],
    generatedNames: new Set(),
    optional: new Set(recordings.optionalInReality.map((o) => o.path)),
    old: scenario.source.recorded < recordings.oldBefore,
  };
}
