import { getEventListeners } from 'node:events';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppsetError, createClient, NotFoundError, RequestValidationError, serializeApplicationFilter } from '../../src/index';
import { parseLinkHeader } from '../../src/core/link-header';
import { watchUnhandledRejections } from '../hardening/unhandled-rejections';
import { bookmarkApp } from '../support/fixtures';
import { ORG, TOKEN, useMswServer } from '../support/msw';

const { server, seen } = useMswServer();
const client = createClient({ orgUrl: ORG, token: TOKEN });

const app = (n: number) => bookmarkApp(`0oa${String(n).padStart(17, '0')}`, { label: `App ${n}` });

/**
 * Serves 7 apps over 4 pages whose next links change shape on every page: a query cursor, then a
 * different path, then extra parameters in another order. A client that builds cursors itself fails.
 */
function serveFourPages() {
  const apps = Array.from({ length: 7 }, (_, i) => app(i + 1));
  const requested: string[] = [];
  server.use(
    http.get(`${ORG}/api/v1/apps`, ({ request }) => {
      const url = new URL(request.url);
      requested.push(`${url.pathname}${url.search}`);
      if (url.searchParams.get('after') === 'opaque-1') {
        return HttpResponse.json(apps.slice(2, 4), {
          headers: { link: `<${url.href}>; rel="self", <${ORG}/api/v1/apps/page-three?token=x%2By%3D%3D>; rel="next"` },
        });
      }
      return HttpResponse.json(apps.slice(0, 2), {
        headers: { link: `<${url.href}>; rel="self", <${ORG}/api/v1/apps?after=opaque-1&limit=2>; rel="next"` },
      });
    }),
    http.get(`${ORG}/api/v1/apps/page-three`, ({ request }) => {
      const url = new URL(request.url);
      requested.push(`${url.pathname}${url.search}`);
      return HttpResponse.json(apps.slice(4, 6), {
        headers: [
          ['link', `<${url.href}>; rel="self"`],
          ['link', `<${ORG}/api/v2/whatever?z=1&a=b,c>; rel="next"`],
        ],
      });
    }),
    http.get(`${ORG}/api/v2/whatever`, ({ request }) => {
      const url = new URL(request.url);
      requested.push(`${url.pathname}${url.search}`);
      return HttpResponse.json(apps.slice(6), { headers: { link: `<${url.href}>; rel="self"` } });
    }),
  );
  return { apps, requested };
}

/** What a walk of {@link serveFourPages} with `limit: 2` requests, in order. */
const FOUR_PAGE_PATHS = [
  '/api/v1/apps?limit=2',
  '/api/v1/apps?after=opaque-1&limit=2',
  '/api/v1/apps/page-three?token=x%2By%3D%3D',
  '/api/v2/whatever?z=1&a=b,c',
];

/**
 * Serves one app, then empty pages, every page with a next link (as System Log polling does).
 * Returns a function giving the number of requests so far.
 */
function serveOneAppThenEmptyPages() {
  let calls = 0;
  server.use(
    http.get(`${ORG}/api/v1/apps`, () => {
      calls += 1;
      return HttpResponse.json(calls === 1 ? [app(1)] : [], {
        headers: { link: `<${ORG}/api/v1/apps?after=c${calls}>; rel="next"` },
      });
    }),
  );
  return () => calls;
}

/**
 * Answers GET `url` only once the client aborts the request. Returns a function telling whether
 * that abort has happened.
 */
function stallUntilAborted(url: string) {
  let aborted = false;
  server.use(
    http.get(url, async ({ request }) => {
      await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
      aborted = true;
      return HttpResponse.json([]);
    }),
  );
  return () => aborted;
}

