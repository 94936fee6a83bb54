import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import { useMockBackend } from '../../support/backend';
import { ADA, addAda, expectAccepted, ISSUER, manualClock, providerKey, publish, registerProvider, sign, type ProviderKey } from './helpers';

// Okta's guide: "The email in the user section must match a valid user sign-in email in the Okta org.
// If the email isn't valid, then the accepted event is silently ignored and won't appear in the System Log."
const clock = manualClock();
const { backend } = useMockBackend({ now: clock.now });

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

const GRACE = { format: 'email', email: 'grace@example.com' } as const;
const revokedFor = (user: unknown) => events.sessionRevoked({ subject: { user: user as typeof ADA }, event_timestamp: 1_772_355_600 });
const riskFor = (user: unknown) => events.userRiskChange({ subject: { user: user as typeof ADA }, current_level: 'high', previous_level: 'low' });

describe('POST /security/api/v1/security-events about a user the organization does not have', () => {
  it('answers 202 with an empty body', async () => {
    registerProvider(backend, [key]);
    expectAccepted(await publish(backend, await sign(backend, key, riskFor(ADA))));
  });

  it('acts on nothing and adds nothing to the System Log', async () => {
    registerProvider(backend, [key]);
    await publish(backend, await sign(backend, key, riskFor(ADA)));
    expect(backend.signals.users()).toEqual([]);
    expect(backend.logs.list()).toEqual([]);
  });

  it('lists the event as ignored, with the reason, the token and the request', async () => {
    registerProvider(backend, [key]);
    const response = await publish(backend, await sign(backend, key, riskFor(ADA), { jti: 'jti-unknown' }));
    expect(backend.signals.ignored()).toEqual([
      {
        at: '2026-03-01T09:00:00.000Z',
        requestId: response.headers.get('x-okta-request-id'),
        issuer: ISSUER,
        jti: 'jti-unknown',
        eventType: 'https://schemas.okta.com/secevent/okta/event-type/user-risk-change',
        reason: 'unknown_user',
        description: "No user of the organization has the login or email 'ada@example.com'; Okta ignores an event whose subject user it does not know",
      },
    ]);
  });

  it('ignores a subject user named other than by email, saying Okta matches by email', async () => {
    registerProvider(backend, [key]);
    addAda(backend);
    await publish(backend, await sign(backend, key, revokedFor({ format: 'iss_sub', iss: 'https://idp.example.com', sub: 'ada' })));
    expect(backend.signals.ignored().map((entry) => entry.description)).toEqual([
      'The subject user is an iss_sub identifier; Okta matches the user by email (login or email of a user of the organization)',
    ]);
    expect(backend.logs.list()).toEqual([]);
  });

  it('acts on the event about a known user and ignores the other, in one token', async () => {
    registerProvider(backend, [key]);
    addAda(backend);
    expectAccepted(await publish(backend, await sign(backend, key, { ...riskFor(ADA), ...revokedFor(GRACE) })));
    expect(backend.signals.user('ada@example.com')?.riskLevel).toBe('high');
    expect(backend.signals.user('grace@example.com')).toBeUndefined();
    expect(backend.signals.ignored().map((entry) => [entry.eventType, entry.reason])).toEqual([
      ['https://schemas.openid.net/secevent/caep/event-type/session-revoked', 'unknown_user'],
    ]);
  });

  it('still acts on an event whose subject names no user (a device)', async () => {
    registerProvider(backend, [key]);
    const device = events.deviceComplianceChange({ subject: { device: { format: 'opaque', id: 'laptop-7' } }, current_status: 'not-compliant', previous_status: 'compliant' });
    expectAccepted(await publish(backend, await sign(backend, key, device)));
    expect(backend.signals.device('laptop-7')?.compliance).toBe('not-compliant');
    expect(backend.signals.ignored()).toEqual([]);
  });
});

describe('finding the subject user by email', () => {
  it("matches the user's email, not only the login, whatever the letter case", async () => {
    registerProvider(backend, [key]);
    backend.directory.addUser({ login: 'alovelace@corp.example.com', email: 'Ada@Example.COM' });
    await publish(backend, await sign(backend, key, riskFor({ format: 'email', email: 'ada@EXAMPLE.com' })));
    expect(backend.signals.ignored()).toEqual([]);
    expect(backend.logs.list().map((event) => event.eventType)).toEqual(['security.events.provider.receive_event', 'user.risk.detect']);
  });

  it('matches an email among the aliases of the subject user', async () => {
    registerProvider(backend, [key]);
    addAda(backend);
    const aliases = { format: 'aliases', identifiers: [{ format: 'opaque', id: 'u-1' }, ADA] };
    await publish(backend, await sign(backend, key, revokedFor(aliases)));
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });
});

describe('the ignored deliveries', () => {
  it('are forgotten on reset', async () => {
    registerProvider(backend, [key]);
    await publish(backend, await sign(backend, key, riskFor(ADA)));
    expect(backend.signals.ignored()).toHaveLength(1);
    backend.reset();
    expect(backend.signals.ignored()).toEqual([]);
  });
});
