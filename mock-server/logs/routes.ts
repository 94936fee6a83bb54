import { invalidPaging, invalidSearch } from '../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { InvalidCursorError } from '../state/indexed-collection';
import { logEvent, publishedAt, type LogCollection, type LogRecord, type StoredLogEvent } from './store';

const LOG_PAGE_LIMITS = { default: 100, max: 1000 } as const;
const EVENT_TYPE_FILTER = /^\s*eventType\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;
/** `q`: at most this many keywords, each at most this long (Okta's bounds on the keyword search). */
const MAX_KEYWORDS = 10;
const MAX_KEYWORD_CHARS = 40;

function parseInstant(name: string, raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) throw invalidSearch(`${name} must be an ISO 8601 timestamp such as 2026-01-01T00:00:00.000Z.`);
  return t;
}

/** `q`: keywords that must each appear (any case) in the event's message, type, outcome or a name of its actor or targets. */
function parseKeywords(raw: string | null): string[] | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const keywords = raw.trim().toLowerCase().split(/\s+/);
  if (keywords.length > MAX_KEYWORDS || keywords.some((k) => k.length > MAX_KEYWORD_CHARS)) {
    throw invalidSearch(`q takes at most ${MAX_KEYWORDS} keywords of at most ${MAX_KEYWORD_CHARS} characters each.`);
  }
  return keywords;
}

/** The texts of an event that `q` searches. */
function searchedText(event: StoredLogEvent): string {
  const names = (entity: unknown) => {
    const e = (entity ?? {}) as Record<string, unknown>;
    return [e.id, e.alternateId, e.displayName].filter((v) => typeof v === 'string');
  };
  const outcome = (event.outcome ?? {}) as Record<string, unknown>;
  const targets = Array.isArray(event.target) ? event.target : [];
  return [event.eventType, event.displayMessage, outcome.result, ...names(event.actor), ...targets.flatMap(names)]
    .filter((v) => typeof v === 'string')
    .join('\n')
    .toLowerCase();
}

/** `sortOrder`: `ASCENDING` (the default, oldest first) or `DESCENDING`. */
function parseSortOrder(raw: string | null): 'ASCENDING' | 'DESCENDING' {
  if (raw === null || raw === '') return 'ASCENDING';
  const order = raw.toUpperCase();
  if (order !== 'ASCENDING' && order !== 'DESCENDING') throw invalidSearch(`sortOrder must be ASCENDING or DESCENDING, not ${raw.slice(0, 40)}.`);
  return order;
}

/**
 * Newest first: the matching events after the cursor (the uuid of the last one a page returned).
 * The log is bounded, so walking it from the newest end costs at most its bound.
 */
function descendingPage(logs: LogCollection, keep: (record: LogRecord) => boolean, after: string | undefined, limit: number) {
  const all = [...logs.values()];
  let at = all.length - 1;
  if (after !== undefined) {
    const index = all.findIndex((record) => record.uuid === after);
    if (index === -1) throw invalidPaging();
    at = index - 1;
  }
  const items: LogRecord[] = [];
  for (; at >= 0; at--) {
    if (!keep(all[at]!)) continue;
    if (items.length === limit) return { items, next: items[items.length - 1]!.uuid };
    items.push(all[at]!);
  }
  return { items, next: undefined };
}

/**
 * `GET /api/v1/logs`: System Log events, filtered by `eventType eq "…"`, `since`, `until` and the
 * keywords of `q`, oldest first or (`sortOrder=DESCENDING`) newest first, paged like apps.
 */
export function logRoutes(env: RouteEnv, logs: LogCollection): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/api/v1/logs',
      summary:
        'the System Log (`filter`, `since`, `until`, `q` keywords, `sortOrder`, paged): an event for every change the API makes (app lifecycle and assignments, user lifecycle, groups and memberships, group rules, policies and their rules), the actor the token\'s principal, and the receiver\'s `security.events.provider.receive_event` records; at most 100,000 events, the oldest dropped',
      bucket: 'logs',
      scope: 'okta.logs.read',
      handle: ({ url }) => {
        const params = url.searchParams;
        const filter = params.get('filter');
        let eventType: string | undefined;
        if (filter !== null && filter !== '') {
          const match = EVENT_TYPE_FILTER.exec(filter);
          if (!match) throw invalidSearch(`Unsupported filter: ${filter}. Use eventType eq "<type>".`);
          eventType = match[1]!.replace(/\\(.)/g, '$1');
        }
        const since = parseInstant('since', params.get('since'));
        const until = parseInstant('until', params.get('until'));
        const keywords = parseKeywords(params.get('q'));
        const order = parseSortOrder(params.get('sortOrder'));
        const limit = parsePageLimit(params.get('limit'), LOG_PAGE_LIMITS);
        const after = params.get('after') || undefined;
        const inWindow =
          since === undefined && until === undefined
            ? undefined
            : (record: LogRecord) => {
                const t = publishedAt(record);
                return (since === undefined || t >= since) && (until === undefined || t < until);
              };
        const found =
          keywords === undefined
            ? undefined
            : (record: LogRecord) => {
                const text = searchedText(logEvent(record));
                return keywords.every((keyword) => text.includes(keyword));
              };
        const where = inWindow === undefined ? found : found === undefined ? inWindow : (record: LogRecord) => inWindow(record) && found(record);
        if (order === 'DESCENDING') {
          const ofType = (record: LogRecord) => (eventType === undefined || record.eventType === eventType) && (where === undefined || where(record));
          const page = descendingPage(logs, ofType, after, limit);
          return { status: 200, body: page.items.map(logEvent), headers: pageLinks(env.orgUrl(), url, page.next) };
        }
        try {
          const page = logs.page({ after, limit, index: eventType === undefined ? undefined : ['eventType', eventType], where });
          return { status: 200, body: page.items.map(logEvent), headers: pageLinks(env.orgUrl(), url, page.next) };
        } catch (error) {
          if (error instanceof InvalidCursorError) throw invalidPaging();
          throw error;
        }
      },
    },
  ];
}
