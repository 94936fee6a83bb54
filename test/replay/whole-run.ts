import type { SetupServer } from 'msw/node';
import { createMockBackend, type MockBackend } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import { compareAnswers, type Answer, type CompareContext } from './compare';
import type { AppTestRecordings, AppTestScenario, AppTestStep, OrgSpecificValue } from './recordings';
import { collectGeneratedNames, compareContext, headersOf, replaceIds, REPLAY_ORG } from './run';
import { firstDifference, learnIds, locationId, normaliseXml, requestBody, requestHeaders } from './sub-run';

/**
 * The issue each endpoint family belongs to: 32 is the app and its sign-on policies, 33 what
 * clients call beside the app; `other` is what neither covers (authorization servers, identity
 * providers, zones, authenticators, …).
 */
export type Family = '32' | '33' | 'other';

export function familyOf(endpoint: string): Family {
  const path = endpoint.slice(endpoint.indexOf(' ') + 1);
  if (/^\/api\/v1\/(?:apps|policies|meta\/schemas\/apps)(?:[/?]|$)/.test(path)) return '32';
  if (/^\/(?:\.well-known\/okta-organization|api\/v1\/(?:internal\/apps|users|groups|meta\/types\/user|meta\/schemas\/user|features|logs))(?:[/?]|$)/.test(path)) {
    return '33';
  }
  return 'other';
}

/** The outcome of one replayed interaction of a whole test. */
export interface WholeStepResult {
  scenario: string;
  step: AppTestStep;
  family: Family;
  /** Counted in the share of matching interactions (not `orgDependent`). */
  counted: boolean;
  differences: string[];
}

const ID_VALUE = /^[0-9A-Za-z]{20}$/;
const GENERATED_NAME = /^[a-z0-9-]+_[a-z0-9]+_\d+$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `id` member at any depth of an answer. */
function collectIds(body: unknown, into: Set<string>): void {
  if (Array.isArray(body)) for (const item of body) collectIds(item, into);
  else if (isObject(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (key === 'id' && typeof value === 'string' && ID_VALUE.test(value)) into.add(value);
      else collectIds(value, into);
    }
  }
}

/** The keys of the authenticators every org has from the start (Okta's docs: email, Okta Verify, password, phone, security key or biometric, security question). */
const BUILT_IN_AUTHENTICATORS = new Set(['okta_email', 'okta_verify', 'okta_password', 'phone_number', 'webauthn', 'security_question']);

/** An org's own object of a kind (its default access policy, a policy's catch-all rule, Everyone, a built-in authenticator). */
const isSystemObject = (item: Json) =>
  item.system === true || item.type === 'BUILT_IN' || (typeof item.key === 'string' && BUILT_IN_AUTHENTICATORS.has(item.key) && /^aut/.test(String(item.id)));

/**
 * A list's items as a replica should answer them: the ones the test made or knew before this
 * step, and the org's system objects, each beside ours for the same thing. The recording org's
 * other objects (another test's app, one of its own policies) are not expected from a replica.
 */
function alignList(recorded: unknown[], ours: unknown[], ids: Map<string, string>, known: Set<string>) {
  const recordedIds = recorded.map((item) => (isObject(item) && typeof item.id === 'string' ? item.id : undefined));
  if (recordedIds.every((id) => id === undefined)) return { recorded, ours, differences: [] as string[] };
  const oursById = new Map<string, Json>();
  for (const item of ours) if (isObject(item) && typeof item.id === 'string') oursById.set(item.id, item);
  const used = new Set<Json>();
  const [keptRecorded, keptOurs, differences] = [[] as unknown[], [] as unknown[], [] as string[]];
  recorded.forEach((item, i) => {
    const id = recordedIds[i];
    if (!isObject(item) || id === undefined) return;
    let mine: Json | undefined;
    if (ids.has(id)) mine = oursById.get(ids.get(id)!);
    else if (isSystemObject(item)) {
      mine = ours.find((o): o is Json => isObject(o) && isSystemObject(o) && o.type === item.type && o.name === item.name && !used.has(o));
      mine ??= ours.find((o): o is Json => isObject(o) && isSystemObject(o) && o.type === item.type && !used.has(o));
    } else if (!known.has(id)) return;
    // An id the API derives rather than generates (a role assignment's) is the same on both sides.
    else mine = oursById.get(id);
    if (mine === undefined || used.has(mine)) {
      differences.push(`list: ours lacks the item ${String(item.name ?? item.label ?? id).slice(0, 60)} real orgs list`);
      return;
    }
    used.add(mine);
    keptRecorded.push(item);
    keptOurs.push(mine);
  });
  // The items both list come in the same order, unless both sides order them by id: ids are the
  // org's choice, so lists sorted by id differ in order exactly as the ids do.
  const positions = keptOurs.map((item) => ours.indexOf(item));
  const byId = (items: unknown[]) => items.every((item, i) => i === 0 || String((item as Json).id) >= String((items[i - 1] as Json).id));
  const oursInOrder = [...positions].sort((a, b) => a - b).map((at) => ours[at]);
  if (positions.some((at, i) => i > 0 && at < positions[i - 1]!) && !(byId(keptRecorded) && byId(oursInOrder))) {
    differences.push('list: ours lists the items in another order than real orgs');
  }
  // What ours lists beside: an item ours made, or one under an id the test knows (derived, the same
  // on both sides), that the real org does not list.
  const madeByUs = new Set(ids.values());
  for (const item of ours) {
    if (isObject(item) && typeof item.id === 'string' && (madeByUs.has(item.id) || known.has(item.id)) && !used.has(item)) {
      differences.push(`list: ours lists ${String(item.name ?? item.label ?? item.id).slice(0, 60)}, real orgs do not`);
    }
  }
  return { recorded: keptRecorded, ours: keptOurs, differences };
}

