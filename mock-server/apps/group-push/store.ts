import { notFound } from '../../http/okta-errors';

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

/** The most mappings one app keeps. */
export const MAX_MAPPINGS_PER_APP = 10_000;

/** Group push timestamps, as real organizations write them: whole seconds, no fraction (`2026-03-25T13:45:47Z`). */
export function pushTimestamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Apps' group push mappings, in creation order per app. */
export class GroupPushStore {
  readonly #byApp = new Map<string, Map<string, StoredGroupPushMapping>>();

  /** Keeps a mapping. */
  add(mapping: StoredGroupPushMapping): void {
    let mappings = this.#byApp.get(mapping.appId);
    if (!mappings) this.#byApp.set(mapping.appId, (mappings = new Map()));
    if (mappings.size >= MAX_MAPPINGS_PER_APP) throw new Error(`An app keeps at most ${MAX_MAPPINGS_PER_APP} group push mappings.`);
    mappings.set(mapping.id, mapping);
  }

  /** An app's mappings, in creation order. */
  list(appId: string): StoredGroupPushMapping[] {
    return [...(this.#byApp.get(appId)?.values() ?? [])];
  }

  /** A mapping, or `E0000007 … (GroupPushMapping)`. */
  require(appId: string, mappingId: string): StoredGroupPushMapping {
    const mapping = this.#byApp.get(appId)?.get(mappingId);
    if (!mapping) throw notFound(mappingId, 'GroupPushMapping');
    return mapping;
  }

  /** Removes a mapping. */
  remove(appId: string, mappingId: string): void {
    this.#byApp.get(appId)?.delete(mappingId);
  }

  /** Every mapping of every app. */
  all(): StoredGroupPushMapping[] {
    return [...this.#byApp.values()].flatMap((mappings) => [...mappings.values()]);
  }

  /** Forgets every mapping. */
  clear(): void {
    this.#byApp.clear();
  }
}
