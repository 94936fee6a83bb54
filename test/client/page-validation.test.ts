import { http, HttpResponse } from 'msw';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient, InvalidResponseError } from '../../src/index';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

// Every item of every page is checked against the schema it is typed with (read where it lies, see
// src/validation/in-place.ts): a valid item is the parsed JSON itself, unknown members included.

const { server, seen } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });

const app = (n: number, extra: Record<string, unknown> = {}) => bookmarkApp(`0oa${String(n).padStart(17, '0')}`, { label: `App ${n}`, ...extra });

/** Serves three pages of two apps each; `third` is the body of the third page. */
function serveThreePages(third: unknown[]) {
  const pages: unknown[][] = [[app(1), app(2)], [app(3), app(4)], third];
  server.use(
    http.get(`${ORG}/api/v1/apps`, ({ request }) => {
      const n = Number(new URL(request.url).searchParams.get('page') ?? '1');
      const next = n < 3 ? `, <${ORG}/api/v1/apps?page=${n + 1}>; rel="next"` : '';
      return HttpResponse.json(pages[n - 1], { headers: { link: `<${request.url}>; rel="self"${next}`, 'x-okta-request-id': `req-${n}` } });
    }),
  );
}

describe('the items of a page', () => {
  it('are the objects the server sent, unknown members included', async () => {
    const future = app(5, { futureMember: { nested: [1, { deep: true }] }, settings: { app: { url: 'https://x.example', newOption: 'kept' } } });
    serveThreePages([future]);
    const items = await client.apps.list().toArray({ max: 10 });
    expect(items.map((item) => item.label)).toEqual(['App 1', 'App 2', 'App 3', 'App 4', 'App 5']);
    expect(items[4]).toEqual(future);
  });

  it('read an absent signOnMode as null, as the schema says', async () => {
    const { signOnMode: _left, ...withoutMode } = app(5);
    serveThreePages([withoutMode]);
    const items = await client.apps.list().toArray({ max: 10 });
    expect(items[4]).toEqual({ ...withoutMode, signOnMode: null });
  });

  it.each([
    ['lazily', false],
    ['with prefetch', true],
  ])('a wrong item on page 3, walked %s, ends the walk after pages 1 and 2 with an InvalidResponseError naming the item and the field', async (_how, prefetch) => {
    serveThreePages([app(5), app(6, { settings: 'not an object' })]);
    const labels: string[] = [];
    const error = await (async () => {
      for await (const item of client.apps.list({}, { prefetch })) labels.push(item.label);
    })().catch((e: unknown) => e);
    expect(labels).toEqual(['App 1', 'App 2', 'App 3', 'App 4']);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).message).toBe(
      'GET /api/v1/apps?page=3 answered 200 with a body that is not a list of applications (at [1].settings: Must be an object) (request id req-3). Check that orgUrl points at an Okta organization.',
    );
    expect((error as InvalidResponseError).status).toBe(200);
    expect(seen.map((request) => request.url.search)).toEqual(['', '?page=2', '?page=3']);
  });

  it('a missing required member is named as blank, at the item that lacks it', async () => {
    const { id: _left, ...withoutId } = app(6);
    serveThreePages([app(5), app(7), withoutId]);
    const error = await client.apps.list().toArray({ max: 10 }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('a body that is not a list of applications (at [2].id: The field cannot be left blank) (request id req-3)');
  });

  it('a wrong item that quotes the credential leaves it out of every view of the error', async () => {
    serveThreePages([app(5, { id: TOKEN, settings: `SSWS ${TOKEN}`, [`key ${TOKEN}`]: TOKEN })]);
    const error = await client.apps.list().toArray({ max: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toContain('(at [0].settings: Must be an object)');
    const views = [inspect(error, { depth: null, showHidden: true })];
    for (let e: unknown = error; e instanceof Error; e = e.cause) views.push(e.message, e.stack ?? '', JSON.stringify(e) ?? '');
    expect(views.join('\n')).not.toContain(TOKEN);
  });

  it('a page that is not a list names no item', async () => {
    serveThreePages({ not: 'a list' } as unknown as unknown[]);
    const error = await client.apps.list().toArray({ max: 10 }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('answered 200 with a body that is not a list of applications (request id req-3)');
  });
});
