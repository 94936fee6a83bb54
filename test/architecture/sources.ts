import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The backend's code folder, which the architecture tests read. */
export const MOCK_SERVER = join(import.meta.dirname, '../../mock-server');

/** Every `.ts` file under `dir`, at any depth. */
export function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
