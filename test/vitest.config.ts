import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  // Examples import the package by name, as users do; here the name resolves to the sources.
  resolve: {
    alias: [
      { find: /^appset\/core$/, replacement: `${root}src/core.ts` },
      { find: /^appset\/set$/, replacement: `${root}src/set/index.ts` },
      { find: /^appset\/set\/node$/, replacement: `${root}src/set/node/index.ts` },
      { find: /^appset\/mock-server$/, replacement: `${root}mock-server/index.ts` },
      { find: /^appset\/mock-server\/msw$/, replacement: `${root}mock-server/msw/index.ts` },
      { find: /^appset\/mock-server\/node$/, replacement: `${root}mock-server/node/index.ts` },
      { find: /^appset$/, replacement: `${root}src/index.ts` },
    ],
  },
  test: {
    root,
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    // test/bundle checks the built package: npm run test:bundle, after npm run build.
    exclude: ['test/bundle/**', '**/node_modules/**'],
    environment: 'node',
    // A process warning fails the test that let it print (see the file).
    setupFiles: ['test/support/no-stray-warnings.ts'],
    testTimeout: 20_000,
    // The closing count in .ci/run is read from this report, not from console text.
    reporters: process.env.APPSET_TEST_REPORT
      ? ['default', ['json', { outputFile: process.env.APPSET_TEST_REPORT }]]
      : ['default'],
  },
});
