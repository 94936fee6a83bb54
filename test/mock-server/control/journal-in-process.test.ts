import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, NotFoundError } from '../../../src/index';
import { ControlInputError, createMockBackend, journalMatchers, type JournalMatchers } from '../../../mock-server/index';
import { createHandlers } from '../../../mock-server/msw/index';
import { MAX_REQUEST_BODY_BYTES } from '../../../mock-server/pipeline/request';
import { bookmark } from './served';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const backend = createMockBackend({ orgUrl: 'https://journal.okta.test', now: () => START });
const server = setupServer(...createHandlers(backend));
const client = createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, maxRetries: 0 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => backend.reset());
afterAll(() => server.close());

expect.extend(journalMatchers);

describe('backend.journal in-process, through msw', () => {
  it('keeps the body the client sent and the answer it got', async () => {
    const app = await client.apps.create(bookmark('In-process Wiki') as never);
    const [entry] = backend.journal.list();
    expect(entry).toMatchObject({ method: 'POST', path: '/api/v1/apps?activate=true', status: 200, route: 'POST /api/v1/apps', stub: null });
    expect(JSON.parse(entry!.request.body!)).toEqual(bookmark('In-process Wiki'));
    expect(entry!.request.headers.authorization).toBe('SSWS [REDACTED]');
    expect(JSON.parse(entry!.response.body!).id).toBe(app.id);
  });

  it('list takes the filters of GET /__appset/requests', async () => {
    await client.apps.create(bookmark() as never);
    await expect(client.apps.get('0oa00000000000000000')).rejects.toBeInstanceOf(NotFoundError);
    expect(backend.journal.list({ method: 'get' }).map((e) => e.status)).toEqual([404]);
    expect(backend.journal.list({ status: 200 }).map((e) => e.method)).toEqual(['POST']);
    expect(backend.journal.list({ limit: 1 }).map((e) => e.path)).toEqual(['/api/v1/apps/0oa00000000000000000']);
  });

  it('get answers one entry by its X-Okta-Request-Id, or undefined', async () => {
    await client.apps.create(bookmark() as never);
    const { response } = await client.apps.get(backend.apps.list()[0]!.id).withResponse();
    const id = response.headers.get('x-okta-request-id')!;
    expect(backend.journal.get(id)).toEqual(backend.journal.list()[1]);
    expect(backend.journal.get('not-there')).toBeUndefined();
  });

  it('find and count take the same matchers as POST /__appset/requests/find and /count', async () => {
    await client.apps.create(bookmark('Wiki') as never);
    await client.apps.create(bookmark('Tracker') as never);
    expect(backend.journal.count({ method: 'POST', path: '/api/v1/apps', json: { label: 'Tracker' } })).toBe(1);
    expect(backend.journal.find({ bodyContains: '"label":"Wiki"' }).map((e) => JSON.parse(e.request.body!).label)).toEqual(['Wiki']);
  });

  it('a bad filter or matcher throws ControlInputError naming the field, and the journal is unchanged', async () => {
    await client.apps.create(bookmark() as never);
    expect(() => backend.journal.count({ method: 'POST', json: { a: 1 }, sttus: 200 } as never)).toThrow(
      new ControlInputError('matcher field sttus: Unknown member; remove it (see the schema of the document)', 'sttus'),
    );
    expect(() => backend.journal.list({ limit: -1 })).toThrow(/^requests filter field limit: Must be at least 1/);
    expect(() => backend.journal.find({ path: 'api/v1/apps' })).toThrow(/^matcher field path: Must be a path starting with "\/"/);
    expect(backend.journal.list()).toHaveLength(1);
  });

  it('unmatched lists requests no route served, with the routes they came close to', async () => {
    await fetch(`${backend.orgUrl}/api/v1/apps/0oa00000000000000000/lifecycle/activat`, { method: 'POST', headers: { authorization: `SSWS ${backend.defaultToken}` } });
    const [entry] = backend.journal.unmatched();
    expect(entry).toMatchObject({
      path: '/api/v1/apps/0oa00000000000000000/lifecycle/activat',
      status: 404,
      unmatched: { kind: 'not-okta' },
      closest: [{ route: 'POST /api/v1/apps/:appId/lifecycle/activate', differences: [{ field: 'path', message: 'segment 6: sent "activat" where the route has "activate"' }] }],
    });
  });
});

