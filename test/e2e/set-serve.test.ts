import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/index';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { cliBundle } from '../support/cli-bundles';
import { appsetSet } from './set-cli-process';
import { firstMatch, goneWithin, killLeftover, npx, projectWithBin } from './starter-chain';

// `appset-set serve`: a provider's discovery on a local port, registered at appset-mock by its
// well-known URL, and a token signed with the same key file accepted; and it stops with its starter.
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SERVED = /^appset-set serve listening on (http:\S+)\nwell_known_url: (\S+) .*\nissuer: (\S+) .*\njwks_uri: (\S+) .*\npid: (\d+) /m;

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let dir: string;
let keyFile: string;
let jwks: { keys: Array<Record<string, unknown>> };
const backend = createMockBackend();
let organization: RunningServer;
let serving: ChildProcess;
let served: { url: string; wellKnown: string; issuer: string; jwksUri: string; pid: number };
const started: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'appset-set-serve-'));
  keyFile = join(dir, 'provider-key.pem');
  const made = await appsetSet(['keygen', '--out', keyFile]);
  jwks = JSON.parse(made.stdout);
  organization = await listen(backend, { host: '127.0.0.1', port: 0 });
  serving = spawn(process.execPath, [cliBundle('appset-set'), 'serve', '--key', keyFile], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const [, url, wellKnown, issuer, jwksUri, pid] = await firstMatch(serving, SERVED);
  served = { url: url!, wellKnown: wellKnown!, issuer: issuer!, jwksUri: jwksUri!, pid: Number(pid) };
  started.push(served.pid);
});

afterAll(async () => {
  started.forEach(killLeftover);
  await organization.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('appset-set serve', () => {
  it('prints a key file’s kid with every control character escaped: no terminal escape, no forged line', async () => {
    const kid = 'evil\u001b[31mRED\u001b]0;title\u0007\nfake: line\u009b2J';
    const evilFile = join(dir, 'evil-kid.json');
    writeFileSync(evilFile, JSON.stringify({ keys: [{ ...jwks.keys[0], kid }] }));
    const child = spawn(process.execPath, [cliBundle('appset-set'), 'serve', '--key', evilFile], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) started.push(child.pid);
    try {
      const [printed] = await firstMatch(child, /appset-set serve listening on [\s\S]*?\npid: \d+ [^\n]*\n/);
      expect(printed).toMatch(/\njwks_uri: http:\S+\/jwks\.json {2}\(kid evil\\u001b\[31mRED\\u001b\]0;title\\u0007\\u000afake: line\\u009b2J\)\npid: /);
      expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('serves on 127.0.0.1 a configuration whose issuer is the served URL, and the public key set', async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(served).toMatchObject({ wellKnown: `${served.url}/.well-known/ssf-configuration`, issuer: served.url, jwksUri: `${served.url}/jwks.json` });
    const configuration = await (await fetch(served.wellKnown)).json();
    expect(configuration).toEqual({ spec_version: '1_0', issuer: served.url, jwks_uri: `${served.url}/jwks.json`, delivery_methods_supported: ['urn:ietf:rfc:8935'] });
    const keys = await (await fetch(`${served.url}/jwks.json`)).json();
    // What `appset-set jwks` prints for the same file: public members only.
    expect(keys).toEqual(jwks);
    expect(JSON.stringify(keys)).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
  });

  it('is registered at appset-mock by its well-known URL, and a token signed with the key file is accepted', async () => {
    const admin = createClient({ orgUrl: organization.url, token: backend.defaultToken });
    const provider = await admin.securityEventsProviders.create({ name: 'Risk Engine (local)', type: 'okta', settings: { well_known_url: served.wellKnown } });
    expect(provider.settings).toEqual({ issuer: served.issuer, jwks_url: served.jwksUri, well_known_url: served.wellKnown });
    backend.directory.addUser({ login: 'ada@example.com' });

    const signed = await appsetSet([
      'sign', '--key', keyFile, '--issuer', served.issuer, '--audience', organization.url,
      '--event', 'user-risk-change', '--user', 'ada@example.com', '--field', 'current_level=high', '--field', 'previous_level=low', '--jti', 'serve-0001',
    ]);
    expect({ code: signed.code, stderr: signed.stderr }).toEqual({ code: 0, stderr: '' });
    const published = await appsetSet(['publish', '--org-url', organization.url], signed.stdout);
    expect(published).toEqual({ code: 0, stdout: 'accepted jti serve-0001 (202, 1 attempt)\n', stderr: '' });
    expect(backend.signals.user('ada@example.com')?.riskLevel).toBe('high');
  });

  it('is listed in appset-set --help, and its --help names its flags', async () => {
    expect((await appsetSet(['--help'])).stdout).toMatch(/^ {2}serve {3,}serve the public key set and SSF configuration on a local port, for tests$/m);
    const help = await appsetSet(['serve', '--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--key FILE', '--port N', '--host ADDRESS', '--issuer URL', '--no-parent-watch']) expect(help.stdout).toContain(flag);
  });

  it('refuses another interface without an https --issuer, saying why', async () => {
    const ran = await appsetSet(['serve', '--key', keyFile, '--host', '0.0.0.0']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      'appset-set serve: --host 0.0.0.0 is reached over http, which only this machine may use as an issuer; give --issuer https://… (your TLS proxy\'s URL) with it.\n',
    );
  });

  it('stops on SIGTERM, saying so on stdout as appset-mock does, and exits 0', async () => {
    let printed = '';
    serving.stdout!.on('data', (chunk: string) => (printed += chunk));
    const ended = new Promise<number | null>((resolve) => serving.on('close', (code) => resolve(code)));
    serving.kill('SIGTERM');
    expect(await ended).toBe(0);
    expect(printed).toBe('appset-set serve stopped\n');
    expect(await goneWithin(served.pid)).toBe(true);
  });

  it('started through npx, is gone within 2 s of the npx process being sent SIGTERM', async () => {
    const project = projectWithBin('appset-set');
    try {
      const starter = npx(project.dir, ['appset-set', 'serve', '--key', keyFile]);
      const pid = Number((await firstMatch(starter, SERVED))[5]);
      started.push(pid);
      starter.kill('SIGTERM');
      expect(await goneWithin(pid)).toBe(true);
    } finally {
      project.remove();
    }
  });
});
