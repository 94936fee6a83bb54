/** An interclient trust mapping as the backend keeps it: a target app that lets an allowed app ask for interclient SSO. */
export interface StoredInterclientTrustMapping {
  /** `itm…`, 20 characters. */
  id: string;
  /** The target app (`appInstanceId` on the wire). */
  appInstanceId: string;
  /** The allowed app (`trustedAppInstanceId` on the wire). */
  trustedAppInstanceId: string;
  created: string;
  lastUpdated: string;
  /** The user the mapping was made for (the backend's administrator). */
  lastUpdatedBy: string;
}

/** The most apps one target app allows, as Okta refuses a sixth. */
export const MAX_ALLOWED_APPS = 5;
/** The most mappings an org keeps (what a snapshot document holds at most). */
export const MAX_MAPPINGS = 100_000;

/**
 * The org's interclient trust mappings (Native to Web SSO), in creation order. A mapping whose app is
 * gone is answered by no route, and a snapshot drops it.
 */
export class InterclientTrustStore {
  readonly #mappings = new Map<string, StoredInterclientTrustMapping>();

  /** Keeps a mapping, replacing the one with its id. */
  put(mapping: StoredInterclientTrustMapping): void {
    this.#mappings.set(mapping.id, mapping);
  }

  /** The mapping from `targetAppId` to `allowedAppId`, if any. */
  find(targetAppId: string, allowedAppId: string): StoredInterclientTrustMapping | undefined {
    return this.all().find((m) => m.appInstanceId === targetAppId && m.trustedAppInstanceId === allowedAppId);
  }

  /** Removes a mapping; true when there was one. */
  delete(id: string): boolean {
    return this.#mappings.delete(id);
  }

  /** How many mappings are kept (those of deleted apps included until {@link prune}). */
  get size(): number {
    return this.#mappings.size;
  }

  /** Forgets the mappings `keep` refuses (those of deleted apps). */
  prune(keep: (mapping: StoredInterclientTrustMapping) => boolean): void {
    for (const [id, mapping] of this.#mappings) if (!keep(mapping)) this.#mappings.delete(id);
  }

  /** Every mapping, in creation order. */
  all(): StoredInterclientTrustMapping[] {
    return [...this.#mappings.values()];
  }

  /** Forgets every mapping. */
  clear(): void {
    this.#mappings.clear();
  }
}
