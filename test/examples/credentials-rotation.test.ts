import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = 'examples/credentials-rotation.ts';

describe('examples/credentials-rotation.ts (the example docs/credentials.md opens with)', () => {
  it('is the docs example, character for character', async () => {
    const docs = await readFile(`${root}docs/credentials.md`, 'utf8');
    const example = await readFile(`${root}${EXAMPLE}`, 'utf8');
    const block = /<!-- include examples\/credentials-rotation\.ts -->\n```ts\n([\s\S]*?)```/.exec(docs);
    expect(block?.[1]).toBe(example);
  });

  it('compiles under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess', () => {
    const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const options = { ...config.options, strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noEmit: true };
    const program = ts.createProgram([`${root}${EXAMPLE}`], options);
    // The example's own diagnostics only: checking every file it reaches took most of a minute.
    const problems = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(`${root}${EXAMPLE}`))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 120_000);

  it('rotates the key, finds the app by it, and lists the key among those that expire soon', async () => {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', EXAMPLE], { cwd: root, timeout: 60_000 });
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    const kid = /^signing with ([\w-]{43}), expires (\S+)$/.exec(lines[0]!);
    expect(kid).not.toBeNull();
    expect(lines.slice(1)).toEqual([
      'metadata carries the new certificate: true',
      'apps signing with it: Analytics',
      `Analytics: ${kid![1]} expires ${kid![2]} (signing)`,
    ]);
  });
});
