// The table of differences the replay of whole tests accepts: a row that says which tests it is
// about accepts its difference in those tests only, so a regression elsewhere is not hidden by it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patternOf, readKnownPatterns } from './known-differences';

function table(...rows: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'appset-known-')), 'KNOWN.md');
  writeFileSync(file, ['| endpoint | difference | why |', '|---|---|---|', ...rows].join('\n'));
  return file;
}

describe('the rows of KNOWN-DIFFERENCES-APP-TESTS.md', () => {
  const known = readKnownPatterns(
    table(
      '| GET /api/v1/apps | in A183: `Link: relations self, real orgs self,next` | the recording org held other apps |',
      '| GET /api/v1/apps/{appId} | every difference in A001, A002 | an app the org had before |',
      '| GET /api/v1/users/{id} | `_links.resetFactors: not in real answers` | changed in 2026 |',
    ),
  );
  const A183 = 'A183 TestAccDataSourceOktaApps_read/classic-00 (2026-01-01)';
  const A010 = 'A010 TestAccResourceOktaAppBookmark_crud/classic-00 (2026-01-01)';

  it('a row naming its tests ("in A183: …") accepts its difference there and nowhere else', () => {
    expect(patternOf(known, A183, 'GET /api/v1/apps', 'Link: relations self, real orgs self,next')?.why).toBe('the recording org held other apps');
    expect(patternOf(known, A010, 'GET /api/v1/apps', 'Link: relations self, real orgs self,next')).toBeUndefined();
    expect(patternOf(known, A183, 'GET /api/v1/apps', 'status 404, real orgs 200')).toBeUndefined();
  });

  it('"every difference in" accepts anything of the endpoint in those tests; a row naming no test, its difference in every test', () => {
    expect(patternOf(known, 'A002 T (2026-01-01)', 'GET /api/v1/apps/{appId}', 'status 404, real orgs 200')).toBeDefined();
    expect(patternOf(known, A010, 'GET /api/v1/apps/{appId}', 'status 404, real orgs 200')).toBeUndefined();
    expect(patternOf(known, A010, 'GET /api/v1/users/{id}', '_links.resetFactors: not in real answers (ours {…})')).toBeDefined();
  });
});
