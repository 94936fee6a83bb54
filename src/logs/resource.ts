import * as z from 'zod/mini';
import { int } from '../validation/int';
import { checkInput, checkListOptions } from '../core/call-checks';
import { Pager, pageParser, type ListOptions } from '../core/pagination';
import type { Transport } from '../core/transport';
import { LogEventListSchema, type LogEvent } from './schemas';

/** Parameters of {@link LogsResource.list}. */
export interface ListLogEventsParams {
  /**
   * A System Log filter expression, sent as is, e.g.
   * `eventType eq "security.events.provider.receive_event"`.
   */
  filter?: string;
  /** The earliest `published` time to include: a Date or an ISO 8601 date-time string. */
  since?: Date | string;
  /**
   * The latest `published` time to include: a Date or an ISO 8601 date-time string. Give it to walk
   * a bounded range: without it the API treats the call as polling and may keep offering a next page.
   */
  until?: Date | string;
  /** Items per page; the API defaults to 100 and serves at most 1000. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time with seconds and an offset (`Z` or `±hh:mm`), naming a real calendar day.
 * Written out rather than zod's `z.iso.datetime`, whose regular expressions weigh on a browser bundle.
 */
function isIsoDateTime(value: string): boolean {
  const m = ISO_DATE_TIME.exec(value);
  if (m === null) return false;
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHour! < 24 &&
    offsetMinute! < 60
  );
}

const instant = z.custom<Date | string>(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime())) || (typeof v === 'string' && isIsoDateTime(v)),
  'Must be a valid Date or an ISO 8601 date-time string, e.g. 2026-11-20T10:00:00Z',
);

const ListParamsSchema = z.strictObject({
  filter: z.optional(z.string().check(z.minLength(1))),
  since: z.optional(instant),
  until: z.optional(instant),
  limit: z.optional(int().check(z.gte(1))),
  after: z.optional(z.string().check(z.minLength(1))),
});

/** A Date as ISO 8601 in UTC; a string, already checked to be ISO 8601, is sent as the caller wrote it. */
function toIso(value: Date | string | undefined): string | undefined {
  return value instanceof Date ? value.toISOString() : value;
}

const parseLogPage = pageParser(LogEventListSchema, 'System Log events');

/**
 * The System Log API (`/api/v1/logs`): the organization's audit events, such as
 * `security.events.provider.receive_event` recorded for each accepted security event token.
 * Needs the `okta.logs.read` scope.
 */
export class LogsResource {
  readonly #transport: Transport;

  /** @internal created by `createClient`. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Lists System Log events, oldest first. Returns a {@link Pager} at once (no `await`): iterate it
   * with `for await`, page with `.pages()`, or collect a bounded number with `.toArray({ max })`.
   * `since` and `until` are sent as ISO 8601; a Date is sent in UTC.
   *
   * @example
   * const events = client.logs.list({ filter: 'eventType eq "security.events.provider.receive_event"', since: new Date(Date.now() - 3_600_000), until: new Date() });
   * for await (const event of events) console.log(event.published, event.displayMessage);
   */
  list(params?: ListLogEventsParams, options?: ListOptions): Pager<LogEvent> {
    const p = checkInput(ListParamsSchema, params ?? {}, 'log list parameters');
    checkListOptions(options);
    return new Pager(
      this.#transport,
      '/api/v1/logs',
      { filter: p.filter, since: toIso(p.since), until: toIso(p.until), limit: p.limit, after: p.after },
      parseLogPage,
      options,
    );
  }
}
