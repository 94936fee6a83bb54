import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { serveHooksOf } from '../../mock-server/pipeline/serve-hooks';
import { controlEndpoints, createControlRouter } from '../../mock-server/control/routes';
import type { ControlPlane } from '../../mock-server/control/plane';

// The route tables of the docs are compared with what the backend actually serves, so that a route
// added later without its row fails here, saying which row to add.
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

describe('docs/compatibility.md', () => {
  const served = serveHooksOf(createMockBackend())!.routes.map((route) => ({
    route: `${route.method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
    scope: route.scope === null ? 'none' : `\`${route.scope}\``,
  }));
  const documented = tableRows(read('docs/compatibility.md').split('<!-- end routes -->')[0]!, '/');

  it('has a row for every route the backend serves on Okta\'s paths, with the scope it needs', () => {
    const missing = served
      .filter(({ route, scope }) => documented.get(route)?.[0] !== scope)
      .map(({ route, scope }) => `add to docs/compatibility.md's table of served routes: | \`${route}\` | ${scope} | <what it does> |`);
    expect(missing).toEqual([]);
  });

  it('lists no route the backend does not serve', () => {
    const routes = new Set(served.map(({ route }) => route));
    const extra = [...documented.keys()].filter((route) => !routes.has(route)).map((route) => `remove the row of \`${route}\` from docs/compatibility.md: the backend does not serve it`);
    expect(extra).toEqual([]);
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
