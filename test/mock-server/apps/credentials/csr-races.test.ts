import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkApp, credentialBackend } from './helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const CSR = { json: { subject: { commonName: 'SP' } } };

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Holds the next RSA key generation until `release` is called: `started` settles once a request is
 * waiting on it, so that a test can change the state while a CSR is being signed.
 */
function holdKeyGeneration() {
  const generateKey = crypto.subtle.generateKey.bind(crypto.subtle);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const waiting = new Promise<void>((resolve) => (started = resolve));
  vi.spyOn(crypto.subtle, 'generateKey').mockImplementation((async (...args: Parameters<typeof generateKey>) => {
    started();
    await gate;
    return generateKey(...args);
  }) as typeof crypto.subtle.generateKey);
  return { started: waiting, release };
}

describe('a CSR whose app goes away while it is signed', () => {
  it('answers 404 for an app deleted meanwhile, keeps no CSR, and the snapshot still restores', async () => {
    const { backend, call } = credentialBackend({ now: () => START });
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const held = holdKeyGeneration();
    const pending = call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, CSR);
    await held.started;
    expect((await call('POST', `/api/v1/apps/${app.id}/lifecycle/deactivate`)).status).toBe(200);
    expect((await call('DELETE', `/api/v1/apps/${app.id}`)).status).toBe(204);
    held.release();
    const answered = await pending;
    expect(answered.status).toBe(404);
    expect(answered.body).toMatchObject({ errorCode: 'E0000007', errorSummary: `Not found: Resource not found: ${app.id} (AppInstance)` });
    const snapshot = backend.snapshot();
    expect(snapshot.credentials!.csrs).toEqual([]);
    expect(() => backend.restore(snapshot)).not.toThrow();
  });

  it('answers 404 across a reset, though an app of the same id was made again, and leaves that app no CSR', async () => {
    const { backend, call } = credentialBackend({ now: () => START, ids: 'deterministic' });
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const held = holdKeyGeneration();
    const pending = call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, CSR);
    await held.started;
    backend.reset();
    const again = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    expect(again.id).toBe(app.id);
    held.release();
    expect((await pending).status).toBe(404);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs`)).body).toEqual([]);
    expect(() => backend.restore(backend.snapshot())).not.toThrow();
  });
});

describe('a CSR refused for a full app', () => {
  /** A backend with deterministic ids whose app holds 50 CSRs; `refuseOne` first asks for a 51st. */
  async function nextCsrId(refuseOne: boolean): Promise<string> {
    const { backend, call } = credentialBackend({ now: () => START, ids: 'deterministic' });
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const path = `/api/v1/apps/${app.id}/credentials/csrs`;
    const first = (await call('POST', path, CSR)).body;
    const snapshot = backend.snapshot();
    const [stored] = snapshot.credentials!.csrs;
    for (let i = 0; i < 49; i++) snapshot.credentials!.csrs.push({ ...stored!, id: `csr-${String(i).padStart(2, '0')}` });
    backend.restore(snapshot);
    if (refuseOne) expect((await call('POST', path, CSR)).status).toBe(400);
    expect((await call('DELETE', `${path}/${first.id}`)).status).toBe(204);
    const made = await call('POST', path, CSR);
    expect(made.status).toBe(201);
    return made.body.id as string;
  }

  it('draws no id: the next CSR is named as if the refused one had never been asked for', async () => {
    expect(await nextCsrId(true)).toBe(await nextCsrId(false));
  });
});