describe('list pagination', () => {
  it('walks every app across four pages by following next links verbatim', async () => {
    const { apps, requested } = serveFourPages();
    const labels: string[] = [];
    for await (const a of client.apps.list({ limit: 2 })) labels.push(a.label as string);
    expect(labels).toEqual(apps.map((a) => a.label));
    expect(requested).toEqual(FOUR_PAGE_PATHS);
  });

  it('pages() yields each page with its items and raw links', async () => {
    serveFourPages();
    const pages = [];
    for await (const page of client.apps.list({ limit: 2 }).pages()) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 1]);
    expect(pages[0]?.links).toEqual({
      self: `${ORG}/api/v1/apps?limit=2`,
      next: `${ORG}/api/v1/apps?after=opaque-1&limit=2`,
    });
    expect(pages[3]?.links.next).toBeUndefined();
  });

  it('requests nothing until iterated, and the second page only after the first is consumed', async () => {
    const { requested } = serveFourPages();
    const pager = client.apps.list({ limit: 2 });
    await Promise.resolve();
    expect(requested).toEqual([]);
    const iterator = pager[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    expect(requested).toHaveLength(1);
    await iterator.next();
    expect(requested).toHaveLength(2);
    await iterator.return?.();
  });

  it('toArray stops requesting pages once max items are collected', async () => {
    const { requested } = serveFourPages();
    const items = await client.apps.list({ limit: 2 }).toArray({ max: 3 });
    expect(items.map((a) => a.label)).toEqual(['App 1', 'App 2', 'App 3']);
    expect(requested).toHaveLength(2);
  });

  it('toArray refuses to run without a positive bound', async () => {
    const pager = client.apps.list();
    await expect(pager.toArray(undefined as never)).rejects.toBeInstanceOf(RequestValidationError);
    await expect(pager.toArray({ max: 0 })).rejects.toThrow(/max: Must be a positive integer/);
    expect(seen).toHaveLength(0);
  });

  it('concurrent next() calls on one iterator are served in order without skipping', async () => {
    const { apps } = serveFourPages();
    const iterator = client.apps.list({ limit: 2 })[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 8 }, () => iterator.next()));
    expect(results.slice(0, 7).map((r) => (r.value as { label: string }).label)).toEqual(apps.map((a) => a.label));
    expect(results[7]?.done).toBe(true);
  });

  it('each for-await starts a fresh walk from the first page', async () => {
    serveFourPages();
    const pager = client.apps.list({ limit: 2 });
    const first = await pager.toArray({ max: 100 });
    const second = await pager.toArray({ max: 100 });
    expect(second).toEqual(first);
  });

  it('refuses to send credentials to a next link on another origin', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () =>
        HttpResponse.json([app(1)], { headers: { link: '<https://attacker.example/api/v1/apps?after=x>; rel="next"' } }),
      ),
    );
    const error = await client.apps.list().toArray({ max: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppsetError);
    expect((error as Error).message).toContain('https://attacker.example');
    expect(seen.map((s) => s.url.host)).toEqual(['example.okta.com']);
  });

  it.each([
    ['a user name', `https://evil@example.okta.com/api/v1/apps?after=x`],
    ['a user name and password', `https://evil:pw@example.okta.com/api/v1/apps?after=x`],
  ])('refuses a next link on the same origin with %s in it, with an AppsetError and no request', async (_what, link) => {
    server.use(http.get(`${ORG}/api/v1/apps`, () => HttpResponse.json([app(1)], { headers: { link: `<${link}>; rel="next"` } })));
    const labels: string[] = [];
    const error = await (async () => {
      for await (const a of client.apps.list()) labels.push(a.label as string);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppsetError);
    expect((error as Error).message).toMatch(/next-page link carries a user name or password \(\/api\/v1\/apps\?after=x\)/);
    expect(labels).toEqual(['App 1']);
    expect(seen).toHaveLength(1);
  });

  it('stops with an error when a next link repeats the page just read', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, ({ request }) =>
        HttpResponse.json([app(1)], { headers: { link: `<${request.url}>; rel="next"` } }),
      ),
    );
    await expect(client.apps.list({ limit: 1 }).toArray({ max: 10 })).rejects.toThrow(/repeats the page/);
  });

  it('yields the page, then stops with an error naming a next link that is not a URL', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () => HttpResponse.json([app(1)], { headers: { link: '<http://[::1>; rel="next"' } })),
    );
    const labels: string[] = [];
    const walk = (async () => {
      for await (const a of client.apps.list()) labels.push(a.label as string);
    })();
    await expect(walk).rejects.toThrow(/next-page link is not a URL \(http:\/\/\[::1\)/);
    await expect(walk).rejects.toBeInstanceOf(AppsetError);
    expect(labels).toEqual(['App 1']);
    expect(seen).toHaveLength(1);
  });

  it('ends the walk at an empty page even when it offers a next link (System Log polling)', async () => {
    const requests = serveOneAppThenEmptyPages();
    const items = await client.apps.list().toArray({ max: 100 });
    expect(items).toHaveLength(1);
    expect(requests()).toBe(2);
  });

  it('sends every list parameter with its wire name', async () => {
    server.use(http.get(`${ORG}/api/v1/apps`, () => HttpResponse.json([])));
    await client.apps
      .list({
        q: 'Wi',
        filter: { 'user.id': '00u1' },
        limit: 50,
        after: 'c1',
        expand: 'user/00u1',
        includeNonDeleted: false,
        useOptimization: true,
      })
      .toArray({ max: 1 });
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({
      q: 'Wi',
      filter: 'user.id eq "00u1"',
      limit: '50',
      after: 'c1',
      expand: 'user/00u1',
      includeNonDeleted: 'false',
      useOptimization: 'true',
    });
  });

  it('refuses a misspelled list parameter or a filter with two attributes, without a request', () => {
    expect(() => client.apps.list({ limt: 5 } as never)).toThrow(/limt: Unknown field/);
    expect(() => client.apps.list({ filter: { status: 'ACTIVE', name: 'x' } as never })).toThrow(
      /filter: Must name exactly one attribute \(got status, name\)/,
    );
    expect(() => client.apps.list({ filter: { status: 'ENABLED' } as never })).toThrow(/filter.status: Not one of the allowed values/);
    expect(() => client.apps.list({ limit: 0 })).toThrow(RequestValidationError);
    expect(seen).toHaveLength(0);
  });
});

