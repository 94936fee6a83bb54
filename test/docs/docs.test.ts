import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeBlocks, headingAnchors, shellCommands, syncIncludes } from '../../scripts/markdown-blocks';

// The rules the README and docs/ hold to (CONTRIBUTING.md, "Documentation"): each failure says what
// to change.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPOSITORY = 'https://github.com/appset/appset';
const MAX_README_LINES = 300;

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DOCS = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`).sort();
const PAGES = ['README.md', ...DOCS];
const blocksOf = (page: string) => codeBlocks(page, read(page));

/** What the npm package holds (package.json `files`, plus what npm always adds). */
function shipped(path: string): boolean {
  const files = (JSON.parse(read('package.json')) as { files: string[] }).files;
  return ['package.json', 'README.md', 'LICENSE'].includes(path) || files.some((entry) => path === entry || path.startsWith(`${entry}/`));
}

/** Every link of a Markdown page outside code blocks: `[text](target)`. */
function links(page: string): Array<{ target: string; line: number }> {
  const found: Array<{ target: string; line: number }> = [];
  let fence: string | undefined;
  read(page)
    .split('\n')
    .forEach((text, index) => {
      const open = /^\s*(`{3,}|~{3,})/.exec(text);
      if (open) {
        fence = fence === undefined ? open[1]![0] : undefined;
        return;
      }
      if (fence !== undefined) return;
      for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) found.push({ target: match[1]!, line: index + 1 });
    });
  return found;
}

/**
 * Why a link leads nowhere, or `undefined` when it resolves. Links to the project's own files are
 * relative and name files the npm package holds, so they resolve in the installed package, in a clone
 * and on any host; an absolute link to a repository address is an assumption about where it lives.
 */
function brokenLink(page: string, target: string): string | undefined {
  if (target.startsWith(REPOSITORY)) {
    const file = new RegExp(`^${REPOSITORY}/(?:blob|tree)/[^/]+/(.*)$`).exec(target)?.[1];
    const relative = file === undefined ? undefined : relativeTo(page, file);
    return `link the project's files relatively${relative === undefined ? '' : `: (${relative})`}, so the link resolves in the installed package, in a clone and on any host`;
  }
  if (/^[a-z]+:/i.test(target)) return undefined; // another site: not checked (tests never reach the internet)
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const path = file === '' ? page : normalize(join(dirname(page), file)).replace(/\\/g, '/');
  if (file !== '' && !shipped(path)) {
    return `${path} is not in the npm package (package.json "files"), so the link breaks in the installed package: add it to "files", or name it as text`;
  }
  const full = join(ROOT, path);
  if (!existsSync(full)) return `${path} does not exist`;
  if (anchor !== undefined && statSync(full).isFile() && path.endsWith('.md') && !headingAnchors(readFileSync(full, 'utf8')).has(anchor)) {
    return `${path} has no heading whose anchor is #${anchor}`;
  }
  return undefined;
}

/** `file` (from the repository's root) as a link from `page`. */
function relativeTo(page: string, file: string): string {
  return relative(dirname(page), file).replace(/\\/g, '/') || '.';
}

describe('the README', () => {
  it(`holds to ${MAX_README_LINES} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('keeps npm install && npm run demo and npm test as its first two commands', () => {
    expect(shellCommands(blocksOf('README.md')[0]!.body)).toEqual(['npm install', 'npm run demo', 'npm test']);
  });

  it('has a quick start for each kind of user, each an included example', () => {
    const included = blocksOf('README.md').map((block) => block.include).filter(Boolean);
    expect(included).toEqual(['examples/client-quickstart.ts', 'examples/testing-quickstart.test.ts', 'examples/provider-quickstart.ts']);
  });

  it('links every page of docs/', () => {
    const readme = read('README.md');
    const missing = DOCS.filter((page) => !readme.includes(`](${page})`));
    expect(missing, `add each to the README's "Documentation" list as [Title](docs/<page>.md)`).toEqual([]);
  });
});

