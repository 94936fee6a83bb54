import { describe, expect, it } from 'vitest';
import { IndexedCollection, InvalidCursorError } from '../../../mock-server/state/indexed-collection';
import { encodeCursor } from '../../../mock-server/state/cursor';

interface App {
  id: string;
  status: 'ACTIVE' | 'INACTIVE';
  name: string;
  kid?: string;
  users: ReadonlySet<string>;
  sloEnabled: boolean;
}

function makeApps() {
  return new IndexedCollection({
    id: (app: App) => app.id,
    indexes: {
      status: (app) => [app.status],
      name: (app) => [app.name],
      kid: (app) => (app.kid === undefined ? [] : [app.kid]),
      user: (app) => app.users,
      'settings.slo.enabled': (app) => [String(app.sloEnabled)],
    },
  });
}

function app(id: string, overrides: Partial<App> = {}): App {
  return { id, status: 'ACTIVE', name: 'bookmark', users: new Set(), sloEnabled: false, ...overrides };
}

function filled(count: number) {
  const apps = makeApps();
  for (let i = 1; i <= count; i += 1) {
    apps.insert(app(`a${i}`, { status: i % 2 === 0 ? 'INACTIVE' : 'ACTIVE' }));
  }
  return apps;
}

function ids(items: readonly App[]): string[] {
  return items.map((item) => item.id);
}

/** Every id of a walk of pages, following `next` until it is absent; `between` runs between pages. */
function walk(
  apps: ReturnType<typeof makeApps>,
  options: { limit: number; where?: (item: App) => boolean },
  between: (items: readonly App[]) => void,
) {
  const seen: string[] = [];
  let after: string | undefined;
  for (;;) {
    const result = apps.page({ ...options, after });
    seen.push(...ids(result.items));
    if (result.next === undefined) return seen;
    after = result.next;
    between(result.items);
  }
}

