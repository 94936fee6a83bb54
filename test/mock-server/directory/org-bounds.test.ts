import { describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../mock-server/index';
import { MAX_ITEMS } from '../../../mock-server/state/document-fields';

// An org keeps as many users and groups as a snapshot document holds: past that, the backend could
// not restore its own snapshot (and its memory would grow with every create).

async function send(backend: MockBackend, path: string, json: unknown) {
  const response = await backend.fetch(new URL(path, backend.orgUrl).toString(), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `SSWS ${backend.defaultToken}` },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

describe('the org bound on users and groups', () => {
  it(`refuses a user past ${MAX_ITEMS.toLocaleString('en-US')} (400 E0000001, nothing kept), and restores its own snapshot`, async () => {
    const backend = createMockBackend();
    for (let i = 0; i < MAX_ITEMS; i++) backend.directory.addUser({ login: `user${i}@example.com` });
    const before = backend.snapshot();
    const refused = await send(backend, '/api/v1/users?activate=false', { profile: { firstName: 'One', lastName: 'More', email: 'more@example.com', login: 'more@example.com' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: user', errorCauses: [{ errorSummary: `user: The org keeps at most ${MAX_ITEMS} users; delete one first` }] });
    expect(() => backend.directory.addUser({ login: 'more@example.com' })).toThrow('Api validation failed: user');
    const after = backend.snapshot();
    expect(after.users.length).toBe(MAX_ITEMS);
    expect(after.users).toEqual(before.users);
    expect(() => backend.restore(after)).not.toThrow();
  }, 60_000);

  it(`refuses a group past ${MAX_ITEMS.toLocaleString('en-US')} of them, Everyone counted (400 E0000001, nothing kept)`, async () => {
    const backend = createMockBackend();
    for (let i = 1; i < MAX_ITEMS; i++) backend.directory.addGroup({ name: `Group ${i}` });
    const refused = await send(backend, '/api/v1/groups', { profile: { name: 'One more' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: group', errorCauses: [{ errorSummary: `group: The org keeps at most ${MAX_ITEMS} groups; delete one first` }] });
    expect(() => backend.directory.addGroup({ name: 'One more' })).toThrow('Api validation failed: group');
    expect(backend.snapshot().groups.length).toBe(MAX_ITEMS);
  }, 60_000);
});
