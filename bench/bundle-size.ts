/**
 * bundle-size: what a browser app pays for appset, bundled as a user's bundler would
 * (esbuild --bundle --minify --platform=browser --format=esm), then gzipped. The budget of each
 * entry: the whole client (`import { createClient } from 'appset'`, every resource) ≤ 38,000 bytes,
 * the bare client (`import { createClient } from 'appset/core'`, no extension) ≤ 30,000 and the SET
 * helper (`appset/set`) ≤ 30,000.
 *
 * The package is measured as users get it: `appset` resolves through package.json's `exports` with
 * esbuild's browser conditions (`browser`, `import`, `default`) to the built files, so run
 * `npm run build` first. The sources that dominate are found by bundling the sources the same way the
 * browser build does (scripts/browser-variants.ts), since the built chunks hide them.
 */
import { build, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { browserVariants } from '../scripts/browser-variants';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The entry points measured, as a user imports them, and the sources they are built from. */
export const BUNDLE_ENTRIES = {
  client: { code: "export { createClient } from 'appset';", source: "export { createClient } from './src/index.ts';", goal: 38_000 },
  core: { code: "export { createClient } from 'appset/core';", source: "export { createClient } from './src/core.ts';", goal: 30_000 },
  set: { code: "export * from 'appset/set';", source: "export * from './src/set/index.ts';", goal: 30_000 },
} as const;

/** One entry's sizes, in bytes. */
export interface BundleSize {
  minified: number;
  gzipped: number;
  goal: number;
  /** The largest sources by minified bytes (bundled from the sources as the browser build is), for finding what dominates. */
  largest: Array<{ path: string; bytes: number }>;
  /** Every input of the measured bundle that left bytes in it (built chunks and dependencies' files). */
  inputs: string[];
}

async function bundle(code: string, plugins: Plugin[]) {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'ts' },
    // No tsconfig: its `paths` map `appset` to the sources, and a user's bundler knows nothing of them.
    tsconfigRaw: '{}',
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins,
  });
  return { output: result.outputFiles[0]!.contents, inputs: Object.values(result.metafile.outputs)[0]!.inputs };
}

/** Bundles `code` (a user's import of the built package) and measures it; `source` is the same from the sources, for {@link BundleSize.largest}. */
export async function bundleSize(code: string, goal: number, source?: string): Promise<BundleSize> {
  if (!existsSync(`${root}dist/browser/index.js`)) {
    throw new Error('bundle-size measures the built package (dist/browser): run npm run build first.');
  }
  const { output, inputs } = await bundle(code, []);
  const used = Object.entries(inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([path]) => path);
  const largest = source
    ? Object.entries((await bundle(source, [browserVariants])).inputs)
        .map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }))
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 8)
    : [];
  return { minified: output.length, gzipped: gzipSync(output).length, goal, largest, inputs: used };
}

/** The sizes of every entry in {@link BUNDLE_ENTRIES}. */
export async function bundleSizes(): Promise<Record<keyof typeof BUNDLE_ENTRIES, BundleSize>> {
  const { client, core, set } = BUNDLE_ENTRIES;
  return {
    client: await bundleSize(client.code, client.goal, client.source),
    core: await bundleSize(core.code, core.goal, core.source),
    set: await bundleSize(set.code, set.goal, set.source),
  };
}
