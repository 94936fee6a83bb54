// A user's plain install: `npm pack`, then `npm install <tarball>` in an empty project (no msw), then
// the CLI and every entry point that does not name msw. Offline from npm's cache where it can be (the
// cache holds jose and zod after `npm ci`); every command is bounded in time.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'appset-plain-install-'));
const project = join(work, 'project');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command to its end (at most `seconds`), failing with its output when it fails. */
function run(command, args, { cwd = project, seconds = 60, expectFailure = false } = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: seconds * 1000, env: { ...process.env, npm_config_update_notifier: 'false' } });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (!expectFailure && result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/** Whether a pid has gone: no such process, or one that has ended and waits to be reaped. */
function hasGone(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code === 'ESRCH') return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return process.platform === 'linux';
  }
}

/** Starts `npx --no -- ...args`, reads the pid it prints, sends npx SIGTERM, and checks the pid is gone within 2 s. */
async function stopsWithNpx(args) {
  const starter = spawn('npx', ['--no', '--', ...args], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_offline: 'true' } });
  const pid = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${args[0]} printed no pid within 20 s: ${out}`)), 20_000);
    starter.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /^pid: (\d+) /m.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    starter.stderr.on('data', (chunk) => (out += chunk));
    starter.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${out}`)));
  });
  assert.notEqual(pid, starter.pid);
  starter.kill('SIGTERM');
  for (let i = 0; i < 40 && !hasGone(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  const gone = hasGone(pid);
  if (!gone) process.kill(pid, 'SIGKILL');
  assert.ok(gone, `${args.join(' ')} (pid ${pid}) still runs 2 s after its npx was sent SIGTERM`);
}

try {
  // npm test packs once, after its build, and names the tarball; run alone, this packs (and so builds).
  const tarball =
    process.env.APPSET_PACKED_TARBALL ??
    join(work, run(npm, ['pack', '--silent', '--pack-destination', work], { cwd: repo, seconds: 120 }).stdout.trim().split('\n').at(-1));
  assert.ok(existsSync(tarball), `npm pack wrote no ${tarball}`);

  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'plain-install', version: '1.0.0', private: true }));
  const install = ['install', tarball, '--no-audit', '--no-fund', '--no-package-lock'];
  const offline = run(npm, [...install, '--offline'], { seconds: 120, expectFailure: true });
  if (offline.status !== 0) {
    console.log(`plain install: not everything is in npm's cache (${offline.stderr.split('\n').find((line) => /ERR/.test(line)) ?? offline.status}); installing with --prefer-offline`);
    run(npm, [...install, '--prefer-offline'], { seconds: 300 });
  }
  assert.ok(!existsSync(join(project, 'node_modules', 'msw')), 'msw is an optional peer: a plain install must not bring it');

  // The command: --help, -h and --version answer, and the server starts and answers.
  for (const flag of ['--help', '-h']) {
    assert.match(run('npx', ['--no', '--', 'appset-mock', flag]).stdout, /^Usage: appset-mock \[options\]/);
  }
  const { version } = JSON.parse(run('node', ['-p', 'JSON.stringify(require("appset/package.json"))']).stdout);
  assert.equal(run('npx', ['--no', '--', 'appset-mock', '--version']).stdout, `${version}\n`);
  const cli = spawn(join(project, 'node_modules', '.bin', 'appset-mock'), ['--port', '0', '--token', 'plain'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`appset-mock did not start within 20 s: ${out}`)), 20_000);
      cli.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      cli.stderr.on('data', (chunk) => (out += chunk));
      cli.on('exit', (code) => reject(new Error(`appset-mock exited with ${code}: ${out}`)));
    });
    const response = await fetch(`${url}/api/v1/apps`, { headers: { authorization: 'SSWS plain' } });
    assert.equal(response.status, 200);
  } finally {
    cli.kill('SIGTERM');
  }

  // Started as a suite in another language starts it, `npx appset-mock` (node under npm's shell under
  // npx), the installed server prints its pid and is gone within 2 s of the npx process being sent
  // SIGTERM; so is `appset-set serve`.
  await stopsWithNpx(['appset-mock', '--port', '0', '--log', 'off']);
  const keyFile = join(work, 'provider-key.pem');
  run('npx', ['--no', '--', 'appset-set', 'keygen', '--out', keyFile]);
  await stopsWithNpx(['appset-set', 'serve', '--key', keyFile]);

  // The guide travels with the package: the license, docs/ and the examples its pages include.
  for (const file of ['LICENSE', 'README.md', 'docs/testing.md', 'docs/providers.md', 'examples/provider-quickstart.ts']) {
    assert.ok(existsSync(join(project, 'node_modules', 'appset', file)), `the installed package has no ${file}`);
  }

  // Every entry point that does not name msw, with import and with require.
  const entries = ['appset', 'appset/core', 'appset/set', 'appset/set/node', 'appset/mock-server', 'appset/mock-server/node'];
  const imported = run('node', ['--input-type=module', '-e', `for (const e of ${JSON.stringify(entries)}) { const m = await import(e); if (!Object.keys(m).length) throw new Error(e + ' exports nothing'); } console.log('ok');`]);
  assert.equal(imported.stdout, 'ok\n');
  const required = run('node', ['-e', `for (const e of ${JSON.stringify(entries)}) { const m = require(e); if (!Object.keys(m).length) throw new Error(e + ' exports nothing'); } console.log('ok');`]);
  assert.equal(required.stdout, 'ok\n');
  // The backend's core works without msw.
  const core = run('node', ['--input-type=module', '-e', `const { createMockBackend } = await import('appset/mock-server'); const b = createMockBackend({ seed: 'demo' }); const r = await b.fetch(new Request(b.orgUrl + '/api/v1/apps', { headers: { authorization: 'SSWS ' + b.defaultToken } })); console.log(r.status, (await r.json()).length);`]);
  assert.equal(core.stdout, '200 12\n');

  // The msw entry says, in one sentence, what to install.
  const sentence = 'appset/mock-server/msw needs the msw package, which is not installed: run npm install -D msw.';
  const mswImport = run('node', ['--input-type=module', '-e', `await import('appset/mock-server/msw').then(() => console.log('loaded'), (e) => console.log(e.message))`]);
  assert.equal(mswImport.stdout, `${sentence}\n`);
  const mswRequire = run('node', ['-e', `try { require('appset/mock-server/msw'); console.log('loaded'); } catch (e) { console.log(e.message); }`]);
  assert.equal(mswRequire.stdout, `${sentence}\n`);
  console.log('smoke (plain install without msw): ok');
} finally {
  rmSync(work, { recursive: true, force: true });
}
