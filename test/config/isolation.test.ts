import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKS_MODULES, PROCESS_FILES, PROCESS_FOLDERS } from '../vitest.config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every test file under test/ and examples/ whose text matches `pattern`, this file aside. */
function testFilesMatching(pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.test.ts') && pattern.test(readFileSync(path, 'utf8'))) {
        found.push(relative(ROOT, path));
      }
    }
  };
  walk(join(ROOT, 'test'));
  walk(join(ROOT, 'examples'));
  return found.filter((file) => file !== relative(ROOT, fileURLToPath(import.meta.url))).sort();
}

describe('the projects of test/vitest.config.ts', () => {
  // The in-process tests share a module graph per worker (isolate: false); a module replaced with
  // vi.mock would then be the one other files already imported, and the replacement would not take.
  it('run every file that replaces a module in the isolated project', () => {
    expect(testFilesMatching(/\bvi\.(mock|doMock|unmock|doUnmock)\(/)).toEqual([...MOCKS_MODULES].sort());
  });

  // A child process a test waits on holds the worker every other in-process file shares.
  it('run every file that starts a process in the processes project (or with the package checks)', () => {
    const withPackage = (file: string) => file.startsWith('test/bundle/') || file === 'test/docs/api-reference.test.ts';
    const inProcesses = (file: string) => PROCESS_FOLDERS.some((folder) => file.startsWith(folder)) || PROCESS_FILES.includes(file);
    const starters = testFilesMatching(/\bfrom 'node:child_process'|\bfrom 'puppeteer-core'|\.\/chromium'/);
    expect(starters.filter((file) => !withPackage(file) && !inProcesses(file))).toEqual([]);
  });
});
