import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { controlExposureWarning, isLoopback } from '../../../mock-server/node/cli-options';
import { cliBundle } from '../../support/cli-bundles';

const root = new URL('../../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'appset-cli-'));
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Cli {
  child: ChildProcess;
  url: string;
  output: () => string;
  errors: () => string;
  /** Sends SIGTERM (or `signal`) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `appset-mock` (bundled from the sources: test/support/cli-bundles.ts) on a free loopback port; resolves once it listens. */
function startCli(args: string[]): Promise<Cli> {
  const child = spawn(process.execPath, [cliBundle('appset-mock'), '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`appset-mock did not start in 15 s: ${err}`)), 15_000);
    child.stdout!.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ child, url, output: () => out, errors: () => err, stop: (signal = 'SIGTERM') => (child.kill(signal), exited) });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`appset-mock exited with ${code}: ${err}`), { code, stderr: err }));
    });
  });
}

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const bookmark = { name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } };
const auth = { authorization: 'SSWS appset-mock-token' };

describe('appset-mock --help', () => {
  it('lists flags the testing guide each describes', () => {
    const help = execFileSync(process.execPath, [cliBundle('appset-mock'), '--help'], { cwd: root, encoding: 'utf8', timeout: 15_000 });
    const flags = [...help.matchAll(/^\s+(?:-\w, )?(--[a-z-]+)/gm)].map((match) => match[1]!);
    expect(flags).toContain('--journal-size');
    expect(flags.length).toBeGreaterThan(15);
    const guide = readFileSync(join(root, 'docs/testing.md'), 'utf8');
    const section = guide.split('Flags (`npx appset-mock --help` lists them):')[1]!.split('\n\n')[1]!;
    // Each as the list writes it: `--port <n>`, `--no-parent-watch`, `-v`, `--version`.
    expect(flags.filter((flag) => !new RegExp(`\`${flag}[ \`]`).test(section))).toEqual([]);
  });
});

describe('appset-mock control-plane flags', () => {
  it('--seed FILE and --ids deterministic start from the document with the same ids; --state keeps the state across restarts', async () => {
    const seed = file('seed.json', { apps: [bookmark], users: [{ login: 'ada@example.com' }] });
    const state = join(dir, 'state.json');
    const first = await startCli(['--seed', seed, '--ids', 'deterministic', '--state', state]);
    const apps = (await (await fetch(`${first.url}/api/v1/apps`, { headers: auth })).json()) as Array<{ id: string }>;
    expect(apps.map((a: { id: string }) => a.id)).toEqual(['0oa00000000000000002']);
    const created = await fetch(`${first.url}/api/v1/apps`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ ...bookmark, label: 'Second' }) });
    expect(created.status).toBe(200);
    const before = await (await fetch(`${first.url}/__appset/snapshot`)).json();
    expect(await first.stop()).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual(before);

    const second = await startCli(['--seed', seed, '--ids', 'deterministic', '--state', state]);
    expect(await (await fetch(`${second.url}/__appset/snapshot`)).json()).toEqual(before);
    expect(await second.stop()).toBe(0);
  });

  it('--state is written on SIGINT too, owner-only, with no temporary file left, replacing a link at the path instead of writing through it', async () => {
    const sub = mkdtempSync(join(dir, 'state-'));
    const victim = join(sub, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const state = join(sub, 'state.json');
    const cli = await startCli(['--state', state, '--ids', 'deterministic']);
    // Planted while the server runs, at the path and at a temporary name it could be expected to
    // use: what it writes on stopping must go through neither link.
    symlinkSync(victim, state);
    const guessed = `.state.json.${cli.child.pid}.tmp`;
    symlinkSync(victim, join(sub, guessed));
    await fetch(`${cli.url}/__appset/seed`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apps: [bookmark] }) });
    const before = await (await fetch(`${cli.url}/__appset/snapshot`)).json();
    expect(await cli.stop('SIGINT')).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
    expect(lstatSync(state).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(state, 'utf8'))).toEqual(before);
    expect(statSync(state).mode & 0o777).toBe(0o600);
    expect(readdirSync(sub).sort()).toEqual([guessed, 'state.json', 'victim.txt']);
  });

  it('warns on stderr when the plane is served beyond loopback, and not on loopback', async () => {
    // 192.0.2.1 (TEST-NET-1) is no address of this machine: the warning comes before the bind,
    // which then fails, so no test server ever listens beyond loopback.
    const wide = await startCli(['--host', '192.0.2.1']).catch((error: { stderr: string }) => error);
    expect((wide as { stderr: string }).stderr).toContain(controlExposureWarning('192.0.2.1'));
    const narrow = await startCli([]);
    expect(narrow.errors()).not.toContain('warning: the control plane');
    expect(await narrow.stop()).toBe(0);
  });

  it('--control off leaves /__appset/ to Okta’s 404', async () => {
    const cli = await startCli(['--control', 'off']);
    const answer = await fetch(`${cli.url}/__appset/health`, { headers: auth });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { errorCode: string }).errorCode).toBe('E0000007');
    await cli.stop();
  });

  it('--rate-limits FILE enforces the numbers per bucket', async () => {
    const cli = await startCli(['--rate-limits', file('limits.json', { apps: 1 })]);
    expect((await fetch(`${cli.url}/api/v1/apps`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${cli.url}/api/v1/apps`, { headers: auth })).status).toBe(429);
    await cli.stop();
  });

  it('--answers-as-of plays an organization of that day: a SAML app\'s empty defaultRelayState stays "" before April 2026', async () => {
    const cli = await startCli(['--answers-as-of', '2026-03-01']);
    const saml = { signOnMode: 'SAML_2_0', label: 'Reports', settings: { signOn: { ssoAcsUrl: 'https://reports.example.com/acs', audience: 'https://reports.example.com', defaultRelayState: '' } } };
    const created = await fetch(`${cli.url}/api/v1/apps`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(saml) });
    expect(created.status).toBe(200);
    expect(((await created.json()) as { settings: { signOn: { defaultRelayState: unknown } } }).settings.signOn.defaultRelayState).toBe('');
    await cli.stop();
  });

  it('refuses an --answers-as-of that is not a day, with exit code 2 and the form to write', async () => {
    const failure = await startCli(['--answers-as-of', 'March 2026']).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('--answers-as-of "March 2026" is not a date; write it YYYY-MM-DD, e.g. 2026-03-01');
  });

  it.each([
    ['a seed file with a bad member', ['--seed', 'bad-seed.json'], { users: [{ name: 'x' }] }, /^appset-mock: seed field users\[0\]\.login: /m],
    ['a rate-limit file with an unknown bucket', ['--rate-limits', 'bad-limits.json'], { robots: 3 }, /rate limits field robots: Unknown member/],
    ['a state file that is not a snapshot', ['--state', 'bad-state.json'], { version: 9 }, /^appset-mock: snapshot field /m],
  ])('refuses %s with exit code 2 and a message naming the field', async (_, args, content, message) => {
    file(args[1]!, content);
    const failure = await startCli([args[0]!, join(dir, args[1]!)]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(message);
  });
});

describe('the exposure warning', () => {
  it('treats only loopback hosts as private', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.1.2.3'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '::', '192.168.1.5'].map(isLoopback)).toEqual([false, false, false]);
    expect(controlExposureWarning('0.0.0.0')).toMatch(/listens on 0\.0\.0\.0: anyone who can reach it .* Use --control off, or --host 127\.0\.0\.1\.$/);
  });
});
