import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';

// The registry remembers what each Authorization value it has seen named, so that a client sending the
// same header again is not parsed again: every change of the credentials must reach the next request.

async function status(backend: ReturnType<typeof createMockBackend>, authorization: string, method = 'GET', body?: unknown): Promise<number> {
  const init: RequestInit = { method, headers: { authorization, accept: 'application/json', 'content-type': 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return (await backend.fetch(`${backend.orgUrl}/api/v1/apps`, init)).status;
}

const bookmark = { name: 'bookmark', label: 'B', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://b.example.com' } } };

describe('credentials checked per Authorization value', () => {
  it('a seeded token is accepted once seeded, refused again after reset, whichever was asked first', async () => {
    const backend = createMockBackend({ orgUrl: 'https://acme.okta.test' });
    expect(await status(backend, 'SSWS seeded-token')).toBe(401);
    await backend.seed({ tokens: [{ type: 'SSWS', token: 'seeded-token', scopes: ['okta.apps.read'] }] });
    expect(await status(backend, 'SSWS seeded-token')).toBe(200);
    expect(await status(backend, 'SSWS seeded-token')).toBe(200);
    backend.reset();
    expect(await status(backend, 'SSWS seeded-token')).toBe(401);
  });

  it('a token seeded again with other scopes is held to the new ones at once', async () => {
    const backend = createMockBackend({ orgUrl: 'https://acme.okta.test' });
    await backend.seed({ tokens: [{ type: 'SSWS', token: 'changing', scopes: ['okta.apps.read'] }] });
    expect(await status(backend, 'SSWS changing', 'POST', bookmark)).toBe(403);
    await backend.seed({ tokens: [{ type: 'SSWS', token: 'changing', scopes: ['okta.apps.manage'] }] });
    expect(await status(backend, 'SSWS changing', 'POST', bookmark)).toBe(200);
  });

  it('the same credential in another spelling (scheme case, spaces) is still the same credential; a blank one is still 403 E0000005', async () => {
    const backend = createMockBackend({ orgUrl: 'https://acme.okta.test', tokens: [{ type: 'SSWS', token: 't0k' }] });
    for (const spelling of ['SSWS t0k', 'ssws t0k', 'Ssws   t0k  ']) expect(await status(backend, spelling)).toBe(200);
    expect(await status(backend, 'SSWS t0k-other')).toBe(401);
    const blank = await backend.fetch(`${backend.orgUrl}/api/v1/apps`, { headers: { authorization: '   ' } });
    expect(blank.status).toBe(403);
    expect(((await blank.json()) as { errorCode: string }).errorCode).toBe('E0000005');
  });

  it('more distinct Authorization values than it remembers are each still answered by the credentials', async () => {
    const backend = createMockBackend({ orgUrl: 'https://acme.okta.test', tokens: [{ type: 'SSWS', token: 'good' }] });
    for (let i = 0; i < 300; i++) expect(await status(backend, `SSWS bad-${i}`)).toBe(401);
    expect(await status(backend, 'SSWS good')).toBe(200);
    for (let i = 0; i < 300; i++) expect(await status(backend, `SSWS bad-${i}`)).toBe(401);
  });
});
