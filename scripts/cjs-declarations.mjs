// Runs after tsup (`npm run build`). jose and ky publish ESM-only declarations; a CommonJS
// TypeScript consumer (`module: node16`) that meets `import { JWK } from 'jose'` in appset's
// `.d.cts` files fails with TS1479. Those imports only bring types, so they become type-only
// imports resolved as ESM (`resolution-mode: import`, TypeScript ≥ 5.3), which every consumer may load.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const ESM_ONLY = ['jose', 'ky'];
const dist = new URL('../dist/', import.meta.url).pathname;
const importLine = new RegExp(`^import (?:type )?(\\{[^}]*\\}) from '(${ESM_ONLY.join('|')})';$`, 'gm');
const bareImport = new RegExp(`^import '(${ESM_ONLY.join('|')})';\\n`, 'gm');

let changed = 0;
for (const entry of await readdir(dist, { recursive: true })) {
  if (!entry.endsWith('.d.cts')) continue;
  const file = join(dist, entry);
  const text = await readFile(file, 'utf8');
  const fixed = text
    .replace(importLine, (_, names, from) => `import type ${names} from '${from}' with { 'resolution-mode': 'import' };`)
    .replace(bareImport, '');
  if (fixed !== text) {
    await writeFile(file, fixed);
    changed++;
  }
}
console.log(`cjs-declarations: ${changed} .d.cts file(s) import jose and ky types as ESM`);