function endpointMatches(pattern: string, endpoint: string): boolean {
  const [method, path] = pattern.split(' ');
  const [ourMethod, ourPath] = endpoint.split(' ');
  return (method === '*' || method === ourMethod) && path === ourPath;
}

function formatHolds(format: string, value: unknown): boolean {
  if (format === 'boolean') return typeof value === 'boolean';
  if (format === 'stem_random') return typeof value === 'string' && /^[A-Za-z0-9_]+_[a-z0-9]{7}$/.test(value);
  return typeof value === 'string' && new RegExp(format).test(value);
}

/** Values that follow the recording org, replaced on both sides by whether their format holds. */
function applyOrgSpecific(rules: readonly OrgSpecificValue[], endpoint: string, body: unknown): unknown {
  if (!isObject(body)) return body;
  let out: Json = body;
  for (const rule of rules) {
    if (!endpointMatches(rule.endpoint, endpoint)) continue;
    const parts = rule.path.split('.');
    const replace = (node: Json, at: number): Json => {
      const key = parts[at]!;
      const copy: Json = { ...node };
      const keys = key === '*' ? Object.keys(copy) : key in copy ? [key] : [];
      for (const k of keys) {
        if (at === parts.length - 1) copy[k] = formatHolds(rule.format, copy[k]) ? `<org-specific ${rule.format}>` : copy[k];
        else if (isObject(copy[k])) copy[k] = replace(copy[k] as Json, at + 1);
      }
      return copy;
    };
    out = replace(out, 0);
  }
  return out;
}

/**
 * An app's links to its catalog entry (`_links.appLinks[].href`) end with the catalog link's id,
 * the same in every org for a catalog app: that id is compared as it is, not as a number or an id
 * the org chose (`_` before it keeps the id patterns of compare.ts from matching it).
 */
function pinAppLinks(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(pinAppLinks);
  if (!isObject(body) || !isObject(body._links) || !Array.isArray(body._links.appLinks)) return body;
  if (typeof body.name === 'string' && GENERATED_NAME.test(body.name)) return body;
  const appLinks = body._links.appLinks.map((link: unknown) => {
    if (!isObject(link) || typeof link.href !== 'string') return link;
    const last = link.href.slice(link.href.lastIndexOf('/') + 1);
    return { ...link, href: `${link.href.slice(0, link.href.lastIndexOf('/') + 1)}catalog-link_${last}` };
  });
  return { ...body, _links: { ...body._links, appLinks } };
}

/** An answer without the members that name catalog entries (not ids either side chose). */
function withoutAppLinks(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutAppLinks);
  if (!isObject(body) || !isObject(body._links) || !('appLinks' in body._links)) return body;
  const { appLinks: _ignored, ...links } = body._links;
  return { ...body, _links: links };
}

/** What a test of the replay can prepare before a whole test runs. */
export type WholeTestSetup = (backend: MockBackend, scenario: AppTestScenario, ids: Map<string, string>) => void | Promise<void>;

/**
 * Replays one whole recorded test in order against a fresh backend, the way its client sent it:
 * the users and groups it names but never creates first (with their recorded ids), then every
 * step with the ids the recording org chose replaced by the ids ours chose for the same things.
 * Lists are compared on what the test made and the org's system objects; `setup` steps on their
 * status; `orgDependent` steps are sent and not counted.
 */
