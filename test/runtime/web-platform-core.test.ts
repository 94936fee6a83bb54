import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles an entry for a browser: esbuild refuses to resolve any Node built-in on this platform. */
async function bundleForBrowser(entry: string, format: 'esm' | 'iife' = 'esm') {
  const result = await build({
    entryPoints: [`${root}${entry}`],
    bundle: true,
    write: false,
    format,
    globalName: 'appsetMock',
    platform: 'browser',
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
}

/** The web platform's globals, taken from Node: what a browser or an edge runtime also has. */
const WEB_GLOBALS = [
  'URL', 'URLSearchParams', 'Headers', 'Request', 'Response', 'FormData', 'Blob', 'File', 'fetch',
  'TextEncoder', 'TextDecoder', 'crypto', 'CryptoKey', 'AbortController', 'AbortSignal', 'Event', 'EventTarget',
  'DOMException', 'ReadableStream', 'WritableStream', 'TransformStream', 'structuredClone', 'atob', 'btoa',
  'setTimeout', 'clearTimeout', 'queueMicrotask', 'performance', 'console',
] as const;

describe('the backend core (appset/mock-server)', () => {
  it('bundles for the browser with no Node built-in and no msw', async () => {
    const { code, inputs } = await bundleForBrowser('mock-server/index.ts');
    expect(inputs.filter((path) => path.startsWith('node:') || /(^|\/)node_modules\/msw\//.test(path))).toEqual([]);
    // esbuild heads each input's code with a `// path` comment: the code is checked input by input.
    const sections = code.split(/^\/\/ (?=\S+\.[cm]?[jt]s$)/m);
    const using = sections.filter((section) => /(?<![.\w$])(Buffer|process)\./.test(section));
    // Only PKI.js and its pvtsutils mention them, each behind a `typeof` test that settles it in a browser.
    expect(using.map((section) => section.slice(0, section.indexOf('\n')).replace(/^.*node_modules\/([^/]+)\/.*$/, '$1')).sort()).toEqual(['pkijs', 'pvtsutils']);
    for (const section of using) expect(section).toMatch(/typeof (process|atob|btoa) !== "undefined"/);
  });

  it('runs with the web platform globals alone: no Buffer, no process, no require', async () => {
    const { code } = await bundleForBrowser('mock-server/index.ts', 'iife');
    const globals: Record<string, unknown> = {};
    for (const name of WEB_GLOBALS) globals[name] = (globalThis as Record<string, unknown>)[name];
    // Web Crypto here is Node's, of the test's realm, which takes binary data of its own realm only:
    // the script builds its buffers with this realm's constructors, as a page does with its one realm.
    for (const name of ['ArrayBuffer', 'Uint8Array', 'DataView'] as const) globals[name] = globalThis[name];
    const context = createContext(globals);
    // A script run in a fresh context: only what is listed above (and the language) exists there.
    const script = `${code}
      (async () => {
      const backend = appsetMock.createMockBackend({ seed: 'demo', orgUrl: 'https://acme.okta.test' });
      const headers = { authorization: 'SSWS ' + backend.defaultToken };
      const page = await backend.fetch(new Request('https://acme.okta.test/api/v1/apps?limit=5', { headers }));
      const created = await backend.fetch(new Request('https://acme.okta.test/api/v1/apps', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }),
      }));
      // A SAML app's key: an RSA key pair and an X.509 certificate made with Web Crypto and PKI.js.
      const saml = backend.apps.list().find((app) => app.signOnMode === 'SAML_2_0' && app.name === 'google');
      const keys = await backend.fetch(new Request('https://acme.okta.test/api/v1/apps/' + saml.id + '/credentials/keys', { headers }));
      const metadata = await backend.fetch(new Request('https://acme.okta.test/api/v1/apps/' + saml.id + '/sso/saml/metadata', { headers }));
      globalThis.result = {
        hasBuffer: typeof Buffer !== 'undefined',
        hasProcess: typeof process !== 'undefined',
        pageStatus: page.status,
        pageLength: (await page.json()).length,
        link: page.headers.get('link'),
        createdStatus: created.status,
        createdId: (await created.json()).id,
        size: backend.apps.size,
        keysAnswer: keys.status === 200 ? null : await keys.clone().text(),
        keys: keys.status === 200 ? (await keys.json()).map((key) => ({ kid: key.kid, certificate: key.x5c[0].slice(0, 4) })) : [],
        signingKid: saml.credentials.signing.kid,
        metadata: (await metadata.text()).slice(0, 58),
      };
      })()`;
    await (runInContext(script, context) as Promise<void>);
    const result = (context as { result: Record<string, unknown> }).result;
    expect(result).toMatchObject({ hasBuffer: false, hasProcess: false, pageStatus: 200, pageLength: 5, createdStatus: 200, size: 13 });
    expect(result.link).toContain('<https://acme.okta.test/api/v1/apps?limit=5>; rel="self"');
    expect(result.createdId).toMatch(/^0oa\w{17}$/);
    expect(result.keysAnswer).toBe(null);
    expect((result.keys as Array<{ kid: string }>).map((key) => key.kid)).toContain(result.signingKid);
    expect(result.keys).toContainEqual({ kid: result.signingKid, certificate: 'MIID' });
    expect(result.metadata).toBe('<?xml version="1.0" encoding="UTF-8"?><md:EntityDescriptor');
  });

  it('restores a snapshot holding a CSR over the control plane before anything has loaded PKI.js', async () => {
    const { credentialBackend, samlApp } = await import('../mock-server/apps/credentials/helpers');
    const source = credentialBackend();
    const appId = (await source.call('POST', '/api/v1/apps', { json: samlApp() })).body.id;
    const csr = (await source.call('POST', `/api/v1/apps/${appId}/credentials/csrs`, { json: { subject: { commonName: 'SP' } } })).body;
    const { code } = await bundleForBrowser('mock-server/index.ts', 'iife');
    const globals: Record<string, unknown> = { snapshotText: JSON.stringify(source.backend.snapshot()), csrPath: `/api/v1/apps/${appId}/credentials/csrs/${csr.id}` };
    for (const name of WEB_GLOBALS) globals[name] = (globalThis as Record<string, unknown>)[name];
    for (const name of ['ArrayBuffer', 'Uint8Array', 'DataView'] as const) globals[name] = globalThis[name];
    const context = createContext(globals);
    const script = `${code}
      (async () => {
        const backend = appsetMock.createMockBackend({ orgUrl: 'https://acme.okta.test' });
        const restored = await backend.fetch(new Request('https://acme.okta.test/__appset/snapshot', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: snapshotText }));
        const read = await backend.fetch(new Request('https://acme.okta.test' + csrPath, { headers: { authorization: 'SSWS ' + backend.defaultToken } }));
        globalThis.result = { restored: restored.status, restoredBody: await restored.text(), read: read.status, csr: read.status === 200 ? await read.json() : null };
      })()`;
    await (runInContext(script, context) as Promise<void>);
    expect((context as { result: Record<string, unknown> }).result).toEqual({ restored: 204, restoredBody: '', read: 200, csr });
  });

  it('bundles the msw handlers and the client for the browser too', async () => {
    for (const entry of ['mock-server/msw/index.ts', 'src/index.ts', 'src/set/index.ts']) {
      const { inputs } = await bundleForBrowser(entry);
      expect(inputs.filter((path) => path.startsWith('node:')), entry).toEqual([]);
    }
  });
});
