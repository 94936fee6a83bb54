import { describe, expect, it } from 'vitest';
import { createLogCollection, logEvent } from '../../../mock-server/logs/store';
import { policyRuleTarget, policyTarget } from '../../../mock-server/logs/targets';
import { apiTokenPrincipal, createChangeLog, SYSTEM_PRINCIPAL } from '../../../mock-server/logs/writer';

const ORG = new URL('https://acme.okta.test');
const request = (authorization: string) => ({
  headers: new Headers({ authorization, 'user-agent': 'terraform-provider-okta/4.0' }),
  requestId: 'req-1',
  now: Date.parse('2026-03-01T10:00:00.000Z'),
  url: new URL('/api/v1/policies?type=ACCESS_POLICY', ORG),
});

function writer(maxEvents?: number) {
  const logs = createLogCollection(maxEvents);
  let n = 0;
  const write = createChangeLog({
    logs,
    uuid: () => `uuid-${++n}`,
    now: () => Date.parse('2026-03-01T11:00:00.000Z'),
    apiToken: () => apiTokenPrincipal('00o1a2b3c4d5e6f7g8h9', ORG),
    principals: { bearer: (token) => (token === 'issued' ? { id: '0oaservice0000000000', type: 'PublicClientApp', alternateId: '0oaservice0000000000', displayName: 'Service', detailEntry: null } : undefined) },
  });
  return { logs, write, events: () => [...logs.values()].map(logEvent) };
}

describe('the change-event writer', () => {
  it("copies the request's query with the values of parameters named for secrets taken out, as the journal keeps it", () => {
    const { write, events } = writer();
    const asked = { ...request('SSWS api-token'), url: new URL('/api/v1/users/00u1/lifecycle/activate?sendEmail=false&token=abc123&client_secret=s3cret&code=xyz', ORG) };
    write({ eventType: 'user.lifecycle.activate', request: asked, targets: [] });
    const [event] = events() as unknown as Array<{ debugContext: { debugData: Record<string, string> } }>;
    expect(event!.debugContext.debugData.url).toBe('/api/v1/users/00u1/lifecycle/activate?sendEmail=false&token=[REDACTED]&client_secret=[REDACTED]&code=[REDACTED]');
    expect(JSON.stringify(events())).not.toMatch(/abc123|s3cret|xyz/);
  });

  it('writes a policy event, as the policies capability will, with the API token admin as actor', () => {
    const { write, events } = writer();
    const policy = { id: '00p1a2b3c4d5e6f7g8h9', name: 'Default Policy', type: 'ACCESS_POLICY' };
    write({ eventType: 'policy.lifecycle.create', request: request('SSWS secret-token'), targets: [policyTarget(policy)] });
    write({ eventType: 'policy.rule.add', request: request('SSWS secret-token'), targets: [policyTarget(policy), policyRuleTarget({ id: '0pr1a2b3c4d5e6f7g8h9', name: 'Catch-all' })] });
    const [created, ruleAdded] = events();
    expect(created).toEqual({
      uuid: 'uuid-1',
      published: '2026-03-01T10:00:00.000Z',
      eventType: 'policy.lifecycle.create',
      version: '0',
      severity: 'INFO',
      legacyEventType: null,
      displayMessage: 'Create policy',
      actor: { id: '00u1a2b3c4d5e6f7g8h9', type: 'User', alternateId: 'admin@acme.okta.test', displayName: 'Okta Admin', detailEntry: null },
      client: { userAgent: { rawUserAgent: 'terraform-provider-okta/4.0', os: 'Unknown', browser: 'UNKNOWN' }, zone: 'null', device: 'Unknown', id: null, ipAddress: null, geographicalContext: null },
      outcome: { result: 'SUCCESS', reason: null },
      target: [{ id: policy.id, type: 'PolicyEntity', alternateId: 'unknown', displayName: 'Default Policy', detailEntry: { policyType: 'ACCESS_POLICY' } }],
      transaction: { type: 'WEB', id: 'req-1', detail: {} },
      debugContext: { debugData: { requestId: 'req-1', requestUri: '/api/v1/policies', url: '/api/v1/policies?type=ACCESS_POLICY' } },
    });
    expect(ruleAdded).toMatchObject({ eventType: 'policy.rule.add', displayMessage: 'Add policy rule', target: [{ type: 'PolicyEntity' }, { type: 'PolicyRule', displayName: 'Catch-all' }] });
    expect(JSON.stringify(events())).not.toContain('secret-token');
  });

  it("names an issued access token's service app as actor, and Okta itself for a change without a request", () => {
    const { write, events } = writer();
    write({ eventType: 'group.lifecycle.create', request: request('Bearer issued'), targets: [] });
    write({ eventType: 'group.user_membership.rule.invalidate', targets: [] });
    const [byService, bySystem] = events();
    expect(byService!.actor).toMatchObject({ id: '0oaservice0000000000', type: 'PublicClientApp' });
    expect(bySystem).toMatchObject({ actor: SYSTEM_PRINCIPAL, client: null, published: '2026-03-01T11:00:00.000Z', transaction: { type: 'JOB', id: 'uuid-2' } });
  });

  it('keeps at most its bound of events, dropping the oldest', () => {
    const { write, events } = writer(3);
    for (let i = 0; i < 5; i++) write({ eventType: 'group.lifecycle.create', targets: [] });
    expect(events().map((e) => e.uuid)).toEqual(['uuid-3', 'uuid-4', 'uuid-5']);
  });
});
