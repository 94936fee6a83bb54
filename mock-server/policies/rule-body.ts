import type * as z from 'zod/mini';
import type { PolicyRuleInputSchema } from '../../src/apps/policies/input';
import { validationFailed } from '../pipeline/okta-errors';
import { isObject, type Json } from '../shared/json';
import type { OktaAnswers } from '../shared/answer-changes';
import type { RuleChange } from './store';

// A rule as real organizations keep it, from the body a client sent: the members they fill in when
// a request leaves them out, in the order they answer them, and what they drop.

type RuleBody = z.output<typeof PolicyRuleInputSchema>;

/**
 * The most characters of JSON a rule keeps in its `conditions`, and in its `actions`: the schema
 * bounds their lists, not what each item holds, and 1,000 policies of 100 rules are kept.
 */
export const MAX_RULE_MEMBER_JSON = 64 * 1024;

/** The members of a rule's `conditions`, in the order real orgs answer them; others follow as sent. */
const CONDITION_ORDER = ['people', 'network', 'authContext', 'device', 'platform', 'elCondition', 'riskScore', 'userType'];

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const has = (o: Json, key: string) => o[key] !== undefined && o[key] !== null;

/** `{include?, exclude}` as real orgs answer a people or user type filter: `exclude` always there. */
function includeExclude(value: unknown, includeAlways: boolean): Json {
  const o = isObject(value) ? value : {};
  const out: Json = {};
  if (includeAlways || has(o, 'include')) out.include = list(o.include);
  out.exclude = list(o.exclude);
  return out;
}

/** A platform's `include`/`exclude` item: `type`, then `os` with `type` and its `expression` unless it was null. */
function platformItem(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Json = {};
  if (value.type !== undefined) out.type = value.type;
  if (isObject(value.os)) {
    const os: Json = {};
    if (value.os.type !== undefined) os.type = value.os.type;
    if (value.os.expression !== undefined && value.os.expression !== null) os.expression = value.os.expression;
    for (const [k, v] of Object.entries(value.os)) if (!(k in os) && k !== 'expression') os[k] = v;
    out.os = os;
  }
  for (const [k, v] of Object.entries(value)) if (!(k in out)) out[k] = v;
  return out;
}

/** A device condition in real orgs' order: `registered`, `managed`, `assurance`, then the rest. */
function device(value: Json): Json {
  const out: Json = {};
  for (const key of ['registered', 'managed', 'assurance']) if (value[key] !== undefined) out[key] = value[key];
  for (const [k, v] of Object.entries(value)) if (!(k in out)) out[k] = v;
  return out;
}

/**
 * The conditions real orgs keep: `people.users.exclude`, `userType.include/exclude` and
 * `riskScore.level` (`ANY`) filled in, an empty `platform` dropped and a given one completed with
 * `exclude`, a network defaulting to `ANYWHERE`. An organization before June 2026
 * (`fillRiskScore` false) left a `riskScore` not sent out.
 */
export function ruleConditions(sent: Json | null | undefined, fillRiskScore = true): Json {
  const c = sent ?? {};
  const out: Json = {};
  const people = isObject(c.people) ? c.people : {};
  const peopleOut: Json = { users: includeExclude(people.users, false) };
  if (isObject(people.groups)) peopleOut.groups = includeExclude(people.groups, true);
  out.people = peopleOut;
  out.network = isObject(c.network) ? c.network : { connection: 'ANYWHERE' };
  if (isObject(c.device)) out.device = device(c.device);
  if (isObject(c.platform) && (has(c.platform, 'include') || has(c.platform, 'exclude'))) {
    out.platform = { include: list(c.platform.include).map(platformItem), exclude: list(c.platform.exclude).map(platformItem) };
  }
  if (c.elCondition !== undefined && c.elCondition !== null) out.elCondition = c.elCondition;
  if (isObject(c.riskScore)) out.riskScore = c.riskScore;
  else if (fillRiskScore) out.riskScore = { level: 'ANY' };
  out.userType = includeExclude(c.userType, true);
  for (const [k, v] of Object.entries(c)) if (!(k in out) && v !== null && v !== undefined && !CONDITION_ORDER.includes(k)) out[k] = v;
  const ordered: Json = {};
  for (const key of CONDITION_ORDER) if (key in out) ordered[key] = out[key];
  for (const [k, v] of Object.entries(out)) if (!(k in ordered)) ordered[k] = v;
  return ordered;
}

