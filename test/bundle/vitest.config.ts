import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests of the built package (dist/): `npm test` runs them right after `npm run build`
// (`npm run test:bundle`). They import the package by its files and its exports, never the sources.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/bundle/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    reporters: process.env.APPSET_TEST_REPORT
      ? ['default', ['json', { outputFile: process.env.APPSET_TEST_REPORT.replace(/(\.json)?$/, '.bundle$1') }]]
      : ['default'],
  },
});