describe.each(DOCS)('%s', (page) => {
  it('opens with an included example that runs', () => {
    const first = blocksOf(page)[0];
    expect(first?.include, `make ${page}'s first code block an included example: <!-- include examples/<name>.ts -->, the block, <!-- end -->`).toMatch(/^examples\//);
  });
});

describe.each(PAGES)('the code blocks of %s', (page) => {
  it('copy their included files exactly (npm run docs:sync rewrites them)', () => {
    const text = read(page);
    expect(syncIncludes(text, read) === text, `${page} has an included block that differs from its file: run npm run docs:sync`).toBe(true);
    for (const block of blocksOf(page).filter((b) => b.include !== undefined)) {
      expect(block.ended, `${page}:${block.line}: close the included block with <!-- end -->`).toBe(true);
    }
  });

  it('include only examples that a test runs', () => {
    for (const block of blocksOf(page)) {
      if (block.include === undefined) continue;
      const name = block.include.replace(/^examples\//, '');
      if (name.endsWith('.test.ts')) {
        expect(read('test/vitest.config.ts'), 'examples/**/*.test.ts must stay in the unit tests').toContain("'examples/**/*.test.ts'");
        continue;
      }
      const test = `test/examples/${name.replace(/\.ts$/, '')}.test.ts`;
      expect(existsSync(join(ROOT, test)), `${page}:${block.line}: ${block.include} needs a test that runs it: ${test}`).toBe(true);
      expect(read(test), `${test} must run ${block.include}`).toContain(block.include);
    }
  });

  it('name preludes that exist', () => {
    for (const block of blocksOf(page)) {
      if (block.prelude === undefined) continue;
      expect(block.prelude, `${page}:${block.line}: a prelude lives under docs/preludes/`).toMatch(/^docs\/preludes\/[\w-]+\.ts$/);
      expect(existsSync(join(ROOT, block.prelude)), `${page}:${block.line}: no prelude ${block.prelude}`).toBe(true);
    }
  });

  it('mark each shell block as run by a named file that holds its commands, or as an illustration', () => {
    for (const block of blocksOf(page)) {
      if (!['sh', 'bash', 'shell', 'console', 'zsh'].includes(block.lang)) continue;
      const where = `${page}:${block.line}`;
      expect(block.title, `${where}: give the shell block title="illustration" or title="run by <test file>"`).toMatch(/^(illustration|run by .+)$/);
      if (block.title === 'illustration') continue;
      const files = block.title!.replace(/^run by /, '').split(/,\s*/);
      for (const file of files) expect(existsSync(join(ROOT, file)), `${where}: ${file} does not exist`).toBe(true);
      const texts = files.map((file) => read(file));
      for (const command of shellCommands(block.body)) {
        const words = command.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        const asArguments = new RegExp(words.map((word) => `['"]${word}['"]`).join('\\s*,\\s*\\[?\\s*'));
        expect(
          texts.some((text) => text.includes(command) || asArguments.test(text)),
          `${where}: none of ${files.join(', ')} runs \`${command}\`; run it there, or mark the block title="illustration"`,
        ).toBe(true);
      }
    }
  });

  it('are TypeScript, shell or data: no untyped JavaScript', () => {
    for (const block of blocksOf(page)) {
      expect(['ts', 'typescript', 'sh', 'bash', 'shell', 'console', 'json', 'text', 'python', 'yaml', ''], `${page}:${block.line}`).toContain(block.lang);
    }
  });
});

describe.each(PAGES)('the links of %s', (page) => {
  it('lead to files (and headings) of the repository', () => {
    const broken = links(page)
      .map(({ target, line }) => ({ line, target, why: brokenLink(page, target) }))
      .filter((link) => link.why !== undefined)
      .map((link) => `${page}:${link.line} (${link.target}): ${link.why}`);
    expect(broken).toEqual([]);
  });
});

describe('the link check itself', () => {
  it('finds a missing file, a missing heading, a file the package lacks, and an absolute link to the repository', () => {
    expect(brokenLink('docs/client.md', 'no-such-page.md')).toBe('docs/no-such-page.md does not exist');
    expect(brokenLink('docs/client.md', 'testing.md#no-such-heading')).toBe('docs/testing.md has no heading whose anchor is #no-such-heading');
    expect(brokenLink('README.md', 'docs/client.md#errors')).toBeUndefined();
    expect(brokenLink('docs/testing.md', '../examples/python/sign-set.ts')).toBeUndefined();
    expect(brokenLink('docs/compatibility.md', '../test/replay/KNOWN-DIFFERENCES.md')).toBe(
      'test/replay/KNOWN-DIFFERENCES.md is not in the npm package (package.json "files"), so the link breaks in the installed package: add it to "files", or name it as text',
    );
    expect(brokenLink('docs/client.md', `${REPOSITORY}/blob/main/examples/service-app.ts`)).toBe(
      "link the project's files relatively: (../examples/service-app.ts), so the link resolves in the installed package, in a clone and on any host",
    );
  });
});

describe('the npm package', () => {
  it('carries the Apache-2.0 text its package.json names', () => {
    expect((JSON.parse(read('package.json')) as { license: string }).license).toBe('Apache-2.0');
    const license = read('LICENSE');
    expect(license).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004\s+http:\/\/www\.apache\.org\/licenses\//);
    expect(license).toContain('END OF TERMS AND CONDITIONS');
  });

  it('carries docs/ and every example the docs include', () => {
    expect(DOCS.filter((page) => !shipped(page))).toEqual([]);
    const included = PAGES.flatMap((page) => blocksOf(page).map((block) => block.include).filter((include) => include !== undefined));
    expect(included.filter((path) => !shipped(path!))).toEqual([]);
  });
});

describe('bench/README.md', () => {
  it('quotes the latest figures of bench/results.json', () => {
    const results = JSON.parse(read('bench/results.json')) as Record<string, { ratio?: number; value?: number }>;
    const table = read('bench/README.md').split('## Latest figures')[1]!;
    const quoted = Object.fromEntries([...table.matchAll(/^\| `([\w-]+)` \| ([\d.]+) \|/gm)].map((m) => [m[1]!, Number(m[2])]));
    // An entry's headline is its value where it has one (the goal is set on it: bytes, ms), else its ratio.
    const latest = Object.fromEntries(Object.entries(results).map(([name, r]) => [name, r.value ?? r.ratio]));
    expect(quoted).toEqual(latest);
  });
});

describe('package.json', () => {
  it('names the repository, its home page and where to report bugs', () => {
    const pkg = JSON.parse(read('package.json')) as Record<string, unknown>;
    expect(pkg.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git` });
    expect(pkg.homepage).toBe(`${REPOSITORY}#readme`);
    expect(pkg.bugs).toEqual({ url: `${REPOSITORY}/issues` });
  });
});

