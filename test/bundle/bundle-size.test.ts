import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSize, BUNDLE_ENTRIES } from '../../bench/bundle-size';
import { assertBuilt } from './built';

// The built package bundled as a browser app would (esbuild --bundle --minify --platform=browser
// --format=esm, `appset` resolved through package.json's exports with the browser conditions), gzipped.
beforeAll(assertBuilt);

describe('bundle sizes', () => {
  // The budget (BUNDLE_ENTRIES) holds for each entry as the client grows: a resource a program does
  // not use stays out of its bundle, or costs little. Measured 2026-11-26: the client 29,069 bytes
  // (the credentials, the resources around apps and the directory are client extensions, in chunks
  // of their own), appset/set 29,233.
  it.each([
    ["import { createClient } from 'appset'", BUNDLE_ENTRIES.client],
    ['everything appset/set exports', BUNDLE_ENTRIES.set],
  ])('%s stays within its budget of 30,000 bytes gzipped', async (_name, entry) => {
    expect(entry.goal).toBe(30_000);
    const size = await bundleSize(entry.code, entry.goal);
    expect(size.gzipped).toBeLessThanOrEqual(entry.goal);
  });

  it('the client bundle comes from the browser build, without the service-app code or jose', async () => {
    const size = await bundleSize(BUNDLE_ENTRIES.client.code, BUNDLE_ENTRIES.client.goal);
    expect(size.inputs.filter((path) => path.startsWith('dist/')).every((path) => path.startsWith('dist/browser/'))).toBe(true);
    expect(size.inputs.filter((path) => /node_modules\/jose\//.test(path))).toEqual([]);
  });

  it('neither bundle carries zod classic or its locales', async () => {
    for (const entry of Object.values(BUNDLE_ENTRIES)) {
      const size = await bundleSize(entry.code, entry.goal);
      expect(size.inputs.filter((path) => /zod\/v4\/(classic|locales)\//.test(path))).toEqual([]);
    }
  });
});
