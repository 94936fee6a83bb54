import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKS_MODULES } from '../vitest.config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every test file under test/ and examples/ whose text replaces a module. */
function filesThatMockModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.test.ts') && /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(readFileSync(path, 'utf8'))) {
        found.push(relative(ROOT, path));
      }
    }
  };
  walk(join(ROOT, 'test'));
  walk(join(ROOT, 'examples'));
  return found.filter((file) => file !== relative(ROOT, fileURLToPath(import.meta.url))).sort();
}

// The in-process tests share a module graph per worker (isolate: false); a module replaced with
// vi.mock would then be the one other files already imported, and the replacement would not take.
describe('the in-process projects of test/vitest.config.ts', () => {
  it('run every file that replaces a module in the isolated project', () => {
    expect(filesThatMockModules()).toEqual([...MOCKS_MODULES].sort());
  });
});
