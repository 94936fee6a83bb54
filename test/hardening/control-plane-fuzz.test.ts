import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';

// A seeded backend whose state every refused body must leave exactly as it was.
const backend = createMockBackend({ ids: 'deterministic', now: () => Date.parse('2026-01-01T00:00:00.000Z'), seed: { apps: [{ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }], users: [{ login: 'ada@example.com' }] } });
const server = setupServer(...createHandlers(backend));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const ENDPOINTS = [
  ['POST', '/__appset/seed'],
  ['PUT', '/__appset/snapshot'],
  ['POST', '/__appset/faults'],
  ['POST', '/__appset/clock'],
  ['PUT', '/__appset/rate-limits'],
] as const;

/** Bodies shaped like the documents, with wrong members, types and sizes. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record({ users: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }), assignments: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }),
  fc.record({ version: fc.jsonValue({ maxDepth: 1 }), apps: fc.jsonValue({ maxDepth: 3 }), orgId: fc.string() }, { requiredKeys: [] }),
  fc.record({ path: fc.string(), status: fc.integer(), advanceMs: fc.double(), now: fc.string() }, { requiredKeys: [] }),
);

describe('the control plane under arbitrary bodies', () => {
  it('answers every bad body with 400 {error} and changes nothing; never a 5xx', async () => {
    const before = backend.snapshot();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async ([method, path], value) => {
        const response = await fetch(new URL(path, backend.orgUrl), { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
        const text = await response.text();
        expect(response.status).toBeLessThan(500);
        if (response.status === 400) {
          expect(Object.keys(JSON.parse(text))).toEqual(['error']);
          expect(backend.snapshot()).toEqual(before);
          expect(backend.faults.list()).toEqual([]);
          expect(backend.rateLimits.get()).toBe('off');
        } else {
          // An accepted body (say, {} as a seed, or a valid fault): start over from the seed.
          backend.reset();
        }
      }),
      { numRuns: 300, seed: 12 },
    );
  });
});
