import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { chromiumAvailable, launchChromium, SKIP_REASON } from './chromium';

if (!chromiumAvailable) console.warn(SKIP_REASON);

/** A page that, if its script ever runs, reads the control plane's snapshot with secrets from its own origin. */
const PAGE = `<!doctype html><title>stub</title><script>
  window.__ran = true;
  fetch('/__appset/snapshot?secrets=include').then((r) => r.text()).then((text) => { window.__read = text; });
</script>`;

describe.skipIf(!chromiumAvailable)('in Chromium: markup a stub answers with', () => {
  let chromium: { browser: Browser; close(): Promise<void> };
  let server: RunningServer;

  beforeAll(async () => {
    const backend = createMockBackend({ seed: 'demo' });
    backend.stubs.add({ method: 'GET', path: '/api/v1/page', status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: PAGE });
    server = await listen(backend, { host: '127.0.0.1', port: 0 });
    chromium = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  it('runs no script, in an opaque origin, so it cannot read the control plane on the server’s origin', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(`${server.url}/api/v1/page`, { waitUntil: 'load', timeout: 20_000 });
    expect(await page.title()).toBe('stub');
    // The inline script would have run before `load`: it did not.
    expect(await page.evaluate(() => (globalThis as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    expect(await page.evaluate(() => (globalThis as unknown as { origin: string }).origin)).toBe('null');
  });
});
