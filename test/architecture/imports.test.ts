// The import map of the code: what may import what. Every import counts (`import type`, `export …
// from`, dynamic `import()`), read with TypeScript's own pre-processor.
import { readdirSync, readFileSync } from 'node:fs';
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
  ['apps', 'directory', 'security-events', 'logs', 'oauth', 'seed'],
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

/** Every relative import of a file, resolved to a file (`.ts`, or a folder's `index.ts`). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out: string[] = [];
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = resolve(dirname(file), fileName.replace(/\.js$/, ''));
    const candidates = [base.endsWith('.ts') ? base : `${base}.ts`, join(base, 'index.ts')];
    const found = candidates.find((c) => allFiles.has(c));
    if (found) out.push(found);
  }
  return out;
}

const allFiles = new Set([...tsFiles(MOCK), ...tsFiles(SRC)]);
const edges: Edge[] = [...allFiles].flatMap((from) => importsOf(from).map((to) => ({ from, to })));
const name = (file: string) => relative(ROOT, file);
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
