import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createClient, InvalidResponseError, RequestValidationError } from '../../src/index';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });

const RECEIVE_EVENT = 'security.events.provider.receive_event';

/** A System Log event as the organization answers it. */
function logEvent(uuid: string, extra: Record<string, unknown> = {}) {
  return {
    uuid,
    published: '2026-11-20T10:00:00.000Z',
    eventType: RECEIVE_EVENT,
    displayMessage: 'Security Events Provider Reported Risk',
    severity: 'INFO',
    actor: { id: 'sse1AAA', type: 'SecurityEventsProvider', alternateId: 'https://risk.example.com', displayName: 'Risk Engine' },
    outcome: { result: 'SUCCESS', reason: null },
    target: [{ id: '00u1', type: 'User', alternateId: 'ada@example.com', displayName: 'Ada' }],
    debugContext: { debugData: { jti: 'jti-1' } },
    legacyEventType: null,
    ...extra,
  };
}

/** Records every GET /api/v1/logs and answers with `reply`. */
function capture(reply: (url: URL) => Response) {
  const calls: Array<{ url: URL; headers: Headers }> = [];
  server.use(
    http.get(`${ORG}/api/v1/logs`, ({ request }) => {
      const url = new URL(request.url);
      calls.push({ url, headers: request.headers });
      return reply(url);
    }),
  );
  return calls;
}

function refused(params: unknown): RequestValidationError {
  try {
    client.logs.list(params as never);
  } catch (error) {
    return error as RequestValidationError;
  }
  throw new Error('list did not throw');
}

describe('client.logs.list', () => {
  it('sends filter, since (a Date, as ISO 8601 in UTC), until (a string, unchanged) and limit in the query', async () => {
    const calls = capture(() => HttpResponse.json([]));
    await client.logs
      .list({
        filter: `eventType eq "${RECEIVE_EVENT}"`,
        since: new Date(Date.UTC(2026, 10, 20, 9, 30, 0, 250)),
        until: '2026-11-20T12:00:00+01:00',
        limit: 50,
      })
      .toArray({ max: 100 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/api/v1/logs');
    expect(calls[0]?.url.search).toBe(
      '?filter=eventType+eq+%22security.events.provider.receive_event%22' +
        '&since=2026-11-20T09%3A30%3A00.250Z&until=2026-11-20T12%3A00%3A00%2B01%3A00&limit=50',
    );
    expect(calls[0]?.url.searchParams.get('since')).toBe('2026-11-20T09:30:00.250Z');
    expect(calls[0]?.url.searchParams.get('until')).toBe('2026-11-20T12:00:00+01:00');
  });

  it('sends no query without parameters, with the client credentials', async () => {
    const calls = capture(() => HttpResponse.json([]));
    await client.logs.list().toArray({ max: 10 });
    expect(calls[0]?.url.href).toBe(`${ORG}/api/v1/logs`);
    expect(calls[0]?.headers.get('authorization')).toBe(`SSWS ${TOKEN}`);
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
  });

  it('walks events across two pages by following the Link next header verbatim', async () => {
    const calls = capture((url) => {
      if (url.searchParams.get('after') === '1790000000000_1') {
        return HttpResponse.json([logEvent('e3')], { headers: { link: `<${url.href}>; rel="self"` } });
      }
      return HttpResponse.json([logEvent('e1'), logEvent('e2')], {
        headers: {
          link: `<${url.href}>; rel="self", <${ORG}/api/v1/logs?limit=2&after=1790000000000_1&filter=eventType+eq+%22x%22>; rel="next"`,
        },
      });
    });
    const uuids: string[] = [];
    for await (const event of client.logs.list({ filter: 'eventType eq "x"', limit: 2 })) uuids.push(event.uuid);
    expect(uuids).toEqual(['e1', 'e2', 'e3']);
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/api/v1/logs?filter=eventType+eq+%22x%22&limit=2',
      '/api/v1/logs?limit=2&after=1790000000000_1&filter=eventType+eq+%22x%22',
    ]);
  });

  it('parses each event and keeps members appset does not model', async () => {
    capture(() => HttpResponse.json([logEvent('e1')]));
    const [event] = await client.logs.list().toArray({ max: 1 });
    expect(event).toEqual(logEvent('e1'));
    expect(event?.debugContext?.debugData?.jti).toBe('jti-1');
  });

  it('a page that is not a list of events is an InvalidResponseError', async () => {
    capture(() => HttpResponse.json([{ uuid: 'e1' }]));
    await expect(client.logs.list().toArray({ max: 1 })).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('refuses a since that is not an ISO 8601 date-time, before any request', () => {
    expect(refused({ since: 'yesterday' }).issues).toEqual([
      { path: 'since', reason: 'Must be a valid Date or an ISO 8601 date-time string, e.g. 2026-11-20T10:00:00Z' },
    ]);
    expect(seen).toHaveLength(0);
  });

  it('refuses an invalid Date as until', () => {
    expect(refused({ until: new Date('not a date') }).issues).toEqual([
      { path: 'until', reason: 'Must be a valid Date or an ISO 8601 date-time string, e.g. 2026-11-20T10:00:00Z' },
    ]);
  });

  it('refuses a limit below 1 and an unknown parameter, naming both', () => {
    const error = refused({ limit: 0, q: 'x' });
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues).toEqual([
      { path: 'limit', reason: 'Must be at least 1' },
      { path: 'q', reason: 'Unknown field; remove it or check its spelling' },
    ]);
  });

  it.each(['2026-11-20T10:00:00Z', '2026-11-20T10:00:00.123+01:00', '2024-02-29T23:59:59-05:30'])('takes the RFC 3339 date-time %s', (since) => {
    expect(() => client.logs.list({ since })).not.toThrow();
  });

  it.each(['2026-11-20T10:00Z', '2026-11-20 10:00:00Z', '2026-02-30T10:00:00Z', '2026-11-20T24:00:00Z', '2026-11-20T10:00:00+0100', '2026-11-20T10:00:00'])(
    'refuses %s as a date-time, naming the field',
    (since) => {
      expect(refused({ since }).issues).toEqual([
        { path: 'since', reason: 'Must be a valid Date or an ISO 8601 date-time string, e.g. 2026-11-20T10:00:00Z' },
      ]);
    },
  );
});