describe('reading ahead with prefetch', () => {
  const rejections = watchUnhandledRejections();
  /** Lets msw and the client run for a while, so a request that was going to start has started. */
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 30));

  it('walks the same items and pages in the same order as the lazy walk', async () => {
    const { apps, requested } = serveFourPages();
    const labels: string[] = [];
    for await (const a of client.apps.list({ limit: 2 }, { prefetch: true })) labels.push(a.label as string);
    expect(labels).toEqual(apps.map((a) => a.label));
    expect(requested).toEqual(FOUR_PAGE_PATHS);
  });

  it('requests the next page before the current one is consumed, and only one page ahead', async () => {
    const { requested } = serveFourPages();
    const iterator = client.apps.list({ limit: 2 }, { prefetch: true })[Symbol.asyncIterator]();
    await iterator.next();
    await vi.waitFor(() => expect(requested).toHaveLength(2));
    await quiet();
    expect(requested).toHaveLength(2);
    await iterator.next();
    await iterator.next();
    await vi.waitFor(() => expect(requested).toHaveLength(3));
    await quiet();
    expect(requested).toHaveLength(3);
    await iterator.return?.();
  });

  it('aborts the page read ahead when the walk stops early, leaving no rejection unhandled', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () =>
        HttpResponse.json([app(1), app(2)], { headers: { link: `<${ORG}/api/v1/apps/stalled>; rel="next"` } }),
      ),
    );
    const aborted = stallUntilAborted(`${ORG}/api/v1/apps/stalled`);
    const items = await client.apps.list({}, { prefetch: true }).toArray({ max: 1 });
    expect(items).toHaveLength(1);
    await vi.waitFor(() => expect(aborted()).toBe(true));
    expect((await rejections.settled()).mock.calls).toEqual([]);
  });

  it('a failure of the page read ahead surfaces only when the walk reaches that page', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () =>
        HttpResponse.json([app(1)], { headers: { link: `<${ORG}/api/v1/apps/broken>; rel="next"` } }),
      ),
      http.get(`${ORG}/api/v1/apps/broken`, () => HttpResponse.json({ errorCode: 'E0000007' }, { status: 404 })),
    );
    const iterator = client.apps.list({}, { prefetch: true }).pages()[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value?.items).toHaveLength(1);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await expect(iterator.next()).rejects.toBeInstanceOf(NotFoundError);
    expect((await rejections.settled()).mock.calls).toEqual([]);
  });

  it('a failure of a page read ahead that the walk never reaches runs no beforeError hook', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () =>
        HttpResponse.json([app(1)], { headers: { link: `<${ORG}/api/v1/apps/broken>; rel="next"` } }),
      ),
      http.get(`${ORG}/api/v1/apps/broken`, () => HttpResponse.json({ errorCode: 'E0000007' }, { status: 404 })),
    );
    const hooked: string[] = [];
    const hooks = { beforeError: [(error: AppsetError) => (hooked.push(error.message), error)] };
    const watched = createClient({ orgUrl: ORG, token: TOKEN, maxRetries: 0, hooks });
    const pages = watched.apps.list({}, { prefetch: true }).pages()[Symbol.asyncIterator]();
    expect((await pages.next()).value?.items).toHaveLength(1);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await quiet();
    await pages.return(undefined);
    expect(hooked).toEqual([]);

    // The same failure, reached by the walk, goes through the hook once.
    const reached = watched.apps.list({}, { prefetch: true }).pages()[Symbol.asyncIterator]();
    await reached.next();
    await expect(reached.next()).rejects.toBeInstanceOf(NotFoundError);
    expect(hooked).toHaveLength(1);
    expect(hooked[0]).toMatch(/GET \/api\/v1\/apps\/broken failed with 404/);
    expect((await rejections.settled()).mock.calls).toEqual([]);
  });

  it('never reads ahead to a next link on another origin; the walk refuses it after the page', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () =>
        HttpResponse.json([app(1)], { headers: { link: '<https://attacker.example/api/v1/apps?after=x>; rel="next"' } }),
      ),
    );
    const labels: string[] = [];
    const walk = (async () => {
      for await (const a of client.apps.list({}, { prefetch: true })) labels.push(a.label as string);
    })();
    await expect(walk).rejects.toThrow(/attacker\.example/);
    expect(labels).toEqual(['App 1']);
    expect(seen.map((s) => s.url.host)).toEqual(['example.okta.com']);
  });

  it('never reads ahead to a same-origin next link with a user name in it; the walk refuses it after the page', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () =>
        HttpResponse.json([app(1)], { headers: { link: '<https://evil@example.okta.com/api/v1/apps?after=x>; rel="next"' } }),
      ),
    );
    const labels: string[] = [];
    const error = await (async () => {
      for await (const a of client.apps.list({}, { prefetch: true })) labels.push(a.label as string);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppsetError);
    expect((error as Error).message).toMatch(/user name or password/);
    expect(labels).toEqual(['App 1']);
    await quiet();
    expect(seen).toHaveLength(1);
  });

  it('reads nothing ahead of an empty page, which ends the walk even with a next link', async () => {
    const requests = serveOneAppThenEmptyPages();
    const items = await client.apps.list({}, { prefetch: true }).toArray({ max: 100 });
    expect(items).toHaveLength(1);
    await quiet();
    expect(requests()).toBe(2);
  });

  it("the caller's signal aborts the page read ahead", async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, () =>
        HttpResponse.json([app(1)], { headers: { link: `<${ORG}/api/v1/apps/stalled>; rel="next"` } }),
      ),
    );
    const aborted = stallUntilAborted(`${ORG}/api/v1/apps/stalled`);
    const controller = new AbortController();
    const iterator = client.apps.list({}, { prefetch: true, signal: controller.signal })[Symbol.asyncIterator]();
    await iterator.next();
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await vi.waitFor(() => expect(aborted()).toBe(true));
    await expect(iterator.next()).rejects.toBe(reason);
  });

  it("leaves no listener on the caller's signal once a walk has ended, however it ended", async () => {
    serveFourPages();
    const shutdown = new AbortController();
    const signal = shutdown.signal;
    for (const prefetch of [false, true]) {
      const pager = client.apps.list({ limit: 2 }, { prefetch, signal });
      await pager.toArray({ max: 100 });
      await pager.toArray({ max: 1 });
      for await (const page of pager.pages()) if (page.items.length) break;
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('refuses a prefetch that is not a boolean, naming the option, without a request', () => {
    expect(() => client.apps.list({}, { prefetch: 'yes' as never })).toThrow(/list options: prefetch: Must be true or false/);
    expect(() => client.logs.list({}, { prefetch: 1 as never })).toThrow(RequestValidationError);
    expect(() => client.securityEventsProviders.list({}, { prefetch: null as never })).toThrow(RequestValidationError);
    expect(() => client.apps.list({}, { timeout: 0, prefetch: 'no' as never })).toThrow(
      /Invalid list options: timeout: Must be a whole number of milliseconds between 1 and 2147483647; prefetch: Must be true or false/,
    );
    expect(() => client.apps.list({}, [] as never)).toThrow(
      'Invalid list options: options: Must be an object such as { signal, timeout, prefetch }, or left out (got an array).',
    );
    expect(seen).toHaveLength(0);
  });

  it('never reads ahead to a next link that repeats the page; the walk refuses it after the page', async () => {
    server.use(
      http.get(`${ORG}/api/v1/apps`, ({ request }) =>
        HttpResponse.json([app(1)], { headers: { link: `<${request.url}>; rel="next"` } }),
      ),
    );
    await expect(client.apps.list({ limit: 1 }, { prefetch: true }).toArray({ max: 10 })).rejects.toThrow(/repeats the page/);
    await quiet();
    expect(seen).toHaveLength(1);
  });

  it('hands out no page read ahead once the caller has aborted, even one that has arrived', async () => {
    const { requested } = serveFourPages();
    const controller = new AbortController();
    const pages = client.apps.list({ limit: 2 }, { prefetch: true, signal: controller.signal }).pages();
    await pages.next();
    await vi.waitFor(() => expect(requested).toHaveLength(2));
    await quiet();
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await expect(pages.next()).rejects.toBe(reason);
  });
});

describe('the item iterator', () => {
  it('return() ends the walk: later calls are done and nothing more is requested', async () => {
    const { requested } = serveFourPages();
    const iterator = client.apps.list({ limit: 2 })[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    expect(await iterator.return?.()).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(requested).toHaveLength(1);
  });

  it('a call made while an earlier call still waits is served after it', async () => {
    serveFourPages();
    const iterator = client.apps.list({ limit: 2 })[Symbol.asyncIterator]();
    const first = iterator.next();
    const second = iterator.next();
    await first;
    const third = iterator.next();
    const labels = [(await second).value, (await third).value].map((a) => (a as { label: string }).label);
    expect(labels).toEqual(['App 2', 'App 3']);
  });

  it('return() while a call waits for a page aborts that request; the waiting call and later ones are done', async () => {
    const aborted = stallUntilAborted(`${ORG}/api/v1/apps`);
    const iterator = client.apps.list()[Symbol.asyncIterator]();
    const waiting = iterator.next();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(await iterator.return?.()).toEqual({ value: undefined, done: true });
    expect(aborted()).toBe(true);
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('throw() ends the walk and rejects with the error given', async () => {
    const { requested } = serveFourPages();
    const iterator = client.apps.list({ limit: 2 })[Symbol.asyncIterator]();
    await iterator.next();
    const error = new Error('consumer failed');
    await expect(iterator.throw?.(error)).rejects.toBe(error);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(requested).toHaveLength(1);
  });

  it('after a failed page, the error is thrown once and later calls are done', async () => {
    server.use(http.get(`${ORG}/api/v1/apps`, () => HttpResponse.json({ not: 'a list' })));
    const iterator = client.apps.list()[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toThrow(/not a list of applications/);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });
});

describe('filter serialization', () => {
  it('quotes string values', () => {
    expect(serializeApplicationFilter({ status: 'ACTIVE' })).toBe('status eq "ACTIVE"');
    expect(serializeApplicationFilter({ 'credentials.signing.kid': 'k-1' })).toBe('credentials.signing.kid eq "k-1"');
  });

  it('escapes double quotes and backslashes in values', () => {
    expect(serializeApplicationFilter({ name: 'a"b\\c' })).toBe('name eq "a\\"b\\\\c"');
  });

  it('leaves booleans unquoted', () => {
    expect(serializeApplicationFilter({ 'settings.slo.enabled': true })).toBe('settings.slo.enabled eq true');
  });

  it('passes a raw string through unchanged', () => {
    expect(serializeApplicationFilter('status eq "INACTIVE"')).toBe('status eq "INACTIVE"');
  });

  it('the escaped value reaches the server URL-encoded and decodes back exactly', async () => {
    server.use(http.get(`${ORG}/api/v1/apps`, () => HttpResponse.json([])));
    await client.apps.list({ filter: { name: 'we"ird\\name' } }).toArray({ max: 1 });
    expect(seen[0]?.url.searchParams.get('filter')).toBe('name eq "we\\"ird\\\\name"');
  });

  it('filter objects with two attributes do not compile', () => {
    // @ts-expect-error the API takes exactly one attribute per filter
    const twoKeys: Parameters<typeof serializeApplicationFilter>[0] = { status: 'ACTIVE', name: 'bookmark' };
    // @ts-expect-error status takes only the status enum
    const badStatus: Parameters<typeof serializeApplicationFilter>[0] = { status: 'ENABLED' };
    expect([twoKeys, badStatus]).toHaveLength(2);
  });
});

describe('Link header parsing', () => {
  it('reads several relations, quoted or not, with commas inside targets', () => {
    expect(
      parseLinkHeader('<https://o.example/a?x=1,2>; rel="self", <https://o.example/b>; type="x"; rel=next'),
    ).toEqual({ self: 'https://o.example/a?x=1,2', next: 'https://o.example/b' });
  });

  it('gives no links for a missing or empty header', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
  });
});
