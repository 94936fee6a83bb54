import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Throws unless dist/ exists and is newer than every source it is built from. */
export function assertBuilt(): void {
  const built = join(root, 'dist/browser/index.js');
  if (!existsSync(built)) throw new Error('These tests check the built package: run npm run build first (npm test does).');
  const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'mock-server')), statSync(join(root, 'package.json')).mtimeMs);
  if (statSync(built).mtimeMs < sources) throw new Error('dist/ is older than the sources: run npm run build first (npm test does).');
}
