import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { runCli, startCli, type CliProcess } from './cli-process';

async function output(args: string[]) {
  const cli = runCli(args);
  const exit = await cli.exited;
  // Complete lines only: a line counts once its newline was written.
  return { exit, stdout: cli.stdout.join('\n'), stderr: cli.stderr() };
}

describe('appset-mock --version and --help', () => {
  it.each([['--version'], ['-v']])('prints the package version for %s and exits 0', async (flag) => {
    const { exit, stdout, stderr } = await output([flag]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stdout).toBe(packageJson.version);
    expect(stderr).toBe('');
  });

  it('prints the usage with every flag for -h and exits 0', async () => {
    const { exit, stdout } = await output(['-h']);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(stdout.split('\n')[0]).toBe('Usage: appset-mock [options]');
    for (const flag of ['--port <n>', '--host', '--token', '--org-url', '--seed', '--rate-limits', '--cors-origin <origin>', '-v, --version', '-h, --help']) {
      expect(stdout).toContain(flag);
    }
  });
});

describe('appset-mock checking its flags', () => {
  it.each(['-1', '65536', '4010.5'])('refuses --port %s, saying the range, and exits 2', async (port) => {
    const { exit, stderr } = await output([`--port=${port}`]);
    expect(exit).toEqual({ code: 2, signal: null });
    expect(stderr).toBe(
      `appset-mock: --port must be a whole number from 0 to 65535 (got "${port}"), e.g. --port 4010, or --port 0 for a free port.\n`,
    );
  });

  it.each([
    ['--seed', '/dev/zero'],
    ['--state', '/dev/zero'],
    ['--rate-limits', '/dev/null'],
    ['--seed', '/tmp'],
  ])('refuses %s %s, which is not a regular file, at once and exits 2', async (flag, path) => {
    // /dev/zero never ends: read whole, it filled memory until the process was killed.
    const { exit, stderr } = await output([flag, path, '--port', '0']);
    expect(exit).toEqual({ code: 2, signal: null });
    expect(stderr).toBe(`appset-mock: ${flag} ${path}: not a regular file; give the path of a JSON file.\n`);
  });

  it('refuses a --cors-origin that is not an origin, showing the origin to give', async () => {
    const { exit, stderr } = await output(['--cors-origin', 'http://localhost:5173,https://app.example.com/login']);
    expect(exit).toEqual({ code: 2, signal: null });
    expect(stderr).toBe(
      'appset-mock: --cors-origin takes origins as browsers send them, scheme://host[:port] (got "https://app.example.com/login"), e.g. --cors-origin https://app.example.com.\n',
    );
  });
});

describe('appset-mock --cors-origin, repeated and as a comma list', () => {
  let started: { cli: CliProcess; url: string };
  beforeAll(async () => {
    started = await startCli(['--port', '0', '--cors-origin', 'http://127.0.0.1:5173,http://localhost:5173', '--cors-origin', 'https://app.example.com']);
  });
  afterAll(() => started?.cli.stop());

  it('says which pages may call it', async () => {
    await started.cli.waitForLine(/^cors: /);
    expect(started.cli.stdout).toContain('cors: web pages on http://127.0.0.1:5173, http://localhost:5173, https://app.example.com may call this server');
  });

  it.each(['http://localhost:5173', 'https://app.example.com'])('answers a preflight from %s', async (origin) => {
    const response = await fetch(`${started.url}/api/v1/apps`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it('refuses a preflight from any other origin and logs the refusal with its code', async () => {
    const response = await fetch(`${started.url}/api/v1/apps?probe=cors`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(403);
    const line = await started.cli.waitForLine(/ OPTIONS \/api\/v1\/apps\?probe=cors /);
    expect(line).toMatch(/ 403 \d+\.\dms id=\w{20} error=cors_origin_not_allowed$/);
  });
});
