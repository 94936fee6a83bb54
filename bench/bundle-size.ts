/**
 * bundle-size: what a browser app pays for appset, bundled as a user's bundler would
 * (esbuild --bundle --minify --platform=browser --format=esm), then gzipped. Goals: the client
 * (`import { createClient } from 'appset'`) ≤ 25,000 bytes, the SET helper (`appset/set`) ≤ 30,000.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The entry points measured, as a user would import them. */
export const BUNDLE_ENTRIES = {
  client: { code: "export { createClient } from './src/index.ts';", goal: 25_000 },
  set: { code: "export * from './src/set/index.ts';", goal: 30_000 },
} as const;

/** One entry's sizes, in bytes. */
export interface BundleSize {
  minified: number;
  gzipped: number;
  goal: number;
  /** The largest inputs by minified bytes, for finding what dominates. */
  largest: Array<{ path: string; bytes: number }>;
  /** Every input that left bytes in the bundle. */
  inputs: string[];
}

/** Bundles `code` (resolved from the package root) and measures it. */
export async function bundleSize(code: string, goal: number): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0]!.contents;
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  const largest = Object.entries(inputs)
    .map(([path, { bytesInOutput }]) => ({ path, bytes: bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
  const used = Object.entries(inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([path]) => path);
  return { minified: output.length, gzipped: gzipSync(output).length, goal, largest, inputs: used };
}

/** The sizes of every entry in {@link BUNDLE_ENTRIES}. */
export async function bundleSizes(): Promise<Record<keyof typeof BUNDLE_ENTRIES, BundleSize>> {
  return {
    client: await bundleSize(BUNDLE_ENTRIES.client.code, BUNDLE_ENTRIES.client.goal),
    set: await bundleSize(BUNDLE_ENTRIES.set.code, BUNDLE_ENTRIES.set.goal),
  };
}
