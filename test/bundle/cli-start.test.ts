import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, root } from './built';

// The built `appset-mock` starts without loading any package from node_modules: zod is bundled into
// it (without the locales it never uses) and jose, PKI.js and the rest load with the first request
// that needs them. A resolve hook in the server's process reports every package module it resolves.
beforeAll(assertBuilt);

const REPORT_PACKAGES = `data:text/javascript,${encodeURIComponent(`
  import { register } from 'node:module';
  register('data:text/javascript,' + encodeURIComponent(
    'export async function resolve(specifier, context, next) {'
    + ' const resolved = await next(specifier, context);'
    + " const at = resolved.url.indexOf('/node_modules/');"
    + " if (at >= 0) process.stderr.write('package module ' + resolved.url.slice(at + 14) + '\\\\n');"
    + ' return resolved; }'));
`)}`;

/** Runs `script` with the hook; resolves with what it printed on stderr, once `until` is printed on stdout (then stops it). */
function run(args: string[], until: RegExp, whenReady: (stdout: string) => Promise<void> = async () => {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', REPORT_PACKAGES, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr, ready] = ['', '', false];
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (ready || !until.test(stdout)) return;
      ready = true;
      whenReady(stdout).then(() => child.kill('SIGTERM'), (error) => { child.kill('SIGKILL'); reject(error); });
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(stderr);
    });
  });
}

describe('the built appset-mock command', () => {
  it('starts and answers an app list with no package module loaded; the library entry, with the same hook, loads zod', async () => {
    let status = 0;
    const served = await run([join(root, 'dist/appset-mock/cli.js'), '--port', '0', '--token', 'cli-start', '--no-parent-watch'], /listening on http:\/\/127\.0\.0\.1:\d+/, async (stdout) => {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
      status = (await fetch(`${url}/api/v1/apps?limit=20`, { headers: { authorization: 'SSWS cli-start' } })).status;
    });
    expect(status).toBe(200);
    expect(served.split('\n').filter((line) => line.startsWith('package module '))).toEqual([]);
    // The hook is not blind: the library entry point resolves zod from node_modules.
    const library = await run(['--input-type=module', '-e', `await import(${JSON.stringify(join(root, 'dist/mock-server/index.js'))}); console.log('imported');`], /imported/);
    expect(library).toMatch(/^package module zod\//m);
  });
});
