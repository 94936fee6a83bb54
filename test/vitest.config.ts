import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirst } from './support/slow-first.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The tests that start processes of their own (the CLIs, the examples, Chromium, npm in a copy of
 * the repository, a child Node to measure memory or to outlast a blocked server): `npm test` runs
 * them as a stage after the in-process tests, which thus answer first and never wait on a child in
 * a worker they share. Everything else under test/ and examples/ runs inside vitest's workers;
 * `test/config/isolation.test.ts` checks that no other file starts a process.
 */
export const PROCESS_FOLDERS = ['test/e2e/', 'test/examples/', 'test/browser/', 'test/package/'];
export const PROCESS_FILES = [
  'test/mock-server/node/cli.test.ts',
  'test/mock-server/control/journal-memory.test.ts',
  'test/mock-server/control/journal-redaction-mislabelled.test.ts',
  'test/hardening/journal-redaction-dos.test.ts',
  'test/mock-server/lazy-loading.test.ts',
];
const PROCESSES = [...PROCESS_FOLDERS.map((folder) => `${folder}**/*.test.ts`), ...PROCESS_FILES];

/**
 * Test files that replace a module with `vi.mock`: a replacement needs a module graph of the file's
 * own, so these run isolated (the in-process stage runs both in-process projects).
 */
export const MOCKS_MODULES = [
  'test/set/key-cache.test.ts',
  'test/set/cli-publish-bounds.test.ts',
  'test/mock-server/lazy-loading-modules.test.ts',
];

const outputFile = process.env.APPSET_TEST_REPORT;

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
    environment: 'node',
    // A process warning fails the test that let it print (see the file).
    setupFiles: ['test/support/no-stray-warnings.ts'],
    testTimeout: 20_000,
    // The slowest files start first, so that no worker is left with a long one at the end.
    sequence: { sequencer: SlowFirst },
    // The OpenAPI contract is parsed and patched once per run, not once per test file.
    globalSetup: ['test/support/contract-setup.ts'],
    // The closing count in .ci/run is read from this report, not from console text (npm test gives each
    // stage a report of its own: scripts/test-stages.mjs).
    reporters: outputFile ? ['default', ['json', { outputFile }]] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          // The files of a worker share one module graph: the backend, the client and their
          // dependencies are imported once per worker, not once per file (that import was half the
          // stage's time). A file that replaces a module (vi.mock) runs isolated instead, below;
          // globals a test stubs are restored after it.
          isolate: false,
          unstubGlobals: true,
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          // test/bundle checks the built package (npm run test:bundle, after npm run build); the API
          // reference runs TypeDoc, with the package's checks.
          exclude: ['test/bundle/**', 'test/docs/api-reference.test.ts', '**/node_modules/**', ...PROCESSES, ...MOCKS_MODULES],
        },
      },
      {
        extends: true,
        test: { name: 'in-process-isolated', include: MOCKS_MODULES },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESSES,
          // appset-mock and appset-set bundled once for the run, not compiled by tsx at every start.
          globalSetup: ['test/support/cli-bundles.ts'],
        },
      },
    ],
  },
});
