import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { serveHooksOf } from '../../mock-server/pipeline/serve-hooks';
import { controlEndpoints, createControlRouter } from '../../mock-server/control/routes';
import type { ControlPlane } from '../../mock-server/control/plane';
import type { RouteSpec } from '../../mock-server/pipeline/route';
import { OKTA_ANSWER_CHANGES } from '../../mock-server/shared/answer-changes';
import { answerChangesTable, COMPATIBILITY_COMMAND, COMPATIBILITY_PAGE, documentedRoute, OKTA_FAMILIES, underFamily, writeCompatibility } from '../../scripts/compatibility-doc';

// The route tables of the docs are compared with what the backend actually serves: docs/compatibility.md
// is written from the routes (`npm run docs:compat`), docs/testing.md's control-plane table by hand.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The rows of a Markdown table whose first cell is `` `METHOD /path` ``: route → the other cells. */
function tableRows(text: string, prefix: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const match of text.matchAll(new RegExp(`^\\| \`((?:GET|POST|PUT|DELETE|PATCH) ${prefix}[^\`]*)\` \\|(.*)\\|$`, 'gm'))) {
    rows.set(match[1]!, match[2]!.split(' | ').map((cell) => cell.trim()));
  }
  return rows;
}

/** A section of a page: from its `## ` heading to the next. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('docs/compatibility.md', () => {
  const routes = serveHooksOf(createMockBackend())!.routes;
  const page = read(COMPATIBILITY_PAGE);

  it(`is what \`${COMPATIBILITY_COMMAND}\` writes from the backend's routes`, () => {
    expect(page, `${COMPATIBILITY_PAGE} differs from the backend's routes: run \`${COMPATIBILITY_COMMAND}\``).toBe(writeCompatibility(page, routes));
  });

  it('has a row for every route the backend serves on Okta\'s paths, with the scope it needs', () => {
    const documented = tableRows(page.split('<!-- end routes -->')[0]!, '/');
    const missing = routes.filter((route) => documented.get(documentedRoute(route))?.[0] !== (route.scope === null ? 'none' : `\`${route.scope}\``)).map(documentedRoute);
    expect(missing, `run \`${COMPATIBILITY_COMMAND}\``).toEqual([]);
    expect(documented.size).toBe(routes.length);
  });

  it('names no path of a served route under "What it does not serve"', () => {
    const text = section(page, 'What it does not serve');
    const paths = [...text.matchAll(/`(?:(?:GET|POST|PUT|PATCH|DELETE) )?(\/[^`\s]*)`/g)].map((match) => match[1]!);
    expect(paths.length).toBeGreaterThan(0);
    const served = paths.flatMap((path) => routes.filter((route) => underFamily(route.path, path)).map((route) => `\`${path}\` is listed as not served, but the backend serves ${documentedRoute(route)}`));
    expect(served).toEqual([]);
  });
});

describe('the writer of docs/compatibility.md', () => {
  const route = (path: string, summary: string): RouteSpec => ({ method: 'get', path, summary, bucket: 'default', scope: null, handle: () => ({ status: 204 }) });
  const page = ['intro', '<!-- routes: written by `npm run docs:compat` from the backend\'s routes (each route\'s `summary`); do not edit by hand -->', 'STALE', '<!-- end routes -->', 'prose', '<!-- unserved: written by `npm run docs:compat`: the families of scripts/compatibility-doc.ts no served route belongs to -->', 'STALE', '<!-- end unserved -->', 'more prose', '<!-- answer changes: written by `npm run docs:compat` from OKTA_ANSWER_CHANGES (mock-server/shared/answer-changes.ts) -->', 'STALE', '<!-- end answer changes -->', 'outro'].join('\n');

  it('writes each route with its summary and keeps the hand-written text around the marked sections', () => {
    const written = writeCompatibility(page, [route('/api/v1/notes/:noteId', 'reads a note | or two')]);
    expect(written).toContain('| `GET /api/v1/notes/{noteId}` | none | reads a note \\| or two |');
    expect(written.startsWith('intro\n')).toBe(true);
    expect(written).toContain('\nprose\n');
    expect(written).toContain('\nmore prose\n');
    expect(written.endsWith('\noutro')).toBe(true);
    expect(written).not.toContain('STALE');
  });

  it('leaves out of the unserved families one a route is served under, as soon as the route exists', () => {
    const family = OKTA_FAMILIES.find((f) => f.path === '/api/v1/groups/rules')!;
    expect(writeCompatibility(page, [])).toContain(`| \`${family.path}\` |`);
    expect(writeCompatibility(page, [route('/api/v1/groups/rules/:ruleId', 'reads a rule')])).not.toContain(`| \`${family.path}\` |`);
  });

  it('writes a row for each answer Okta has changed, with the day it was first recorded', () => {
    const written = writeCompatibility(page, []);
    for (const change of OKTA_ANSWER_CHANGES) expect(written).toContain(`| ${change.since} (last old answer recorded ${change.lastSeenBefore}) | \`${change.name}\` |`);
    expect(answerChangesTable([{ name: 'ruleRiskScoreFilledIn', since: '2030-01-01', lastSeenBefore: '2029-12-01', what: 'a | b' }])).toContain('| a \\| b |');
  });

  it('refuses a route without a one-line summary, naming the route', () => {
    expect(() => writeCompatibility(page, [route('/api/v1/notes', '')])).toThrow(/GET \/api\/v1\/notes needs a one-line `summary`/);
    expect(() => writeCompatibility(page, [route('/api/v1/notes', 'two\nlines')])).toThrow(/GET \/api\/v1\/notes/);
  });

  it("suggests, for a route without a summary that the page has a hand-written row for, that row's words", () => {
    const withRow = page.replace('\nSTALE\n<!-- end routes -->', '\n| `GET /api/v1/notes` | none | lists the notes \\| all |\n<!-- end routes -->');
    expect(() => writeCompatibility(withRow, [route('/api/v1/notes', '')])).toThrow('e.g. summary: "lists the notes | all" (its row in docs/compatibility.md)');
  });
});

describe('docs/testing.md, the control plane', () => {
  // The dashboard's route takes `/__appset` and `/__appset/`; the table names it by the second.
  const served = controlEndpoints(createControlRouter({} as ControlPlane)).map((endpoint) => endpoint.replace(/\/\?$/, '/'));
  const documented = tableRows(read('docs/testing.md'), '/__appset');

  it('has a row for every endpoint of the control plane, and none for an endpoint it lacks', () => {
    const missing = served.filter((endpoint) => !documented.has(endpoint)).map((endpoint) => `add to docs/testing.md's control-plane table: | \`${endpoint}\` | <in-process call> | <what it does> |`);
    const extra = [...documented.keys()].filter((endpoint) => !served.includes(endpoint)).map((endpoint) => `remove the row of \`${endpoint}\` from docs/testing.md: the plane does not serve it`);
    expect([...missing, ...extra]).toEqual([]);
  });

  it('reads every endpoint from the router (the comparison above is not empty)', () => {
    expect(served).toContain('DELETE /__appset/faults/{id}');
    expect(served.length).toBeGreaterThanOrEqual(16);
  });
});
