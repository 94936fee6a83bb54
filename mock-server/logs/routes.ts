import { invalidPaging, invalidSearch } from '../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import type { RouteEnv, RouteSpec } from '../pipeline/route';
import { InvalidCursorError } from '../state/indexed-collection';
import { logEvent, publishedAt, type LogCollection, type LogRecord } from './store';

const LOG_PAGE_LIMITS = { default: 100, max: 1000 } as const;
const EVENT_TYPE_FILTER = /^\s*eventType\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

function parseInstant(name: string, raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  const t = Date.parse(raw);
  if (Number.isNaN(t)) throw invalidSearch(`${name} must be an ISO 8601 timestamp such as 2026-01-01T00:00:00.000Z.`);
  return t;
}

/** `GET /api/v1/logs`: System Log events, filtered by `eventType eq "…"`, `since` and `until`, paged like apps. */
export function logRoutes(env: RouteEnv, logs: LogCollection): RouteSpec[] {
  return [
    {
      method: 'get',
      path: '/api/v1/logs',
      summary: 'the System Log (`filter`, `since`, `until`, paged): the receiver\'s `security.events.provider.receive_event` records',
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
        const inWindow =
          since === undefined && until === undefined
            ? undefined
            : (record: LogRecord) => {
                const t = publishedAt(record);
                return (since === undefined || t >= since) && (until === undefined || t < until);
              };
        try {
          const page = logs.page({
            after: params.get('after') || undefined,
            limit: parsePageLimit(params.get('limit'), LOG_PAGE_LIMITS),
            index: eventType === undefined ? undefined : ['eventType', eventType],
            where: inWindow,
          });
          return { status: 200, body: page.items.map(logEvent), headers: pageLinks(env.orgUrl(), url, page.next) };
        } catch (error) {
          if (error instanceof InvalidCursorError) throw invalidPaging();
          throw error;
        }
      },
    },
  ];
}
