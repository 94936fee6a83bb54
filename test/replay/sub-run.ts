import type { SetupServer } from 'msw/node';
import { createMockBackend, type MockBackend, type MockBackendOptions } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import { compareAnswers, normalise, type Answer, type CompareContext } from './compare';
import type { SubresourceRecordings, SubresourceScenario, SubresourceStep } from './recordings';
import { collectGeneratedNames, compareContext, headersOf, replaceIds, REPLAY_ORG, type StepResult } from './run';

/**
 * Ids the recording organization chose, and the ones ours chose for the same things: Okta ids
 * (`0oa…`, `ocs…`, 20 characters) and base64url key ids and CSR ids (43 characters).
 */
const ID_VALUE = /^(?:[0-9A-Za-z]{20}|[A-Za-z0-9_-]{43})$/;

/**
 * Learns which of our ids stand for which recorded ones by walking both answers side by side: the
 * same place in both holds the same thing (an app's `id`, its `credentials.signing.kid`, the
 * `kid`s of a key list, a secret's `id`).
 */
export function learnIds(recorded: unknown, ours: unknown, ids: Map<string, string>): void {
  if (typeof recorded === 'string' && typeof ours === 'string') {
    if (recorded !== ours && ID_VALUE.test(recorded) && ID_VALUE.test(ours) && !ids.has(recorded)) ids.set(recorded, ours);
    // An ORN (`orn:okta:idp:{orgId}:apps:{name}:{appId}`) names the org and the object by their ids:
    // each part stands for ours at the same place, so a client that sends it back names our org.
    else if (recorded.startsWith('orn:') && ours.startsWith('orn:')) {
      const [r, o] = [recorded.split(':'), ours.split(':')];
      if (r.length === o.length) r.forEach((part, i) => learnIds(part, o[i], ids));
    }
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(ours)) {
    for (let i = 0; i < Math.min(recorded.length, ours.length); i++) learnIds(recorded[i], ours[i], ids);
    return;
  }
  if (recorded && ours && typeof recorded === 'object' && typeof ours === 'object') {
    for (const key of Object.keys(recorded)) {
      if (key in ours) learnIds((recorded as Record<string, unknown>)[key], (ours as Record<string, unknown>)[key], ids);
    }
  }
}

/** The last path segment of a `Location` header (the id of what was created). */
export function locationId(headers: Record<string, string[]>): string | undefined {
  const location = headers.location?.[0];
  if (location === undefined || !URL.canParse(location)) return undefined;
  return new URL(location).pathname.split('/').pop();
}

/**
 * An XML answer (SAML metadata) in comparable form: org URLs and ids replaced by their kind as in
 * JSON answers, and each certificate replaced by what matters of it, base64 wrapped at 76 characters.
 */
export function normaliseXml(text: string, ctx: CompareContext): string {
  const certificates = text.replace(/(<ds:X509Certificate>)([^<]*)(<\/ds:X509Certificate>)/g, (_m, open: string, body: string, close: string) => {
    const lines = body.split(/\r?\n/);
    const wrapped = lines.every((line, i) => /^[A-Za-z0-9+/=]+$/.test(line) && (i === lines.length - 1 ? line.length <= 76 : line.length === 76));
    return `${open}<certificate${wrapped ? '' : ' NOT wrapped at 76 characters'}>${close}`;
  });
  return normalise(certificates, ctx);
}

/** Where two texts first differ, with some context of each. */
export function firstDifference(recorded: string, ours: string): string {
  let i = 0;
  while (i < recorded.length && i < ours.length && recorded[i] === ours[i]) i++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 40), i + 60));
  return `body differs at character ${i}: ours ${around(ours)}, real orgs ${around(recorded)}`;
}

/** What a test of the replay can prepare before a scenario runs (ids of policies the org has, say). */
export type ScenarioSetup = (backend: MockBackend, scenario: SubresourceScenario, ids: Map<string, string>) => void | Promise<void>;

/** The headers the client sent, with our token. */
export function requestHeaders(step: Pick<SubresourceStep, 'request'>, token: string): Record<string, string> {
  const recorded = step.request.headers ?? {};
  const headers: Record<string, string> = { authorization: `SSWS ${token}`, accept: recorded.accept ?? 'application/json' };
  const contentType = recorded['content-type'] ?? (step.request.body === null ? undefined : 'application/json');
  if (contentType !== undefined && (step.request.body !== null || step.request.bodyBase64 !== undefined)) headers['content-type'] = contentType;
  return headers;
}

