/**
 * `npm run docs:sync`: rewrites each included block of README.md and docs/*.md
 * (`<!-- include examples/x.ts -->` … `<!-- end -->`) from its file. The docs tests fail, naming
 * this command, when a copy differs from its file.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncIncludes } from './markdown-blocks';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
for (const page of pages) {
  const path = join(root, page);
  const text = readFileSync(path, 'utf8');
  const synced = syncIncludes(text, (included) => readFileSync(join(root, included), 'utf8'));
  if (synced !== text) {
    writeFileSync(path, synced);
    console.log(`${page}: included blocks rewritten from their files`);
  }
}
