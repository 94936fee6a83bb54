import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(folder, f));
}

// The backend core runs in browsers and edge runtimes (DESIGN.md), and so does the client. This checks
// the OAuth rooms' own files; the modules they share with the rest of the backend are checked as a whole
// elsewhere.
const NODE_ONLY = [/from ['"]node:/, /from ['"](crypto|fs|http|https|buffer|path)['"]/, /\bBuffer\b/, /\bprocess\./, /\brequire\(\s*['"`]/];

describe('the OAuth code uses web platform APIs only', () => {
  it.each([...sources('mock-server/oauth'), ...sources('src/auth')])('%s', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(NODE_ONLY.filter((pattern) => pattern.test(text)).map(String)).toEqual([]);
  });
});
