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
 * What a snapshot's mappings must hold to, as the routes keep them: unique ids, no app its own
 * trusted app, each trusted app once per target, at most {@link MAX_ALLOWED_APPS} per target.
 * Calls `refuse` on the first that does not.
 */
export function checkStoredMappings(mappings: readonly StoredInterclientTrustMapping[], refuse: (field: string, reason: string) => never): void {
  const ids = new Set<string>();
  const pairs = new Set<string>();
  const perTarget = new Map<string, number>();
  mappings.forEach((m, i) => {
    const at = `surroundings.interclientTrust[${i}]`;
    if (ids.has(m.id)) refuse(`${at}.id`, `the mapping id ${m.id} appears twice; each must be unique`);
    ids.add(m.id);
    if (m.appInstanceId === m.trustedAppInstanceId) refuse(`${at}.trustedAppInstanceId`, 'an app cannot be its own trusted app');
    const pair = `${m.appInstanceId} ${m.trustedAppInstanceId}`;
    if (pairs.has(pair)) refuse(at, `${m.trustedAppInstanceId} is a trusted app of ${m.appInstanceId} twice`);
    pairs.add(pair);
    const count = (perTarget.get(m.appInstanceId) ?? 0) + 1;
    if (count > MAX_ALLOWED_APPS) refuse(at, `${m.appInstanceId} allows more than ${MAX_ALLOWED_APPS} apps`);
    perTarget.set(m.appInstanceId, count);
  });
}

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