/** An `ASSURANCE` constraint keeps its `knowledge` and `possession` factors only (real orgs drop a chain's members there). */
function constraint(value: Json): Json {
  const out: Json = {};
  for (const key of ['knowledge', 'possession']) {
    const factor = value[key];
    if (!isObject(factor)) continue;
    const f: Json = {};
    for (const k of ['required', 'phishingResistant', 'hardwareProtection', 'deviceBound', 'types', 'authenticationMethods', 'excludedAuthenticationMethods', 'userPresence', 'userVerification', 'reauthenticateIn']) {
      if (factor[k] !== undefined && factor[k] !== null) f[k] = factor[k];
    }
    for (const [k, v] of Object.entries(factor)) if (!(k in f) && v !== null && v !== undefined) f[k] = v;
    out[key] = f;
  }
  return out;
}

/** The verification method real orgs keep: `factorMode`, `type`, `reauthenticateIn` (`PT12H` when left out), then the rest. */
function verificationMethod(sent: Json | undefined): Json {
  const v = sent ?? { type: 'ASSURANCE' };
  if (v.type === 'AUTH_METHOD_CHAIN') {
    const out: Json = { type: 'AUTH_METHOD_CHAIN', chains: list(v.chains) };
    if (v.reauthenticateIn !== undefined) out.reauthenticateIn = v.reauthenticateIn;
    return out;
  }
  const out: Json = { factorMode: v.factorMode ?? '2FA', type: 'ASSURANCE', reauthenticateIn: v.reauthenticateIn ?? 'PT12H' };
  if (v.inactivityPeriod !== undefined) out.inactivityPeriod = v.inactivityPeriod;
  if (Array.isArray(v.constraints)) out.constraints = v.constraints.map((c) => (isObject(c) ? constraint(c) : {}));
  return out;
}

/** The actions real orgs keep: `access`, the verification method, and `keepMeSignedIn` (`NOT_ALLOWED` when left out). */
export function ruleActions(sent: RuleBody['actions']): Json {
  const signOn = sent.appSignOn;
  const keep = signOn.keepMeSignedIn;
  const keepMeSignedIn: Json = { postAuth: keep?.postAuth ?? 'NOT_ALLOWED' };
  if (keep?.postAuthPromptFrequency !== undefined) keepMeSignedIn.postAuthPromptFrequency = keep.postAuthPromptFrequency;
  return { appSignOn: { access: signOn.access, verificationMethod: verificationMethod(signOn.verificationMethod as Json | undefined), keepMeSignedIn } };
}

/**
 * The change a checked rule body makes, with the members the organization fills in (`answers`: a
 * `riskScore` since June 2026); `conditions` or `actions` longer than {@link MAX_RULE_MEMBER_JSON} is
 * refused, naming them.
 */
export function ruleChange(body: RuleBody, answers: OktaAnswers): RuleChange {
  const issues = (['conditions', 'actions'] as const)
    .filter((member) => body[member] != null && JSON.stringify(body[member]).length > MAX_RULE_MEMBER_JSON)
    .map((member) => ({ path: member, reason: `Must be at most ${MAX_RULE_MEMBER_JSON} characters of JSON` }));
  if (issues.length) throw validationFailed(issues);
  const change: RuleChange = {
    name: body.name,
    priority: body.priority ?? undefined,
    ...(body.status === undefined ? {} : { status: body.status }),
    conditions: ruleConditions(body.conditions, answers.ruleRiskScoreFilledIn),
    actions: ruleActions(body.actions),
  };
  return change;
}
