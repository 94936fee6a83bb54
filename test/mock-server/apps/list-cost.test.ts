import { describe, expect, it } from 'vitest';
import { AppService } from '../../../mock-server/apps/service';
import type { StoredApp } from '../../../mock-server/apps/store';

/** 5,000 apps of which only the last three are labelled `Zed …`. */
function serviceWithRareLabel() {
  const service = new AppService({ orgId: '00o0000000000000000', plan: 'standard', orgUrl: () => new URL('https://acme.okta.test') });
  for (let i = 0; i < 5_000; i++) {
    const label = i >= 4_997 ? `Zed ${i}` : `Alpha ${i}`;
    service.create({ name: 'bookmark', label, signOnMode: 'BOOKMARK', settings: { app: { url: 'https://x.example' } } }, i % 2 === 0, 0);
  }
  // Record what each page asks the collection for, and how many records its `where` examines.
  const calls: Array<{ index?: readonly [string, string]; examined: number }> = [];
  const page = service.apps.page.bind(service.apps);
  service.apps.page = (options) => {
    const call: { index?: readonly [string, string]; examined: number } = { index: options.index, examined: 0 };
    calls.push(call);
    const where = options.where;
    return page({ ...options, where: where && ((app: StoredApp) => (call.examined++, where(app))) });
  };
  return { service, calls };
}

describe('the cost of a q page', () => {
  it('looks the prefix up in the q index instead of scanning the collection', () => {
    const { service, calls } = serviceWithRareLabel();
    const page = service.list({ limit: 20, q: 'zED' });
    expect(page.items.map((a) => a.body.label)).toEqual(['Zed 4997', 'Zed 4998', 'Zed 4999']);
    expect(calls).toEqual([{ index: ['q', 'zed'], examined: 0 }]);
  });

  it('walks the smaller of the filter and q buckets and tests the other condition on its records only', () => {
    const { service, calls } = serviceWithRareLabel();
    const page = service.list({ limit: 20, q: 'zed', filter: { attribute: 'status', value: 'INACTIVE' } });
    expect(page.items.map((a) => a.body.label)).toEqual(['Zed 4997', 'Zed 4999']);
    expect(calls).toEqual([{ index: ['q', 'zed'], examined: 3 }]);
  });

  it('tests the full query on each candidate when it is longer than the index depth', () => {
    const { service } = serviceWithRareLabel();
    const long = `zed 4998${' '.repeat(40)}`;
    expect(service.list({ limit: 20, q: long }).items).toEqual([]);
    expect(service.list({ limit: 20, q: 'zed 4998' }).items.map((a) => a.body.label)).toEqual(['Zed 4998']);
  });

  it('finds apps whose label changed under their new prefix only', () => {
    const { service } = serviceWithRareLabel();
    const [zed] = service.list({ limit: 1, q: 'zed' }).items;
    service.replace(zed!.body.id, { name: 'bookmark', label: 'Omega', signOnMode: 'BOOKMARK', settings: { app: { url: 'https://x.example' } } }, 1);
    expect(service.list({ limit: 20, q: 'zed' }).items.map((a) => a.body.label)).toEqual(['Zed 4998', 'Zed 4999']);
    expect(service.list({ limit: 20, q: 'omeg' }).items.map((a) => a.body.label)).toEqual(['Omega']);
  });
});
