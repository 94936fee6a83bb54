import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EVENT_TYPES,
  events,
  securityEventSubjectSchema,
  SecurityEventTokenInputError,
  type SecurityEventSubject,
} from '../../src/set/index';

const subject: SecurityEventSubject = { user: { format: 'email', email: 'ada@example.com' } };
const event_timestamp = 1_700_000_000;

function thrown(build: () => unknown): SecurityEventTokenInputError {
  try {
    build();
  } catch (error) {
    if (error instanceof SecurityEventTokenInputError) return error;
    throw error;
  }
  throw new Error('expected the builder to throw');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('event builders', () => {
  it('userRiskChange returns its payload under the user-risk-change URI', () => {
    expect(
      events.userRiskChange({ subject, current_level: 'high', previous_level: 'low', event_timestamp }),
    ).toEqual({
      'https://schemas.okta.com/secevent/okta/event-type/user-risk-change': {
        subject,
        current_level: 'high',
        previous_level: 'low',
        event_timestamp,
      },
    });
  });

  it('deviceRiskChange returns its payload under the device-risk-change URI', () => {
    const device = { device: { format: 'opaque', id: 'device-42' } } as const;
    expect(
      events.deviceRiskChange({
        subject: device,
        current_level: 'secure',
        previous_level: 'none',
        initiating_entity: 'policy',
        event_timestamp,
      }),
    ).toEqual({
      'https://schemas.okta.com/secevent/okta/event-type/device-risk-change': {
        subject: device,
        current_level: 'secure',
        previous_level: 'none',
        initiating_entity: 'policy',
        event_timestamp,
      },
    });
  });

  it('ipChange returns its payload under the ip-change URI', () => {
    expect(
      events.ipChange({
        subject,
        current_ip_address: '203.0.113.7',
        previous_ip_address: '198.51.100.1',
        event_timestamp,
      }),
    ).toEqual({
      'https://schemas.okta.com/secevent/okta/event-type/ip-change': {
        subject,
        current_ip_address: '203.0.113.7',
        previous_ip_address: '198.51.100.1',
        event_timestamp,
      },
    });
  });

  it('deviceComplianceChange returns its payload under the CAEP device-compliance-change URI', () => {
    expect(
      events.deviceComplianceChange({
        subject,
        current_status: 'not-compliant',
        previous_status: 'compliant',
        reason_admin: { en: 'Disk encryption disabled', fr: 'Chiffrement désactivé' },
        event_timestamp,
      }),
    ).toEqual({
      'https://schemas.openid.net/secevent/caep/event-type/device-compliance-change': {
        subject,
        current_status: 'not-compliant',
        previous_status: 'compliant',
        reason_admin: { en: 'Disk encryption disabled', fr: 'Chiffrement désactivé' },
        event_timestamp,
      },
    });
  });

  it('sessionRevoked returns its payload under the CAEP session-revoked URI', () => {
    expect(
      events.sessionRevoked({
        subject,
        current_ip: '203.0.113.7',
        last_known_user_agent: 'Mozilla/5.0',
        reason_user: { en: 'You signed out everywhere' },
        event_timestamp,
      }),
    ).toEqual({
      'https://schemas.openid.net/secevent/caep/event-type/session-revoked': {
        subject,
        current_ip: '203.0.113.7',
        last_known_user_agent: 'Mozilla/5.0',
        reason_user: { en: 'You signed out everywhere' },
        event_timestamp,
      },
    });
  });

  it('identifierChanged returns its payload under the RISC identifier-changed URI', () => {
    expect(
      events.identifierChanged({ subject, 'new-value': 'ada.lovelace@example.com', event_timestamp }),
    ).toEqual({
      'https://schemas.openid.net/secevent/risc/event-type/identifier-changed': {
        subject,
        'new-value': 'ada.lovelace@example.com',
        event_timestamp,
      },
    });
  });

  it('fills event_timestamp with the current time in integer seconds when it is omitted', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-02T03:04:05.678Z'));
    const built = events.sessionRevoked({ subject });
    expect(built[EVENT_TYPES.sessionRevoked].event_timestamp).toBe(1_735_787_045);
  });

  it('combines several events into one events claim by spreading', () => {
    const combined = {
      ...events.userRiskChange({ subject, current_level: 'high', previous_level: 'low', event_timestamp }),
      ...events.ipChange({
        subject,
        current_ip_address: '203.0.113.7',
        previous_ip_address: '198.51.100.1',
        event_timestamp,
      }),
    };
    expect(Object.keys(combined)).toEqual([EVENT_TYPES.userRiskChange, EVENT_TYPES.ipChange]);
  });

  it('keeps members it does not know', () => {
    const built = events.userRiskChange({
      subject,
      current_level: 'high',
      previous_level: 'low',
      event_timestamp,
      vendor_score: 97,
    });
    expect(built[EVENT_TYPES.userRiskChange].vendor_score).toBe(97);
  });

  it.each([
    ['userRiskChange', () => events.userRiskChange({ subject, current_level: 'extreme' as never, previous_level: 'low' }), 'current_level', ['low', 'medium', 'high', 'secure', 'none']],
    ['deviceRiskChange', () => events.deviceRiskChange({ subject, current_level: 'low', previous_level: 'bad' as never }), 'previous_level', ['low', 'medium', 'high', 'secure', 'none']],
    ['ipChange', () => events.ipChange({ subject, current_ip_address: '203.0.113.7', previous_ip_address: '198.51.100.1', initiating_entity: 'robot' as never }), 'initiating_entity', ['admin', 'user', 'policy', 'system']],
    ['deviceComplianceChange', () => events.deviceComplianceChange({ subject, current_status: 'compliant', previous_status: 'unknown' as never }), 'previous_status', ['compliant', 'not-compliant']],
    ['sessionRevoked', () => events.sessionRevoked({ subject, initiating_entity: 'nobody' as never }), 'initiating_entity', ['admin', 'user', 'policy', 'system']],
    ['identifierChanged', () => events.identifierChanged({ subject: { user: { format: 'username', username: 'ada' } as never } }), 'subject.user.format', undefined],
  ] as const)('%s refuses a value outside its enumeration and names the field', (_name, build, path, allowed) => {
    expect(thrown(build).issues).toEqual([{ path, reason: 'Not one of the allowed values', ...(allowed ? { allowed } : {}) }]);
  });

  it('says which builder failed, which field is wrong and what to do', () => {
    const error = thrown(() =>
      events.userRiskChange({ subject, current_level: 'extreme' as never, previous_level: 'low' }),
    );
    expect(error.message).toBe(
      'Cannot build the userRiskChange event (https://schemas.okta.com/secevent/okta/event-type/user-risk-change). ' +
        'Fix these fields and try again: current_level: Not one of the allowed values (allowed: low, medium, high, secure, none)',
    );
  });

  it('reports a missing required member as blank', () => {
    const error = thrown(() =>
      events.ipChange({ subject, current_ip_address: '203.0.113.7' } as never),
    );
    expect(error.issues).toEqual([
      { path: 'previous_ip_address', reason: 'The field cannot be left blank' },
    ]);
  });

  it('refuses a non-integer event_timestamp', () => {
    const error = thrown(() => events.sessionRevoked({ subject, event_timestamp: 1.5 }));
    expect(error.issues).toEqual([{ path: 'event_timestamp', reason: 'Must be an integer' }]);
  });
});

