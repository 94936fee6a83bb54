import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'set/index': 'src/set/index.ts',
    'mock-server/index': 'mock-server/index.ts',
    // The `appset-mock` command (package.json `bin` points at its ESM build).
    'mock-server/cli': 'mock-server/cli.ts',
  },
  format: ['esm', 'cjs'],
  dts: {
    entry: {
      index: 'src/index.ts',
      'set/index': 'src/set/index.ts',
      'mock-server/index': 'mock-server/index.ts',
    },
  },
  // One shared chunk per format keeps a single copy of each error class, so `instanceof`
  // holds between `appset`, `appset/set` and `appset/mock-server`.
  splitting: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  treeshake: true,
});
