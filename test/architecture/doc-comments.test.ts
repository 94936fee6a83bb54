// Every name mock-server/ exports says what it is: a `/** … */` doc comment on each exported
// declaration (re-exports excepted), as CONTRIBUTING asks of every public name.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MOCK_SERVER, sources } from './sources';

const ROOT = MOCK_SERVER;

/** The exported declarations of a source text with no doc comment before them, as `line: start`. */
function undocumentedExports(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  return file.statements.flatMap((statement) => {
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement) || !ts.canHaveModifiers(statement)) return [];
    if (!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return [];
    const comments = ts.getLeadingCommentRanges(text, statement.pos) ?? [];
    if (comments.some((range) => text.startsWith('/**', range.pos))) return [];
    const line = file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1;
    return [`${line}: ${statement.getText(file).split('\n')[0]!.slice(0, 60)}`];
  });
}

describe('exported names of mock-server/ have doc comments', () => {
  it('tells a documented export from an undocumented one', () => {
    const text = '/** Documented. */\nexport const A = 1;\n// Not a doc comment.\nexport const B = 2;\nexport function c() {}\nexport { A as D };\n';
    expect(undocumentedExports('x.ts', text)).toEqual(['4: export const B = 2;', '5: export function c() {}']);
  });

  it('finds none without one', () => {
    const found = sources(ROOT).flatMap((path) => undocumentedExports(path, readFileSync(path, 'utf8')).map((where) => `${relative(ROOT, path)}:${where}`));
    expect(found, 'add a /** … */ doc comment saying what each is').toEqual([]);
  });
});
