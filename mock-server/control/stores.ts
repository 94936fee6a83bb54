import type { RouteEnv } from '../pipeline/route';
import type { ControlClock } from '../state/clock';
import type { IdSource } from '../state/ids';
import type { Capabilities } from './capabilities';

/** What the control plane reads and replaces: the clock, ids and org it owns, and the backend's capabilities. */
export interface BackendStores {
  env: RouteEnv;
  clock: ControlClock;
  ids: IdSource;
  /** Shared with the capabilities: changing `orgId` here changes what reads it afterwards (Everyone's id, user types). */
  org: { orgId: string };
  /** Apps, the directory, OAuth, security events, the System Log, …: each clears, snapshots, restores and seeds its own state. */
  capabilities: Capabilities;
}

/** Empties what a snapshot holds: every capability's state. */
export function clearStores(d: BackendStores): void {
  d.capabilities.clear();
}
