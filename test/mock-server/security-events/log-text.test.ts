import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import { DEFAULT_MOCK_TOKEN } from '../../../mock-server/index';
import { expectAccepted, manualClock, providerKey, publish, registerProvider, sign, type ProviderKey, useReceiverBackend } from './helpers';

// The System Log events of accepted tokens are kept compact and built when read: what is read must be,
// byte for byte, what the receiver used to store when it built each event on arrival (EXPECTED below
// was recorded from that version; its fourth event, about a user the organization does not have, is
// gone since the receiver ignores such events, as Okta's does).
const clock = manualClock();
// Ada gets an id of her own, so the recorded events keep the ids they were recorded with.
const { backend } = useReceiverBackend({ now: clock.now, ids: 'deterministic' }, '00uAdaLovelace000001');

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

async function receive(): Promise<void> {
  registerProvider(backend, [key]);
  const token = await sign(
    backend,
    key,
    {
      ...events.userRiskChange({
        subject: {
          user: { format: 'email', email: 'Ada@Example.com' },
          device: { format: 'opaque', id: 'dev-1' },
          tenant: { format: 'iss_sub', iss: 'https://t.example', sub: 't1' },
        },
        // Levels with no Okta entity risk level, so no user.risk.detect is logged between the events
        // whose bytes were recorded.
        current_level: 'secure',
        previous_level: 'none',
        event_timestamp: 1_772_355_600,
      }),
      // Ada's email among the aliases makes her the subject; the log still names the first alias.
      'https://example.com/event-type/other': {
        subject: { user: { format: 'aliases', identifiers: [{ format: 'opaque', id: 'x' }, { format: 'email', email: 'ada@example.com' }] } },
        n: 1,
      },
      ...events.sessionRevoked({ subject: { device: { format: 'did', url: 'did:example:1' } }, event_timestamp: 1_772_355_600 }),
    },
    { jti: 'jti-1', iat: clock.seconds() },
  );
  expectAccepted(await publish(backend, token));
  clock.advance(1_500);
  const second = await sign(backend, key, events.sessionRevoked({ subject: { user: { format: 'phone_number', phone_number: '+12065550100' } } }), {
    jti: 'jti-2',
    iat: clock.seconds(),
  });
  expectAccepted(await publish(backend, second));
  // Okta matches the subject user by email: the second token, about a phone number, is ignored.
  expect(backend.signals.ignored().map((entry) => [entry.jti, entry.reason])).toEqual([['jti-2', 'unknown_user']]);
}

