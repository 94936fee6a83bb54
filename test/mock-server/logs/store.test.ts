import { describe, expect, it } from 'vitest';
import { LOG_MAX_EVENTS, logEvent, SystemLogCollection, type StoredLogEvent } from '../../../mock-server/logs/store';

const event = (i: number, eventType = i % 2 === 0 ? 'user.lifecycle.create' : 'group.user_membership.add'): StoredLogEvent => ({ uuid: `e${i}`, published: new Date(i).toISOString(), eventType });
const uuids = (log: SystemLogCollection) => [...log.values()].map((record) => logEvent(record).uuid);

describe('the System Log store', () => {
  it('keeps at most its bound, the newest, and drops the oldest from the order, the ids and the event-type index alike', () => {
    const log = new SystemLogCollection(5);
    for (let i = 0; i < 12; i++) log.insert(event(i));
    expect(uuids(log)).toEqual(['e7', 'e8', 'e9', 'e10', 'e11']);
    expect(log.has('e6')).toBe(false);
    expect(log.page({ limit: 10, index: ['eventType', 'user.lifecycle.create'] }).items.map((r) => logEvent(r).uuid)).toEqual(['e8', 'e10']);
    expect(log.page({ limit: 10, index: ['eventType', 'group.user_membership.add'] }).items.map((r) => logEvent(r).uuid)).toEqual(['e7', 'e9', 'e11']);
  });

  it('drops its oldest hundredth at once when full, never more than that', () => {
    const log = new SystemLogCollection(1000);
    for (let i = 0; i < 1000; i++) log.insert(event(i));
    expect(log.size).toBe(1000);
    log.insert(event(1000));
    expect(log.size).toBe(991);
    expect(uuids(log)[0]).toBe('e10');
    expect(uuids(log).at(-1)).toBe('e1000');
  });

  it(`writes to a full log of ${LOG_MAX_EVENTS.toLocaleString('en-US')} events without shifting it once per event (500,000 writes past the bound used to take about a minute)`, () => {
    const log = new SystemLogCollection();
    for (let i = 0; i < LOG_MAX_EVENTS + 500_000; i++) log.insert(event(i, 'group.user_membership.add'));
    expect(log.size).toBeLessThanOrEqual(LOG_MAX_EVENTS);
    expect(log.size).toBeGreaterThan(LOG_MAX_EVENTS * 0.98);
    expect(uuids(log).at(-1)).toBe(`e${LOG_MAX_EVENTS + 499_999}`);
    expect(log.countWhere('eventType', 'group.user_membership.add')).toBe(log.size);
  });
});
