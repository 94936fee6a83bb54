import { beforeAll, describe, expect, it } from 'vitest';
import type { MockBackend } from '../../../mock-server/index';
import { EVENT_TYPES, events, type SecurityEventsInput } from '../../../src/set/index';
import {
  ADA,
  expectAccepted,
  ISSUER,
  providerKey,
  publish,
  RECEIVE_EVENT,
  receivedEvents,
  registerProvider,
  sign,
  type ProviderKey,
  useReceiverBackend,
} from './helpers';

const { backend } = useReceiverBackend();

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('risk-key-1');
});

const DEVICE = { format: 'opaque', id: 'device-42' } as const;

interface EventCase {
  name: string;
  uri: string;
  events: () => SecurityEventsInput;
  /** The System Log event's `target`. */
  target: unknown[];
  /** What the state shows once the event was acted on, described and checked. */
  effect: string;
  expectEffect: (backend: MockBackend) => void;
}

const userTarget = {
  id: 'ada@example.com',
  type: 'User',
  alternateId: 'ada@example.com',
  displayName: 'ada@example.com',
  detailEntry: { subjectFormat: 'email' },
};
const deviceTarget = {
  id: 'device-42',
  type: 'Device',
  alternateId: 'device-42',
  displayName: 'device-42',
  detailEntry: { subjectFormat: 'opaque' },
};

const cases: EventCase[] = [
  {
    name: 'user-risk-change',
    uri: EVENT_TYPES.userRiskChange,
    events: () => events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' }),
    target: [userTarget],
    effect: "sets the user's risk level",
    expectEffect: (b) => expect(b.signals.user('ada@example.com')?.riskLevel).toBe('high'),
  },
  {
    name: 'device-risk-change',
    uri: EVENT_TYPES.deviceRiskChange,
    events: () => events.deviceRiskChange({ subject: { device: DEVICE }, current_level: 'medium', previous_level: 'secure' }),
    target: [deviceTarget],
    effect: "sets the device's risk level",
    expectEffect: (b) => expect(b.signals.device('device-42')?.riskLevel).toBe('medium'),
  },
  {
    name: 'ip-change',
    uri: EVENT_TYPES.ipChange,
    events: () =>
      events.ipChange({ subject: { user: ADA }, current_ip_address: '203.0.113.7', previous_ip_address: '198.51.100.1' }),
    target: [userTarget],
    effect: "sets the user's IP address",
    expectEffect: (b) => expect(b.signals.user('ada@example.com')?.ipAddress).toBe('203.0.113.7'),
  },
  {
    name: 'device-compliance-change',
    uri: EVENT_TYPES.deviceComplianceChange,
    events: () =>
      events.deviceComplianceChange({ subject: { device: DEVICE }, current_status: 'not-compliant', previous_status: 'compliant' }),
    target: [deviceTarget],
    effect: "sets the device's compliance",
    expectEffect: (b) => expect(b.signals.device('device-42')?.compliance).toBe('not-compliant'),
  },
  {
    name: 'session-revoked',
    uri: EVENT_TYPES.sessionRevoked,
    events: () => events.sessionRevoked({ subject: { user: ADA }, initiating_entity: 'policy', current_ip: '203.0.113.7' }),
    target: [userTarget],
    effect: "counts one revocation of the user's sessions",
    expectEffect: (b) => expect(b.signals.user('ada@example.com')?.sessionsRevoked).toBe(1),
  },
  {
    name: 'identifier-changed',
    uri: EVENT_TYPES.identifierChanged,
    events: () => events.identifierChanged({ subject: { user: ADA }, 'new-value': 'ada.lovelace@example.com' }),
    target: [userTarget],
    effect: 'makes the user findable by the new identifier as well as the old one',
    expectEffect: (b) => {
      const byNew = b.signals.user('ada.lovelace@example.com');
      expect(byNew).toBeDefined();
      expect(byNew).toBe(b.signals.user('ada@example.com'));
      expect(byNew?.identifiers).toEqual(['email:ada@example.com', 'email:ada.lovelace@example.com']);
    },
  },
];

describe.each(cases)('POST /security/api/v1/security-events with a $name event', (c) => {
  it('answers 202 with an empty body', async () => {
    registerProvider(backend, [key]);
    expectAccepted(await publish(backend, await sign(backend, key, c.events())));
  });

  it('records exactly one receive_event naming the provider as actor, the subject as target, the event type and the jti', async () => {
    const provider = registerProvider(backend, [key]);
    const jti = `jti-${c.name}`;
    await publish(backend, await sign(backend, key, c.events(), { jti }));
    const logged = await receivedEvents(backend);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      eventType: RECEIVE_EVENT,
      displayMessage: 'Security Events Provider Reported Risk',
      outcome: { result: 'SUCCESS', reason: null },
    });
    expect(logged[0].actor).toEqual({
      id: provider.id,
      type: 'SecurityEventsProvider',
      alternateId: ISSUER,
      displayName: 'Risk Engine',
      detailEntry: null,
    });
    expect(logged[0].target).toEqual(c.target);
    expect(logged[0].debugContext.debugData).toMatchObject({ eventType: c.uri, jti });
  });

  it(`${c.effect}`, async () => {
    registerProvider(backend, [key]);
    await publish(backend, await sign(backend, key, c.events()));
    c.expectEffect(backend);
  });
});

describe('state before any event', () => {
  it('knows no user and no device', () => {
    expect(backend.signals.user('ada@example.com')).toBeUndefined();
    expect(backend.signals.device('device-42')).toBeUndefined();
    expect(backend.logs.list(RECEIVE_EVENT)).toEqual([]);
  });
});

describe('the receive_event of an accepted token', () => {
  it("carries the X-Okta-Request-Id of the 202 as its transaction id", async () => {
    registerProvider(backend, [key]);
    const response = await publish(backend, await sign(backend, key, cases[0]!.events()));
    const requestId = response.headers.get('x-okta-request-id');
    expect(requestId).toMatch(/^[0-9A-Za-z]{20}$/);
    expect((await receivedEvents(backend))[0].transaction).toEqual({ type: 'WEB', id: requestId, detail: {} });
  });
});

describe('a token carrying two events', () => {
  it('acts on both and records one receive_event per event', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, {
      ...events.userRiskChange({ subject: { user: ADA }, current_level: 'medium', previous_level: 'low' }),
      ...events.sessionRevoked({ subject: { user: ADA } }),
    });
    expectAccepted(await publish(backend, token));
    const logged = await receivedEvents(backend);
    expect(logged.map((e) => e.debugContext.debugData.eventType)).toEqual([EVENT_TYPES.userRiskChange, EVENT_TYPES.sessionRevoked]);
    expect(backend.signals.user('ada@example.com')).toMatchObject({ riskLevel: 'medium', sessionsRevoked: 1 });
  });
});
