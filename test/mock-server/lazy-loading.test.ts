import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialBackend, samlApp } from './apps/credentials/helpers';

// What only some requests need (certificates and CSRs with asn1js and PKI.js) loads when first
// needed, not when the backend is imported. Each check runs in a fresh Node process, where nothing
// has loaded those libraries yet.

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const backendModule = fileURLToPath(new URL('../../mock-server/index.ts', import.meta.url));

/** Runs an ES module script in a fresh Node process (TypeScript through tsx) and returns its stdout, parsed as JSON. */
async function inFreshProcess(script: string, args: string[] = []): Promise<any> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, '--', ...args], {
    cwd: root,
    timeout: 60_000,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

/** Which of asn1js and PKI.js Node has loaded so far (their CommonJS builds, as Node loads them). */
const loadedLibraries = `
  const { createRequire } = await import('node:module');
  const require = createRequire(${JSON.stringify(join(root, 'package.json'))});
  const loaded = (name) => Object.keys(require.cache).some((file) => file.includes('/node_modules/' + name + '/'));
  const libraries = () => ({ asn1js: loaded('asn1js'), pkijs: loaded('pkijs') });
`;

/**
 * Records every module URL Node resolves from here on (jose is ESM-only, so \`require.cache\` cannot
 * see it): a resolve hook on the loader thread posts each URL back; \`resolvedSoFar()\` waits until
 * the posts have arrived.
 */
const resolvedModules = `
  const { register } = await import('node:module');
  const { MessageChannel } = await import('node:worker_threads');
  const { port1, port2 } = new MessageChannel();
  const urls = [];
  port1.on('message', (url) => urls.push(url));
  port1.unref();
  const hook = 'let port; export function initialize(data) { port = data.port; }'
    + ' export async function resolve(specifier, context, next) { const r = await next(specifier, context); port.postMessage(r.url); return r; }';
  register('data:text/javascript,' + encodeURIComponent(hook), { data: { port: port2 }, transferList: [port2] });
  const resolvedSoFar = async () => {
    for (let seen = -1; seen !== urls.length; ) {
      seen = urls.length;
      await new Promise((done) => setTimeout(done, 50));
    }
    return urls;
  };
  const joseLoaded = async () => (await resolvedSoFar()).some((url) => url.includes('/node_modules/jose/'));
`;

describe('loading on first use', () => {
  it('importing the backend and serving an app does not load jose; the first token request does', async () => {
    const out = await inFreshProcess(`
      ${resolvedModules}
      const { createMockBackend } = await import(${JSON.stringify(backendModule)});
      const backend = createMockBackend({ seed: 'demo', orgUrl: 'https://acme.okta.test' });
      const headers = { authorization: 'SSWS ' + backend.defaultToken, accept: 'application/json' };
      const list = await backend.fetch('https://acme.okta.test/api/v1/apps?limit=1', { headers });
      const backendModules = (await resolvedSoFar()).some((url) => url.includes('/mock-server/'));
      const before = await joseLoaded();
      const token = await backend.fetch('https://acme.okta.test/oauth2/v1/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials&scope=okta.apps.read&client_assertion_type='
          + encodeURIComponent('urn:ietf:params:oauth:client-assertion-type:jwt-bearer') + '&client_assertion=not.a.jwt',
      });
      console.log(JSON.stringify({ list: list.status, backendModules, before, token: token.status, after: await joseLoaded() }));
    `);
    // \`backendModules\` shows the hook sees the backend's own imports, so \`before: false\` is not a blind hook.
    expect(out).toEqual({ list: 200, backendModules: true, before: false, token: 401, after: true });
  });

  it('importing the backend and serving an app loads neither asn1js nor PKI.js; making a CSR loads them', async () => {
    const out = await inFreshProcess(`
      ${loadedLibraries}
      const { createMockBackend } = await import(${JSON.stringify(backendModule)});
      const backend = createMockBackend({ seed: 'demo', orgUrl: 'https://acme.okta.test' });
      const headers = { authorization: 'SSWS ' + backend.defaultToken, accept: 'application/json' };
      const [app] = await (await backend.fetch('https://acme.okta.test/api/v1/apps?limit=1', { headers })).json();
      const got = await backend.fetch('https://acme.okta.test/api/v1/apps/' + app.id, { headers });
      const before = libraries();
      const csr = await backend.fetch('https://acme.okta.test/api/v1/apps/' + app.id + '/credentials/csrs', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ subject: { commonName: 'SP' } }),
      });
      console.log(JSON.stringify({ got: got.status, before, csr: csr.status, after: libraries() }));
    `);
    expect(out).toEqual({ got: 200, before: { asn1js: false, pkijs: false }, csr: 201, after: { asn1js: true, pkijs: true } });
  });

  describe('a snapshot holding a CSR, restored (synchronously) where nothing has loaded PKI.js yet', () => {
    let dir: string;
    let snapshotFile: string;
    let csr: Record<string, unknown>;
    let appId: string;

    beforeAll(async () => {
      const { backend, call } = credentialBackend();
      appId = (await call('POST', '/api/v1/apps', { json: samlApp() })).body.id;
      csr = (await call('POST', `/api/v1/apps/${appId}/credentials/csrs`, { json: { subject: { commonName: 'SP' } } })).body;
      dir = await mkdtemp(join(tmpdir(), 'appset-lazy-'));
      snapshotFile = join(dir, 'snapshot.json');
      await writeFile(snapshotFile, JSON.stringify(backend.snapshot()));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    const restoreScript = (breakCsr: boolean) => `
      ${loadedLibraries}
      const { readFileSync } = await import('node:fs');
      const { createMockBackend } = await import(${JSON.stringify(backendModule)});
      const [file, appId, csrId] = process.argv.slice(-3);
      const snapshot = JSON.parse(readFileSync(file, 'utf8'));
      if (${breakCsr}) snapshot.credentials.csrs[0].csr = 'AAAA';
      const backend = createMockBackend({ orgUrl: 'https://acme.okta.test' });
      const before = libraries();
      let refused = null;
      try {
        backend.restore(snapshot);
      } catch (error) {
        refused = error.constructor.name + ': ' + error.message;
      }
      const headers = { authorization: 'SSWS ' + backend.defaultToken, accept: 'application/json' };
      const read = await backend.fetch('https://acme.okta.test/api/v1/apps/' + appId + '/credentials/csrs/' + csrId, { headers });
      console.log(JSON.stringify({ before, refused, status: read.status, csr: read.status === 200 ? await read.json() : null }));
    `;

    it('is checked and restored: the CSR reads back as it was', async () => {
      const out = await inFreshProcess(restoreScript(false), [snapshotFile, appId, String(csr.id)]);
      expect(out).toEqual({ before: { asn1js: false, pkijs: false }, refused: null, status: 200, csr });
    });

    it('is refused, naming the field, when its CSR is not PKCS #10', async () => {
      const out = await inFreshProcess(restoreScript(true), [snapshotFile, appId, String(csr.id)]);
      expect(out.before).toEqual({ asn1js: false, pkijs: false });
      expect(out.refused).toMatch(/^ControlInputError: snapshot field credentials\.csrs\[0\]\.csr: not a PKCS #10 certification request/);
      expect(out.status).toBe(404);
    });
  });
});
