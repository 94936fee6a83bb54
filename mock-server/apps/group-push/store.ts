import { notFound } from '../../pipeline/okta-errors';
import { PerApp } from '../per-app';

/** A group push mapping as the backend keeps it. */
export interface StoredGroupPushMapping {
  id: string;
  appId: string;
  sourceGroupId: string;
  targetGroupId: string;
  status: 'ACTIVE' | 'INACTIVE';
  created: string;
  lastUpdated: string;
  /** Extra configuration some apps take (Active Directory), kept as given. */
  appConfig?: Record<string, unknown>;
}

/** Group push timestamps, as real organizations write them: whole seconds, no fraction (`2026-03-25T13:45:47Z`). */
export function pushTimestamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Apps' group push mappings, in creation order per app. */
export class GroupPushStore extends PerApp<StoredGroupPushMapping> {
  constructor() {
    super(10_000, 'group push mappings');
  }

  /** A mapping, or `E0000007 … (GroupPushMapping)`. */
  require(appId: string, mappingId: string): StoredGroupPushMapping {
    const mapping = this.get(appId, mappingId);
    if (!mapping) throw notFound(mappingId, 'GroupPushMapping');
    return mapping;
  }
}
