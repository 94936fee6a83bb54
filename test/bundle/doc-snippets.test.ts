import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, type CodeBlock } from '../../scripts/markdown-blocks';
import { assertBuilt, root } from './built';

// Every TypeScript block of the README and docs/ is compiled as a user's ES module would be: in a
// project with "type": "module", `tsc --init`'s settings of TypeScript 5.9 (strict,
// exactOptionalPropertyTypes, noUncheckedIndexedAccess, module nodenext, verbatimModuleSyntax), and
// `appset` resolved as an installed package, through package.json `exports` to dist/. One tsc
// program holds every block, each its own module file; a block may use the exports of the prelude
// named before it (<!-- prelude: docs/preludes/x.ts -->).

// In the repository (whose node_modules gives tsc Node's types), one folder per run: under
// node_modules/.cache it was shared by every checkout that links one node_modules, and tsc, started
// in the folder's real path, named the files by the linked one (so no error read as `canary.ts`).
const PROJECT = join(root, `.docs-typescript-${process.pid}`);
const PAGES = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** What `tsc --init` (TypeScript 5.9) turns on, with Node's types as its own comment suggests. */
const TSCONFIG = {
  compilerOptions: {
    module: 'nodenext',
    target: 'esnext',
    types: ['node'],
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    strict: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    noUncheckedSideEffectImports: true,
    moduleDetection: 'force',
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['*.ts', 'preludes/*.ts'],
};

/** A block that uses a name nobody defines: the compile must report it, or the check proves nothing. */
const CANARY = "import { createClient } from 'appset';\ncreateClient({ orgUrl: 'https://example.okta.com', token: undefinedToken });\n";

/** The names a prelude exports (`export const|let|function|class NAME`). */
function preludeExports(text: string): string[] {
  return [...text.matchAll(/^export\s+(?:const|let|var|function|async\s+function|class)\s+(\w+)/gm)].map((m) => m[1]!);
}

interface Snippet {
  block: CodeBlock;
  file: string;
  /** Lines added before the block's first line (the prelude's import). */
  offset: number;
}

function writeProject(): Snippet[] {
  rmSync(PROJECT, { recursive: true, force: true });
  mkdirSync(join(PROJECT, 'node_modules'), { recursive: true });
  mkdirSync(join(PROJECT, 'preludes'));
  // Installed as a user installs it: the package folder itself, read through its package.json.
  symlinkSync(root, join(PROJECT, 'node_modules/appset'), 'dir');
  writeFileSync(join(PROJECT, 'package.json'), JSON.stringify({ name: 'doc-snippets', private: true, type: 'module' }));
  writeFileSync(join(PROJECT, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(PROJECT, 'canary.ts'), CANARY);
  const snippets: Snippet[] = [];
  for (const page of PAGES) {
    for (const block of codeBlocks(page, readFileSync(join(root, page), 'utf8'))) {
      if (block.lang !== 'ts' && block.lang !== 'typescript') continue;
      const file = `${page.replace(/[^\w]/g, '_')}_L${block.line}.ts`;
      let head = '';
      if (block.prelude !== undefined) {
        const name = block.prelude.replace(/^docs\/preludes\//, '');
        copyFileSync(join(root, block.prelude), join(PROJECT, 'preludes', name));
        const names = preludeExports(readFileSync(join(root, block.prelude), 'utf8'));
        head = `import { ${names.join(', ')} } from './preludes/${name.replace(/\.ts$/, '.js')}';\n`;
      }
      writeFileSync(join(PROJECT, file), head + block.body);
      snippets.push({ block, file, offset: head === '' ? 0 : 1 });
    }
  }
  return snippets;
}

describe('the TypeScript blocks of the README and docs/', () => {
  it('compile as ES modules against the built package under tsc --init settings', () => {
    assertBuilt();
    const snippets = writeProject();
    expect(snippets.length).toBeGreaterThan(10);
    let tsc;
    try {
      tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', PROJECT, '--pretty', 'false'], {
        cwd: PROJECT,
        encoding: 'utf8',
        timeout: 180_000,
      });
    } finally {
      rmSync(PROJECT, { recursive: true, force: true });
    }
    expect(tsc.error).toBeUndefined();
    const errors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    // The canary's error, and only it, comes from outside the docs.
    expect(errors.filter((line) => line.startsWith('canary.ts'))).toEqual([
      "canary.ts(2,59): error TS2304: Cannot find name 'undefinedToken'.",
    ]);
    const byFile = new Map(snippets.map((s) => [s.file, s]));
    const located = errors
      .filter((line) => !line.startsWith('canary.ts'))
      .map((line) => {
        const match = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(line);
        const snippet = match && byFile.get(match[1]!);
        if (!match || !snippet) return line;
        const at = snippet.block.line + Number(match[2]) - snippet.offset;
        return `${snippet.block.file}:${at}: ${match[4]}`;
      });
    expect(located, 'define the name in the block, or name a prelude before it: <!-- prelude: docs/preludes/<name>.ts -->').toEqual([]);
  }, 240_000);
});
