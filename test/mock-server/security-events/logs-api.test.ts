import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import { DEFAULT_MOCK_TOKEN } from '../../../mock-server/index';
import { call, expectOktaError } from '../raw-http';
import {
  ADA,
  expectAccepted,
  manualClock,
  providerKey,
  publish,
  RECEIVE_EVENT,
  receivedEvents,
  registerProvider,
  sign,
  type ProviderKey,
  useReceiverBackend,
} from './helpers';

const clock = manualClock();
const { backend } = useReceiverBackend({
  now: clock.now,
  tokens: [
    { type: 'SSWS', token: DEFAULT_MOCK_TOKEN },
    { type: 'Bearer', token: 'providers-token', scopes: ['okta.securityEventsProviders.manage'] },
  ],
});

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

const MINUTE = 60_000;
const iso = (t: number) => new Date(t).toISOString();
const jtis = (logged: any[]) => logged.map((event) => event.debugContext.debugData.jti);
const linkTo = (header: string | null, rel: string) => new RegExp(`<([^>]+)>; rel="${rel}"`).exec(header ?? '')?.[1];

/** Publishes jti-1, jti-2 and jti-3 one minute apart; returns the time of the first. */
async function threeEventsAMinuteApart(): Promise<number> {
  registerProvider(backend, [key]);
  const start = clock.now();
  for (const n of [1, 2, 3]) {
    if (n > 1) clock.advance(MINUTE);
    const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: `jti-${n}`, iat: clock.seconds() });
    expectAccepted(await publish(backend, token));
  }
  return start;
}

describe('GET /api/v1/logs', () => {
  it("stamps each event's published time with the backend clock at receipt", async () => {
    const start = await threeEventsAMinuteApart();
    const logged = await receivedEvents(backend);
    expect(logged.map((event) => event.published)).toEqual([iso(start), iso(start + MINUTE), iso(start + 2 * MINUTE)]);
  });

  it('keeps events published at or after since', async () => {
    const start = await threeEventsAMinuteApart();
    expect(jtis(await receivedEvents(backend, `&since=${iso(start + MINUTE)}`))).toEqual(['jti-2', 'jti-3']);
  });

  it('keeps events published before until', async () => {
    const start = await threeEventsAMinuteApart();
    expect(jtis(await receivedEvents(backend, `&until=${iso(start + 90_000)}`))).toEqual(['jti-1', 'jti-2']);
  });

  it('keeps events between since and until', async () => {
    const start = await threeEventsAMinuteApart();
    const window = `&since=${iso(start + 30_000)}&until=${iso(start + 90_000)}`;
    expect(jtis(await receivedEvents(backend, window))).toEqual(['jti-2']);
  });

  it('with limit=1, serves one event per page and links each next page until the last', async () => {
    await threeEventsAMinuteApart();
    const filter = encodeURIComponent(`eventType eq "${RECEIVE_EVENT}"`);
    const pages: string[][] = [];
    let target: string | undefined = `/api/v1/logs?filter=${filter}&limit=1`;
    while (target !== undefined && pages.length < 5) {
      const response = await call(backend, target);
      expect(response.status).toBe(200);
      pages.push(jtis(response.body));
      target = linkTo(response.headers.get('link'), 'next');
    }
    expect(pages).toEqual([['jti-1'], ['jti-2'], ['jti-3']]);
  });

  it('with limit=1 and since, pages through the events of the window only', async () => {
    const start = await threeEventsAMinuteApart();
    const first = await call(backend, `/api/v1/logs?since=${iso(start + 30_000)}&limit=1`);
    expect(jtis(first.body)).toEqual(['jti-2']);
    const second = await call(backend, linkTo(first.headers.get('link'), 'next')!);
    expect(jtis(second.body)).toEqual(['jti-3']);
    expect(linkTo(second.headers.get('link'), 'next')).toBeUndefined();
  });

  it('links the page itself with rel="self"', async () => {
    await threeEventsAMinuteApart();
    const response = await call(backend, '/api/v1/logs?limit=2');
    expect(linkTo(response.headers.get('link'), 'self')).toBe(`${backend.orgUrl}/api/v1/logs?limit=2`);
  });

  it('answers an empty list for an event type nothing recorded', async () => {
    await threeEventsAMinuteApart();
    const filter = encodeURIComponent('eventType eq "user.session.start"');
    const response = await call(backend, `/api/v1/logs?filter=${filter}`);
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: [] });
  });

  it('answers 400 E0000031 for a filter other than eventType eq', async () => {
    const filter = 'displayMessage eq "Security Events Provider Reported Risk"';
    expectOktaError(
      await call(backend, `/api/v1/logs?filter=${encodeURIComponent(filter)}`),
      400,
      'E0000031',
      'Invalid search criteria.',
      [`Unsupported filter: ${filter}. Use eventType eq "<type>".`],
    );
  });

  it('answers 400 E0000031 for a since that is not a timestamp', async () => {
    expectOktaError(await call(backend, '/api/v1/logs?since=yesterday'), 400, 'E0000031', 'Invalid search criteria.', [
      'since must be an ISO 8601 timestamp such as 2026-01-01T00:00:00.000Z.',
    ]);
  });

  it('answers 403 E0000005 without an Authorization header', async () => {
    expectOktaError(await call(backend, '/api/v1/logs', { authorization: null }), 403, 'E0000005', 'Invalid session');
  });

  it('answers 403 E0000006 to a token without okta.logs.read', async () => {
    expectOktaError(
      await call(backend, '/api/v1/logs', { authorization: 'Bearer providers-token' }),
      403,
      'E0000006',
      'You do not have permission to perform the requested action',
    );
  });
});
