import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../support/backend';
import { bookmark } from '../app-inputs';
import { call, expectOktaError } from '../raw-http';

let clock = Date.parse('2026-03-01T10:00:00.000Z');
const { backend } = useMockBackend({ now: () => clock, ids: 'deterministic' });

/** Creates three apps a minute apart over the API; their labels in order. */
async function threeApps(): Promise<string[]> {
  clock = Date.parse('2026-03-01T10:00:00.000Z');
  const labels = ['Alpha Wiki', 'Beta Docs', 'Gamma Wiki'];
  for (const label of labels) {
    await call(backend, '/api/v1/apps', { method: 'POST', json: { ...bookmark(), label } });
    clock += 60_000;
  }
  return labels;
}

const labelsOf = (events: any[]) => events.map((event) => event.target[0].displayName);
const next = (response: { headers: Headers }) => /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];

describe('GET /api/v1/logs with q and sortOrder', () => {
  it('keeps the events holding every keyword of q, any case, in messages and names', async () => {
    await threeApps();
    expect(labelsOf((await call(backend, '/api/v1/logs?q=wiki')).body)).toEqual(['Alpha Wiki', 'Gamma Wiki']);
    expect(labelsOf((await call(backend, '/api/v1/logs?q=CREATE%20gamma')).body)).toEqual(['Gamma Wiki']);
    expect((await call(backend, '/api/v1/logs?q=nothing-like-this')).body).toEqual([]);
  });

  it('answers newest first with sortOrder=DESCENDING, paged through next links', async () => {
    await threeApps();
    const first = await call(backend, '/api/v1/logs?sortOrder=DESCENDING&limit=2');
    expect(labelsOf(first.body)).toEqual(['Gamma Wiki', 'Beta Docs']);
    const second = await call(backend, next(first)!.replace(backend.orgUrl, ''));
    expect(labelsOf(second.body)).toEqual(['Alpha Wiki']);
    expect(next(second)).toBeUndefined();
    expect(labelsOf((await call(backend, '/api/v1/logs?sortOrder=ASCENDING')).body)).toEqual(['Alpha Wiki', 'Beta Docs', 'Gamma Wiki']);
  });

  it('refuses a sortOrder it does not know, too many keywords and a cursor it never issued, with E0000031 and E0000029', async () => {
    expect((await call(backend, '/api/v1/logs?sortOrder=RANDOM')).body.errorCode).toBe('E0000031');
    expect((await call(backend, `/api/v1/logs?q=${Array.from({ length: 11 }, (_, i) => `k${i}`).join('+')}`)).body.errorCode).toBe('E0000031');
    expect((await call(backend, `/api/v1/logs?q=${'x'.repeat(41)}`)).body.errorCode).toBe('E0000031');
    const bogus = await call(backend, '/api/v1/logs?sortOrder=DESCENDING&after=not-an-event');
    expect(bogus.status).toBe(400);
    expect(bogus.body.errorCode).toBe('E0000029');
  });

  it('does not shift the deterministic ids of what is made after a logged change', async () => {
    // An app made in process writes no event: the gap after one made over the API must be the same.
    const sequence = (id: string) => parseInt(id.slice(3), 36);
    const before = backend.apps.create(bookmark()).id;
    const logged = (await call(backend, '/api/v1/apps', { method: 'POST', json: bookmark() })).body.id;
    const after = backend.apps.create(bookmark()).id;
    expect(sequence(after) - sequence(logged)).toBe(sequence(logged) - sequence(before));
  });
});
