// Pins what the capability list must not change: the order of the snapshot's and the seed result's
// members, the ids deterministic mode gives a seed's entries (the order seeds are applied in), and
// the order routes are tried in (which route a near miss names first).
import { describe, expect, it } from 'vitest';
import { composeBackend } from '../../../mock-server/backend';
import { BUILT_IN_CAPABILITIES } from '../../../mock-server/capabilities';
import { createMockBackend } from '../../../mock-server/index';

const NOW = Date.parse('2026-03-01T10:00:30.000Z');
const JWK = { kty: 'EC', crv: 'P-256', kid: 'k1', x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU', y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0' };

function seeded() {
  return createMockBackend({ ids: 'deterministic', now: () => NOW });
}

const DOC = {
  tokens: [{ type: 'SSWS' as const, token: 'seeded-token-1' }],
  groupPushMappings: [],
  policies: [{ name: 'Strict' }],
  providers: [{ name: 'Risk', issuer: 'https://risk.example', jwks: { keys: [JWK] } }],
  assignments: [],
  groups: [{ name: 'Engineering' }],
  users: [{ login: 'ada@example.com', groupIds: [] }],
  apps: [{ name: 'bookmark', label: 'Wiki', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://wiki.example.com' } } }],
};

/** The closest routes of three misses, as the backend named them before capabilities were composed from a list. */
const ROUTES_TRIED = [
  ['GET /api/v1/apps/:appId', 'GET /api/v1/apps/:appId/users/:userId', 'GET /api/v1/apps/:appId/groups/:groupId'],
  ['GET /api/v1/apps/:appId', 'GET /api/v1/apps/:appId/users/:userId', 'GET /api/v1/apps/:appId/groups/:groupId'],
  ['GET /api/v1/apps/:appId', 'GET /api/v1/security-events-providers/:id', 'GET /api/v1/policies/:policyId'],
];

describe('documents keep their order and ids whatever the capability list', () => {
  it('writes the snapshot members in the order of version 1, members of later capabilities after', () => {
    expect(Object.keys(seeded().snapshot())).toEqual([
      'version', 'orgId', 'clock', 'idCounter', 'apps', 'users', 'groups', 'providers', 'signals', 'logs', 'replay', 'grants', 'surroundings', 'credentials', 'policies',
      // Members added since, after those of version 1.
      'groupRules', 'userTypes', 'userSchemas', 'idTokenClaims', 'roleAssignments', 'resourceSets', 'authenticators', 'networkZones', 'deviceAssurances', 'inlineHooks', 'authorizationServers',
    ]);
  });

  it('answers a seed with its members in the published order and gives the same ids as before', async () => {
    const backend = seeded();
    const created = await backend.seed(DOC);
    expect(Object.keys(created)).toEqual(['apps', 'users', 'groups', 'assignments', 'providers', 'tokens', 'policies', 'surroundings']);
    // Apps first, then users, then groups, then providers, then what is around apps.
    expect(created.apps[0]!.id).toBe('0oa00000000000000002');
    expect(created.users[0]!.id).toBe('00u00000000000000003');
    expect(created.groups[0]!.id).toBe('00g00000000000000004');
    expect(created.providers[0]!.id).toBe('sse00000000000000005');
    expect(created.policies[0]!.id).toBe('rst00000000000000006');
    expect(Object.keys(created.surroundings)).toEqual(['refreshTokens', 'groupPushMappings', 'federatedClaims']);
  });

  it('tries routes in the same order: a near miss names the same routes first', async () => {
    const backend = seeded();
    for (const path of ['/api/v1/thing/0oa1', '/api/v1/apps/0oa1/thing', '/api/v1/thing']) {
      await backend.fetch(`https://appset.okta.test${path}`, { headers: { authorization: `SSWS ${backend.defaultToken}` } });
    }
    const closest = backend.journal.unmatched().map((entry) => entry.closest.map((m) => m.route));
    expect(closest).toEqual(ROUTES_TRIED);
  });

  it('refuses a snapshot with two problems on the field checked first before capabilities were listed, whatever the list order', async () => {
    const source = seeded();
    await source.seed(DOC);
    const doc = source.snapshot();
    // A duplicate app, user and provider: apps were checked first, then users, then providers.
    const twice = { ...doc, users: [doc.users[0], ...doc.users], providers: [doc.providers[0], ...doc.providers] };
    const thrice = { ...twice, apps: { ...doc.apps, items: [doc.apps.items[0], ...doc.apps.items] } };
    const reversed = [...BUILT_IN_CAPABILITIES].reverse();
    for (const list of [BUILT_IN_CAPABILITIES, reversed]) {
      const backend = composeBackend({ ids: 'deterministic', now: () => NOW }, list);
      expect(() => backend.restore(twice)).toThrow(/^snapshot field users: the user id "00u00000000000000003" appears twice/);
      expect(() => backend.restore(thrice)).toThrow(/^snapshot field apps\.items: the app id "0oa00000000000000002" appears twice/);
    }
  });
});
