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

/**
 * The most events the System Log keeps, as many as the request journal: past it the oldest are
 * dropped, so a long test run cannot grow the backend without bound.
 */
export const LOG_MAX_EVENTS = 100_000;

/**
 * The backend's System Log, indexed by event type, in publication order, at most `maxEvents`
 * ({@link LOG_MAX_EVENTS}) events. A full log drops its oldest hundredth at once: dropping one
 * event per event written shifted the whole log each time, so that every write to a full log cost
 * as much as the log is long (a rule activation writing 300,000 membership events took minutes).
 */
export class SystemLogCollection extends IndexedCollection<LogRecord, 'eventType'> {
  readonly #dropped: number;

  constructor(private readonly maxEvents = LOG_MAX_EVENTS) {
    super({ id: (record: LogRecord) => record.uuid, indexes: { eventType: (record) => [record.eventType] } });
    this.#dropped = Math.max(1, Math.floor(maxEvents / 100));
  }

  /** Adds an event after every other one; a full log first drops its oldest hundredth. */
  override insert(record: LogRecord): void {
    if (this.size >= this.maxEvents) this.deleteOldest(Math.max(this.#dropped, this.size - this.maxEvents + 1));
    super.insert(record);
  }
}

/** The backend's System Log. */
export function createLogCollection(maxEvents = LOG_MAX_EVENTS): SystemLogCollection {
  return new SystemLogCollection(maxEvents);
}

/** The backend's System Log collection. */
export type LogCollection = SystemLogCollection;
