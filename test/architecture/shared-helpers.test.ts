// The backend's small helpers live once, in mock-server/shared/: a copy elsewhere drifts from the
// original (a different cut, a different alphabet). This test finds the copies a review found.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCK_SERVER, sources } from './sources';

const ROOT = MOCK_SERVER;

/** Each helper of shared/, and the code that copies it. */
const COPIES: Array<{ helper: string; copy: RegExp }> = [
  { helper: 'shared/json.ts isObject', copy: /typeof ([\w.]+) === 'object' && \1 !== null && !Array\.isArray\(\1\)/ },
  { helper: 'shared/text.ts shorten', copy: /\.length > 200 \? `\$\{[^`]*\.slice\(0, 200\)\}…`/ },
  { helper: 'shared/base64.ts (base64 and base64url)', copy: /\b(?:btoa|atob)\(/ },
];

describe('helpers of mock-server/shared/ are not copied', () => {
  const files = sources(ROOT).filter((path) => !relative(ROOT, path).startsWith('shared/'));

  it('finds the backend sources', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  for (const { helper, copy } of COPIES) {
    it(`uses ${helper} instead of a copy`, () => {
      const found = files.flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (copy.test(line) ? [`${relative(ROOT, path)}:${i + 1}`] : [])),
      );
      expect(found, `import ${helper} instead`).toEqual([]);
    });
  }
});
