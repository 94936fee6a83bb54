import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

/** Where Chromium is looked for: `$CHROMIUM_PATH`, else Debian's package (`apt-get install chromium`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** False when no Chromium executable exists: the browser tests then skip, saying so. */
export const chromiumAvailable = existsSync(CHROMIUM_PATH);

/** Why the browser tests skip, when they do. */
export const SKIP_REASON = `Browser tests skipped: no Chromium at ${CHROMIUM_PATH}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`;

/** A headless Chromium with a fresh profile, and how to end it (closing the browser, removing the profile). */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'appset-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Nothing reaches the network but the test's own 127.0.0.1 servers: no updates, no sync, no QUIC.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
    ],
    timeout: 30_000,
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
