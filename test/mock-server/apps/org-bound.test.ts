import { describe, expect, it } from 'vitest';
import { createMockBackend } from '../../../mock-server/index';
import { MAX_ITEMS } from '../../../mock-server/state/document-fields';
import { bookmark } from '../app-inputs';

// An org keeps as many apps as a snapshot document holds: past that, the backend could not restore
// its own snapshot (and its memory would grow with every create).

describe('the org bound on apps', () => {
  it(`refuses an app past ${MAX_ITEMS.toLocaleString('en-US')} (400 E0000001, nothing kept)`, async () => {
    const backend = createMockBackend();
    for (let i = 0; i < MAX_ITEMS; i++) backend.apps.create(bookmark(`App ${i}`));
    const response = await backend.fetch(new URL('/api/v1/apps', backend.orgUrl).toString(), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `SSWS ${backend.defaultToken}` },
      body: JSON.stringify(bookmark('One more')),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: app', errorCauses: [{ errorSummary: `app: The org keeps at most ${MAX_ITEMS} apps; delete one first` }] });
    expect(() => backend.apps.create(bookmark('One more'))).toThrow(`The org keeps at most ${MAX_ITEMS} apps`);
    expect(backend.apps.list().length).toBe(MAX_ITEMS);
  }, 60_000);
});