/**
 * The body the client sent, with recorded ids replaced by ours and the recording org's URL by ours:
 * a client of our org names our org (a grant's `issuer`, say) where it named its own.
 */
export function requestBody(step: Pick<SubresourceStep, 'request'>, ids: Map<string, string>, origins: readonly string[]): RequestInit['body'] {
  if (step.request.bodyBase64 !== undefined) return Buffer.from(step.request.bodyBase64, 'base64');
  if (step.request.body === null) return undefined;
  let body = replaceIds(step.request.body, ids);
  for (const origin of origins) body = body.split(origin).join(REPLAY_ORG);
  return body;
}

/**
 * Replays one scenario of `subresources.json` in order against a fresh backend: its users and groups
 * first (with their recorded ids), then every step the way its client sent it, with recorded ids
 * replaced by ours. Setup steps are sent but not compared.
 */
export async function replaySubresourceScenario(
  server: SetupServer,
  scenario: SubresourceScenario,
  recordings: SubresourceRecordings,
  setup?: ScenarioSetup,
  options: MockBackendOptions = {},
): Promise<StepResult[]> {
  // The org as it answered the day the test was recorded (`answersAsOf`: answers Okta has since changed).
  const backend = createMockBackend({ orgUrl: REPLAY_ORG, answersAsOf: scenario.source.recorded, ...options });
  server.resetHandlers(...createHandlers(backend));
  for (const user of scenario.directory.users) {
    const login = user.login ?? `${user.id}@example.com`;
    backend.directory.addUser({ id: user.id, login, email: user.email ?? login, firstName: user.firstName ?? 'Recorded', lastName: user.lastName ?? 'User' });
  }
  const ids = new Map<string, string>();
  for (const group of scenario.directory.groups) {
    // Every org has its own built-in Everyone: the recorded one stands for ours.
    if (group.name === 'Everyone') ids.set(group.id, backend.directory.everyoneGroupId);
    else if (backend.directory.group(group.id) === undefined) backend.directory.addGroup({ id: group.id, name: group.name ?? group.id, description: group.description || undefined });
  }
  await setup?.(backend, scenario, ids);
  const ctx = compareContext(scenario, recordings);
  const results: StepResult[] = [];
  for (const step of scenario.steps) {
    const response = await fetch(REPLAY_ORG + replaceIds(step.request.path, ids), {
      method: step.request.method,
      headers: requestHeaders(step, backend.defaultToken),
      body: requestBody(step, ids, [...scenario.origins, 'https://test.okta.com']),
    });
    const text = await response.text();
    const recorded = step.response as Answer & { bodyText?: string };
    const oursHeaders = headersOf(response);
    const isJson = /json/.test(response.headers.get('content-type') ?? '');
    const oursBody: unknown = text === '' ? null : isJson ? JSON.parse(text) : text;
    learnIds(recorded.body, oursBody, ids);
    const [recordedId, ourId] = [locationId(recorded.headers), locationId(oursHeaders)];
    if (recordedId && ourId && recordedId !== ourId && !ids.has(recordedId)) ids.set(recordedId, ourId);
    collectGeneratedNames(recorded.body, ctx.generatedNames);
    collectGeneratedNames(oursBody, ctx.generatedNames);
    if (step.setup) continue;
    let differences: string[];
    if (recorded.bodyText !== undefined) {
      // An XML answer: the status and media type as for JSON, then the document itself.
      differences = compareAnswers({ ...recorded, body: null }, { status: response.status, headers: oursHeaders, body: null }, ctx, false);
      if (typeof oursBody !== 'string') differences.push(`body: ours is ${oursBody === null ? 'empty' : 'JSON'}, real orgs answer XML`);
      else {
        const [r, o] = [normaliseXml(recorded.bodyText, ctx), normaliseXml(oursBody, ctx)];
        if (r !== o) differences.push(firstDifference(r, o));
      }
    } else {
      // Lists are of what the scenario made in a fresh organization: their lengths are compared too.
      differences = compareAnswers(recorded, { status: response.status, headers: oursHeaders, body: oursBody }, ctx, false);
    }
    results.push({ scenario: scenario.id, step, differences });
  }
  return results;
}
