import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import packageJson from '../../package.json';
import { createMockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';
import { appsetSet, type Ran } from './set-cli-process';

const ISSUER = 'https://risk.example.com';

// Each test starts the command one to three times, and a loaded machine takes seconds per start.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let dir: string;
const backend = createMockBackend();
let server: RunningServer;
/** The key every test signs with, made once by `keygen`, and what `keygen` printed. */
let keyFile: string;
let jwksFile: string;
let keygen: Ran;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'appset-set-cli-'));
  server = await listen(backend, { host: '127.0.0.1', port: 0 });
  keyFile = join(dir, 'provider-key.pem');
  jwksFile = join(dir, 'jwks.json');
  keygen = await appsetSet(['keygen', '--out', keyFile]);
  writeFileSync(jwksFile, keygen.stdout);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('appset-set keygen → sign → publish → verify', () => {
  let token: string;

  it('keygen writes a PKCS #8 private key readable by its owner only, and prints the public key set', () => {
    expect(keygen.code).toBe(0);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const jwks = JSON.parse(keygen.stdout);
    expect(jwks.keys).toHaveLength(1);
    expect(Object.keys(jwks.keys[0])).toEqual(['kty', 'n', 'e', 'kid', 'alg', 'use']);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keygen.stderr).toBe(
      `private key written to ${keyFile} (mode 0600); publish the key set above at your jwks_uri, and sign with: appset-set sign --key ${keyFile} …\n`,
    );
  });

  it('keygen never prints the private key', () => {
    expect(`${keygen.stdout}${keygen.stderr}`).not.toContain('PRIVATE KEY');
    expect(keygen.stdout).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
  });

  it('jwks prints the same key set from the key file', async () => {
    const ran = await appsetSet(['jwks', '--key', keyFile]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(keygen.stdout));
  });

  it('jwks reads a public key PEM too, and gives it the same kid', async () => {
    const { createPrivateKey, createPublicKey } = await import('node:crypto');
    const publicPem = createPublicKey(createPrivateKey(readFileSync(keyFile, 'utf8'))).export({ format: 'pem', type: 'spki' }) as string;
    const publicFile = join(dir, 'provider-key.pub.pem');
    writeFileSync(publicFile, publicPem);
    const ran = await appsetSet(['jwks', '--key', publicFile]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(ran.stdout)).toEqual(JSON.parse(keygen.stdout));
  });

  it('jwks prints a key file’s kid with its C1 controls escaped, and the JSON reads back the same', async () => {
    const kid = 'evil\u001b[31mRED\u001b]0;title\u0007\nfake: line\u009b2J\u2028';
    const evilFile = join(dir, 'evil-kid.json');
    writeFileSync(evilFile, JSON.stringify({ keys: [{ ...JSON.parse(keygen.stdout).keys[0], kid }] }));
    const ran = await appsetSet(['jwks', '--key', evilFile]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout).toContain('"kid": "evil\\u001b[31mRED\\u001b]0;title\\u0007\\nfake: line\\u009b2J\\u2028"');
    expect(ran.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(JSON.parse(ran.stdout).keys[0].kid).toBe(kid);
  });

  it('an error quoting a value escapes its control characters: a file name cannot forge a line', async () => {
    const junk = join(dir, 'junk\u001b[2J\nforged\u009b.json');
    writeFileSync(junk, 'not a key');
    const ran = await appsetSet(['jwks', '--key', junk]);
    expect(ran).toEqual({
      code: 2,
      stdout: '',
      stderr: `appset-set jwks: --key ${join(dir, 'junk\\u001b[2J\\u000aforged\\u009b.json')}: neither a PEM key nor JSON (a JWK or a JWK Set); give a key file such as appset-set keygen writes.\n`,
    });
  });

  it('sign prints a compact token whose kid is the key set’s', async () => {
    const ran = await appsetSet([
      'sign',
      '--key', keyFile,
      '--issuer', ISSUER,
      '--audience', server.url,
      '--event', 'user-risk-change',
      '--user', 'ada@example.com',
      '--field', 'current_level=high',
      '--field', 'previous_level=low',
      '--jti', 'cli-0001',
    ]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    token = ran.stdout.trim();
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'RS256', kid: JSON.parse(keygen.stdout).keys[0].kid, typ: 'secevent+jwt' });
  });

  it('publish pushes it to the organization, which acts on it; the token itself is not printed', async () => {
    backend.providers.register({ issuer: ISSUER, jwks: JSON.parse(keygen.stdout) });
    backend.directory.addUser({ login: 'ada@example.com' });
    const ran = await appsetSet(['publish', '--org-url', server.url], `${token}\n`);
    expect(ran).toEqual({ code: 0, stdout: 'accepted jti cli-0001 (202, 1 attempt)\n', stderr: '' });
    expect(backend.signals.user('ada@example.com')?.riskLevel).toBe('high');
  });

  it('verify checks it against the key set file and prints its header and claims', async () => {
    const ran = await appsetSet(['verify', '--jwks', jwksFile, '--audience', server.url, '--issuer', ISSUER, token]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    const printed = JSON.parse(ran.stdout);
    expect(printed.claims).toMatchObject({ iss: ISSUER, aud: server.url, jti: 'cli-0001' });
    expect(printed.header.typ).toBe('secevent+jwt');
  });

  it('verify fetches the key set from a URL given', async () => {
    const keys = JSON.parse(keygen.stdout);
    // The provider's own key set, served as a provider serves it.
    const http = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keys)));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(http.address() as { port: number }).port}/jwks.json`;
      const ran = await appsetSet(['verify', '--jwks', url, '--audience', server.url, token]);
      expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('publish retries a 503, saying so, and the token is acted on once', async () => {
    const signed = await appsetSet(['sign', '--key', keyFile, '--issuer', ISSUER, '--audience', server.url, '--event', 'session-revoked', '--user', 'ada@example.com', '--jti', 'cli-0002']);
    backend.faults.add({ method: 'POST', path: '/security/api/v1/security-events', status: 503 });
    const ran = await appsetSet(['publish', '--org-url', server.url, signed.stdout.trim()]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe('accepted jti cli-0002 (202, 2 attempts)\n');
    expect(ran.stderr).toMatch(/^retrying jti cli-0002 in \d+\.\d s after 503\n$/);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });
});

describe('appset-set refusals', () => {
  it('verify refuses a token whose signature does not verify, with RFC 8935’s err, exit 1', async () => {
    const signed = await appsetSet(['sign', '--key', keyFile, '--issuer', ISSUER, '--audience', 'https://example.okta.com', '--event', 'session-revoked', '--user', 'ada@example.com']);
    const [h, p, s] = signed.stdout.trim().split('.');
    const tampered = `${h}.${p}.${s!.slice(0, 20)}${s![20] === 'A' ? 'B' : 'A'}${s!.slice(21)}`;
    const ran = await appsetSet(['verify', '--jwks', jwksFile, '--audience', 'https://example.okta.com'], tampered);
    expect(ran).toEqual({
      code: 1,
      stdout: '',
      stderr: `appset-set verify: refused: authentication_failed: The security event token signature does not verify with the key '${JSON.parse(keygen.stdout).keys[0].kid}'\n`,
    });
  });

  it('publish prints the receiver’s refusal and exits 1', async () => {
    const signed = await appsetSet(['sign', '--key', keyFile, '--issuer', 'https://nobody.example.com', '--audience', server.url, '--event', 'session-revoked', '--user', 'ada@example.com', '--jti', 'cli-x']);
    const ran = await appsetSet(['publish', '--org-url', server.url, signed.stdout.trim()]);
    expect(ran).toEqual({
      code: 1,
      stdout: '',
      stderr: "refused jti cli-x: invalid_issuer: No active security events provider is registered with the issuer 'https://nobody.example.com'\n",
    });
  });

  it('keygen requires --out, saying what it is for', async () => {
    expect(await appsetSet(['keygen'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'appset-set keygen: --out is required: where to write the private key, e.g. --out provider-key.pem.\n',
    });
  });

  it('keygen keeps an existing file unless --force', async () => {
    const existing = join(dir, 'existing.pem');
    writeFileSync(existing, 'keep me');
    expect(await appsetSet(['keygen', '--out', existing])).toEqual({
      code: 2,
      stdout: '',
      stderr: `appset-set keygen: --out ${existing}: the file exists; give another path, or --force to replace it.\n`,
    });
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
  });

  it('sign refuses a PKCS #1 key with the command that converts it, never quoting the key', async () => {
    const pkcs1 = join(dir, 'pkcs1.pem');
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs1' }) as string;
    writeFileSync(pkcs1, pem);
    const ran = await appsetSet(['sign', '--key', pkcs1, '--issuer', ISSUER, '--audience', 'https://example.okta.com', '--event', 'session-revoked', '--user', 'a@example.com']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      "appset-set sign: Cannot make the public key set. Fix these fields and try again: key: A 'RSA PRIVATE KEY' PEM is not accepted; convert it to PKCS #8 ('BEGIN PRIVATE KEY') with: openssl pkcs8 -topk8 -nocrypt -in key.pem\n",
    );
    expect(ran.stderr).not.toContain(pem.split('\n')[1]!);
  });

  it('sign never quotes a key file that is not a key', async () => {
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"d": "secret-private-member"');
    const ran = await appsetSet(['sign', '--key', junk, '--issuer', ISSUER, '--audience', 'https://example.okta.com', '--event', 'session-revoked', '--user', 'a@example.com']);
    expect(ran).toEqual({
      code: 2,
      stdout: '',
      stderr: `appset-set sign: --key ${junk}: neither a PEM key nor JSON (a JWK or a JWK Set); give a key file such as appset-set keygen writes.\n`,
    });
  });

  it('sign asks for a subject, naming the flags that give one', async () => {
    const ran = await appsetSet(['sign', '--key', keyFile, '--issuer', ISSUER, '--audience', 'https://example.okta.com', '--event', 'session-revoked']);
    expect(ran.stderr).toBe(
      "appset-set sign: give the event's subject: --user EMAIL (the user Okta acts on, by sign-in email), --device ID, or --subject JSON.\n",
    );
    expect(ran.code).toBe(2);
  });

  it('sign names the event types when --event is none of them', async () => {
    const ran = await appsetSet(['sign', '--key', keyFile, '--issuer', ISSUER, '--audience', 'https://example.okta.com', '--event', 'risk', '--user', 'a@example.com']);
    expect(ran.stderr).toBe(
      'appset-set sign: --event must be one of device-risk-change, user-risk-change, ip-change, device-compliance-change, session-revoked, identifier-changed, or an event type URI (got "risk").\n',
    );
  });

  it('sign names each bad event member, as the event builders do', async () => {
    const ran = await appsetSet([
      'sign', '--key', keyFile, '--issuer', ISSUER, '--audience', 'https://example.okta.com',
      '--event', 'user-risk-change', '--user', 'a@example.com', '--field', 'current_level=severe',
    ]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^appset-set sign: Cannot build the userRiskChange event \(https:\/\/schemas\.okta\.com\/secevent\/okta\/event-type\/user-risk-change\)\. Fix these fields and try again: current_level: Not one of the allowed values/);
  });

  it('publish escapes the control characters of a jti it prints (no terminal escapes, no forged lines)', async () => {
    const jti = 'cli-\u001b[2J\nforged\u0007';
    const signed = await appsetSet(['sign', '--key', keyFile, '--issuer', 'https://nobody.example.com', '--audience', server.url, '--event', 'session-revoked', '--user', 'ada@example.com', '--jti', jti]);
    expect(signed.code).toBe(0);
    const ran = await appsetSet(['publish', '--org-url', server.url, signed.stdout.trim()]);
    expect(ran).toEqual({
      code: 1,
      stdout: '',
      stderr: "refused jti cli-\\u001b[2J\\u000aforged\\u0007: invalid_issuer: No active security events provider is registered with the issuer 'https://nobody.example.com'\n",
    });
  });

  it('verify prints a claim’s C1 controls and DEL escaped, as JSON escapes ESC, and the JSON reads back the same', async () => {
    const jti = 'cli-\u009b2J\u007f\u2028end';
    const signed = await appsetSet(['sign', '--key', keyFile, '--issuer', ISSUER, '--audience', server.url, '--event', 'session-revoked', '--user', 'ada@example.com', '--jti', jti]);
    const ran = await appsetSet(['verify', '--jwks', jwksFile, '--audience', server.url, signed.stdout.trim()]);
    expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ran.stdout).toContain('"jti": "cli-\\u009b2J\\u007f\\u2028end"');
    expect(ran.stdout).not.toMatch(/[\u007f-\u009f\u2028]/);
    expect(JSON.parse(ran.stdout).claims.jti).toBe(jti);
  });

  it('publish refuses something that is not a token before sending anything, without quoting it', async () => {
    const before = backend.journal.list().length;
    const ran = await appsetSet(['publish', '--org-url', server.url, 'not-a-token']);
    expect(ran).toEqual({
      code: 2,
      stdout: '',
      stderr: 'appset-set publish: token 1 of 1: Must be a signed compact JWS (header.payload.signature, in base64url) of at most 65536 bytes; give what appset-set sign prints.\n',
    });
    expect(backend.journal.list().length).toBe(before);
  });

  it('publish refuses an http organization off this machine', async () => {
    const ran = await appsetSet(['publish', '--org-url', 'http://example.okta.com', 'a.b.c']);
    expect(ran).toEqual({
      code: 2,
      stdout: '',
      stderr: 'appset-set publish: Cannot create the publisher. Fix these fields and try again: orgUrl: Must use https (http only for this machine: localhost, 127.0.0.0/8, [::1])\n',
    });
  });

  it('verify fetches nothing unless --jwks is a URL: a missing file is named', async () => {
    const ran = await appsetSet(['verify', '--jwks', 'jwks.example.com', '--audience', 'https://example.okta.com', 'a.b.c']);
    expect(ran).toEqual({ code: 2, stdout: '', stderr: 'appset-set verify: --jwks jwks.example.com: no such file; give the path of a file.\n' });
  });

  it('an unknown command names the commands, exit 2', async () => {
    expect(await appsetSet(['sing'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'appset-set: unknown command "sing"; the commands are keygen, jwks, sign, publish, verify, serve (appset-set --help).\n',
    });
  });

  it('an unknown option names the command’s help', async () => {
    expect(await appsetSet(['jwks', '--keys', 'x'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'appset-set jwks: unknown option --keys; run appset-set jwks --help to see its options.\n',
    });
  });
});

describe('appset-set --help and --version', () => {
  it('lists the commands', async () => {
    const ran = await appsetSet(['--help']);
    expect(ran.code).toBe(0);
    expect(ran.stdout.split('\n')[0]).toBe('Usage: appset-set <command> [options]');
    for (const command of ['keygen', 'jwks', 'sign', 'publish', 'verify']) expect(ran.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
  });

  it('explains each command with its usage line and options', async () => {
    const commands = ['keygen', 'jwks', 'sign', 'publish', 'verify'];
    const helps = await Promise.all(commands.map((command) => appsetSet([command, '--help'])));
    helps.forEach((ran, i) => {
      expect(ran.code).toBe(0);
      expect(ran.stdout.split('\n')[0]).toMatch(new RegExp(`^Usage: appset-set ${commands[i]} \\[options\\]`));
      expect(ran.stdout).toContain('\nOptions:\n');
      expect(ran.stdout).toContain('  --help ');
    });
  });

  it('prints the version', async () => {
    expect(await appsetSet(['--version'])).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: '' });
  });
});