describe('System Log events of accepted tokens', () => {
  it('read the same over HTTP, through backend.logs.list() and in a snapshot', async () => {
    await receive();
    const response = await fetch(new URL('/api/v1/logs', backend.orgUrl), { headers: { authorization: `SSWS ${DEFAULT_MOCK_TOKEN}` } });
    const text = await response.text();
    const ids = (body: string) => body.replace(/"transaction":\{"type":"WEB","id":"[0-9A-Za-z]+"/g, '"transaction":{"type":"WEB","id":"(id)"');
    expect(ids(text)).toBe(EXPECTED);
    expect(ids(JSON.stringify(backend.logs.list()))).toBe(EXPECTED);
    expect(ids(JSON.stringify(backend.logs.list('security.events.provider.receive_event')))).toBe(EXPECTED);
    expect(ids(JSON.stringify(backend.snapshot().logs))).toBe(EXPECTED);
    // Read twice, an event is the same object.
    expect(backend.logs.list()[0]).toBe(backend.logs.list()[0]);
  });

  it('survive a snapshot restore unchanged', async () => {
    await receive();
    const snapshot = backend.snapshot();
    backend.restore(snapshot);
    expect(JSON.stringify(backend.snapshot().logs)).toBe(JSON.stringify(snapshot.logs));
  });
});

const EXPECTED = "[{\"uuid\":\"00000000-0000-4000-8000-000000000003\",\"published\":\"2026-03-01T09:00:00.000Z\",\"eventType\":\"security.events.provider.receive_event\",\"version\":\"0\",\"severity\":\"INFO\",\"legacyEventType\":null,\"displayMessage\":\"Security Events Provider Reported Risk\",\"actor\":{\"id\":\"sse00000000000000002\",\"type\":\"SecurityEventsProvider\",\"alternateId\":\"https://provider.test\",\"displayName\":\"Risk Engine\",\"detailEntry\":null},\"client\":null,\"outcome\":{\"result\":\"SUCCESS\",\"reason\":null},\"target\":[{\"id\":\"ada@example.com\",\"type\":\"User\",\"alternateId\":\"ada@example.com\",\"displayName\":\"ada@example.com\",\"detailEntry\":{\"subjectFormat\":\"email\"}},{\"id\":\"dev-1\",\"type\":\"Device\",\"alternateId\":\"dev-1\",\"displayName\":\"dev-1\",\"detailEntry\":{\"subjectFormat\":\"opaque\"}},{\"id\":\"https://t.example t1\",\"type\":\"Tenant\",\"alternateId\":\"https://t.example t1\",\"displayName\":\"https://t.example t1\",\"detailEntry\":{\"subjectFormat\":\"iss_sub\"}}],\"transaction\":{\"type\":\"WEB\",\"id\":\"(id)\",\"detail\":{}},\"debugContext\":{\"debugData\":{\"eventType\":\"https://schemas.okta.com/secevent/okta/event-type/user-risk-change\",\"jti\":\"jti-1\",\"issuer\":\"https://provider.test\"}}},{\"uuid\":\"00000000-0000-4000-8000-000000000004\",\"published\":\"2026-03-01T09:00:00.000Z\",\"eventType\":\"security.events.provider.receive_event\",\"version\":\"0\",\"severity\":\"INFO\",\"legacyEventType\":null,\"displayMessage\":\"Security Events Provider Reported Risk\",\"actor\":{\"id\":\"sse00000000000000002\",\"type\":\"SecurityEventsProvider\",\"alternateId\":\"https://provider.test\",\"displayName\":\"Risk Engine\",\"detailEntry\":null},\"client\":null,\"outcome\":{\"result\":\"SUCCESS\",\"reason\":null},\"target\":[{\"id\":\"x\",\"type\":\"User\",\"alternateId\":\"x\",\"displayName\":\"x\",\"detailEntry\":{\"subjectFormat\":\"aliases\"}}],\"transaction\":{\"type\":\"WEB\",\"id\":\"(id)\",\"detail\":{}},\"debugContext\":{\"debugData\":{\"eventType\":\"https://example.com/event-type/other\",\"jti\":\"jti-1\",\"issuer\":\"https://provider.test\"}}},{\"uuid\":\"00000000-0000-4000-8000-000000000005\",\"published\":\"2026-03-01T09:00:00.000Z\",\"eventType\":\"security.events.provider.receive_event\",\"version\":\"0\",\"severity\":\"INFO\",\"legacyEventType\":null,\"displayMessage\":\"Security Events Provider Reported Risk\",\"actor\":{\"id\":\"sse00000000000000002\",\"type\":\"SecurityEventsProvider\",\"alternateId\":\"https://provider.test\",\"displayName\":\"Risk Engine\",\"detailEntry\":null},\"client\":null,\"outcome\":{\"result\":\"SUCCESS\",\"reason\":null},\"target\":[{\"id\":\"did:example:1\",\"type\":\"Device\",\"alternateId\":\"did:example:1\",\"displayName\":\"did:example:1\",\"detailEntry\":{\"subjectFormat\":\"did\"}}],\"transaction\":{\"type\":\"WEB\",\"id\":\"(id)\",\"detail\":{}},\"debugContext\":{\"debugData\":{\"eventType\":\"https://schemas.openid.net/secevent/caep/event-type/session-revoked\",\"jti\":\"jti-1\",\"issuer\":\"https://provider.test\"}}}]";

