import { beforeAll, describe, expect, it } from 'vitest';
import { bundleSize, BUNDLE_ENTRIES } from '../../bench/bundle-size';
import { assertBuilt } from './built';

// The built package bundled as a browser app would (esbuild --bundle --minify --platform=browser
// --format=esm, `appset` resolved through package.json's exports with the browser conditions), gzipped.
beforeAll(assertBuilt);

describe('bundle sizes', () => {
  it('appset/set stays within its goal of 30,000 bytes gzipped', async () => {
    const size = await bundleSize(BUNDLE_ENTRIES.set.code, BUNDLE_ENTRIES.set.goal);
    expect(size.gzipped).toBeLessThanOrEqual(30_000);
  });

  // The goal is 25,000 bytes (BUNDLE_ENTRIES.client.goal) and is not met: 29,854 bytes at the last
  // measurement (28,724 before client.users, client.groups and client.apps.grants, which cost 1,130
  // bytes, about 450 of them the first table of operations and its shared code; 28,364 before the
  // redaction of DPoP proofs and of what hooks see). This bound only stops the bundle from growing
  // unnoticed.
  it('import { createClient } from "appset" stays within 29,900 bytes gzipped (regression bound; the 25,000-byte goal is not met)', async () => {
    const size = await bundleSize(BUNDLE_ENTRIES.client.code, BUNDLE_ENTRIES.client.goal);
    expect(size.gzipped).toBeLessThanOrEqual(29_900);
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
