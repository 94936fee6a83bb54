import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One recorded HTTP exchange of a scenario. */
export interface RecordedStep {
  n: number;
  op: string;
  ref: string | null;
  kind?: string;
  request: { method: string; path: string; body: string | null };
  response: { status: number; headers: Record<string, string[]>; body: unknown };
}

/** One recorded test, replayable in order. */
export interface RecordedScenario {
  id: string;
  source: { repo: string; path: string; commit: string; recorded: string };
  origins: string[];
  steps: RecordedStep[];
}

/** The distilled recordings file (`../shared/okta-recordings/recordings.json`). */
export interface Recordings {
  oldBefore: string;
  optionalInReality: Array<{ path: string; why: string }>;
  notReplayedEndpoints: Record<string, number>;
  scenarios: RecordedScenario[];
}

/**
 * Where the recordings are read from: `$APPSET_RECORDINGS`, else `<repo>/../shared/okta-recordings/`.
 * They are public data of other projects, read in place and never copied into this one.
 */
export const RECORDINGS_PATH =
  process.env.APPSET_RECORDINGS ??
  fileURLToPath(new URL('../../../shared/okta-recordings/recordings.json', import.meta.url));

/** The recordings, or `undefined` when the file is absent (the replay then skips and says why). */
export function loadRecordings(): Recordings | undefined {
  if (!existsSync(RECORDINGS_PATH)) return undefined;
  return JSON.parse(readFileSync(RECORDINGS_PATH, 'utf8')) as Recordings;
}
