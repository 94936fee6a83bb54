import { describe, expect, it } from 'vitest';
import { InterclientTrustStore } from '../../../../mock-server/apps/interclient-trust/store';

const at = '2026-01-01T00:00:00.000Z';

describe('interclient trust mappings of deleted apps are forgotten, so the org-wide bound counts live ones', () => {
  it('prune drops the interclient trust mappings of apps that are gone', () => {
    const store = new InterclientTrustStore();
    store.put({ id: 'itm1', appInstanceId: 't', trustedAppInstanceId: 'gone', created: at, lastUpdated: at, lastUpdatedBy: '00u1' });
    store.put({ id: 'itm2', appInstanceId: 't', trustedAppInstanceId: 'a', created: at, lastUpdated: at, lastUpdatedBy: '00u1' });
    store.prune((m) => m.trustedAppInstanceId !== 'gone');
    expect(store.size).toBe(1);
    expect(store.find('t', 'a')?.id).toBe('itm2');
  });
});
