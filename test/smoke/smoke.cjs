// Requires every entry point from the built files through the package's own `exports` (CommonJS).
const assert = require('node:assert/strict');
const { setupServer } = require('msw/node');
const appset = require('appset');
const core = require('appset/core');
const set = require('appset/set');
const setNode = require('appset/set/node');
const mock = require('appset/mock-server');
const mockMsw = require('appset/mock-server/msw');
const mockNode = require('appset/mock-server/node');

assert.equal(typeof appset.createClient, 'function');
// appset/core: the same surface, with the bare client; one copy of each error class.
assert.equal(core.ConfigurationError, appset.ConfigurationError);
assert.deepEqual(Object.keys(core).sort(), Object.keys(appset).sort());
const bare = core.createClient({ orgUrl: 'https://example.okta.com', token: 'smoke-token' });
assert.throws(() => bare.users, { name: 'ConfigurationError', message: /import \{ directory \} from 'appset\/core'/ });
assert.equal(typeof bare.extend(core.directory).users.list, 'function');
assert.equal(typeof set.verifySecurityEventToken, 'function');
assert.equal(typeof setNode.toNodeListener, 'function');
assert.equal(typeof mock.createMockBackend, 'function');
assert.equal(typeof mockMsw.createHandlers, 'function');
assert.equal(typeof mockNode.listen, 'function');

const backend = mock.createMockBackend({ seed: 'demo' });
assert.throws(() => backend.apps.delete('0oamissing'), appset.NotFoundError);
assert.ok(new set.SetVerificationError('invalid_key', 'x') instanceof appset.AppsetError);

(async () => {
  const server = setupServer(...mockMsw.createHandlers(backend));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = appset.createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
    const apps = await client.apps.list({ limit: 5 }).toArray({ max: 100 });
    assert.equal(apps.length, 12);
    assert.ok((await client.groups.list().toArray({ max: 100 })).some((group) => group.profile.name === 'Everyone'));
    await assert.rejects(() => client.apps.delete(apps[0].id), appset.ForbiddenError);
  } finally {
    server.close();
  }
  const served = await mockNode.listen(backend, { port: 0 });
  try {
    const page = await fetch(`${served.url}/api/v1/apps?limit=5`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('access-control-allow-origin'), '*');
  } finally {
    await served.close();
  }
  console.log('smoke (require): ok');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
