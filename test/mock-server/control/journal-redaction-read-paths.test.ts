import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../mock-server/index';
import { RequestJournal } from '../../../mock-server/control/requests/journal';
import type { IncomingRequest } from '../../../mock-server/pipeline/request';
import { bookmark, serveBackend, type Served } from './served';

// Every way the journal can be read shows headers redacted, for the requests the server answers
// most (GETs of cached apps and pages, which carry no body), read once or again.

const START = Date.parse('2026-03-01T10:00:30.000Z');
const TOKEN = 'read-paths-api-token-0123456789';
const SECRETS = [TOKEN, 'cookie-secret-read-paths-42', 'session-secret-read-paths-77'];
const SENT = { authorization: `SSWS ${TOKEN}`, cookie: `sid=${SECRETS[1]}`, 'x-session-token': SECRETS[2]!, 'x-trace': 'kept-trace-value' };

/** Sends GETs of an app, a page (twice: the second answer is cached bytes) and a path no route serves. */
async function sendGets(send: (path: string) => Promise<Response>, appId: string): Promise<void> {
  for (const path of [`/api/v1/apps/${appId}`, '/api/v1/apps?limit=1', '/api/v1/apps?limit=1', '/api/v1/nothing-here']) {
    const response = await send(path);
    await response.arrayBuffer();
  }
}

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `the journal shows ${secret}`).toBe(false);
  expect(text).toContain('kept-trace-value');
}

describe('every read of the journal redacts the headers of GETs', () => {
  it('in-process: list, get, find, count, unmatched and the vitest matchers, read twice', async () => {
    const backend = createMockBackend({ now: () => START, tokens: [{ type: 'SSWS', token: TOKEN }] });
    const app = backend.apps.create(bookmark('Read paths') as never);
    await sendGets((path) => backend.fetch(`${backend.orgUrl}${path}`, { headers: SENT }), app.id);
    for (let pass = 0; pass < 2; pass++) {
      const listed = backend.journal.list();
      expect(listed).toHaveLength(4);
      expect(listed[0]!.request.headers).toMatchObject({ authorization: 'SSWS [REDACTED]', cookie: '[REDACTED]', 'x-session-token': '[REDACTED]' });
      const byId = listed.map((entry) => backend.journal.get(entry.requestId));
      expectNoSecret(JSON.stringify([listed, byId, backend.journal.find({}), backend.journal.unmatched()]));
      // A matcher reads headers as kept: the secret matches nothing, its redacted form every request.
      expect(backend.journal.count({ headers: { authorization: `SSWS ${TOKEN}` } })).toBe(0);
      expect(backend.journal.count({ headers: { cookie: `sid=${SECRETS[1]}` } })).toBe(0);
      expect(backend.journal.count({ headers: { Authorization: 'SSWS [REDACTED]', 'x-trace': 'kept-trace-value' } })).toBe(4);
      expect(backend.journal.find({ headers: { 'x-session-token': '[REDACTED]' }, path: '/api/v1/nothing-here' })).toHaveLength(1);
    }
  });

  it('an answer whose headers name a secret is kept redacted too, whether its body is bytes already seen or none', () => {
    const journal = new RequestJournal(10);
    const bytes = new TextEncoder().encode('{"id":"0oa1"}');
    const url = new URL('https://journal.okta.test/api/v1/apps/0oa1');
    const input: IncomingRequest = {
      method: 'GET',
      headers: new Headers(SENT),
      request: () => new Request(url, { headers: SENT }),
      rawHeaders: () => Object.entries(SENT).flat(),
    };
    const headers: Array<[string, string]> = [
      ['content-type', 'application/json'],
      ['set-cookie', `sid=${SECRETS[1]}`],
      ['x-trace', 'kept-trace-value'],
    ];
    for (const body of [bytes, bytes, null]) {
      journal.record({ input, url, reply: { status: 200, headers: [...headers], body }, errorCode: null, requestId: 'r', at: START, route: null, stub: null });
    }
    const listed = journal.list();
    expectNoSecret(JSON.stringify(listed));
    expect(listed.map((entry) => entry.response.headers['set-cookie'])).toEqual(['[REDACTED]', '[REDACTED]', '[REDACTED]']);
    expect(listed.map((entry) => entry.request.headers.authorization)).toEqual(['SSWS [REDACTED]', 'SSWS [REDACTED]', 'SSWS [REDACTED]']);
  });

  it('headers the server adds after the answer is recorded (CORS) are not the entry’s', () => {
    const journal = new RequestJournal(10);
    const url = new URL('https://journal.okta.test/api/v1/apps/0oa1');
    const input: IncomingRequest = { method: 'GET', headers: new Headers(), request: () => new Request(url), rawHeaders: () => [] };
    const reply = { status: 200, headers: [['x-okta-request-id', 'r']] as Array<[string, string]>, body: null };
    journal.record({ input, url, reply, errorCode: null, requestId: 'r', at: START, route: null, stub: null });
    reply.headers.push(['access-control-allow-origin', '*']);
    expect(journal.list()[0]!.response.headers).toEqual({ 'x-okta-request-id': 'r' });
  });
});

