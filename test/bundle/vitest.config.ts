import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests of the built package (dist/): `npm test` runs them in its package stage, right after
// `npm run build` (`npm run test:bundle`). They import the package by its files and its exports, never
// the sources. The API reference check (TypeDoc over the sources) runs with them: it is the package's
// documentation, and at half a minute of CPU it belongs with the slow checks, not the in-process tests.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/bundle/**/*.test.ts', 'test/docs/api-reference.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    reporters: process.env.APPSET_TEST_REPORT
      ? ['default', ['json', { outputFile: process.env.APPSET_TEST_REPORT.replace(/(\.json)?$/, '.bundle$1') }]]
      : ['default'],
  },
});