describe('IndexedCollection records', () => {
  it('get returns an inserted record and has reports it', () => {
    const apps = makeApps();
    const a1 = app('a1');
    apps.insert(a1);
    expect(apps.get('a1')).toBe(a1);
    expect(apps.has('a1')).toBe(true);
    expect(apps.size).toBe(1);
  });

  it('get returns undefined and has false for an unknown id', () => {
    const apps = makeApps();
    expect(apps.get('nope')).toBeUndefined();
    expect(apps.has('nope')).toBe(false);
  });

  it('insert refuses a second record with the same id and keeps the first', () => {
    const apps = makeApps();
    const first = app('a1');
    apps.insert(first);
    expect(() => apps.insert(app('a1', { name: 'other' }))).toThrow(
      'A record with id "a1" is already stored; use update() to replace it.',
    );
    expect(apps.get('a1')).toBe(first);
    expect(apps.countWhere('name', 'other')).toBe(0);
  });

  it('update replaces the record and keeps its place in the order', () => {
    const apps = filled(3);
    const replaced = app('a1', { name: 'renamed' });
    apps.update('a1', replaced);
    expect(apps.get('a1')).toBe(replaced);
    expect(ids([...apps.values()])).toEqual(['a1', 'a2', 'a3']);
  });

  it('update of an unknown id throws', () => {
    expect(() => makeApps().update('nope', app('nope'))).toThrow(
      'No record with id "nope" is stored; use insert() to add it.',
    );
  });

  it('update refuses a record whose id differs', () => {
    const apps = filled(1);
    expect(() => apps.update('a1', app('a9'))).toThrow(
      'update() cannot change a record\'s id from "a1" to "a9"; delete the record and insert the new one.',
    );
    expect(apps.has('a9')).toBe(false);
  });

  it('delete removes the record and reports whether there was one', () => {
    const apps = filled(2);
    expect(apps.delete('a1')).toBe(true);
    expect(apps.delete('a1')).toBe(false);
    expect(apps.has('a1')).toBe(false);
    expect(apps.size).toBe(1);
    expect(apps.countWhere('status', 'ACTIVE')).toBe(0);
  });

  it('deleteOldest removes the oldest records from the order, the ids and every bucket, and a cursor past them still pages on', () => {
    const apps = makeApps();
    apps.insert(app('a', { users: new Set(['u1', 'u2']) }));
    apps.insert(app('b', { status: 'INACTIVE', users: new Set(['u2']) }));
    apps.insert(app('c', { users: new Set(['u1']) }));
    apps.insert(app('d', { status: 'INACTIVE' }));
    const first = apps.page({ limit: 1 });
    expect(apps.deleteOldest(2)).toBe(2);
    expect([...apps.values()].map((a) => a.id)).toEqual(['c', 'd']);
    expect(apps.has('a') || apps.has('b')).toBe(false);
    expect(apps.page({ limit: 10, index: ['user', 'u1'] }).items.map((a) => a.id)).toEqual(['c']);
    expect(apps.countWhere('user', 'u2')).toBe(0);
    expect([...apps.indexKeys('user')]).toEqual(['u1']);
    expect(apps.page({ limit: 10, index: ['status', 'INACTIVE'] }).items.map((a) => a.id)).toEqual(['d']);
    expect(apps.page({ limit: 10, after: first.next }).items.map((a) => a.id)).toEqual(['c', 'd']);
    expect(apps.deleteOldest(10)).toBe(2);
    expect(apps.size).toBe(0);
    expect(apps.deleteOldest(1)).toBe(0);
  });

  it('clear removes every record and index entry', () => {
    const apps = filled(4);
    apps.clear();
    expect(apps.size).toBe(0);
    expect([...apps.values()]).toEqual([]);
    expect(apps.countWhere('status', 'ACTIVE')).toBe(0);
    expect(apps.page({ limit: 10 })).toEqual({ items: [] });
  });

  it('a cursor issued before clear does not match records inserted after it', () => {
    const apps = filled(3);
    const { next } = apps.page({ limit: 1 });
    apps.clear();
    apps.insert(app('b1'));
    expect(ids(apps.page({ after: next, limit: 10 }).items)).toEqual(['b1']);
  });

  it('a re-inserted id goes to the end of the order', () => {
    const apps = filled(3);
    const a1 = apps.get('a1')!;
    apps.delete('a1');
    apps.insert(a1);
    expect(ids([...apps.values()])).toEqual(['a2', 'a3', 'a1']);
  });

  it('values yields records in insertion order', () => {
    expect(ids([...filled(4).values()])).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('values continues after the last yielded record when records are deleted during iteration', () => {
    const apps = filled(5);
    const seen: string[] = [];
    for (const item of apps.values()) {
      seen.push(item.id);
      if (item.id === 'a2') {
        apps.delete('a1');
        apps.delete('a2');
        apps.delete('a4');
      }
    }
    expect(seen).toEqual(['a1', 'a2', 'a3', 'a5']);
  });

  it('a throwing extractor leaves the collection unchanged', () => {
    const apps = new IndexedCollection({
      id: (item: App) => item.id,
      indexes: {
        status: (item) => [item.status],
        name: (item): string[] => {
          if (item.name === '') throw new Error('blank name');
          return [item.name];
        },
      },
    });
    apps.insert(app('a1'));
    expect(() => apps.insert(app('a2', { name: '' }))).toThrow('blank name');
    expect(() => apps.update('a1', app('a1', { status: 'INACTIVE', name: '' }))).toThrow('blank name');
    expect(apps.size).toBe(1);
    expect(apps.countWhere('status', 'ACTIVE')).toBe(1);
    expect(apps.countWhere('status', 'INACTIVE')).toBe(0);
  });
});

describe('IndexedCollection version', () => {
  it('moves on every change and only then, and never takes a number another state had', () => {
    const apps = makeApps();
    const other = makeApps();
    const seen = new Set([apps.version, other.version]);
    expect(seen.size).toBe(2);
    const changed = (change: () => unknown) => {
      const before = apps.version;
      change();
      expect(apps.version).not.toBe(before);
      expect(seen.has(apps.version)).toBe(false);
      seen.add(apps.version);
    };
    const unchanged = (read: () => unknown) => {
      const before = apps.version;
      read();
      expect(apps.version).toBe(before);
    };
    changed(() => apps.insert(app('a1')));
    changed(() => apps.insert(app('a2')));
    unchanged(() => [apps.get('a1'), apps.has('a2'), apps.page({ limit: 1 }), [...apps.values()], apps.countWhere('status', 'ACTIVE')]);
    changed(() => apps.update('a1', app('a1', { status: 'INACTIVE' })));
    changed(() => apps.delete('a1'));
    unchanged(() => apps.delete('a1'));
    unchanged(() => apps.deleteOldest(0));
    changed(() => apps.deleteOldest(1));
    changed(() => apps.clear());
    // A failed change changes nothing.
    apps.insert(app('a3'));
    seen.add(apps.version);
    unchanged(() => expect(() => apps.insert(app('a3'))).toThrow());
    unchanged(() => expect(() => apps.update('nope', app('nope'))).toThrow());
    // A new collection starts at a number no state before it had: a cached answer never matches it.
    const fresh = makeApps();
    expect(seen.has(fresh.version)).toBe(false);
  });
});

describe('IndexedCollection indexes', () => {
  it('an update moves the record between status keys and drops the empty bucket', () => {
    const apps = makeApps();
    apps.insert(app('a1'));
    apps.update('a1', app('a1', { status: 'INACTIVE' }));
    expect(apps.countWhere('status', 'ACTIVE')).toBe(0);
    expect(apps.countWhere('status', 'INACTIVE')).toBe(1);
    expect(apps.page({ limit: 10, index: ['status', 'ACTIVE'] })).toEqual({ items: [] });
  });

  it('indexKeys lists only the keys that still have records', () => {
    const apps = makeApps();
    apps.insert(app('a1', { users: new Set(['u1', 'u2']) }));
    apps.insert(app('a2', { users: new Set(['u2']) }));
    apps.update('a1', app('a1', { status: 'INACTIVE', users: new Set(['u3']) }));
    apps.delete('a2');
    expect([...apps.indexKeys('status')]).toEqual(['INACTIVE']);
    expect([...apps.indexKeys('user')]).toEqual(['u3']);
  });

  it('an update after changing the stored record in place re-indexes it', () => {
    const apps = makeApps();
    apps.insert(app('a1'));
    const stored = apps.get('a1')!;
    stored.status = 'INACTIVE';
    apps.update('a1', stored);
    expect([...apps.indexKeys('status')]).toEqual(['INACTIVE']);
    expect(apps.countWhere('status', 'INACTIVE')).toBe(1);
  });

  it('a record moved to another key takes its place there in sequence order', () => {
    const apps = filled(5);
    apps.update('a3', app('a3', { status: 'INACTIVE' }));
    expect(ids(apps.page({ limit: 10, index: ['status', 'INACTIVE'] }).items)).toEqual(['a2', 'a3', 'a4']);
    expect(ids(apps.page({ limit: 10, index: ['status', 'ACTIVE'] }).items)).toEqual(['a1', 'a5']);
  });

  it('a record with no key is in no bucket of that index', () => {
    const apps = makeApps();
    apps.insert(app('a1'));
    expect(apps.countWhere('kid', '')).toBe(0);
    expect(apps.countWhere('kid', 'undefined')).toBe(0);
  });

  it('adding and removing a signing kid follows the record', () => {
    const apps = makeApps();
    apps.insert(app('a1'));
    apps.update('a1', app('a1', { kid: 'k1' }));
    expect(apps.countWhere('kid', 'k1')).toBe(1);
    apps.update('a1', app('a1', { kid: 'k2' }));
    expect([apps.countWhere('kid', 'k1'), apps.countWhere('kid', 'k2')]).toEqual([0, 1]);
    apps.update('a1', app('a1'));
    expect(apps.countWhere('kid', 'k2')).toBe(0);
  });

  it('a Set-valued extractor indexes the record under every assigned user', () => {
    const apps = makeApps();
    apps.insert(app('a1', { users: new Set(['u1', 'u2']) }));
    apps.insert(app('a2', { users: new Set(['u2']) }));
    expect(ids(apps.page({ limit: 10, index: ['user', 'u1'] }).items)).toEqual(['a1']);
    expect(ids(apps.page({ limit: 10, index: ['user', 'u2'] }).items)).toEqual(['a1', 'a2']);
  });

  it('changing user assignments moves only the keys that changed', () => {
    const apps = makeApps();
    apps.insert(app('a1', { users: new Set(['u1', 'u2']) }));
    apps.insert(app('a2', { users: new Set(['u2', 'u3']) }));
    apps.update('a1', app('a1', { users: new Set(['u2', 'u3']) }));
    expect(apps.countWhere('user', 'u1')).toBe(0);
    expect(ids(apps.page({ limit: 10, index: ['user', 'u2'] }).items)).toEqual(['a1', 'a2']);
    expect(ids(apps.page({ limit: 10, index: ['user', 'u3'] }).items)).toEqual(['a1', 'a2']);
  });

  it('a key repeated by an extractor is indexed once', () => {
    const apps = new IndexedCollection({
      id: (item: App) => item.id,
      indexes: { name: (item) => [item.name, item.name] },
    });
    apps.insert(app('a1'));
    expect(apps.countWhere('name', 'bookmark')).toBe(1);
  });

  it('deleting a record removes it from every key it was under', () => {
    const apps = makeApps();
    apps.insert(app('a1', { kid: 'k1', users: new Set(['u1', 'u2']), sloEnabled: true }));
    apps.delete('a1');
    expect(
      [
        apps.countWhere('status', 'ACTIVE'),
        apps.countWhere('kid', 'k1'),
        apps.countWhere('user', 'u1'),
        apps.countWhere('user', 'u2'),
        apps.countWhere('settings.slo.enabled', 'true'),
      ],
    ).toEqual([0, 0, 0, 0, 0]);
  });

  it('index names are checked at compile time', () => {
    const apps = makeApps();
    // @ts-expect-error 'stauts' is not an index of this collection.
    expect(() => apps.page({ limit: 1, index: ['stauts', 'ACTIVE'] })).toThrow(
      'This collection has no index named "stauts".',
    );
    // @ts-expect-error 'stauts' is not an index of this collection.
    expect(() => apps.countWhere('stauts', 'ACTIVE')).toThrow('This collection has no index named "stauts".');
  });
});

describe('IndexedCollection pages', () => {
  it('pages return records in sequence order and the last page has no next', () => {
    const apps = filled(5);
    const first = apps.page({ limit: 2 });
    const second = apps.page({ after: first.next, limit: 2 });
    const third = apps.page({ after: second.next, limit: 2 });
    expect([ids(first.items), ids(second.items), ids(third.items)]).toEqual([
      ['a1', 'a2'],
      ['a3', 'a4'],
      ['a5'],
    ]);
    expect(third).not.toHaveProperty('next');
  });

  it('a page that ends exactly at the last record has no next', () => {
    const result = filled(4).page({ limit: 4 });
    expect(ids(result.items)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(result).not.toHaveProperty('next');
  });

  it('next encodes the sequence of the last returned record', () => {
    expect(filled(5).page({ limit: 2 }).next).toBe(encodeCursor(2));
  });

  it('a page holds at most limit records', () => {
    expect(filled(50).page({ limit: 7 }).items).toHaveLength(7);
  });

  it('an empty collection gives an empty page without next', () => {
    expect(makeApps().page({ limit: 20 })).toEqual({ items: [] });
  });

  it('an index page lists only the records under that key', () => {
    const apps = filled(9);
    const first = apps.page({ limit: 3, index: ['status', 'INACTIVE'] });
    const second = apps.page({ after: first.next, limit: 3, index: ['status', 'INACTIVE'] });
    expect([ids(first.items), ids(second.items)]).toEqual([['a2', 'a4', 'a6'], ['a8']]);
    expect(second).not.toHaveProperty('next');
  });

  it('an index key no record carries gives an empty page without next', () => {
    expect(filled(5).page({ limit: 3, index: ['kid', 'unknown'] })).toEqual({ items: [] });
  });

  it('a where page lists only the records the predicate accepts', () => {
    const apps = filled(10);
    const byThree = (item: App) => Number(item.id.slice(1)) % 3 === 0;
    const first = apps.page({ limit: 2, where: byThree });
    const second = apps.page({ after: first.next, limit: 2, where: byThree });
    expect([ids(first.items), ids(second.items)]).toEqual([['a3', 'a6'], ['a9']]);
    expect(second).not.toHaveProperty('next');
  });

  it('a where page has no next when no later record matches', () => {
    const result = filled(10).page({ limit: 2, where: (item) => item.id === 'a1' || item.id === 'a2' });
    expect(ids(result.items)).toEqual(['a1', 'a2']);
    expect(result).not.toHaveProperty('next');
  });

  it('index and where combine', () => {
    const apps = filled(10);
    const result = apps.page({ limit: 10, index: ['status', 'ACTIVE'], where: (item) => item.id > 'a4' });
    expect(ids(result.items)).toEqual(['a5', 'a7', 'a9']);
  });

  it('a page after the cursor of a deleted record continues with the next record', () => {
    const apps = filled(6);
    const first = apps.page({ limit: 3 });
    apps.delete('a3');
    expect(ids(apps.page({ after: first.next, limit: 3 }).items)).toEqual(['a4', 'a5', 'a6']);
  });

  it('an index page after the cursor of a record that left the key continues after it', () => {
    const apps = filled(9);
    const first = apps.page({ limit: 2, index: ['status', 'ACTIVE'] });
    apps.update('a3', app('a3', { status: 'INACTIVE' }));
    const second = apps.page({ after: first.next, limit: 2, index: ['status', 'ACTIVE'] });
    expect(ids(second.items)).toEqual(['a5', 'a7']);
  });

  it.each([
    ['', undefined],
    [' with where', (item: App) => !item.id.endsWith('0')],
  ])('a walk%s returns every record that exists throughout once while others come and go', (_, where) => {
    const apps = filled(200);
    const accepted = where ?? (() => true);
    // A fixed Lehmer generator keeps the changes reproducible.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % below;
    };
    const touched = new Set<string>();
    let created = 0;
    const seen = walk(apps, { limit: 9, where }, (items) => {
      // Delete the record the cursor points to and two random others, then insert three new ones.
      const all = [...apps.values()];
      for (const id of [items.at(-1)?.id, all[random(all.length)]?.id, all[random(all.length)]?.id]) {
        if (id !== undefined && apps.delete(id)) touched.add(id);
      }
      for (let i = 0; i < 3; i += 1) {
        created += 1;
        apps.insert(app(`new${created}`));
        touched.add(`new${created}`);
      }
    });
    const survivors = ids([...apps.values()].filter(accepted)).filter((id) => !touched.has(id));
    expect(survivors.length).toBeGreaterThan(90);
    expect(seen.filter((id) => !touched.has(id))).toEqual(survivors);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('a walk that deletes the cursor record before every page skips no other record', () => {
    const apps = filled(30);
    const seen = walk(apps, { limit: 4 }, (items) => {
      apps.delete(items.at(-1)!.id);
    });
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `a${i + 1}`));
  });

  it('a malformed cursor throws InvalidCursorError', () => {
    expect(() => filled(3).page({ after: 'a2', limit: 2 })).toThrow(InvalidCursorError);
  });

  it.each([0, -1, 1.5, Number.NaN])('a limit of %s throws RangeError', (limit) => {
    expect(() => filled(3).page({ limit })).toThrow(RangeError);
  });
});

describe('IndexedCollection page cost', () => {
  function counting(accept: (item: App) => boolean = () => true) {
    const counter = { calls: 0 };
    const where = (item: App) => {
      counter.calls += 1;
      return accept(item);
    };
    return { counter, where };
  }

  it('a where page stops testing records at the first match past the limit', () => {
    const apps = filled(1_000);
    const { counter, where } = counting();
    const result = apps.page({ limit: 20, where });
    expect(result.items).toHaveLength(20);
    expect(result.next).toBe(encodeCursor(20));
    expect(counter.calls).toBe(21);
  });

  it('a where page tests only the records up to the first match past the limit when few match', () => {
    const apps = filled(1_000);
    const { counter, where } = counting((item) => Number(item.id.slice(1)) % 10 === 0);
    const result = apps.page({ limit: 5, where });
    expect(ids(result.items)).toEqual(['a10', 'a20', 'a30', 'a40', 'a50']);
    expect(counter.calls).toBe(60);
  });

  it('a page deep into 100,000 records tests limit + 1 records, the same as into 1,000', () => {
    const calls = [1_000, 100_000].map((count) => {
      const apps = filled(count);
      const { counter, where } = counting();
      apps.page({ after: encodeCursor(count / 2), limit: 50, where });
      return counter.calls;
    });
    expect(calls).toEqual([51, 51]);
  });

  it('an index page over 100,000 records tests no more than limit + 1 records', () => {
    const apps = filled(100_000);
    const { counter, where } = counting();
    const first = apps.page({ limit: 200, index: ['status', 'INACTIVE'], where });
    const deep = apps.page({ after: encodeCursor(80_000), limit: 200, index: ['status', 'INACTIVE'], where });
    expect(ids(first.items).slice(0, 3)).toEqual(['a2', 'a4', 'a6']);
    expect(ids(deep.items).slice(0, 2)).toEqual(['a80002', 'a80004']);
    expect(counter.calls).toBe(402);
  });

  it('100,000 records fit and their index counts are exact', () => {
    const apps = filled(100_000);
    expect(apps.size).toBe(100_000);
    expect(apps.countWhere('status', 'ACTIVE')).toBe(50_000);
    expect(apps.countWhere('status', 'INACTIVE')).toBe(50_000);
  });
});
