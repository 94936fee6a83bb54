import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';

// An Okta path this backend does not serve is no typo of a served route: the journal's "closest"
// names no other endpoint one word or one segment away, only a slip (letter case, a letter, a stray /).
async function closestFor(method: string, path: string) {
  const backend = createMockBackend();
  await backend.fetch(new Request(`${backend.orgUrl}${path}`, { method, headers: { authorization: `SSWS ${backend.defaultToken}` } }));
  const { requests } = (await (await backend.fetch(new Request(`${backend.orgUrl}/__appset/requests/unmatched`))).json()) as {
    requests: Array<{ unmatched: { kind: string }; closest: Array<{ route: string }> }>;
  };
  expect(requests).toHaveLength(1);
  return { kind: requests[0]!.unmatched.kind, closest: requests[0]!.closest.map((miss) => miss.route) };
}

describe('the closest routes of an Okta path the backend lacks', () => {
  it.each([
    ['GET', '/api/v1/users/00u00000000000000001/factors'],
    ['DELETE', '/api/v1/users/00u00000000000000001/sessions'],
    ['GET', '/api/v1/groups/00g00000000000000001/owners'],
    ['GET', '/api/v1/idps'],
    ['GET', '/api/v1/trustedOrigins'],
    ['GET', '/api/v1/apps/0oa00000000000000001/unconfirmed-users'],
  ])('%s %s lists none', async (method, path) => {
    expect(await closestFor(method, path)).toEqual({ kind: 'not-implemented', closest: [] });
  });

  it('lists a served route that a stray slash is all that separates it from', async () => {
    expect(await closestFor('GET', '/api/v1/users/00u00000000000000001/')).toEqual({ kind: 'not-implemented', closest: ['GET /api/v1/users/:userId'] });
  });

  it('still lists what a path that is not Okta’s came close to', async () => {
    expect(await closestFor('GET', '/api/v1/Apps')).toMatchObject({ kind: 'not-okta', closest: expect.arrayContaining(['GET /api/v1/apps']) });
  });
});
