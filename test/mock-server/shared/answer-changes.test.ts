import { describe, expect, it } from 'vitest';
import { createMockBackend, OKTA_ANSWER_CHANGES, type MockBackend } from '../../../mock-server/index';
import { answersAsOf } from '../../../mock-server/shared/answer-changes';
import { ConfigurationError } from '../../../src/errors';
import { customSaml } from '../app-inputs';

/** One request to a backend through its own fetch handler (no msw): the parsed answer. */
async function call(backend: MockBackend, path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `SSWS ${backend.defaultToken}`, accept: 'application/json' };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await backend.fetch(`${backend.orgUrl}${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

// Okta changed three answers in 2026; `answersAsOf` plays an organization of an earlier day. Each
// change is shown on a backend of the day before it and of the day it was first recorded, and on one
// without the option (today's answers).

const since = (name: string) => OKTA_ANSWER_CHANGES.find((change) => change.name === name)!.since;
/** The day before an ISO date. */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const backends = (name: string): Array<[string, MockBackend, boolean]> => [
  [`as of ${dayBefore(since(name))}`, createMockBackend({ answersAsOf: dayBefore(since(name)) }), false],
  [`as of ${since(name)}`, createMockBackend({ answersAsOf: since(name) }), true],
  ['without answersAsOf', createMockBackend(), true],
];

describe('answersAsOf', () => {
  it('makes each change from the day it was first recorded, and every change without a date', () => {
    expect(answersAsOf(undefined)).toEqual({ provisionedUserResetFactorsLink: true, emptyDefaultRelayStateNull: true, ruleRiskScoreFilledIn: true });
    expect(answersAsOf('2026-03-01')).toEqual({ provisionedUserResetFactorsLink: true, emptyDefaultRelayStateNull: false, ruleRiskScoreFilledIn: false });
    expect(answersAsOf('2025-03-14')).toEqual({ provisionedUserResetFactorsLink: false, emptyDefaultRelayStateNull: false, ruleRiskScoreFilledIn: false });
    for (const change of OKTA_ANSWER_CHANGES) {
      expect(answersAsOf(change.since)[change.name], change.name).toBe(true);
      expect(answersAsOf(dayBefore(change.since))[change.name], change.name).toBe(false);
      expect(change.lastSeenBefore < change.since, change.name).toBe(true);
    }
  });

  it.each([
    ['a day that does not exist', '2026-02-30'],
    ['another order', '03/01/2026'],
    ['no leading zeros', '2026-3-1'],
    ['a time with the day', '2026-03-01T00:00:00Z'],
    ['an empty string', ''],
    ['5,000 characters', 'x'.repeat(5_000)],
  ])('refuses %s, naming the option and the form, without echoing a long value whole', (_, value) => {
    expect(() => createMockBackend({ answersAsOf: value })).toThrow(ConfigurationError);
    const message = (() => {
      try {
        answersAsOf(value);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/^answersAsOf .* is not a date; write it YYYY-MM-DD, e.g. 2026-03-01/);
    expect(message.length).toBeLessThan(200);
  });

  it('refuses a value that is not a string (from JavaScript)', () => {
    expect(() => createMockBackend({ answersAsOf: 20260301 as unknown as string })).toThrow(/answersAsOf number is not a date/);
  });
});

describe('a custom SAML app sent an empty defaultRelayState', () => {
  it.each(backends('emptyDefaultRelayStateNull'))('%s: answers "" before April 2026 and null since, on create, read and replace', async (_, backend, changed) => {
    const input = customSaml();
    const signOn = { ...(input.settings as { signOn: Record<string, unknown> }).signOn, defaultRelayState: '' };
    const created = await call(backend, '/api/v1/apps', { method: 'POST', json: { ...input, settings: { signOn } } });
    expect(created.status).toBe(200);
    const expected = changed ? null : '';
    expect(created.body.settings.signOn.defaultRelayState).toBe(expected);
    // Other empty members are stored null either way.
    const id = created.body.id as string;
    expect((await call(backend, `/api/v1/apps/${id}`)).body.settings.signOn.defaultRelayState).toBe(expected);
    const replaced = await call(backend, `/api/v1/apps/${id}`, { method: 'PUT', json: { ...created.body, settings: { ...created.body.settings, signOn: { ...created.body.settings.signOn, defaultRelayState: '' } } } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.settings.signOn.defaultRelayState).toBe(expected);
  });
});

describe('an app sign-on policy rule sent without conditions.riskScore', () => {
  it.each(backends('ruleRiskScoreFilledIn'))('%s: has no riskScore before June 2026 and riskScore ANY since; one sent is kept either way', async (_, backend, changed) => {
    const policyId = (await call(backend, '/api/v1/policies', { method: 'POST', json: { type: 'ACCESS_POLICY', name: 'Partners' } })).body.id as string;
    const actions = { appSignOn: { access: 'ALLOW', verificationMethod: { factorMode: '2FA', type: 'ASSURANCE' } } };
    const plain = await call(backend, `/api/v1/policies/${policyId}/rules`, { method: 'POST', json: { type: 'ACCESS_POLICY', name: 'Plain', priority: 1, actions } });
    expect(plain.status).toBe(200);
    if (changed) expect(plain.body.conditions.riskScore).toEqual({ level: 'ANY' });
    else expect(plain.body.conditions).not.toHaveProperty('riskScore');
    const rules = (await call(backend, `/api/v1/policies/${policyId}/rules`)).body as Array<{ name: string; conditions: Record<string, unknown> }>;
    expect('riskScore' in rules.find((rule) => rule.name === 'Plain')!.conditions).toBe(changed);
    const given = await call(backend, `/api/v1/policies/${policyId}/rules`, {
      method: 'POST',
      json: { type: 'ACCESS_POLICY', name: 'Risky', priority: 1, conditions: { riskScore: { level: 'HIGH' } }, actions },
    });
    expect(given.body.conditions.riskScore).toEqual({ level: 'HIGH' });
  });
});

describe('a PROVISIONED user', () => {
  it.each(backends('provisionedUserResetFactorsLink'))('%s: carries _links.resetFactors since 2026 only; an ACTIVE user carries it either way', async (_, backend, changed) => {
    const profile = (login: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email: login, login });
    const provisioned = await call(backend, '/api/v1/users?activate=true', { method: 'POST', json: { profile: profile('ada@example.com') } });
    expect(provisioned.body.status).toBe('PROVISIONED');
    expect('resetFactors' in provisioned.body._links).toBe(changed);
    expect('resetFactors' in (await call(backend, `/api/v1/users/${provisioned.body.id}`)).body._links).toBe(changed);
    const active = await call(backend, '/api/v1/users?activate=true', { method: 'POST', json: { profile: profile('grace@example.com'), credentials: { password: { value: 'Tr0ub4dor-and-3' } } } });
    expect(active.body.status).toBe('ACTIVE');
    expect(active.body._links.resetFactors).toEqual({ href: `${backend.orgUrl}/api/v1/users/${active.body.id}/lifecycle/reset_factors`, method: 'POST' });
  });
});
