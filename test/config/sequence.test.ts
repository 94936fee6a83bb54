import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { SLOW_FIRST, SlowFirst } from '../support/slow-first';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A file of a project, as the sequencer is given it (only what vitest's own order reads). */
function spec(project: string, file: string): TestSpecification {
  const config = { sequence: { groupOrder: 0 }, isolate: project !== 'isolated' };
  return { moduleId: join(ROOT, file), project: { name: project, config } } as unknown as TestSpecification;
}

/** A run with no past durations or sizes, as in a fresh clone: vitest keeps the order it was given. */
const freshRun = { config: { root: ROOT }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;

describe('the order test files start in (test/support/slow-first.ts)', () => {
  it('names test files that exist', () => {
    expect(SLOW_FIRST.filter((file) => !file.endsWith('.test.ts') || !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('starts the files it names first, slowest first, within each project, and keeps the projects apart', async () => {
    const [first, second] = SLOW_FIRST.filter((file) => file.startsWith('test/package/'));
    const files = [
      spec('in-process', 'test/a.test.ts'),
      spec('in-process', SLOW_FIRST.at(-1)!),
      spec('processes', 'test/b.test.ts'),
      spec('processes', second ?? SLOW_FIRST[1]!),
      spec('processes', first!),
      spec('in-process', 'test/c.test.ts'),
    ];
    const sorted = await new SlowFirst(freshRun).sort(files);
    expect(sorted.map((s) => `${s.project.name} ${relative(ROOT, s.moduleId)}`)).toEqual([
      `in-process ${SLOW_FIRST.at(-1)}`,
      'in-process test/a.test.ts',
      'in-process test/c.test.ts',
      `processes ${first}`,
      `processes ${second ?? SLOW_FIRST[1]}`,
      'processes test/b.test.ts',
    ]);
  });
});

describe('the commands the processes tests start', () => {
  // tsx compiles the whole command at every start (half a second of CPU or more, some hundred
  // times a run); test/support/cli-bundles.ts bundles each once. The examples and the tests of how
  // modules load run other scripts with tsx, as users do.
  it('come from the bundles of test/support/cli-bundles.ts, not from tsx', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && /\btsx\b['",\s]+['"]?(\S*\/)?(mock-server\/node\/cli|src\/set\/cli\/main)\.ts/.test(readFileSync(path, 'utf8'))) {
          files.push(relative(ROOT, path));
        }
      }
    };
    walk(join(ROOT, 'test'));
    expect(files).toEqual([]);
  });
});
