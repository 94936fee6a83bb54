import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { chromiumAvailable, launchChromium, SKIP_REASON } from './chromium';

if (!chromiumAvailable) console.warn(SKIP_REASON);

/** What a payload does if it ever runs: sets a flag, and opens a dialog. */
const SCRIPT = '<script>window.__pwned = "script"; alert("script")</script>';
const IMAGE = '<img src=x onerror="window.__pwned = \'img\'; alert(\'img\')">';

describe.skipIf(!chromiumAvailable)('in Chromium: the dashboard at /__appset/', () => {
  let chromium: { browser: Browser; close(): Promise<void> };
  let backend: MockBackend;
  let server: RunningServer;
  let page: Page;
  const dialogs: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    backend = createMockBackend({ seed: 'demo' });
    server = await listen(backend, { host: '127.0.0.1', port: 0 });
    chromium = await launchChromium();
    page = await chromium.browser.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    // Counted from before the page's own code runs: anything the policy blocked, the page's own script and style included.
    await page.evaluateOnNewDocument(`
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(event.violatedDirective + ' ' + event.blockedURI));
    `);
    await page.goto(`${server.url}/__appset/`, { waitUntil: 'load', timeout: 20_000 });
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  const text = (selector: string) => page.$eval(selector, (element) => element.textContent ?? '');

  it('shows the organization: the seeded apps by status', async () => {
    await page.waitForFunction(`(document.getElementById('apps')?.textContent ?? '').includes('ACTIVE')`, { timeout: 20_000 });
    const apps = await text('#apps');
    for (const app of backend.apps.list()) expect(apps).toContain(app.label);
    expect(await text('#org-counts')).toContain(`apps: ${backend.apps.size}`);
  });

  it('shows a create sent over HTTP as it happens, and its detail shows what was sent and answered; markup sent in a label, a header and a body never runs', async () => {
    const label = `Evil ${IMAGE} ${SCRIPT}`;
    const created = await fetch(`${server.url}/api/v1/apps`, {
      method: 'POST',
      headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'application/json', 'x-note': `${SCRIPT}${IMAGE}` },
      body: JSON.stringify({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } }, profile: { note: SCRIPT } }),
    });
    expect(created.status).toBe(200);
    const requestId = created.headers.get('x-okta-request-id')!;

    // The page polls: the new request and the new app appear without a reload.
    await page.waitForSelector(`tr[data-id="${requestId}"]`, { timeout: 20_000 });
    await page.waitForFunction(`(document.getElementById('apps')?.textContent ?? '').includes(${JSON.stringify(label)})`, { timeout: 20_000 });

    await page.click(`tr[data-id="${requestId}"]`);
    await page.waitForFunction(`!document.getElementById('detail').hidden && document.getElementById('detail').textContent.includes('Sent')`, { timeout: 20_000 });
    const detail = await text('#detail');
    expect(detail).toContain(`POST /api/v1/apps`);
    // The body sent, pretty-printed as JSON: the label as a JSON string.
    expect(detail).toContain(`"label": ${JSON.stringify(label)}`);
    expect(detail).toContain(`${SCRIPT}${IMAGE}`);
    expect(detail).toContain('SSWS [REDACTED]');
    expect(detail).toContain((await created.clone().json() as { id: string }).id);

    // Shown as text, never run: no flag, no dialog, no element made from the payloads.
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.$$eval('img', (images) => images.length)).toBe(0);
    expect(await page.$$eval('script', (scripts) => scripts.length)).toBe(1);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations)).toEqual([]);
  }, 60_000);
});
