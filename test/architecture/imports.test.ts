// The import map of the code: what may import what. Every import counts (`import type`, `export …
// from`, `export * as`, dynamic `import()`, `require()`, the package's own `appset/…` names), read
// from TypeScript's syntax tree.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_CAPABILITIES } from '../../mock-server/capabilities';

const ROOT = resolve(import.meta.dirname, '../..');
const MOCK = join(ROOT, 'mock-server');
const SRC = join(ROOT, 'src');

/**
 * The layers of `mock-server/`, lowest first, by top-level folder or file. A file may import its own
 * layer's and lower ones' files, never a higher layer's.
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  /** Helpers both the pipeline and what plugs into it use: base64, SHA-256, JSON objects, time. */
  ['shared'],
  /** The request pipeline: router, serve, request, reply, auth, rate limits, Okta errors, and the hooks faults, stubs and the journal plug into. */
  ['pipeline'],
  /** What stores are made of: collections, cursors, ids, the clock, document fields. */
  ['state'],
  /** The contract every capability implements. */
  ['capability.ts'],
  /** The capabilities (and the demo data, made of app inputs). */
  ['apps', 'directory', 'security-events', 'logs', 'oauth', 'policies', 'roles', 'seed', 'org', 'id-token-settings', 'group-rules', 'iam-resource-sets', 'authenticators', 'network-zones', 'device-assurances', 'inline-hooks', 'authorization-servers'],
  /** The list of capabilities. */
  ['capabilities.ts'],
  /** The control plane: reset, snapshot, seed, journal, stubs, faults, the dashboard. */
  ['control'],
  /** The backend and what serves it in-process. */
  ['backend.ts', 'index.ts', 'msw'],
  /** Node: the HTTP server and the CLI. */
  ['node'],
];

/** The capability folders, and the folders each may import (its declared dependencies). */
const CAPABILITY_FOLDERS = LAYERS[4]!;
const CAPABILITY_FOLDER: Record<string, string> = { 'app-surroundings': 'apps' };
const folderOf = (capability: string) => CAPABILITY_FOLDER[capability] ?? capability;
const DEMO_DATA_USES: Record<string, string[]> = { seed: ['apps'] };

/** Imports that break a rule today, each with the change that removes it. */
const PENDING: ReadonlyArray<{ from: string; to: string; until: string }> = [
];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

interface Edge {
  from: string;
  to: string;
}

/** One module a file names: the specifier and its line. */
interface Specifier {
  text: string;
  line: number;
}

/**
 * Every module a source text names, read from its syntax tree: import and export declarations
 * (`export * as ns from`, `export type * as T from` included), `import x = require()`, `import()`
 * and `require()` calls and `import('…')` types; and the line of each `import()` or `require()`
 * whose module is not a literal (which no map can follow).
 */
