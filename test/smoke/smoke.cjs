// Requires every entry point from the built files through the package's own `exports` (CommonJS).
const assert = require('node:assert/strict');
const { setupServer } = require('msw/node');
const appset = require('appset');
const set = require('appset/set');
const mock = require('appset/mock-server');

assert.equal(typeof appset.createClient, 'function');
assert.equal(typeof set.verifySecurityEventToken, 'function');
assert.equal(typeof mock.createMockBackend, 'function');

const backend = mock.createMockBackend({ seed: 'demo' });
assert.throws(() => backend.apps.delete('0oamissing'), appset.NotFoundError);
assert.ok(new set.SetVerificationError('invalid_key', 'x') instanceof appset.AppsetError);

(async () => {
  const server = setupServer(...backend.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const client = appset.createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
    const apps = await client.apps.list({ limit: 5 }).toArray({ max: 100 });
    assert.equal(apps.length, 12);
    await assert.rejects(() => client.apps.delete(apps[0].id), appset.ForbiddenError);
  } finally {
    server.close();
  }
  console.log('smoke (require): ok');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
