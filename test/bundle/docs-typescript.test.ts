import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, root } from './built';

// Every TypeScript block of docs/*.md compiles as an ES module of a program that installed the
// package: imported by its name through package.json's exports (the built declarations), under
// strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess. Each block is a module of its own,
// so it must define every name it uses.
beforeAll(assertBuilt);

const run = promisify(execFile);

interface Block {
  page: string;
  line: number;
  code: string;
}

function blocks(): Block[] {
  const found: Block[] = [];
  for (const page of readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'))) {
    const lines = readFileSync(join(root, 'docs', page), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^```(ts|typescript)\s*$/.test(lines[i]!)) continue;
      const end = lines.indexOf('```', i + 1);
      found.push({ page, line: i + 1, code: lines.slice(i + 1, end).join('\n') });
      i = end;
    }
  }
  return found;
}

const all = blocks();
let dir: string;
beforeAll(() => {
  // Inside the package, so that `appset` resolves to the package itself, as it does for a consumer.
  dir = mkdtempSync(join(root, '.docs-typescript-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the TypeScript blocks of docs/', () => {
  it('compile as an ESM consumer of the package (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess)', async () => {
    const files = all.map((block, i) => {
      const file = `block-${i}.mts`;
      writeFileSync(join(dir, file), `// docs/${block.page}:${block.line}\n${block.code}\n`);
      return file;
    });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2023'],
          types: ['node'],
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: true,
        },
        files,
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    // Each diagnostic names the page and line of its block.
    const located = result.replace(/block-(\d+)\.mts\((\d+),/g, (_, i: string, line: string) => {
      const block = all[Number(i)]!;
      return `docs/${block.page}:${block.line + Number(line) - 1} (`;
    });
    expect(located).toBe('');
  }, 120_000);

  it('docs/providers.md opens with examples/provider-quickstart.ts, which a test runs', () => {
    const first = all.find((block) => block.page === 'providers.md');
    expect(readFileSync(join(root, 'examples/provider-quickstart.ts'), 'utf8')).toContain(first!.code);
  });
});
