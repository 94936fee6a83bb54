// Tests mirror the code: a folder of test/mock-server/ is named after the folder or file of
// mock-server/ whose behaviour it tests, so the tests of a capability sit where its code does.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TESTS = join(ROOT, 'test/mock-server');

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return [path, ...folders(path)];
    });
}

describe('test/mock-server/', () => {
  it('has a folder only where mock-server/ has that folder (or a file of that name)', () => {
    const astray = folders(TESTS)
      .map((path) => relative(TESTS, path))
      .filter((path) => {
        const code = join(ROOT, 'mock-server', path);
        return !existsSync(code) && !existsSync(`${code}.ts`);
      });
    expect(astray, 'name a test folder after the code it tests (mock-server/<folder>), or move its files there').toEqual([]);
  });
});
