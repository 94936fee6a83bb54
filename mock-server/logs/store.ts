import { IndexedCollection } from '../state/indexed-collection';

/** A System Log event as the backend stores and serves it. */
export type StoredLogEvent = Record<string, unknown> & { uuid: string; published: string; eventType: string };

/**
 * A System Log event kept in a compact form and built when first read (then kept): a receiver that
 * logs every token it accepts does not build objects that may never be listed. `build` must return
 * exactly the event that would have been stored.
 */
export abstract class DeferredLogEvent {
  #event: StoredLogEvent | undefined;

  constructor(
    readonly uuid: string,
    readonly eventType: string,
    /** When it was published, epoch ms. */
    readonly at: number,
  ) {}

  protected abstract build(): StoredLogEvent;

  get event(): StoredLogEvent {
    return (this.#event ??= this.build());
  }
}

/** What the log holds: an event, or one built when read. */
export type LogRecord = StoredLogEvent | DeferredLogEvent;

/** The event a log record stands for. */
export function logEvent(record: LogRecord): StoredLogEvent {
  return record instanceof DeferredLogEvent ? record.event : record;
}

/** When a log record was published, epoch ms. */
export function publishedAt(record: LogRecord): number {
  return record instanceof DeferredLogEvent ? record.at : Date.parse(record.published);
}

/** The backend's System Log, indexed by event type, in publication order. */
export function createLogCollection() {
  return new IndexedCollection({
    id: (record: LogRecord) => record.uuid,
    indexes: { eventType: (record) => [record.eventType] },
  });
}

/** The backend's System Log collection. */
export type LogCollection = ReturnType<typeof createLogCollection>;