describe('subject', () => {
  it.each([
    [{ format: 'email', email: 'ada@example.com' }],
    [{ format: 'iss_sub', iss: 'https://idp.example.com/', sub: '145234573' }],
    [{ format: 'opaque', id: '11112222333344445555' }],
    [{ format: 'phone_number', phone_number: '+12065550100' }],
    [{ format: 'account', uri: 'acct:ada@example.com' }],
    [{ format: 'did', url: 'did:example:123456' }],
    [{ format: 'uri', uri: 'https://example.com/users/ada' }],
    [
      {
        format: 'aliases',
        identifiers: [
          { format: 'email', email: 'ada@example.com' },
          { format: 'opaque', id: 'ada' },
        ],
      },
    ],
  ])('accepts the RFC 9493 identifier %j', (identifier) => {
    expect(securityEventSubjectSchema.safeParse({ user: identifier }).success).toBe(true);
  });

  it('requires at least one of user, device, tenant', () => {
    const error = thrown(() => events.sessionRevoked({ subject: {} }));
    expect(error.issues).toEqual([
      { path: 'subject', reason: 'Must name at least one of user, device, tenant' },
    ]);
  });

  it('refuses an aliases identifier nested in an aliases identifier', () => {
    const nested = {
      format: 'aliases',
      identifiers: [{ format: 'aliases', identifiers: [{ format: 'opaque', id: 'x' }] }],
    };
    const error = thrown(() => events.sessionRevoked({ subject: { user: nested as never } }));
    expect(error.issues).toEqual([
      { path: 'subject.user.identifiers[0].format', reason: 'Not one of the allowed values' },
    ]);
  });

  it('refuses an empty aliases list', () => {
    const error = thrown(() =>
      events.sessionRevoked({ subject: { user: { format: 'aliases', identifiers: [] } } }),
    );
    expect(error.issues).toEqual([
      { path: 'subject.user.identifiers', reason: 'Must contain at least 1 item(s)' },
    ]);
  });

  it('refuses an account identifier that is not an acct: URI', () => {
    const error = thrown(() =>
      events.sessionRevoked({ subject: { user: { format: 'account', uri: 'mailto:ada@example.com' } } }),
    );
    expect(error.issues).toEqual([
      { path: 'subject.user.uri', reason: 'Must be an acct: URI, e.g. acct:user@example.com' },
    ]);
  });

  it('reports an empty email as blank, once', () => {
    const error = thrown(() =>
      events.sessionRevoked({ subject: { user: { format: 'email', email: '' } } }),
    );
    expect(error.issues).toEqual([
      { path: 'subject.user.email', reason: 'The field cannot be left blank' },
    ]);
  });

  it('refuses a phone number outside E.164', () => {
    const error = thrown(() =>
      events.sessionRevoked({
        subject: { device: { format: 'phone_number', phone_number: '206-555-0100' } },
      }),
    );
    expect(error.issues).toEqual([
      {
        path: 'subject.device.phone_number',
        reason: 'Must be a telephone number in E.164 format, e.g. +12065550100',
      },
    ]);
  });
});
