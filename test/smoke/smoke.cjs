// Requires every entry point from the built files through the package's own `exports` (CommonJS).
const assert = require('node:assert/strict');
const appset = require('appset');

assert.equal(typeof appset.createClient, 'function');
assert.equal(typeof appset.isApiError, 'function');
assert.ok(appset.SIGN_ON_MODES.includes('SAML_2_0'));

(async () => {
  const client = appset.createClient({
    orgUrl: 'https://example.okta.com',
    token: 'smoke',
    fetch: async () => Response.json({ id: '0oasmoke', name: 'bookmark', label: 'Smoke', status: 'ACTIVE', signOnMode: 'BOOKMARK' }),
  });
  const app = await client.apps.get('0oasmoke');
  assert.equal(app.label, 'Smoke');
  await assert.rejects(() => client.apps.create({ name: 'bookmark' }), appset.RequestValidationError);
  console.log('smoke (require): ok');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
