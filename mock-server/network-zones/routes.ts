import { invalidSearch } from '../pipeline/okta-errors';
import { pageLinks, parsePageLimit } from '../pipeline/pagination';
import { readJsonBody } from '../pipeline/request';
import type { RouteEnv, RouteRequest, RouteSpec } from '../pipeline/route';
import { encodeCursor } from '../state/cursor';
import { pageOffset } from '../state/page-offset';
import { renderZone } from './representation';
import { MAX_ZONES, type StoredZone, type ZoneService } from './service';

/** The longest `filter` the zones list reads. */
const MAX_FILTER_LENGTH = 2_048;
/** The most terms a filter joins with `or`. */
const MAX_FILTER_TERMS = 100;

/**
 * Reads `filter` as Okta documents it for zones: `id eq "…"` and `usage eq "…"` terms joined by `or`.
 * Answers the zones' test, or throws `E0000031` naming what it cannot read.
 */
export function zoneFilter(raw: string | null): (zone: StoredZone) => boolean {
  if (raw === null || raw.trim() === '') return () => true;
  if (raw.length > MAX_FILTER_LENGTH) throw invalidSearch(`filter: must be at most ${MAX_FILTER_LENGTH} characters`);
  const terms = raw.trim().split(/\s+or\s+/i);
  if (terms.length > MAX_FILTER_TERMS) throw invalidSearch(`filter: at most ${MAX_FILTER_TERMS} terms`);
  const tests = terms.map((term) => {
    const m = /^\(?\s*(id|usage)\s+eq\s+"([^"]*)"\s*\)?$/.exec(term);
    if (!m) throw invalidSearch('filter: only id eq "…" and usage eq "…" terms joined by or are supported');
    const [, field, value] = m;
    return (zone: StoredZone) => (field === 'id' ? zone.id : zone.usage) === value;
  });
  return (zone) => tests.some((t) => t(zone));
}


/**
 * Okta's network zones (`/api/v1/zones…`), IP zones only. Scopes `okta.networkZones.read` and
 * `okta.networkZones.manage`; bucket `default`.
 */
export function zoneRoutes(env: RouteEnv, zones: ZoneService): RouteSpec[] {
  const answer = (zone: StoredZone) => ({ status: 200, body: renderZone(zone, env.orgOrigin()) });
  const route = (method: RouteSpec['method'], path: string, summary: string, handle: RouteSpec['handle']): RouteSpec => ({
    method,
    path: `/api/v1/zones${path}`,
    summary,
    bucket: 'default',
    scope: method === 'get' ? 'okta.networkZones.read' : 'okta.networkZones.manage',
    handle,
  });
  const idOf = (req: RouteRequest) => req.params.zoneId!;
  return [
    route('get', '', 'lists the zones in the order they were made (`filter`: `id eq "…"`, `usage eq "…"` joined by `or`; `limit`, every zone by default; `after`, Link `rel="next"`)', ({ url }) => {
      const test = zoneFilter(url.searchParams.get('filter'));
      const all = zones.all().filter(test);
      const limit = parsePageLimit(url.searchParams.get('limit'), { default: MAX_ZONES, max: MAX_ZONES });
      const offset = Math.min(pageOffset(url), all.length);
      const page = all.slice(offset, offset + limit);
      const next = offset + page.length < all.length ? encodeCursor(offset + page.length) : undefined;
      return { status: 200, body: page.map((z) => renderZone(z, env.orgOrigin())), headers: pageLinks(env.orgUrl(), url, next) };
    }),
    route('post', '', 'creates an IP zone (`name`, `gateways` and/or `proxies` of `CIDR`/`RANGE` entries, `usage` POLICY or BLOCKLIST, `status`); DYNAMIC zones are refused', async (req) =>
      answer(zones.create(await readJsonBody(req), req.now)),
    ),
    route('get', '/:zoneId', 'reads a zone (`E0000007 … (Zone)` when there is none)', (req) => answer(zones.get(idOf(req)))),
    route('put', '/:zoneId', 'replaces a zone\'s name, usage and addresses (its type and status stay)', async (req) => answer(zones.replace(idOf(req), await readJsonBody(req), req.now))),
    route('delete', '/:zoneId', 'deletes an INACTIVE zone (204); an ACTIVE one is refused (400 `E0000001` on `status`)', (req) => {
      zones.delete(idOf(req));
      return { status: 204 };
    }),
    route('post', '/:zoneId/lifecycle/activate', 'activates a zone and answers it', (req) => answer(zones.setStatus(idOf(req), 'ACTIVE', req.now))),
    route('post', '/:zoneId/lifecycle/deactivate', 'deactivates a zone and answers it', (req) => answer(zones.setStatus(idOf(req), 'INACTIVE', req.now))),
  ];
}
