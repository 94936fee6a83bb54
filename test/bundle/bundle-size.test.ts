import { describe, expect, it } from 'vitest';
import { bundleSize, BUNDLE_ENTRIES } from '../../bench/bundle-size';

// Bundled as a browser app would (esbuild --bundle --minify --platform=browser --format=esm), gzipped.
describe('bundle sizes', () => {
  it('appset/set stays within its goal of 30,000 bytes gzipped', async () => {
    const size = await bundleSize(BUNDLE_ENTRIES.set.code, BUNDLE_ENTRIES.set.goal);
    expect(size.gzipped).toBeLessThanOrEqual(30_000);
  });

  it('import { createClient } from "appset" stays within 45,000 bytes gzipped (goal 25,000, not met: see README)', async () => {
    const size = await bundleSize(BUNDLE_ENTRIES.client.code, BUNDLE_ENTRIES.client.goal);
    // A regression bound just above the size reached with OAuth service apps (jose's signing and key
    // import, about 41,700 bytes); the goal of 25,000 is reported, unmet, by npm run bench.
    expect(size.gzipped).toBeLessThanOrEqual(45_000);
  });

  it('neither bundle carries zod classic or its locales', async () => {
    for (const entry of Object.values(BUNDLE_ENTRIES)) {
      const size = await bundleSize(entry.code, entry.goal);
      expect(size.inputs.filter((path) => /zod\/v4\/(classic|locales)\//.test(path))).toEqual([]);
    }
  });
});
