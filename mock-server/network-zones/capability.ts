import type { Capability, CapabilityDefinition } from '../capability';
import { OktaHttpError } from '../pipeline/okta-errors';
import { NETWORK_ZONES_SNAPSHOT_MEMBERS, type SnapshotZone } from './documents';
import { zoneRoutes } from './routes';
import { type StoredZone, zoneFields, ZoneService } from './service';
import type { MockNetworkZone, NetworkZonesBackendState } from './state';

/** A copy of a zone as `backend.networkZones` and the snapshot show it. */
function shown(zone: StoredZone): MockNetworkZone {
  return {
    ...zone,
    gateways: zone.gateways && zone.gateways.map((g) => ({ ...g })),
    proxies: zone.proxies && zone.proxies.map((p) => ({ ...p })),
  };
}

/** Network zones: the organization's IP zones (`/api/v1/zones…`, `backend.networkZones`). */
export const NETWORK_ZONES = {
  name: 'network-zones',
  snapshotMembers: NETWORK_ZONES_SNAPSHOT_MEMBERS,
  create(ctx): Capability<NetworkZonesBackendState> {
    const zones = new ZoneService(ctx.newId);
    return {
      routes: (env) => zoneRoutes(env, zones),
      clear: () => zones.clear(),
      snapshot: {
        phase: 80,
        take: () => ({ networkZones: zones.all().map(shown) }),
        check(doc, refuse) {
          const ids = new Set<string>();
          ((doc as { networkZones?: SnapshotZone[] }).networkZones ?? []).forEach((z, i) => {
            if (ids.has(z.id)) refuse(`networkZones[${i}].id`, `the id ${z.id} is given twice`);
            ids.add(z.id);
            try {
              zoneFields(z);
            } catch (error) {
              if (!(error instanceof OktaHttpError)) throw error;
              refuse(`networkZones[${i}]`, error.causes.join('; '));
            }
          });
        },
        restore(doc) {
          for (const z of (doc as { networkZones?: SnapshotZone[] }).networkZones ?? []) zones.put(shown(z));
        },
      },
      state: {
        networkZones: {
          list: () => zones.all().map(shown),
          get size() {
            return zones.size;
          },
        },
      },
    };
  },
} satisfies CapabilityDefinition;