describe('paths with a query, asked again and again', () => {
  it('each entry keeps its own path and query, secrets redacted, past the URLs the journal remembers too', async () => {
    const backend = createMockBackend({ now: () => START, journalSize: 1000 });
    const auth = { authorization: `SSWS ${backend.defaultToken}` };
    const asked: string[] = [];
    for (let i = 0; i < 300; i++) asked.push(`/api/v1/apps?limit=${(i % 150) + 1}&client_secret=query-secret-${i}`);
    for (const path of asked) await (await backend.fetch(`${backend.orgUrl}${path}`, { headers: auth })).arrayBuffer();
    const kept = backend.journal.list().map((entry) => entry.path);
    expect(kept).toEqual(asked.map((path) => path.replace(/client_secret=query-secret-\d+/, 'client_secret=[REDACTED]')));
    expect(JSON.stringify(backend.journal.list())).not.toContain('query-secret-');
  });
});

describe('over HTTP', () => {
  let served: Served;
  let backend: MockBackend;
  beforeAll(async () => {
    served = await serveBackend({ now: () => START, tokens: [{ type: 'SSWS', token: TOKEN }] });
    backend = served.backend;
  });
  afterAll(() => served.close());

  it('GET /__appset/requests (whole and summary), /requests/{id}, find, count and unmatched show no secret, read twice', async () => {
    const app = backend.apps.create(bookmark('Read paths') as never);
    await sendGets((path) => fetch(`${served.url}${path}`, { headers: SENT }), app.id);
    for (let pass = 0; pass < 2; pass++) {
      const listed = (await served.plane('GET', '/requests')).body as { requests: Array<{ requestId: string; request: { headers: Record<string, string> } }> };
      expect(listed.requests).toHaveLength(4);
      expect(listed.requests[1]!.request.headers).toMatchObject({ authorization: 'SSWS [REDACTED]', cookie: '[REDACTED]' });
      const byId = await Promise.all(listed.requests.map(async (entry) => (await served.plane('GET', `/requests/${entry.requestId}`)).body));
      const found = (await served.plane('POST', '/requests/find', { headers: { 'x-trace': 'kept-trace-value' } })).body;
      const unmatched = (await served.plane('GET', '/requests/unmatched')).body;
      const summaries = (await served.plane('GET', '/requests?summary=true')).body;
      expectNoSecret(JSON.stringify([listed, byId, found, unmatched]));
      expect(JSON.stringify(summaries)).not.toContain(TOKEN);
      expect((await served.plane('POST', '/requests/count', { headers: { authorization: `SSWS ${TOKEN}` } })).body).toEqual({ count: 0 });
      expect((await served.plane('POST', '/requests/count', { headers: { authorization: 'SSWS [REDACTED]' } })).body).toEqual({ count: 4 });
    }
  });
});