export async function replayWholeTest(
  server: SetupServer,
  scenario: AppTestScenario,
  recordings: AppTestRecordings,
  setup?: WholeTestSetup,
): Promise<WholeStepResult[]> {
  // The org as it answered the day the test was recorded (`answersAsOf`: answers Okta has since changed).
  const backend = createMockBackend({ orgUrl: REPLAY_ORG, answersAsOf: scenario.source.recorded });
  server.resetHandlers(...createHandlers(backend));
  const ids = new Map<string, string>();
  for (const user of scenario.directory.users) {
    const login = user.login ?? `${user.id}@example.com`;
    backend.directory.addUser({ id: user.id, login, email: user.email ?? login, firstName: user.firstName ?? 'Recorded', lastName: user.lastName ?? 'User' });
  }
  for (const group of scenario.directory.groups) {
    if (group.name === 'Everyone') ids.set(group.id, backend.directory.everyoneGroupId);
    else if (backend.directory.group(group.id) === undefined) backend.directory.addGroup({ id: group.id, name: group.name ?? group.id, description: group.description || undefined });
  }
  await setup?.(backend, scenario, ids);
  const ctx: CompareContext = compareContext(scenario, recordings);
  const known = new Set<string>();
  const origins = [...scenario.origins, 'https://test.okta.com'];
  const results: WholeStepResult[] = [];
  for (const step of scenario.steps) {
    for (const value of Object.keys(step.refs ?? {})) known.add(value);
    const response = await fetch(REPLAY_ORG + replaceIds(step.request.path, ids), {
      method: step.request.method,
      headers: requestHeaders(step, backend.defaultToken),
      body: requestBody(step, ids, origins),
    });
    const text = await response.text();
    const oursHeaders = headersOf(response);
    const isJson = /json/.test(response.headers.get('content-type') ?? '');
    let oursBody: unknown = text;
    if (text === '') oursBody = null;
    else if (isJson) {
      try {
        oursBody = JSON.parse(text);
      } catch {
        oursBody = text;
      }
    }
    const recorded = step.response as Answer & { bodyText?: string };
    let [recordedBody, comparedOurs] = [recorded.body, oursBody];
    const differences: string[] = [];
    if (Array.isArray(recordedBody) && Array.isArray(oursBody)) {
      const aligned = alignList(recordedBody, oursBody, ids, known);
      [recordedBody, comparedOurs] = [aligned.recorded, aligned.ours];
      differences.push(...aligned.differences);
    }
    learnIds(withoutAppLinks(recordedBody), withoutAppLinks(comparedOurs), ids);
    const [recordedId, ourId] = [locationId(recorded.headers), locationId(oursHeaders)];
    if (recordedId && ourId && recordedId !== ourId && !ids.has(recordedId)) ids.set(recordedId, ourId);
    if (!Array.isArray(recorded.body)) collectIds(recorded.body, known);
    collectGeneratedNames(recordedBody, ctx.generatedNames);
    collectGeneratedNames(comparedOurs, ctx.generatedNames);
    const counted = step.orgDependent === undefined;
    if (step.setup) {
      if (response.status !== recorded.status) differences.push(`status ${response.status}, real orgs ${recorded.status}`);
    } else if (recorded.bodyText !== undefined) {
      differences.push(...compareAnswers({ ...recorded, body: null }, { status: response.status, headers: oursHeaders, body: null }, ctx, false));
      if (typeof oursBody !== 'string') differences.push(`body: ours is ${oursBody === null ? 'empty' : 'JSON'}, real orgs answer text`);
      else {
        const [r, o] = [normaliseXml(recorded.bodyText, ctx), normaliseXml(oursBody, ctx)];
        if (r !== o) differences.push(firstDifference(r, o));
      }
    } else {
      const prepare = (body: unknown) => pinAppLinks(applyOrgSpecific(recordings.orgSpecificValues, step.endpoint, body));
      differences.push(
        ...compareAnswers({ ...recorded, body: prepare(recordedBody) }, { status: response.status, headers: oursHeaders, body: prepare(comparedOurs) }, ctx, false),
      );
    }
    results.push({ scenario: scenario.id, step, family: familyOf(step.endpoint), counted, differences });
  }
  return results;
}

/** How a replay of whole tests went, per family and in all. */
export function summariseWhole(results: readonly WholeStepResult[], families: readonly Family[]) {
  const inScope = results.filter((r) => r.counted && families.includes(r.family));
  const matched = inScope.filter((r) => r.differences.length === 0).length;
  const byTest = new Map<string, WholeStepResult[]>();
  for (const r of results) (byTest.get(r.scenario) ?? byTest.set(r.scenario, []).get(r.scenario)!).push(r);
  const whole = (rs: WholeStepResult[]) => rs.every((r) => !r.counted || r.differences.length === 0);
  const tests = [...byTest.values()];
  const wholeInScope = tests.filter((rs) => whole(rs.filter((r) => families.includes(r.family)))).length;
  const wholeStrictly = tests.filter(whole).length;
  const byDifference = new Map<string, { count: number; example: string }>();
  for (const r of inScope) {
    for (const d of new Set(r.differences.map((x) => `${r.step.endpoint}: ${x.replace(/\[\d+\]/g, '[]')}`))) {
      const entry = byDifference.get(d) ?? { count: 0, example: `${r.scenario} step ${r.step.n}` };
      entry.count++;
      byDifference.set(d, entry);
    }
  }
  const listing = [...byDifference].sort((a, b) => b[1].count - a[1].count).map(([d, e]) => `${String(e.count).padStart(4)}  ${d}  (e.g. ${e.example})`);
  return {
    compared: inScope.length,
    matched,
    percent: inScope.length === 0 ? 0 : (100 * matched) / inScope.length,
    tests: tests.length,
    wholeInScope,
    wholeStrictly,
    listing,
  };
}
