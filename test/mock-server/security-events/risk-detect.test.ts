import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, type SecurityEventsInput } from '../../../src/set/index';
import { call } from '../raw-http';
import { useMockBackend } from '../../support/backend';
import { ADA, addAda, expectAccepted, ISSUER, manualClock, providerKey, publish, registerProvider, sign, type ProviderKey } from './helpers';

// Okta's guide: received signals "are reported as entity risk detection (user.risk.detect) events";
// the event type reference (Identity Threat Protection) documents its debugData `risk` and `traceId`.
const clock = manualClock();
const { backend } = useMockBackend({ now: clock.now, ids: 'deterministic' });

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});
beforeEach(() => {
  registerProvider(backend, [key]);
});

const DEVICE = { format: 'opaque', id: 'laptop-7' } as const;
const detections = () => backend.logs.list('user.risk.detect');

async function deliver(input: SecurityEventsInput) {
  const response = await publish(backend, await sign(backend, key, input));
  expectAccepted(response);
  return response.headers.get('x-okta-request-id');
}

describe('a user-risk-change about a user of the organization', () => {
  it('records a user.risk.detect naming the user, the levels, the detection and the provider', async () => {
    const ada = addAda(backend);
    const requestId = await deliver(
      events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low', reason_admin: { en: 'Malware detected' } }),
    );
    const [detection] = detections();
    expect(detection).toEqual({
      uuid: detection!.uuid,
      published: '2026-03-01T09:00:00.000Z',
      eventType: 'user.risk.detect',
      version: '0',
      severity: 'INFO',
      legacyEventType: null,
      displayMessage: 'User risk detected',
      actor: { id: 'system@okta.com', type: 'SystemPrincipal', alternateId: 'system@okta.com', displayName: 'Okta System', detailEntry: null },
      client: null,
      outcome: { result: 'SUCCESS', reason: null },
      target: [{ id: ada.id, type: 'User', alternateId: 'ada@example.com', displayName: 'Ada Lovelace', detailEntry: null }],
      transaction: { type: 'WEB', id: requestId, detail: {} },
      debugContext: {
        debugData: {
          risk: `{previousLevel=LOW, level=HIGH, detectionName=Security Events Provider Reported Risk, reasons=Malware detected, issuer=${ISSUER}}`,
          traceId: detection!.uuid,
        },
      },
    });
  });

  it('records it after the receive_event of the same event', async () => {
    addAda(backend);
    await deliver(events.userRiskChange({ subject: { user: ADA }, current_level: 'medium', previous_level: 'low' }));
    expect(backend.logs.list().map((event) => event.eventType)).toEqual(['security.events.provider.receive_event', 'user.risk.detect']);
  });

  it('is found by the System Log API filter on its event type', async () => {
    addAda(backend);
    await deliver(events.userRiskChange({ subject: { user: ADA }, current_level: 'medium', previous_level: 'high' }));
    const answer = await call(backend, `/api/v1/logs?filter=${encodeURIComponent('eventType eq "user.risk.detect"')}`);
    expect(answer.status).toBe(200);
    expect((answer.body as Array<{ debugContext: { debugData: { risk: string } } }>).map((event) => event.debugContext.debugData.risk)).toEqual([
      `{previousLevel=HIGH, level=MEDIUM, detectionName=Security Events Provider Reported Risk, issuer=${ISSUER}}`,
    ]);
  });

  it.each(['secure', 'none'] as const)('records none for the level %s, which Okta’s entity risk (LOW, MEDIUM, HIGH) does not have', async (level) => {
    addAda(backend);
    await deliver(events.userRiskChange({ subject: { user: ADA }, current_level: level, previous_level: 'high' }));
    expect(detections()).toEqual([]);
  });
});

describe('other events about a user of the organization', () => {
  it('a device-risk-change naming the user records a user.risk.detect for the user', async () => {
    const ada = addAda(backend);
    await deliver(events.deviceRiskChange({ subject: { user: ADA, device: DEVICE }, current_level: 'high', previous_level: 'medium' }));
    expect(detections().map((event) => [(event.target as Array<{ id: string }>)[0]!.id, (event.debugContext as { debugData: { risk: string } }).debugData.risk])).toEqual([
      [ada.id, `{previousLevel=MEDIUM, level=HIGH, detectionName=Security Events Provider Reported Risk, issuer=${ISSUER}}`],
    ]);
  });

  it('a device-risk-change about a device alone records none', async () => {
    await deliver(events.deviceRiskChange({ subject: { device: DEVICE }, current_level: 'high', previous_level: 'low' }));
    expect(detections()).toEqual([]);
  });

  it('events that carry no risk level record none', async () => {
    addAda(backend);
    await deliver({
      ...events.sessionRevoked({ subject: { user: ADA } }),
      ...events.ipChange({ subject: { user: ADA }, current_ip_address: '203.0.113.7', previous_ip_address: '198.51.100.1' }),
      ...events.identifierChanged({ subject: { user: ADA }, 'new-value': 'ada.l@example.com' }),
    });
    expect(detections()).toEqual([]);
    expect(backend.logs.list('security.events.provider.receive_event')).toHaveLength(3);
  });
});
