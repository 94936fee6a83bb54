/**
 * `npm run docs:compat`: rewrites the served-routes table and the list of families not served in
 * docs/compatibility.md from the backend's routes (scripts/compatibility-doc.ts says how). Its test
 * fails, naming this command, when the page differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMockBackend } from '../mock-server/index';
import { serveHooksOf } from '../mock-server/pipeline/serve-hooks';
import { COMPATIBILITY_PAGE, writeCompatibility } from './compatibility-doc';

const path = fileURLToPath(new URL(`../${COMPATIBILITY_PAGE}`, import.meta.url));
const text = readFileSync(path, 'utf8');
const written = writeCompatibility(text, serveHooksOf(createMockBackend())!.routes);
if (written !== text) {
  writeFileSync(path, written);
  console.log(`${COMPATIBILITY_PAGE}: served routes and unserved families written from the backend's routes`);
}
