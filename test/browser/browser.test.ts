import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { startCli, type CliProcess } from '../e2e/cli-process';
import { chromiumAvailable, launchChromium, SKIP_REASON } from './chromium';
import { serveStatic, type StaticFile } from './static-server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'browser-token';

if (!chromiumAvailable) console.warn(SKIP_REASON);

/** Bundles a page script for the browser; `appset…` imports resolve to the sources (tsconfig paths). */
async function bundlePage(entry: string): Promise<StaticFile> {
  const result = await build({
    entryPoints: [`${root}test/browser/pages/${entry}`],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    tsconfig: `${root}tsconfig.json`,
    logLevel: 'silent',
  });
  return { type: 'text/javascript', body: result.outputFiles[0]!.text };
}

const html = (script: string): StaticFile => ({
  type: 'text/html',
  body: `<!doctype html><meta charset="utf-8"><title>appset</title><script type="module" src="/${script}"></script>`,
});

let chromium: { browser: Browser; close(): Promise<void> } | undefined;
beforeAll(async () => {
  if (chromiumAvailable) chromium = await launchChromium();
}, 60_000);
afterAll(async () => {
  await chromium?.close();
});

/** Opens the page and waits until its script has defined the function the test calls. */
async function openPage(url: string, ready: string) {
  const page = await chromium!.browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url, { waitUntil: 'load', timeout: 20_000 });
  await page.waitForFunction((name) => typeof (globalThis as Record<string, unknown>)[name] === 'function', { timeout: 20_000 }, ready);
  expect(errors).toEqual([]);
  return page;
}

describe.skipIf(!chromiumAvailable)('in Chromium: the client in a page on one origin, appset-mock on another', () => {
  let cli: CliProcess;
  let apiUrl: string;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    ({ cli, url: apiUrl } = await startCli(['--port', '0', '--seed', 'demo', '--token', TOKEN, '--log', 'all']));
    site = await serveStatic({ '/': html('cors-client.js'), '/cors-client.js': await bundlePage('cors-client.ts') });
  }, 60_000);
  afterAll(async () => {
    await cli?.stop();
    await site?.close();
  });

  it('walks every page (Link read across origins), gets an app, and reads the request id of a refusal', async () => {
    const page = await openPage(`${site.url}/`, 'runCorsClient');
    const result = await page.evaluate(
      (config) => (globalThis as unknown as { runCorsClient(c: typeof config): Promise<unknown> }).runCorsClient(config),
      { orgUrl: apiUrl, token: TOKEN },
    );
    await page.close();
    const { origin, ids, label, refusal } = result as { origin: string; ids: string[]; label: string; refusal: Record<string, unknown> };
    expect(origin).toBe(site.url);
    expect(new URL(origin).port).not.toBe(new URL(apiUrl).port);
    // The demo seed's 12 apps, 5 a page: three pages, each found through the previous page's Link.
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(typeof label).toBe('string');
    expect(refusal).toMatchObject({ status: 401, errorCode: 'E0000011' });
    expect(refusal.requestId).toMatch(/^\w{20}$/);
    // The server saw the preflights and the three page requests.
    const lines = cli.stdout.filter((line) => / (OPTIONS|GET) \/api\/v1\/apps\?(after=[^& ]+&)?limit=5 /.test(line));
    expect(lines.filter((line) => / GET .* 200 /.test(line))).toHaveLength(3);
    expect(lines.some((line) => / OPTIONS \/api\/v1\/apps\?limit=5 204 /.test(line))).toBe(true);
  }, 60_000);
});

describe.skipIf(!chromiumAvailable)('in Chromium: a server that does not allow the page origin', () => {
  let running: RunningServer;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    running = await listen(createMockBackend({ seed: 'demo', tokens: [{ type: 'SSWS', token: TOKEN }] }), {
      port: 0,
      corsOrigins: ['https://only-this.example'],
    });
    site = await serveStatic({ '/': html('cors-client.js'), '/cors-client.js': await bundlePage('cors-client.ts') });
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await site?.close();
  });

  it('is unreachable from the page: the browser blocks the call', async () => {
    const page = await openPage(`${site.url}/`, 'runCorsClient');
    const outcome = await page.evaluate(async (config) => {
      try {
        await (globalThis as unknown as { runCorsClient(c: typeof config): Promise<unknown> }).runCorsClient(config);
        return 'answered';
      } catch (error) {
        return (error as Error).name;
      }
    }, { orgUrl: running.url, token: TOKEN });
    await page.close();
    expect(outcome).toBe('ConnectionError');
  }, 60_000);
});

describe.skipIf(!chromiumAvailable)("in Chromium: the backend's msw handlers in msw's service worker", () => {
  let site: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    site = await serveStatic({
      '/': html('worker-client.js'),
      '/worker-client.js': await bundlePage('worker-client.ts'),
      '/mockServiceWorker.js': { type: 'text/javascript', body: await readFile(`${root}node_modules/msw/lib/mockServiceWorker.js`) },
    });
  }, 60_000);
  afterAll(async () => {
    await site?.close();
  });

  it('creates, lists and deletes apps with the client, served in the page by setupWorker', async () => {
    const page = await openPage(`${site.url}/`, 'runWorkerClient');
    const result = await page.evaluate(() => (globalThis as unknown as { runWorkerClient(): Promise<unknown> }).runWorkerClient());
    await page.close();
    expect(result).toMatchObject({
      orgUrl: 'https://appset.okta.test',
      createdStatus: 'ACTIVE',
      listedCount: 13,
      listedHasCreated: true,
      afterCount: 12,
      afterHasCreated: false,
      stateSize: 12,
      controlled: true,
    });
    expect((result as { createdId: string }).createdId).toMatch(/^0oa\w{17}$/);
  }, 60_000);
});
