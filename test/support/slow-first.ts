import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, slowest first (measured with `--reporter=verbose` on two
 * cores). vitest starts a file as a worker comes free, in the order its sequencer gives; it orders
 * by the durations of earlier runs, which a fresh clone and CI do not have, and then by file size,
 * which put the 28 s of first-run.test.ts last and left one worker on it while the other had
 * finished. Started first, a long file runs beside the short ones. A name missing from the run
 * (moved, renamed) changes nothing but its place; the list is a hint, never a filter.
 */
export const SLOW_FIRST = [
  // processes
  'test/package/first-run.test.ts',
  'test/mock-server/lazy-loading.test.ts',
  'test/examples/credentials-rotation.test.ts',
  'test/package/fresh-clone.test.ts',
  'test/e2e/cli-log.test.ts',
  'test/browser/dashboard.test.ts',
  'test/e2e/stops-with-starter.test.ts',
  'test/browser/browser.test.ts',
  'test/mock-server/control/journal-memory.test.ts',
  // in-process
  'test/replay/app-tests.test.ts',
  'test/mock-server/directory/org-bounds.test.ts',
  'test/mock-server/apps/org-bound.test.ts',
  'test/auth/service-app-client.test.ts',
  'test/hardening/body-fuzz.test.ts',
  'test/mock-server/apps/credentials/client-key-rules.test.ts',
  'test/mock-server/oauth/token-endpoint.test.ts',
  'test/mock-server/apps/credentials/signing-keys.test.ts',
  'test/set/node-listener.test.ts',
];

/** vitest's own order (project by project; within one, by past durations or size), the files above first. */
export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FIRST.indexOf(relative(this.ctx.config.root, spec.moduleId).split('\\').join('/'));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    return sorted
      .map((spec, index) => ({ spec, index, project: projects.indexOf(spec.project.name), rank: rank(spec) }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
