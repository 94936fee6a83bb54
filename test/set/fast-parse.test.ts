import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMAS, EVENT_TYPES, validateEvents } from '../../src/set/events';
import { claimsCheck, FAIL } from '../../src/set/fast-parse';
import { securityEventTokenClaimsSchema } from '../../src/set/verify';
import { PARSE_OPTIONS } from '../../src/validation/field-issues';

// The hand checks must answer only for what zod accepts, with exactly what zod returns (key order
// included); everything else must reach zod. Inputs: valid ones, and each one broken field by field.

/** Every key of every object, in order, with the values: equal text means equal objects, same key order. */
const text = (value: unknown) => JSON.stringify(value);

const identifiers: unknown[] = [
  { format: 'email', email: 'ada@example.com' },
  { email: 'ada@example.com', format: 'email', extra: [1, { a: 2 }] },
  { format: 'email', email: 'not an email' },
  { format: 'email', email: '' },
  { format: 'email' },
  { format: 'iss_sub', iss: 'https://idp.example.com', sub: '123' },
  { format: 'iss_sub', iss: '', sub: '123' },
  { format: 'opaque', id: 'dev-1' },
  { format: 'opaque', id: 7 },
  { format: 'phone_number', phone_number: '+12065550100' },
  { format: 'phone_number', phone_number: '2065550100' },
  { format: 'account', uri: 'acct:ada@example.com' },
  { format: 'account', uri: 'mailto:ada@example.com' },
  { format: 'did', url: 'did:example:123' },
  { format: 'did', url: 'did:Bad' },
  { format: 'uri', uri: 'https://example.com/u/1' },
  { format: 'uri', uri: 'no scheme' },
  { format: 'aliases', identifiers: [{ format: 'opaque', id: 'x' }] },
  { format: 'nope', id: 'x' },
  null,
  'ada@example.com',
  [],
];

const subjects: unknown[] = [
  ...identifiers.map((user) => ({ user })),
  { device: { format: 'opaque', id: 'd' } },
  { tenant: { format: 'opaque', id: 't' }, user: { format: 'email', email: 'a@b.c' }, note: 'x' },
  { user: { format: 'email', email: 'a@b.c' }, device: { format: 'opaque', id: 'd' }, tenant: { format: 'opaque', id: 't' } },
  {},
  { other: 1 },
  { user: null },
  null,
  [],
];

function payloads(base: Record<string, unknown>, fields: Record<string, unknown[]>): unknown[] {
  const out: unknown[] = [base, { ...base, extra: 'kept', nested: { a: [1] } }, { zzz: 1, ...base }, null, [], 'x'];
  for (const subject of subjects) out.push({ ...base, subject });
  for (const [key, values] of Object.entries({ event_timestamp: [0, -1, 1.5, '1', null, 2 ** 60, undefined], ...fields })) {
    for (const value of values) {
      const copy: Record<string, unknown> = { ...base };
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      out.push(copy);
    }
  }
  return out;
}

const subject = { user: { format: 'email', email: 'ada@example.com' } };
const reasons = {
  initiating_entity: ['admin', 'policy', 'robot', null],
  reason_admin: [{ en: 'why' }, { fr: 'pourquoi' }, 'why'],
  reason_user: [{ en: 'why', de: 'warum' }, 3],
};
const cases: Array<[string, unknown[]]> = [
  [
    EVENT_TYPES.userRiskChange,
    payloads({ event_timestamp: 1_700_000_000, subject, current_level: 'high', previous_level: 'low' }, {
      current_level: ['none', 'secure', 'HIGH', 1, undefined],
      previous_level: ['medium', '', undefined],
      ...reasons,
    }),
  ],
  [
    EVENT_TYPES.deviceRiskChange,
    payloads({ event_timestamp: 1, subject: { device: { format: 'opaque', id: 'd' } }, current_level: 'low', previous_level: 'high' }, {
      current_level: ['x'],
      ...reasons,
    }),
  ],
  [
    EVENT_TYPES.deviceComplianceChange,
    payloads({ event_timestamp: 1, subject, current_status: 'compliant', previous_status: 'not-compliant' }, {
      current_status: ['not-compliant', 'ok', undefined],
      previous_status: [null],
      ...reasons,
    }),
  ],
  [
    EVENT_TYPES.sessionRevoked,
    payloads({ event_timestamp: 1, subject }, {
      current_ip: ['203.0.113.7', '', 7],
      current_user_agent: ['ua'],
      last_known_ip: [null],
      last_known_user_agent: ['x', false],
      ...reasons,
    }),
  ],
  [EVENT_TYPES.identifierChanged, payloads({ event_timestamp: 1, subject }, { 'new-value': ['b@c.d', '', 5, null] })],
  [EVENT_TYPES.ipChange, payloads({ event_timestamp: 1, subject, current_ip_address: '203.0.113.7', previous_ip_address: '::1' }, {})],
];

