// Imports every entry point from the built files through the package's own `exports` (ESM).
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import * as appset from 'appset';
import * as core from 'appset/core';
import * as set from 'appset/set';
import * as setNode from 'appset/set/node';
import * as mock from 'appset/mock-server';
import * as mockMsw from 'appset/mock-server/msw';
import * as mockNode from 'appset/mock-server/node';

assert.equal(typeof appset.createClient, 'function');
// appset/core: the same surface, with the bare client; one copy of each error class.
assert.equal(core.ConfigurationError, appset.ConfigurationError);
assert.deepEqual(Object.keys(core).sort(), Object.keys(appset).sort());
const bare = core.createClient({ orgUrl: 'https://example.okta.com', token: 'smoke-token' });
assert.throws(() => bare.users, { name: 'ConfigurationError', message: /import \{ directory \} from 'appset\/core'/ });
assert.equal(typeof bare.extend(core.directory).users.list, 'function');
assert.equal(typeof appset.createClient({ orgUrl: 'https://example.okta.com', token: 'smoke-token' }).users.list, 'function');
assert.equal(typeof set.signSecurityEventToken, 'function');
assert.equal(typeof setNode.toNodeListener, 'function');
assert.equal(typeof mock.createMockBackend, 'function');
assert.equal(typeof mockMsw.createHandlers, 'function');
assert.equal(typeof mockNode.listen, 'function');

// The backend's state API throws the client's own error classes: one copy across entry points.
const backend = mock.createMockBackend({ seed: 'demo' });
assert.throws(() => backend.apps.delete('0oamissing'), appset.NotFoundError);
assert.ok(new set.SetVerificationError('invalid_key', 'x') instanceof appset.AppsetError);

const server = setupServer(...mockMsw.createHandlers(backend));
server.listen({ onUnhandledRequest: 'error' });
try {
  const client = appset.createClient({ orgUrl: backend.orgUrl, token: backend.defaultToken });
  const apps = await client.apps.list({ limit: 5 }).toArray({ max: 100 });
  assert.equal(apps.length, 12);
  assert.ok((await client.groups.list().toArray({ max: 100 })).some((group) => group.profile.name === 'Everyone'));
  await assert.rejects(() => client.apps.create({ name: 'bookmark' }), appset.RequestValidationError);
  await assert.rejects(() => client.apps.delete(apps[0].id), appset.ForbiddenError);
} finally {
  server.close();
}
// The seed document's JSON Schema is published beside the entry points.
const { createRequire } = await import('node:module');
const { readFileSync } = await import('node:fs');
const seedSchema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('appset/seed.schema.json'), 'utf8'));
assert.deepEqual(seedSchema, mock.seedJsonSchema());
console.log('smoke (import): ok');

// The Node entry serves the same backend over HTTP, with CORS for pages on other origins.
const served = await mockNode.listen(backend, { port: 0 });
try {
  const page = await fetch(`${served.url}/api/v1/apps?limit=5`, { headers: { authorization: `SSWS ${backend.defaultToken}`, origin: 'http://localhost:5173' } });
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('access-control-allow-origin'), '*');
  assert.match(page.headers.get('access-control-expose-headers'), /\bLink\b/);
} finally {
  await served.close();
}
console.log('smoke (appset/mock-server/node): ok');

// The appset-mock command from the build starts, answers and stops on SIGTERM.
const { spawn } = await import('node:child_process');
const cli = spawn(process.execPath, [new URL('../../dist/appset-mock/cli.js', import.meta.url).pathname, '--port', '0', '--token', 'smoke'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let out = '';
  cli.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
    if (match) resolve(match[1]);
  });
  cli.on('exit', (code) => reject(new Error(`appset-mock exited with ${code}: ${out}`)));
});
const response = await fetch(`${url}/api/v1/apps`, { headers: { authorization: 'SSWS smoke' } });
assert.equal(response.status, 200);
assert.equal((await (await fetch(`${url}/__appset/health`)).json()).status, 'ok');
cli.kill('SIGTERM');
assert.equal(await new Promise((resolve) => cli.on('exit', resolve)), 0);
console.log('smoke (appset-mock): ok');

// The appset-set command from the build prints a public key set for a key file.
const { mkdtempSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { execFileSync } = await import('node:child_process');
const keyDir = mkdtempSync(join(tmpdir(), 'appset-smoke-'));
try {
  const setCli = new URL('../../dist/set/cli.js', import.meta.url).pathname;
  const printed = JSON.parse(execFileSync(process.execPath, [setCli, 'keygen', '--out', join(keyDir, 'key.pem')], { encoding: 'utf8' }));
  assert.equal(printed.keys[0].use, 'sig');
  const again = JSON.parse(execFileSync(process.execPath, [setCli, 'jwks', '--key', join(keyDir, 'key.pem')], { encoding: 'utf8' }));
  assert.deepEqual(again, printed);
} finally {
  rmSync(keyDir, { recursive: true, force: true });
}
console.log('smoke (appset-set): ok');
