import { build } from 'esbuild';
import { exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, root } from './built';

// The package's two builds of `appset`: the `browser` export condition's (dist/browser) leaves OAuth
// service apps out; the one Node, Deno, Bun and workers load keeps them.
beforeAll(assertBuilt);

type Appset = typeof import('../../src/index');
type MockServer = typeof import('../../mock-server/index');
const load = async <T>(file: string): Promise<T> => (await import(`${root}${file}`)) as T;

async function serviceApp(mock: MockServer) {
  const backend = mock.createMockBackend({ seed: 'demo' });
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'k1', use: 'sig' };
  const { clientId } = backend.oauth.registerServiceApp({ publicJwk, scopes: ['okta.apps.read'] });
  const oauth = { clientId, privateKey: { ...(await exportJWK(privateKey)), kid: 'k1' }, scopes: ['okta.apps.read'] };
  const fetch = (input: string | URL | Request, init?: RequestInit) => backend.fetch(new Request(input, init));
  return { backend, oauth, fetch };
}

describe('the browser build (dist/browser)', () => {
  it('refuses createClient({ oauth }) with a ConfigurationError that says why and what to pass', async () => {
    const appset = await load<Appset>('dist/browser/index.js');
    const { backend, oauth } = await serviceApp(await load<MockServer>('dist/browser/mock-server/index.js'));
    let thrown: unknown;
    try {
      appset.createClient({ orgUrl: backend.orgUrl, oauth });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(appset.ConfigurationError);
    expect((thrown as Error).message).toBe(
      'OAuth service apps (`oauth`) need a server runtime (Node.js, Deno, Bun, a worker), because a private key in a web page can be read by anyone who loads it; in a browser pass `accessToken` instead.',
    );
  });

  it.each([null, false, 0, ''])('refuses oauth: %j the same way, never making a client without credentials', async (value) => {
    const appset = await load<Appset>('dist/browser/index.js');
    expect(() => appset.createClient({ orgUrl: 'https://example.okta.com', oauth: value as never })).toThrow(appset.ConfigurationError);
  });

  it('still works with a token, and shares its error classes with appset/set and appset/mock-server', async () => {
    const appset = await load<Appset>('dist/browser/index.js');
    const set = await load<typeof import('../../src/set/index')>('dist/browser/set/index.js');
    const mock = await load<MockServer>('dist/browser/mock-server/index.js');
    const backend = mock.createMockBackend({ seed: 'demo' });
    const client = appset.createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: (input, init) => backend.fetch(new Request(input, init)) });
    expect(await client.apps.list({ limit: 5 }).toArray({ max: 100 })).toHaveLength(12);
    expect(() => backend.apps.delete('0oamissing')).toThrow(appset.NotFoundError);
    expect(new set.SetVerificationError('invalid_key', 'x')).toBeInstanceOf(appset.AppsetError);
  });
});

describe('appset/core in each build (dist/browser/core.js, dist/core.js, dist/core.cjs)', () => {
  for (const file of ['dist/browser/core.js', 'dist/core.js', 'dist/core.cjs']) {
    it(`${file}: the bare client, which composes the directory in and names it when it lacks it`, async () => {
      const core = await load<typeof import('../../src/core')>(file);
      const mock = await load<MockServer>(file.replace('core', 'mock-server/index'));
      const backend = mock.createMockBackend({ seed: 'demo' });
      const bare = core.createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken, fetch: (input, init) => backend.fetch(new Request(input, init)) });
      expect(() => (bare as unknown as { users: unknown }).users).toThrow(core.ConfigurationError);
      const client = bare.extend(core.directory);
      expect((await client.groups.list().toArray({ max: 10 })).map((group) => group.profile.name)).toContain('Everyone');
      expect(await client.apps.list({ limit: 5 }).toArray({ max: 100 })).toHaveLength(12);
    });
  }
});

describe('the build for servers (dist/index.js, dist/index.cjs)', () => {
  for (const file of ['dist/index.js', 'dist/index.cjs']) {
    it(`${file} authenticates as a service app`, async () => {
      const appset = await load<Appset>(file);
      const { backend, oauth, fetch } = await serviceApp(await load<MockServer>(file.replace('index', 'mock-server/index')));
      const client = appset.createClient({ orgUrl: backend.orgUrl, oauth, fetch });
      // The demo seed's 12 apps and the service app.
      expect(await client.apps.list({ limit: 5 }).toArray({ max: 100 })).toHaveLength(13);
    });
  }
});

describe('which build a bundler picks', () => {
  /** The package files a browser-platform esbuild bundle of `import { createClient } from 'appset'` takes with these conditions. */
  async function resolvedFiles(conditions?: string[]): Promise<string[]> {
    const result = await build({
      stdin: { contents: "export { createClient } from 'appset';", resolveDir: root },
      tsconfigRaw: '{}',
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      ...(conditions ? { conditions } : {}),
    });
    return Object.keys(result.metafile.inputs).filter((path) => path.startsWith('dist/'));
  }

  it('a browser bundle takes dist/browser', async () => {
    expect(await resolvedFiles()).toContain('dist/browser/index.js');
  });

  // wrangler bundles Workers with the conditions workerd, worker, browser; Next.js edge with edge-light, worker, browser.
  it('Cloudflare Workers (workerd) and edge functions (edge-light) take the full build, although their bundlers also set browser', async () => {
    for (const conditions of [['workerd', 'worker', 'browser'], ['edge-light', 'worker', 'browser']]) {
      const files = await resolvedFiles(conditions);
      expect(files).toContain('dist/index.js');
      expect(files.some((path) => path.startsWith('dist/browser/'))).toBe(false);
    }
  });
});

describe('appset/set in the browser build (dist/browser/set) and in the build for servers (dist/set)', () => {
  type AppsetSet = typeof import('../../src/set/index');
  const privateJwk = async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    return { kty: 'EC', ...(await exportJWK(privateKey)) };
  };

  it('the browser build refuses publicKeySet and createProviderHandler, saying they belong on the provider’s server', async () => {
    const set = await load<AppsetSet>('dist/browser/set/index.js');
    const appset = await load<Appset>('dist/browser/index.js');
    const key = await privateJwk();
    await expect(set.publicKeySet([key])).rejects.toThrow(
      new appset.ConfigurationError(
        "Making a provider's public key set reads its signing keys, which belong on its server (Node.js, Deno, Bun, a worker or an edge runtime), not in a web page; appset/set's browser build leaves it out.",
      ),
    );
    await expect(set.createProviderHandler({ issuer: 'https://risk.example.com', keys: [key] })).rejects.toBeInstanceOf(appset.ConfigurationError);
  });

  it('the browser build keeps the publisher and the SSF configuration', async () => {
    const set = await load<AppsetSet>('dist/browser/set/index.js');
    expect(set.ssfConfigurationUrl('https://risk.example.com/t1')).toBe('https://risk.example.com/.well-known/ssf-configuration/t1');
    const publisher = set.createPublisher({ orgUrl: 'https://example.okta.com', fetch: async () => new Response(null, { status: 202 }) });
    await expect(publisher.publish('a.b.c')).resolves.toMatchObject({ status: 202, attempts: 1 });
  });

  for (const file of ['dist/set/index.js', 'dist/set/index.cjs']) {
    it(`${file} makes the key set`, async () => {
      const set = await load<AppsetSet>(file);
      const { keys } = await set.publicKeySet([await privateJwk()]);
      expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    });
  }
});
