import { ControlInputError } from './body-errors';
import { SNAPSHOT_VERSION, type Snapshot, type SnapshotOptions } from './snapshot-schema';
import { clearStores, type BackendStores } from './stores';

/** The whole state as one versioned document; client secrets only when asked for. */
export function takeSnapshot(d: BackendStores, options: SnapshotOptions = {}): Snapshot {
  return structuredClone({
    version: SNAPSHOT_VERSION,
    orgId: d.org.orgId,
    clock: { offsetMs: d.clock.offsetMs },
    idCounter: d.ids.counter,
    ...d.capabilities.takeSnapshot({ includeSecrets: options.includeSecrets === true }),
  }) as Snapshot;
}

/** Checks what the schema cannot: unique ids, logins, identifiers, references, and usable key sets (each capability its own). */
export function checkSnapshot(d: BackendStores, doc: Snapshot): void {
  d.capabilities.checkSnapshot(doc, (field, reason) => {
    throw new ControlInputError(`snapshot field ${field}: ${reason}`, field);
  });
}

/** Replaces the stores' content with a checked snapshot. */
export function loadSnapshot(d: BackendStores, doc: Snapshot): void {
  clearStores(d);
  d.org.orgId = doc.orgId;
  d.clock.setOffset(doc.clock.offsetMs);
  d.ids.counter = doc.idCounter;
  d.capabilities.restore(doc);
}
