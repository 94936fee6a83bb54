import type { Json } from '../shared/json';
import type { StoredZone } from './service';

/** A zone's URL on the organization. */
export const zoneHref = (origin: string, zoneId: string) => `${origin}/api/v1/zones/${zoneId}`;

/**
 * A zone as real organizations answer it, in their key order: `_links.self` and the lifecycle
 * operation it can take (`deactivate` after `self` when ACTIVE, `activate` before it when INACTIVE).
 */
export function renderZone(zone: StoredZone, origin: string): Json {
  const href = zoneHref(origin, zone.id);
  const self = { href, hints: { allow: ['GET', 'PUT', 'DELETE'] } };
  const lifecycle = (op: string) => ({ href: `${href}/lifecycle/${op}`, hints: { allow: ['POST'] } });
  return {
    type: zone.type,
    id: zone.id,
    name: zone.name,
    status: zone.status,
    usage: zone.usage,
    created: zone.created,
    lastUpdated: zone.lastUpdated,
    system: false,
    gateways: zone.gateways && zone.gateways.map((g) => ({ ...g })),
    proxies: zone.proxies && zone.proxies.map((p) => ({ ...p })),
    _links: zone.status === 'ACTIVE' ? { self, deactivate: lifecycle('deactivate') } : { activate: lifecycle('activate'), self },
  };
}
