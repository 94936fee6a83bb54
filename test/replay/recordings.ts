import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** One recorded exchange around an app (`subresources.json`). */
export interface SubresourceStep extends RecordedStep {
  /** The route with placeholders, e.g. `GET /api/v1/apps/{appId}/credentials/keys`. */
  endpoint: string;
  /** Replayed to reach the state, not compared (the main recordings compare such calls). */
  setup?: boolean;
  /** The recorded ids in the path, by placeholder. */
  params?: Record<string, string>;
  request: RecordedStep['request'] & {
    /** The request headers the cassette kept (`accept`, `content-type`). */
    headers?: Record<string, string>;
    /** A body that is not text (a multipart upload), base64-encoded. */
    bodyBase64?: string;
    /** The cassette did not keep the body: it was rebuilt from the answer. */
    rebuilt?: boolean;
  };
  response: RecordedStep['response'] & {
    /** A body that is not JSON (SAML metadata), as text. */
    bodyText?: string;
  };
}

/** A user or group a sub-resource scenario refers to, created before it is replayed. */
export interface RecordedDirectory {
  users: Array<{ id: string; login?: string; email?: string; firstName?: string; lastName?: string }>;
  groups: Array<{ id: string; name?: string; description?: string }>;
}

/** One recorded test of the calls around an app. */
export interface SubresourceScenario extends Omit<RecordedScenario, 'steps'> {
  directory: RecordedDirectory;
  steps: SubresourceStep[];
}

/** The distilled recordings of the calls around an app (`../shared/okta-recordings/subresources.json`). */
export interface SubresourceRecordings {
  oldBefore: string;
  optionalInReality: Array<{ path: string; why: string }>;
  endpointCounts: Record<string, Record<string, number>>;
  scenarios: SubresourceScenario[];
}

/** Where the sub-resource recordings are read from: `$APPSET_SUBRESOURCES`, else beside `recordings.json`. */
export const SUBRESOURCES_PATH =
  process.env.APPSET_SUBRESOURCES ?? fileURLToPath(new URL('subresources.json', pathToFileURL(RECORDINGS_PATH)));

/** The sub-resource recordings, or `undefined` when the file is absent (the replay then skips and says why). */
export function loadSubresourceRecordings(): SubresourceRecordings | undefined {
  if (!existsSync(SUBRESOURCES_PATH)) return undefined;
  return JSON.parse(readFileSync(SUBRESOURCES_PATH, 'utf8')) as SubresourceRecordings;
}

/** One recorded exchange of a whole test (`app-tests.json`). */
export interface AppTestStep {
  n: number;
  /** The route with placeholders named as in Okta's OpenAPI descriptions, e.g. `GET /api/v1/apps/{appId}`. */
  endpoint: string;
  request: SubresourceStep['request'];
  response: SubresourceStep['response'];
  /** Values the request sends that an earlier step's answer first held, with that step's `n`. */
  refs?: Record<string, number>;
  /** The real answer depends on the recording org's plan or features: sent, not counted. */
  orgDependent?: string;
  /** The body was rebuilt from the recorded answer: only the status counts. */
  setup?: boolean;
}

/** One whole recorded test: every interaction in order. */
export interface AppTestScenario {
  id: string;
  test: string;
  source: { repo: string; path: string; commit: string; recorded: string; org: string };
  origins: string[];
  directory: RecordedDirectory;
  steps: AppTestStep[];
}

/** A value that follows the recording org, compared by format only. */
export interface OrgSpecificValue {
  /** `METHOD /path/template`; the method may be `*`. */
  endpoint: string;
  /** A dotted member path; its last part may be `*` (every member). */
  path: string;
  /** A regular expression, `boolean`, or `stem_random` (a name, `_` and 7 random characters). */
  format: string;
  why: string;
}

/** The whole recorded tests that call app endpoints (`../shared/okta-recordings/app-tests.json`). */
export interface AppTestRecordings {
  oldBefore: string;
  optionalInReality: Array<{ path: string; why: string }>;
  orgSpecificValues: OrgSpecificValue[];
  endpointCounts: Record<string, { interactions: number; tests: number }>;
  scenarios: AppTestScenario[];
}

/** Where the whole recorded tests are read from: `$APPSET_APP_TESTS`, else beside `recordings.json`. */
export const APP_TESTS_PATH = process.env.APPSET_APP_TESTS ?? fileURLToPath(new URL('app-tests.json', pathToFileURL(RECORDINGS_PATH)));

/** The whole recorded tests, or `undefined` when the file is absent (the replay then skips and says why). */
export function loadAppTests(): AppTestRecordings | undefined {
  if (!existsSync(APP_TESTS_PATH)) return undefined;
  return JSON.parse(readFileSync(APP_TESTS_PATH, 'utf8')) as AppTestRecordings;
}
