import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64url } from '../../../src/set/base64url';
import { events } from '../../../src/set/index';
import { createMockBackend } from '../../../mock-server/index';
import { listen, type RunningServer } from '../../../mock-server/node/index';
import { sha256 } from '../../../mock-server/shared/sha256';
import { ADA, addAda, providerKey, registerProvider, sign, type ProviderKey } from './helpers';

// Over HTTP, the Node server fingerprints tokens with node:crypto's SHA-256: the replay memory must hold
// the same digests as in process, so snapshots and redeliveries behave the same either way.
const backend = createMockBackend();
let running: RunningServer;
let key: ProviderKey;

beforeAll(async () => {
  running = await listen(backend, { host: '127.0.0.1', port: 0 });
  key = await providerKey('key-1');
  registerProvider(backend, [key]);
  addAda(backend);
});
afterAll(() => running.close());

const post = (token: string) =>
  fetch(`${running.url}/security/api/v1/security-events`, { method: 'POST', headers: { 'content-type': 'application/secevent+jwt' }, body: token });

describe('the replay memory behind the HTTP server', () => {
  it('remembers the digest the JavaScript SHA-256 gives, and tells a redelivery from a reused jti', async () => {
    const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: 'http-1' });
    expect((await post(token)).status).toBe(202);
    // The digest of the signed part (header and payload), without the signature.
    const signed = token.slice(0, token.lastIndexOf('.'));
    expect(backend.snapshot().replay.find((entry) => entry.jti === 'http-1')?.digest).toBe(encodeBase64url(sha256(signed)));
    expect((await post(token)).status).toBe(202);
    expect(backend.logs.list().length).toBe(1);
    const other = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA }, current_ip: '203.0.113.7' }), { jti: 'http-1' });
    expect((await post(other)).status).toBe(202);
    expect(backend.signals.ignored().map((entry) => entry.reason)).toEqual(['duplicate', 'jti_reused']);
    expect(backend.logs.list().length).toBe(1);
  });

  it('a memory restored with the whole-token digest of an earlier version still knows a redelivery', async () => {
    const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: 'http-old' });
    expect((await post(token)).status).toBe(202);
    const saved = backend.snapshot();
    const entry = saved.replay.find((e) => e.jti === 'http-old')!;
    entry.digest = encodeBase64url(sha256(token));
    backend.restore(saved);
    const before = backend.logs.list().length;
    expect((await post(token)).status).toBe(202);
    expect(backend.logs.list().length).toBe(before);
  });
});
