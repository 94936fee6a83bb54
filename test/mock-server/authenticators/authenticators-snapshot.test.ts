import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../mock-server/index';
import { createMockBackend } from '../../../mock-server/index';
import { useMockBackend } from '../../support/backend';
import { call } from '../raw-http';

const { backend } = useMockBackend({ ids: 'deterministic' });
const PATH = '/api/v1/authenticators';

const keyed = async () => Object.fromEntries((await call(backend, PATH)).body.map((a: any) => [a.key, a]));

describe('authenticators in snapshots and resets', () => {
  it('keeps the built-in authenticators and their ids across a reset, forgetting their changes', async () => {
    const before = await keyed();
    await call(backend, `${PATH}/${before.okta_email.id}`, { method: 'PUT', json: { name: 'Mail' } });
    await call(backend, `${PATH}/${before.webauthn.id}/lifecycle/activate`, { method: 'POST' });
    backend.reset();
    expect(await keyed()).toEqual(before);
  });

  it('restores the changed authenticators exactly', async () => {
    const before = await keyed();
    await call(backend, `${PATH}/${before.okta_email.id}`, { method: 'PUT', json: { name: 'Mail', settings: { allowedFor: 'any' } } });
    await call(backend, `${PATH}/${before.webauthn.id}/lifecycle/activate`, { method: 'POST' });
    const snapshot = backend.snapshot();
    expect(snapshot.authenticators).toHaveLength(6);
    const listed = (await call(backend, PATH)).body;
    backend.reset();
    backend.restore(snapshot);
    expect(backend.snapshot()).toEqual(snapshot);
    expect((await call(backend, PATH)).body).toEqual(listed);
    expect(listed.find((a: any) => a.key === 'okta_email').settings).toEqual({ allowedFor: 'any' });
  });

  it('gives another backend its own ids, and restores a snapshot of another org with that org\'s ids', async () => {
    const other = createMockBackend();
    const theirs = other.authenticators.list();
    const ours = backend.authenticators.list();
    expect(theirs.map((a) => a.key)).toEqual(ours.map((a) => a.key));
    expect(theirs.map((a) => a.id)).not.toEqual(ours.map((a) => a.id));
    backend.restore(other.snapshot());
    expect(backend.authenticators.list()).toEqual(theirs);
    backend.reset();
    expect(backend.authenticators.list()).toEqual(ours);
  });

  it('keeps a document without authenticators (older ones) on the built-in ones, and refuses a key or id given twice', () => {
    const snapshot = backend.snapshot();
    const built = backend.authenticators.list();
    const { authenticators, ...older } = snapshot;
    backend.restore(older as Snapshot);
    expect(backend.authenticators.list()).toEqual(built);
    const [email, second] = authenticators!;
    const restore = (list: unknown[]) => () => backend.restore({ ...snapshot, authenticators: list } as Snapshot);
    expect(restore([email, { ...email, id: second!.id }])).toThrow(/^snapshot field authenticators: the authenticator key "okta_email" appears twice/);
    expect(restore([email, { ...second, id: email!.id }])).toThrow(/^snapshot field authenticators: the authenticator id "aut\w+" appears twice/);
    expect(restore([{ ...email, key: 'custom_app' }])).toThrow(/authenticators\.0\.key|authenticators\[0\]\.key/);
    expect(backend.snapshot()).toEqual(snapshot);
  });
});
