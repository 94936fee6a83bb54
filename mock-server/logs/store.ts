import { IndexedCollection } from '../state/indexed-collection';

/** A System Log event as the backend stores and serves it. */
export type StoredLogEvent = Record<string, unknown> & { uuid: string; published: string; eventType: string };

/** The backend's System Log, indexed by event type, in publication order. */
export function createLogCollection() {
  return new IndexedCollection({
    id: (event: StoredLogEvent) => event.uuid,
    indexes: { eventType: (event) => [event.eventType] },
  });
}

/** The backend's System Log collection. */
export type LogCollection = ReturnType<typeof createLogCollection>;
