// `npm test`: every check, in stages that answer from the fastest to the slowest, so a contributor
// learns of a broken test in minutes. It stops at the first stage that fails (as the `&&` chain it
// replaces did) and always closes with each stage's time.
//
//   1. types       tsc --noEmit (the type tests included)
//   2. in-process  vitest's in-process projects (test/vitest.config.ts): tests that run inside its workers
//   3. processes   vitest's processes project: tests that start the CLIs, the examples, Chromium, npm
//   4. package     build once, pack once, then side by side publint, attw, the smoke tests and the
//                  built package's tests (bundles, doc snippets, the API reference)
//
// Each vitest stage writes its JSON report beside $APPSET_TEST_REPORT (`.processes` and `.bundle`
// before `.json`), where .ci/run reads the closing count from.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const node = process.execPath;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
// Two test files at once: vitest's default is one fewer than the cores, a single worker on the two
// cores npm test is promised for, which left a core idle in the in-process stage (CPU-bound), the
// processes stage (mostly waiting on children) and the built package's tests (TypeDoc beside tsc).
// Given on the command line, not in the configs, so that `--maxWorkers=1` still takes effect there.
const workers = '--maxWorkers=2';

/** Runs one command in the repository, its output passed through; true when it exits 0. */
function run(command, args, env = {}) {
  console.log(`\n> ${[command, ...args].join(' ')}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) console.error(`${command}: ${result.error.message}`);
  console.log(`(${seconds(started)} s: ${[command, ...args].join(' ')})`);
  return result.status === 0;
}

/**
 * Runs commands side by side (the package stage's checks of one build and one tarball read it and
 * nothing else). Each one's output is held and printed whole when it ends, so two never interleave;
 * true when every one exits 0.
 */
async function together(...commands) {
  const results = await Promise.all(
    commands.map(
      ([command, args, env = {}]) =>
        new Promise((resolve) => {
          const started = performance.now();
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const done = (ok, note = '') => {
            console.log(`\n> ${[command, ...args].join(' ')}`);
            process.stdout.write(Buffer.concat(output));
            if (note) console.error(note);
            console.log(`(${seconds(started)} s: ${[command, ...args].join(' ')})`);
            resolve(ok);
          };
          child.on('error', (error) => done(false, `${command}: ${error.message}`));
          child.on('close', (code) => done(code === 0));
        }),
    ),
  );
  return results.every(Boolean);
}

function seconds(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** The report a vitest stage writes: $APPSET_TEST_REPORT with `.<stage>` before `.json`. */
function reportFor(stage) {
  const base = process.env.APPSET_TEST_REPORT;
  return base === undefined ? {} : { APPSET_TEST_REPORT: base.replace(/(\.json)?$/, `.${stage}$1`) };
}

/** The one tarball the package stage packs (after the build, so `prepack` need not build again). */
let packDir;
function packOnce() {
  packDir = mkdtempSync(join(tmpdir(), 'appset-pack-'));
  if (!run(npm, ['pack', '--ignore-scripts', '--silent', '--pack-destination', packDir])) return false;
  const tarball = readdirSync(packDir).find((name) => name.endsWith('.tgz'));
  if (!tarball) {
    console.error(`npm pack wrote no tarball into ${packDir}`);
    return false;
  }
  process.env.APPSET_PACKED_TARBALL = join(packDir, tarball);
  return true;
}

const stages = [
  { name: 'types', steps: [() => run(npx, ['tsc', '--noEmit'])] },
  { name: 'in-process', steps: [() => run(node, [vitest, 'run', workers, '--config', 'test/vitest.config.ts', '--project', 'in-process', '--project', 'in-process-isolated'])] },
  {
    name: 'processes',
    steps: [() => run(node, [vitest, 'run', workers, '--config', 'test/vitest.config.ts', '--project', 'processes'], reportFor('processes'))],
  },
  {
    name: 'package',
    steps: [
      () => run(npm, ['run', 'build']),
      packOnce,
      // Four readers of that one build and tarball, side by side: publint and attw are quick, the
      // smoke tests mostly wait on npm and the processes they start, and the built package's tests
      // (TypeDoc, tsc over the docs' blocks, esbuild) use both cores for the rest of the time.
      () =>
        together(
          // publint given the tarball reads it; given nothing, it packed the package again.
          [npx, ['publint', '--strict', process.env.APPSET_PACKED_TARBALL]],
          [npx, ['attw', process.env.APPSET_PACKED_TARBALL, '--profile', 'node16']],
          [npm, ['run', 'smoke']],
          [node, [vitest, 'run', workers, '--config', 'test/bundle/vitest.config.ts']],
        ),
    ],
  },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !stages.some((stage) => stage.name === name));
if (unknown.length) {
  console.error(`Unknown stage ${unknown.join(', ')}; the stages are ${stages.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}

const times = [];
let failed;
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  const started = performance.now();
  let ok = true;
  for (const step of stage.steps) if (!(ok = await step())) break;
  times.push({ name: stage.name, seconds: (performance.now() - started) / 1000, ok });
  if (!ok) {
    failed = stage.name;
    break;
  }
}
if (packDir) rmSync(packDir, { recursive: true, force: true });

console.log('\nnpm test, stage by stage:');
for (const { name, seconds, ok } of times) console.log(`  ${name.padEnd(11)} ${seconds.toFixed(1).padStart(6)} s  ${ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(11)} ${times.reduce((sum, t) => sum + t.seconds, 0).toFixed(1).padStart(6)} s`);
if (failed) {
  console.log(`stopped at the ${failed} stage`);
  process.exit(1);
}
