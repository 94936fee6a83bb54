import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend({ ids: 'deterministic' });
const HOOKS = '/api/v1/inlineHooks';

const channel = (config: Record<string, unknown>) => ({ type: 'HTTP', version: '1.0.0', config: { method: 'POST', uri: 'https://hooks.example.com/t', ...config } });

async function seedHooks() {
  const made = await call(backend, HOOKS, {
    method: 'POST',
    json: { name: 'saml', type: 'com.okta.saml.tokens.transform', version: '1.0.2', channel: channel({ authScheme: { type: 'HEADER', key: 'Authorization', value: 'secret' } }) },
  });
  expect(made.status).toBe(200);
  const off = await call(backend, HOOKS, {
    method: 'POST',
    json: { name: 'tokens', type: 'com.okta.oauth2.tokens.transform', version: '1.0.0', status: 'INACTIVE', channel: channel({ headers: [{ key: 'X-Tenant', value: 'acme' }] }) },
  });
  return [made.body.id as string, off.body.id as string];
}

describe('inline hooks in snapshots and resets', () => {
  it('holds no auth secret unless asked to; a restore without one draws a new secret', async () => {
    await seedHooks();
    const snapshot = backend.snapshot();
    expect(snapshot.inlineHooks![0]!.channel.authScheme).toEqual({ type: 'HEADER', key: 'Authorization' });
    expect(JSON.stringify(snapshot)).not.toContain('"secret"');
    backend.restore(snapshot);
    const drawn = backend.inlineHooks.list()[0]!.channel.authScheme!.value;
    expect(drawn).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect(drawn).not.toBe('secret');
    expect(backend.snapshot()).toEqual(snapshot);
  });

  it('restores the hooks exactly, their auth secret included when the snapshot carries secrets, and a reset forgets them', async () => {
    const [id] = await seedHooks();
    const snapshot = backend.snapshot({ includeSecrets: true });
    expect(snapshot.inlineHooks).toHaveLength(2);
    expect(snapshot.inlineHooks![0]!.channel.authScheme).toEqual({ type: 'HEADER', key: 'Authorization', value: 'secret' });
    const before = (await call(backend, HOOKS)).text;
    backend.reset();
    expect(backend.inlineHooks.size).toBe(0);
    expect((await call(backend, `${HOOKS}/${id}`)).status).toBe(404);
    backend.restore(snapshot);
    expect(backend.snapshot({ includeSecrets: true })).toEqual(snapshot);
    expect((await call(backend, HOOKS)).text).toBe(before);
    // The restored secret is the one kept: a replace without the value keeps it.
    const replaced = await call(backend, `${HOOKS}/${id}`, {
      method: 'PUT',
      json: { name: 'saml', type: 'com.okta.saml.tokens.transform', version: '1.0.2', channel: channel({ authScheme: { type: 'HEADER', key: 'Authorization' } }) },
    });
    expect(replaced.status).toBe(200);
    expect(backend.inlineHooks.list()[0]!.channel.authScheme!.value).toBe('secret');
  });

  it('refuses a document with a hook given twice or an http uri; a refused one changes nothing', async () => {
    await seedHooks();
    const snapshot = backend.snapshot();
    const [hook, other] = snapshot.inlineHooks!;
    const restore = (inlineHooks: unknown[]) => () => backend.restore({ ...snapshot, inlineHooks } as Snapshot);
    expect(restore([hook, { ...other, id: hook!.id }])).toThrow(/^snapshot field inlineHooks\[1\]\.id: the id cal\w+ is given twice/);
    expect(restore([{ ...hook, channel: { ...hook!.channel, uri: 'http://hooks.example.com/t' } }])).toThrow(/^snapshot field inlineHooks\[0\]: channel\.config\.uri: Must be an https URL/);
    expect(restore([{ ...hook, id: 'nzo1a2b3c4d5e6f7g8h9' }])).toThrow(/inlineHooks/);
    expect(backend.snapshot()).toEqual(snapshot);
  });
});
