import { join } from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import { browserVariants } from './scripts/browser-variants';

const entries = {
  index: 'src/index.ts',
  // The bare client (createClient without the extensions) and the rest of `appset`.
  core: 'src/core.ts',
  'set/index': 'src/set/index.ts',
  // Serving a provider's fetch handler with node:http (Node only).
  'set/node/index': 'src/set/node/index.ts',
  // The backend's core: web platform APIs only (no msw, no Node built-ins).
  'mock-server/index': 'mock-server/index.ts',
  // The backend as msw handlers (needs msw) and over HTTP (Node only).
  'mock-server/msw/index': 'mock-server/msw/index.ts',
  'mock-server/node/index': 'mock-server/node/index.ts',
};

/**
 * The msw entry loads msw with a top-level `await import('msw')`, so a missing msw is told in one
 * sentence; CommonJS cannot have top-level await, so its build takes the `require` twin instead.
 */
const commonJsMswLoader: Plugin = {
  name: 'appset-commonjs-msw-loader',
  setup(build) {
    // tsup's CommonJS build with splitting runs esbuild in ESM and converts after; the format it
    // builds for is in the TSUP_FORMAT define.
    if (build.initialOptions.define?.TSUP_FORMAT !== '"cjs"') return;
    build.onResolve({ filter: /^\.\/load-msw$/ }, (args) => ({ path: join(args.resolveDir, 'load-msw.cjs.ts') }));
  },
};

/**
 * Source maps name each line's file and place in the sources but leave the sources' text out: stack
 * traces (`node --enable-source-maps`) and error reporters read the places, and the text would more
 * than double what every install downloads (about 7 of the package's 18.6 MB unpacked).
 */
function mapsWithoutSources(options: BuildOptions): void {
  options.sourcesContent = false;
}

export default defineConfig([
  {
    entry: {
      ...entries,
      // The `appset-set` command (package.json `bin` points at its ESM build).
      'set/cli': 'src/set/cli/main.ts',
    },
    format: ['esm', 'cjs'],
    dts: { entry: entries },
    // One shared chunk per format keeps a single copy of each error class, so `instanceof`
    // holds between `appset`, `appset/set` and `appset/mock-server`.
    splitting: true,
    sourcemap: true,
    esbuildOptions: mapsWithoutSources,
    // dist/browser and dist/appset-mock are other builds'.
    clean: ['!browser/**', '!appset-mock/**'],
    target: 'node20',
    platform: 'node',
    treeshake: true,
    esbuildPlugins: [commonJsMswLoader],
  },
  {
    // The `appset-mock` command (package.json `bin`), a program of its own: zod bundled in, so that
    // what the server never uses of it (its 60-odd locales) is left out rather than loaded at every
    // start (some 35 ms of a cold start). It shares no class with a user's code. Its own chunks keep
    // what only some requests need (jose, PKI.js, the dashboard) loading when they first come.
    entry: { cli: 'mock-server/node/cli.ts' },
    outDir: 'dist/appset-mock',
    format: ['esm'],
    noExternal: ['zod'],
    splitting: true,
    sourcemap: true,
    esbuildOptions: mapsWithoutSources,
    clean: true,
    target: 'node20',
    platform: 'node',
    treeshake: true,
  },
  {
    // What bundlers take under the `browser` export condition: the entry points a page can use, built
    // together so that they share one copy of each error class, as the main build's do. Same
    // declarations as the main build (package.json points the condition's types at them).
    entry: {
      index: 'src/index.ts',
      core: 'src/core.ts',
      'set/index': 'src/set/index.ts',
      'mock-server/index': 'mock-server/index.ts',
      'mock-server/msw/index': 'mock-server/msw/index.ts',
      // Each client extension is an entry of its own, so its code lands in a chunk of its own, which a
      // bundler drops whole (package.json's sideEffects: false) from a program that does not import it.
      'extensions/app-credentials': 'src/apps/credentials/extension.ts',
      'extensions/app-resources': 'src/apps/app-resources.ts',
      'extensions/directory': 'src/directory/extension.ts',
    },
    outDir: 'dist/browser',
    format: ['esm'],
    splitting: true,
    sourcemap: true,
    esbuildOptions: mapsWithoutSources,
    clean: true,
    target: 'es2022',
    platform: 'browser',
    treeshake: true,
    esbuildPlugins: [browserVariants],
  },
]);
