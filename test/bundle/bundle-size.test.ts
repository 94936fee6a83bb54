import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSize, BUNDLE_ENTRIES } from '../../bench/bundle-size';
import { assertBuilt } from './built';

// The built package bundled as a browser app would (esbuild --bundle --minify --platform=browser
// --format=esm, `appset` resolved through package.json's exports with the browser conditions), gzipped.
beforeAll(assertBuilt);

describe('bundle sizes', () => {
  // The budget (BUNDLE_ENTRIES) holds for each entry as the client grows: the whole client (every
  // resource) within 38,000 bytes, the bare client of appset/core (no extension) and appset/set
  // within 30,000. Measured 2026-11-26, before the whole client was the default: the bare client
  // 29,069 bytes, appset/set 29,233.
  it.each([
    ["import { createClient } from 'appset' (every resource)", BUNDLE_ENTRIES.client, 38_000],
    ["import { createClient } from 'appset/core' (the bare client)", BUNDLE_ENTRIES.core, 30_000],
    ['everything appset/set exports', BUNDLE_ENTRIES.set, 30_000],
  ])('%s stays within its budget', async (_name, entry, budget) => {
    expect(entry.goal).toBe(budget);
    const size = await bundleSize(entry.code, entry.goal);
    expect(size.gzipped).toBeLessThanOrEqual(entry.goal);
  });

  it('the client bundles come from the browser build, without the service-app code or jose', async () => {
    for (const entry of [BUNDLE_ENTRIES.client, BUNDLE_ENTRIES.core]) {
      const size = await bundleSize(entry.code, entry.goal);
      expect(size.inputs.filter((path) => path.startsWith('dist/')).every((path) => path.startsWith('dist/browser/'))).toBe(true);
      expect(size.inputs.filter((path) => /node_modules\/jose\//.test(path))).toEqual([]);
    }
  });

  it('no bundle carries zod classic or its locales', async () => {
    for (const entry of Object.values(BUNDLE_ENTRIES)) {
      const size = await bundleSize(entry.code, entry.goal);
      expect(size.inputs.filter((path) => /zod\/v4\/(classic|locales)\//.test(path))).toEqual([]);
    }
  });
});
