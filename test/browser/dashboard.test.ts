import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { chromiumAvailable, launchChromium, SKIP_REASON } from './chromium';

if (!chromiumAvailable) console.warn(SKIP_REASON);

/** What a payload does if it ever runs: sets a flag, and opens a dialog. */
const SCRIPT = '<script>window.__pwned = "script"; alert("script")</script>';
const IMAGE = '<img src=x onerror="window.__pwned = \'img\'; alert(\'img\')">';
/** A label that tries every way out: an element, the end of the page's own script, a comment that would swallow the rest. */
const HOSTILE_LABEL = `Hostile ${IMAGE} </script>${SCRIPT} <!-- "quoted" & 'single'`;
const SECRET = 'shh-this-is-the-client-secret';

/** The parts of the page the state fills (render.ts on the server, script.ts on each refresh). */
const PARTS = ['org-counts', 'apps', 'users', 'groups', 'assignments', 'providers', 'signals', 'logs', 'request-count', 'filter-method', 'filter-status', 'requests'];

describe.skipIf(!chromiumAvailable)('in Chromium: the dashboard at /__appset/', () => {
  let chromium: { browser: Browser; close(): Promise<void> };
  let backend: MockBackend;
  let server: RunningServer;
  /** Requests sent before the page is first opened, by what they are. */
  const sent: Record<'hostile' | 'typo' | 'stubbed' | 'secret' | 'assign', string> = { hostile: '', typo: '', stubbed: '', secret: '', assign: '' };

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json', ...init.headers } });
  const idOf = (response: Response) => response.headers.get('x-okta-request-id')!;

  beforeAll(async () => {
    backend = createMockBackend({ seed: 'demo' });
    server = await listen(backend, { host: '127.0.0.1', port: 0 });
    const app = (label: string, extra: object = {}) =>
      JSON.stringify({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } }, ...extra });

    const hostile = await api('/api/v1/apps', { method: 'POST', body: app(HOSTILE_LABEL) });
    expect(hostile.status).toBe(200);
    sent.hostile = idOf(hostile);
    const everyone = backend.snapshot().groups.find((g) => g.profile.name === 'Everyone')!;
    const assign = await api(`/api/v1/apps/${backend.apps.list()[0]!.id}/groups/${everyone.id}`, { method: 'PUT', body: '{}' });
    expect(assign.status).toBe(200);
    sent.assign = idOf(assign);
    sent.typo = idOf(await api('/api/v1/appz'));
    expect((await fetch(`${server.url}/__appset/stubs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', path: '/api/v1/features', status: 200, body: [] }) })).status).toBe(201);
    sent.stubbed = idOf(await api('/api/v1/features'));
    sent.secret = idOf(await api('/api/v1/apps', { method: 'POST', body: app('With a secret', { credentials: { oauthClient: { client_secret: SECRET } } }) }));
    chromium = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  /** A page of the dashboard, counting dialogs, errors and policy violations from before its own code runs. */
  async function open(javaScript = true) {
    const page = await chromium.browser.newPage();
    const dialogs: string[] = [];
    const errors: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.setJavaScriptEnabled(javaScript);
    if (javaScript) {
      await page.evaluateOnNewDocument(`
        window.__violations = [];
        document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(event.violatedDirective + ' ' + event.blockedURI));
      `);
    }
    await page.goto(`${server.url}/__appset/`, { waitUntil: 'load', timeout: 20_000 });
    return { page, dialogs, errors };
  }

  const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? '');
  const partsOf = (page: Page) =>
    page.evaluate(`Object.fromEntries(${JSON.stringify(PARTS)}.map((id) => [id, document.getElementById(id).innerHTML]))`) as Promise<Record<string, string>>;

  /** Nothing a payload would do happened: no flag, no dialog, no element made from it, nothing the policy blocked. */
  async function expectNothingRan(page: Page, dialogs: string[], errors: string[]) {
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.$$eval('img', (images) => images.length)).toBe(0);
    expect(await page.$$eval('script', (scripts) => scripts.length)).toBe(1);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations)).toEqual([]);
  }

  it('holds the state at load, before any script runs: apps, group assignments by name, every request; a hostile label is text', async () => {
    const { page } = await open(false);
    const apps = await text(page, '#apps');
    for (const app of backend.apps.list()) expect(apps).toContain(app.label);
    expect(apps).toContain(HOSTILE_LABEL);
    expect(await text(page, '#org-counts')).toContain(`apps: ${backend.apps.size}`);
    expect(await text(page, '#assignments')).toMatch(/group\s*Everyone/);

    const journal = backend.journal.list();
    expect(await text(page, '#request-count')).toBe(String(journal.length));
    const rows = await page.$$eval('#requests tr[data-id]', (trs) => trs.map((tr) => [tr.getAttribute('data-id'), tr.children[2]!.textContent]));
    expect(rows).toEqual(journal.map((entry) => [entry.requestId, entry.path]).reverse());
    expect(await text(page, `tr[data-id="${sent.typo}"]`)).toContain('not-okta');
    expect(await text(page, `tr[data-id="${sent.stubbed}"]`)).toContain('stub stub-1');

    // Nothing loading, nothing empty: what a screenshot taken now shows.
    expect(await text(page, 'header')).not.toMatch(/loading/i);
    expect(await text(page, '#clock')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await page.$$eval('img', (images) => images.length)).toBe(0);
    expect(await page.$$eval('script', (scripts) => scripts.length)).toBe(1);
    await page.close();
  });

  it('refreshes to the very tables it was served with, and runs nothing from a label rendered on the server', async () => {
    const served = await open(false);
    const firstPaint = await partsOf(served.page);
    await served.page.close();
    expect(firstPaint['apps']).toContain('Hostile &lt;img');
    const { page, dialogs, errors } = await open();
    await page.waitForFunction(`document.getElementById('status').textContent.startsWith('updated')`, { timeout: 20_000 });
    expect(await partsOf(page)).toEqual(firstPaint);
    expect(await text(page, '#apps')).toContain(HOSTILE_LABEL);
    await expectNothingRan(page, dialogs, errors);
    await page.close();
  });

  it('keeps column headings, methods, statuses, times and ids on one line, and breaks paths and routes only between segments, even in a narrow window', async () => {
    const page = await chromium.browser.newPage();
    await page.setViewport({ width: 760, height: 900 });
    await page.setJavaScriptEnabled(false);
    await page.goto(`${server.url}/__appset/`, { waitUntil: 'load', timeout: 20_000 });
    // How many lines each cell's text takes, by the boxes of its text.
    const wrapped = await page.$$eval('th, td.nowrap, td.id', (cellsFound) =>
      cellsFound
        .map((cell) => {
          const range = cell.ownerDocument.createRange();
          range.selectNodeContents(cell);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return { text: cell.textContent, lines: lines.size };
        })
        .filter((cell) => cell.lines > 1),
    );
    expect(await page.$$eval('th', (headings) => headings.length)).toBeGreaterThan(15);
    expect(wrapped).toEqual([]);
    // Each piece of a path or route between its breaks (after / ? & =) stays on one line; the long ones do break, between pieces.
    const paths = await page.$$eval('#requests td.path, #requests td.route', (cellsFound) =>
      cellsFound.map((cell) => {
        const linesOf = (node: unknown) => {
          const range = cell.ownerDocument.createRange();
          range.selectNodeContents(node as typeof cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        };
        const pieces = [...cell.childNodes].filter((node) => node.nodeType === 3);
        return { text: cell.textContent, lines: linesOf(cell), split: pieces.filter((piece) => linesOf(piece) > 1).map((piece) => piece.textContent) };
      }),
    );
    expect(paths.filter((cell) => cell.split.length > 0)).toEqual([]);
    expect(paths.some((cell) => cell.lines > 1)).toBe(true);
    await page.close();
  });

  it('filters the requests by method, status and path', async () => {
    const { page, errors } = await open();
    const shown = () => page.$$eval('#requests tr[data-id]:not([hidden])', (trs) => trs.map((tr) => tr.getAttribute('data-id')));
    const all = await shown();
    expect(all).toHaveLength(backend.journal.list().length);

    await page.select('#filter-method', 'POST');
    expect(new Set(await shown())).toEqual(new Set([sent.hostile, sent.secret]));
    expect(await text(page, '#journal-title')).toContain(', 2 shown');

    await page.select('#filter-method', '');
    await page.select('#filter-status', '4xx');
    const refused = backend.journal.list().filter((e) => e.status >= 400 && e.status < 500).map((e) => e.requestId);
    expect(refused).toContain(sent.typo);
    expect(new Set(await shown())).toEqual(new Set(refused));

    await page.select('#filter-status', '');
    await page.type('#filter-path', 'APPZ');
    expect(await shown()).toEqual([sent.typo]);

    await page.click('#filter-path', { count: 3 });
    await page.keyboard.press('Backspace');
    expect(await shown()).toEqual(all);
    expect(await text(page, '#journal-title')).not.toContain('shown');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('opens a request to its headers and body as the journal keeps them (secrets redacted), the route or stub that answered, and its near misses', async () => {
    const { page, dialogs, errors } = await open();
    const openRequest = async (id: string, shows: string) => {
      await page.click(`tr[data-id="${id}"]`);
      // The detail of the request asked for (its id), not the one open before, which may show the same words.
      const detail = `document.getElementById('detail')`;
      await page.waitForFunction(`!${detail}.hidden && ${detail}.textContent.includes(${JSON.stringify(id)}) && ${detail}.textContent.includes(${JSON.stringify(shows)})`, {
        timeout: 20_000,
      });
      return text(page, '#detail');
    };

    const secret = await openRequest(sent.secret, 'Answered');
    expect(secret).toContain('route POST /api/v1/apps');
    expect(secret).toContain('SSWS [REDACTED]');
    expect(secret).toContain('"client_secret": "[REDACTED]"');
    expect(secret).not.toContain(SECRET);
    expect(secret).not.toContain(backend.defaultToken);
    expect(secret).toContain('x-okta-request-id');
    expect(await page.$eval(`tr[data-id="${sent.secret}"]`, (tr) => tr.getAttribute('aria-expanded'))).toBe('true');

    const stubbed = await openRequest(sent.stubbed, 'GET /api/v1/features \u2192 200, used 1');
    expect(stubbed).toContain('stub stub-1');

    const typo = await openRequest(sent.typo, 'Near misses');
    await page.waitForSelector('#detail ol.near-misses', { timeout: 20_000 });
    const misses = await page.$$eval('#detail ol.near-misses > li', (items) => items.map((li) => li.textContent ?? ''));
    expect(misses[0]).toContain('GET /api/v1/apps');
    expect(misses[0]).toContain('sent "appz" where the route has "apps"');
    expect(await text(page, '#detail')).toContain('no route or stub');
    expect(typo).toContain('is not a path of Okta');

    const hostile = await openRequest(sent.hostile, 'Answered');
    expect(hostile).toContain(`"label": ${JSON.stringify(HOSTILE_LABEL)}`);

    // Clicking the open request again closes it.
    await page.click(`tr[data-id="${sent.hostile}"]`);
    expect(await page.$eval('#detail', (detail) => detail.hasAttribute('hidden'))).toBe(true);
    await expectNothingRan(page, dialogs, errors);
    await page.close();
  }, 60_000);

  it('shows a create sent over HTTP as it happens, and its detail shows what was sent and answered; markup sent in a label, a header and a body never runs', async () => {
    const { page, dialogs, errors } = await open();
    const label = `Evil ${IMAGE} ${SCRIPT}`;
    const created = await api('/api/v1/apps', {
      method: 'POST',
      headers: { 'x-note': `${SCRIPT}${IMAGE}` },
      body: JSON.stringify({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } }, profile: { note: SCRIPT } }),
    });
    expect(created.status).toBe(200);
    const requestId = idOf(created);

    // The page polls: the new request and the new app appear without a reload.
    await page.waitForSelector(`tr[data-id="${requestId}"]`, { timeout: 20_000 });
    await page.waitForFunction(`(document.getElementById('apps')?.textContent ?? '').includes(${JSON.stringify(label)})`, { timeout: 20_000 });

    await page.click(`tr[data-id="${requestId}"]`);
    await page.waitForFunction(`!document.getElementById('detail').hidden && document.getElementById('detail').textContent.includes('Sent')`, { timeout: 20_000 });
    const detail = await text(page, '#detail');
    expect(detail).toContain(`POST /api/v1/apps`);
    // The body sent, pretty-printed as JSON: the label as a JSON string.
    expect(detail).toContain(`"label": ${JSON.stringify(label)}`);
    expect(detail).toContain(`${SCRIPT}${IMAGE}`);
    expect(detail).toContain('SSWS [REDACTED]');
    expect(detail).toContain(((await created.clone().json()) as { id: string }).id);
    await expectNothingRan(page, dialogs, errors);
    await page.close();
  }, 60_000);
});
