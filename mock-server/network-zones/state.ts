import type { ZoneAddress } from './addresses';

/** A network zone as `backend.networkZones` and the snapshot show it (a copy). */
export interface MockNetworkZone {
  /** `nzo…`, 20 characters. */
  id: string;
  /** Only IP zones are served. */
  type: 'IP';
  /** At most 128 characters. */
  name: string;
  /** Whether policies consider the zone; changed by its lifecycle operations. */
  status: 'ACTIVE' | 'INACTIVE';
  /** POLICY (named by policy rules) or BLOCKLIST (its addresses are refused). */
  usage: 'POLICY' | 'BLOCKLIST';
  /** ISO 8601, whole seconds. */
  created: string;
  /** ISO 8601, whole seconds. */
  lastUpdated: string;
  /** CIDR blocks and ranges of the zone; `null` when none was given. */
  gateways: ZoneAddress[] | null;
  /** CIDR blocks and ranges of the proxies in front of it; `null` when none was given. */
  proxies: ZoneAddress[] | null;
}

/** The organization's network zones, read directly (no HTTP, no auth). */
export interface MockNetworkZonesState {
  /** Every zone, in the order they were made. */
  list(): MockNetworkZone[];
  /** How many zones the organization holds. */
  readonly size: number;
}

/** What the network zones capability shows on the backend (`backend.networkZones`). */
export interface NetworkZonesBackendState {
  /** The organization's network zones (`/api/v1/zones`). */
  readonly networkZones: MockNetworkZonesState;
}
