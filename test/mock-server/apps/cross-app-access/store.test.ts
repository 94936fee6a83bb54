import { describe, expect, it } from 'vitest';
import { CrossAppAccessStore } from '../../../../mock-server/apps/cross-app-access/store';

const at = '2026-01-01T00:00:00.000Z';

describe('Cross App Access connections of deleted apps are forgotten, so the org-wide bound counts live ones', () => {
  it('prune drops the Cross App Access connections of apps that are gone and keeps the rest in order', () => {
    const store = new CrossAppAccessStore();
    for (const [id, requesting, resource] of [['cwo1', 'a', 'b'], ['cwo2', 'a', 'gone'], ['cwo3', 'c', 'a']]) {
      store.put({ id: id!, requestingAppInstanceId: requesting!, resourceAppInstanceId: resource!, status: 'ACTIVE', created: at, lastUpdated: at });
    }
    expect(store.size).toBe(3);
    store.prune((c) => c.resourceAppInstanceId !== 'gone');
    expect(store.size).toBe(2);
    expect(store.of('a').map((c) => c.id)).toEqual(['cwo1', 'cwo3']);
  });
});
