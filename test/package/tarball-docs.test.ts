import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../../scripts/markdown-blocks';

// What npm itself would pack (`npm pack --dry-run`, scripts not run, so no build): the guide travels
// with the package, and every relative link of the README and docs names a packed file, so the
// links resolve in the installed package.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function packedFiles(): Set<string> {
  const ran = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (ran.status !== 0) throw new Error(`npm pack --dry-run failed: ${ran.stderr}`);
  const [pack] = JSON.parse(ran.stdout) as Array<{ files: Array<{ path: string }> }>;
  return new Set(pack!.files.map((file) => file.path));
}

/** The relative link targets of a Markdown page outside code, as paths from the repository's root. */
function relativeLinks(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const code = new Set(codeBlocks(page, text).flatMap((block) => block.body.split('\n')));
  return text
    .split('\n')
    .filter((line) => !code.has(line))
    .flatMap((line) => [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!))
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => normalize(join(dirname(page), target)).replace(/\\/g, '/'));
}

describe('the npm package', () => {
  const packed = packedFiles();
  const pages = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

  it('carries the LICENSE, every page of docs/ and the examples', () => {
    expect(packed.has('LICENSE')).toBe(true);
    expect(pages.filter((page) => !packed.has(page))).toEqual([]);
    expect([...packed].filter((path) => path.startsWith('examples/')).length).toBeGreaterThan(0);
  });

  it('carries every file the README and docs link relatively', () => {
    const missing = pages.flatMap((page) => relativeLinks(page).filter((path) => !packed.has(path)).map((path) => `${page} → ${path}`));
    expect(missing).toEqual([]);
  });

  it('carries every example the README and docs include', () => {
    const included = pages.flatMap((page) => codeBlocks(page, readFileSync(join(ROOT, page), 'utf8')).flatMap((block) => (block.include === undefined ? [] : [block.include])));
    expect(included.length).toBeGreaterThan(0);
    expect(included.filter((path) => !packed.has(path))).toEqual([]);
  });
});