describe('hand checks of event payloads', () => {
  it.each(cases)('%s: the same result as its zod schema', (uri, inputs) => {
    const schema = EVENT_SCHEMAS[uri as keyof typeof EVENT_SCHEMAS];
    let accepted = 0;
    for (const payload of inputs) {
      const zod = schema.safeParse(payload, PARSE_OPTIONS);
      const ours = validateEvents({ [uri]: payload });
      if (zod.success) {
        accepted += 1;
        expect(ours.issues).toEqual([]);
        expect(text(ours.events[uri])).toBe(text(zod.data));
        expect(ours.events[uri]).toEqual(zod.data);
        expect(ours.events[uri]).not.toBe(payload);
      } else {
        expect(ours.issues.length).toBeGreaterThan(0);
      }
    }
    expect(accepted).toBeGreaterThan(3);
  });

  it('validateEvents reports the same issues as before for a payload the hand check refuses', () => {
    const broken = { event_timestamp: -1, subject: {}, current_level: 'HIGH', previous_level: 'low' };
    const zod = EVENT_SCHEMAS[EVENT_TYPES.userRiskChange].safeParse(broken, PARSE_OPTIONS);
    expect(zod.success).toBe(false);
    expect(validateEvents({ [EVENT_TYPES.userRiskChange]: broken }).issues.map((i) => i.path)).toEqual([
      `events.${EVENT_TYPES.userRiskChange}.event_timestamp`,
      `events.${EVENT_TYPES.userRiskChange}.subject`,
      `events.${EVENT_TYPES.userRiskChange}.current_level`,
    ]);
  });
});

describe('hand check of the claims', () => {
  const base = { iss: 'https://idp.example.com', jti: 'j1', iat: 1_700_000_000, aud: 'https://org.example.com', events: { a: {} } };
  const variants: Record<string, unknown[]> = {
    iss: ['', 1, null, undefined],
    jti: ['', 'x', undefined],
    iat: [0, -1, 1.5, 2 ** 60, '1', undefined],
    aud: [['a', 'b'], [], ['a', 1], 5, undefined],
    exp: [1, 1.5, -3, '1', null],
    nbf: [2, 'x'],
    sub_id: [{ format: 'opaque', id: 'x' }, { format: 'x' }],
    txn: ['t', '', 1],
    events: [null, 'x', [], undefined],
    other: [{ deep: [1, 2] }, null],
  };
  const inputs: unknown[] = [base, { other: 1, ...base }, { ...base, z: 1, a: 2 }, { events: {}, aud: ['x'], iat: 1, jti: 'j', iss: 'i' }, null, []];
  for (const [key, values] of Object.entries(variants)) {
    for (const value of values) {
      const copy: Record<string, unknown> = { ...base };
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      inputs.push(copy);
    }
  }

  it.each(inputs.map((input) => [text(input), input]))('%s', (_name, input) => {
    const fast = claimsCheck(input);
    const zod = securityEventTokenClaimsSchema.safeParse(input, PARSE_OPTIONS);
    if (fast === FAIL) return;
    expect(zod.success).toBe(true);
    expect(text(fast)).toBe(text(zod.data));
    expect(fast).toEqual(zod.data);
    if (Array.isArray((input as { aud: unknown }).aud)) expect((fast as { aud: unknown }).aud).not.toBe((input as { aud: unknown }).aud);
  });

  it('vouches for the usual claims', () => {
    expect(claimsCheck(base)).not.toBe(FAIL);
    expect(claimsCheck({ ...base, aud: ['a'], exp: 5, txn: 't', extra: 1 })).not.toBe(FAIL);
  });
});
