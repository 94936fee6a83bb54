import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The two commands the processes tests start some hundred times, `appset-mock` and `appset-set`, run
 * from the sources. `node --import tsx <source>` loads tsx and compiles or looks up every file of the
 * program at each start (half a second of CPU, more than most of those tests take otherwise); this
 * global setup instead bundles each command from the same sources once per run, with esbuild (which
 * tsx uses too), into a file Node starts at once. The bundles carry their dependencies, so they run
 * from a temporary folder; the tests that check how modules load (lazy-loading.test.ts) or that run
 * an example as a user does still use tsx.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The commands, and the source each is built from (package.json `bin` names). */
const COMMANDS = { 'appset-mock': 'mock-server/node/cli.ts', 'appset-set': 'src/set/cli/main.ts' } as const;
export type Command = keyof typeof COMMANDS;

/** The environment variable naming the folder of the bundles, which test workers inherit. */
const BUNDLES_ENV = 'APPSET_TEST_CLI_BUNDLES';

/** vitest's global setup (processes project): builds both bundles, and removes them after the run. */
export default async function setup(): Promise<() => void> {
  // A vitest started by a test (fresh-clone.test.ts) finds the outer run's bundles.
  if (process.env[BUNDLES_ENV] !== undefined) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'appset-cli-bundles-'));
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(COMMANDS).map(([out, source]) => ({ in: source, out })),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A CommonJS dependency bundled into an ES module may still require a Node built-in.
    banner: { js: "import { createRequire as __appsetCreateRequire } from 'node:module'; const require = __appsetCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  process.env[BUNDLES_ENV] = dir;
  return () => {
    delete process.env[BUNDLES_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

/** The file `node` runs to start `command`, as built by the global setup above. */
export function cliBundle(command: Command): string {
  const dir = process.env[BUNDLES_ENV];
  if (dir === undefined) throw new Error(`${BUNDLES_ENV} is not set: run this file in the processes project of test/vitest.config.ts, whose global setup builds the commands`);
  return join(dir, `${command}.mjs`);
}