function specifiersOf(fileName: string, text: string): { literal: Specifier[]; computed: number[] } {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const literal: Specifier[] = [];
  const computed: number[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const add = (node: ts.Node | undefined, at: ts.Node) => {
    if (node && ts.isStringLiteralLike(node)) literal.push({ text: node.text, line: lineOf(at) });
    else computed.push(lineOf(at));
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) add(node.moduleSpecifier, node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression, node);
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      add(node.arguments[0], node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { literal, computed };
}

/** The package's own entry points as tsconfig's `paths` maps them (`appset/mock-server` → `mock-server/index.ts`). */
const SELF_PATHS: ReadonlyMap<string, string> = (() => {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const paths = (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  return new Map(Object.entries(paths).map(([specifier, [target]]) => [specifier, resolve(ROOT, target!)]));
})();

/**
 * A module a file names, as a file: a relative one (`.ts`, a folder's `index.ts`, or another file
 * such as JSON), or the package's own (`appset/…`) through tsconfig's paths; `null` for another
 * package; `undefined` when it names nothing that exists.
 */
function resolveSpecifier(from: string, specifier: string): string | null | undefined {
  const self = SELF_PATHS.get(specifier);
  if (self !== undefined) return self;
  if (specifier === 'appset' || specifier.startsWith('appset/')) return undefined;
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [`${base}.ts`, join(base, 'index.ts'), base];
  return candidates.find((c) => allFiles.has(c) || (c === base && existsSync(c) && statSync(c).isFile()));
}

/** Every import of a file resolved to a file of the package, and what cannot be followed. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): { to: string[]; unresolved: string[]; computed: number[] } {
  const { literal, computed } = specifiersOf(file, text);
  const to: string[] = [];
  const unresolved: string[] = [];
  for (const { text: specifier, line } of literal) {
    const found = resolveSpecifier(file, specifier);
    if (found === undefined) unresolved.push(`${name(file)}:${line} imports '${specifier}', which names no file`);
    else if (found !== null) to.push(found);
  }
  return { to, unresolved, computed };
}

const name = (file: string) => relative(ROOT, file);
const allFiles = new Set([...tsFiles(MOCK), ...tsFiles(SRC)]);
const scanned = [...allFiles].map((from) => ({ from, ...importsOf(from) }));
const edges: Edge[] = scanned.flatMap(({ from, to }) => to.map((file) => ({ from, to: file })));
const inMock = (file: string) => file.startsWith(`${MOCK}/`);
const topOf = (file: string) => relative(MOCK, file).split('/')[0]!;
const layerOf = (file: string) => LAYERS.findIndex((layer) => layer.includes(topOf(file)));

function pending(edge: Edge): boolean {
  return PENDING.some((p) => name(edge.from) === `mock-server/${p.from}` && name(edge.to) === `mock-server/${p.to}`);
}

describe('the import map', () => {
  it('reads imports of every kind', () => {
    // The scanner itself: type-only imports, re-exports and dynamic imports are seen.
    const seen = (from: string, to: string) => edges.some((e) => name(e.from) === from && name(e.to) === to);
    expect(seen('mock-server/backend.ts', 'mock-server/apps/state.ts')).toBe(true); // export type … from
    expect(seen('mock-server/control/stores.ts', 'mock-server/state/clock.ts')).toBe(true); // import type
    expect(edges.length).toBeGreaterThan(500);
  });

  it('reads every form of import in a source text', () => {
    const from = join(MOCK, 'control', 'x.ts');
    const text = [
      "import { a } from './a';",
      "import type { B } from '../state/clock';",
      "export * as ns from '../shared/json';",
      "export type * as T from '../shared/text';",
      "export { c } from './c.js';",
      "import d = require('./d');",
      "const e = await import('./e');",
      "const f = require('./f');",
      "type G = import('./g').G;",
      "import { h } from 'appset/mock-server';",
      "import { z } from 'zod';",
      'const i = await import(`./${which}`);',
      'const j = require(which);',
    ].join('\n');
    expect(specifiersOf('x.ts', text)).toEqual({
      literal: ['./a', '../state/clock', '../shared/json', '../shared/text', './c.js', './d', './e', './f', './g', 'appset/mock-server', 'zod'].map((t, i) => ({ text: t, line: i + 1 })),
      computed: [12, 13],
    });
    expect(resolveSpecifier(from, 'appset/mock-server')).toBe(join(MOCK, 'index.ts'));
    expect(resolveSpecifier(from, 'appset/set')).toBe(join(SRC, 'set', 'index.ts'));
    expect(resolveSpecifier(from, 'appset/nothing')).toBeUndefined();
    expect(resolveSpecifier(from, '../shared/json')).toBe(join(MOCK, 'shared', 'json.ts'));
    expect(resolveSpecifier(from, '../pipeline')).toBeUndefined();
    expect(resolveSpecifier(from, './missing')).toBeUndefined();
    expect(resolveSpecifier(from, 'zod')).toBeNull();
    // An import of the package's own name inside mock-server/ is an edge like any other.
    expect(importsOf(join(MOCK, 'shared', 'x.ts'), "import { createMockBackend } from 'appset/mock-server';").to).toEqual([join(MOCK, 'index.ts')]);
  });

  it('follows every import: none names a missing file, none in mock-server/ is computed', () => {
    expect(scanned.flatMap((s) => s.unresolved), 'fix the path of each import').toEqual([]);
    const computed = scanned.filter((s) => inMock(s.from)).flatMap((s) => s.computed.map((line) => `${name(s.from)}:${line}`));
    expect(computed, 'import a module by a literal name, so the import map can follow it').toEqual([]);
  });

  it('puts every file of mock-server/ in a layer', () => {
    const homeless = [...allFiles].filter((f) => inMock(f) && layerOf(f) < 0).map(name);
    expect(homeless, `files outside every layer of test/architecture/imports.test.ts: add their folder to LAYERS`).toEqual([]);
  });

  it('has no import from a lower layer into a higher one', () => {
    const broken = edges
      .filter((e) => inMock(e.from) && inMock(e.to) && layerOf(e.to) > layerOf(e.from) && !pending(e))
      .map((e) => `${name(e.from)} imports ${name(e.to)}: ${topOf(e.from)} (layer ${layerOf(e.from)}) may not import ${topOf(e.to)} (layer ${layerOf(e.to)}), a higher layer`);
    expect(broken).toEqual([]);
  });

  it('has no import between capabilities except a declared dependency', () => {
    const allowed = new Map<string, Set<string>>(CAPABILITY_FOLDERS.map((folder) => [folder, new Set([folder, ...(DEMO_DATA_USES[folder] ?? [])])]));
    for (const definition of BUILT_IN_CAPABILITIES) {
      for (const dependency of ('dependsOn' in definition ? definition.dependsOn : [])) allowed.get(folderOf(definition.name))!.add(folderOf(dependency));
    }
    const broken = edges
      .filter((e) => inMock(e.from) && inMock(e.to) && CAPABILITY_FOLDERS.includes(topOf(e.from)) && CAPABILITY_FOLDERS.includes(topOf(e.to)))
      .filter((e) => !allowed.get(topOf(e.from))!.has(topOf(e.to)))
      .map((e) => `${name(e.from)} imports ${name(e.to)}: the capability ${topOf(e.from)} does not declare a dependency on ${topOf(e.to)} (dependsOn of its definition)`);
    expect(broken).toEqual([]);
  });

  it('keeps the client (src/) free of the backend', () => {
    const broken = edges.filter((e) => !inMock(e.from) && inMock(e.to)).map((e) => `${name(e.from)} imports ${name(e.to)}: src/ may not import mock-server/`);
    expect(broken).toEqual([]);
  });

  it('has no circle of imports between the files of mock-server/ and src/', () => {
    const next = new Map<string, string[]>();
    for (const e of edges.filter((edge) => !pending(edge))) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const to of next.get(file) ?? []) {
        if (state.get(to) === 'open') circles.push([...stack.slice(stack.indexOf(to)), to].map(name).join(' → '));
        else if (!state.has(to)) visit(to);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of [...allFiles].sort()) if (!state.has(file)) visit(file);
    expect(circles, 'each circle of imports, type-only ones included: move what both need below both').toEqual([]);
  });

  it('lists only pending imports that still exist', () => {
    const stale = PENDING.filter((p) => !edges.some((e) => name(e.from) === `mock-server/${p.from}` && name(e.to) === `mock-server/${p.to}`));
    expect(stale, 'remove these from PENDING: the import is gone').toEqual([]);
  });
});