describe('the journal’s bounds', () => {
  it('journalBodyBytes must be a whole number of bytes up to 1 MiB', () => {
    expect(() => createMockBackend({ journalBodyBytes: 2 * 1024 * 1024 })).toThrow(
      'journalBodyBytes must be a whole number from 0 to 1048576 (got 2097152); leave it out for the default, 16384.',
    );
    expect(() => createMockBackend({ journalBodyBytes: 1.5 })).toThrow(/^journalBodyBytes must be a whole number/);
  });

  it('a body larger than the routes read is refused unread, and journaled by its size only', async () => {
    const big = createMockBackend();
    const body = `{"label": "${'x'.repeat(MAX_REQUEST_BODY_BYTES)}"}`;
    const answer = await big.fetch(new Request(`${big.orgUrl}/api/v1/apps`, { method: 'POST', headers: { authorization: `SSWS ${big.defaultToken}`, 'content-type': 'application/json' }, body }));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { errorCauses: unknown }).errorCauses).toEqual([{ errorSummary: 'The request body exceeds 1048576 bytes.' }]);
    expect(big.journal.list()[0]!.request).toMatchObject({ body: '', bodySize: MAX_REQUEST_BODY_BYTES + 1, truncated: true });
  });

  it('with journalBodyBytes 0, keeps no body but its size', async () => {
    const quiet = createMockBackend({ journalBodyBytes: 0 });
    const body = JSON.stringify(bookmark());
    await quiet.fetch(new Request(`${quiet.orgUrl}/api/v1/apps`, { method: 'POST', headers: { authorization: `SSWS ${quiet.defaultToken}`, 'content-type': 'application/json' }, body }));
    expect(quiet.journal.list()[0]!.request).toMatchObject({ body: '', bodySize: body.length, truncated: true });
  });
});

describe('journalMatchers for vitest', () => {
  it('toHaveReceived passes when a request matches, and reads naturally with .not', async () => {
    await client.apps.create(bookmark('Wiki') as never);
    expect(backend).toHaveReceived({ method: 'POST', path: '/api/v1/apps', json: { label: 'Wiki' } });
    expect(backend).not.toHaveReceived({ method: 'DELETE' });
    expect(backend).toHaveReceivedTimes({ method: 'POST' }, 1);
  });

  it('a failure names the matcher and shows the latest requests, with the body sent', async () => {
    await client.apps.create(bookmark('Wik') as never);
    expect(() => expect(backend).toHaveReceived({ json: { label: 'Wiki' } })).toThrow(
      `expected a request matching {"json":{"label":"Wiki"}}, but none did. The journal holds 1 request(s); the latest:\n  POST /api/v1/apps?activate=true → 200 ${JSON.stringify(bookmark('Wik'))}`,
    );
    expect(() => expect(backend).toHaveReceivedTimes({ method: 'POST' }, 2)).toThrow(/^expected 2 request\(s\) matching \{"method":"POST"\}, but 1 did:\n {2}POST \/api\/v1\/apps\?activate=true → 200 /);
    expect(() => expect(backend).not.toHaveReceived({ method: 'POST' })).toThrow(/^expected no request matching \{"method":"POST"\}, but 1 did:/);
  });

  it('refuses anything but a backend, saying what it takes', () => {
    expect(() => expect({}).toHaveReceived({ method: 'GET' })).toThrow('toHaveReceived takes the backend made by createMockBackend: expect(backend).toHaveReceived({ method, path, … })');
  });
});

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Assertion<T = any> extends JournalMatchers<T> {}
}

describe('methods in any case', () => {
  it('a request sent as lowercase patch (fetch keeps its case) is found by PATCH, in lists and matchers alike', async () => {
    const backend = createMockBackend();
    // Node warns that a lowercase patch is likely refused; that is the case under test.
    const warned = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const request = new Request(`${backend.orgUrl}/api/v1/apps/0oa1/group-push/mappings/gPm1`, { method: 'patch', headers: { authorization: `SSWS ${backend.defaultToken}` } });
    warned.mockRestore();
    await backend.fetch(request);
    expect(backend.journal.list()[0]!.method).toBe('patch');
    expect(backend.journal.count({ method: 'PATCH' })).toBe(1);
    expect(backend.journal.list({ method: 'PATCH' })).toHaveLength(1);
  });
});
