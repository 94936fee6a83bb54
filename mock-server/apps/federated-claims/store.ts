import { notFound } from '../../http/okta-errors';

/** A federated claim as the backend keeps it. */
export interface StoredFederatedClaim {
  id: string;
  appId: string;
  name: string;
  expression: string;
  created: string;
  lastUpdated: string;
}

/** The most claims one app keeps. */
export const MAX_CLAIMS_PER_APP = 100;

/** Apps' federated claims, in creation order per app. */
export class FederatedClaimStore {
  readonly #byApp = new Map<string, Map<string, StoredFederatedClaim>>();

  /** Keeps a claim. */
  add(claim: StoredFederatedClaim): void {
    let claims = this.#byApp.get(claim.appId);
    if (!claims) this.#byApp.set(claim.appId, (claims = new Map()));
    if (claims.size >= MAX_CLAIMS_PER_APP && !claims.has(claim.id)) throw new Error(`An app keeps at most ${MAX_CLAIMS_PER_APP} federated claims.`);
    claims.set(claim.id, claim);
  }

  /** An app's claims, in creation order. */
  list(appId: string): StoredFederatedClaim[] {
    return [...(this.#byApp.get(appId)?.values() ?? [])];
  }

  /** A claim, or `E0000007 … (FederatedClaim)`. */
  require(appId: string, claimId: string): StoredFederatedClaim {
    const claim = this.#byApp.get(appId)?.get(claimId);
    if (!claim) throw notFound(claimId, 'FederatedClaim');
    return claim;
  }

  /** Removes a claim. */
  remove(appId: string, claimId: string): void {
    this.require(appId, claimId);
    this.#byApp.get(appId)!.delete(claimId);
  }

  /** Every claim of every app. */
  all(): StoredFederatedClaim[] {
    return [...this.#byApp.values()].flatMap((claims) => [...claims.values()]);
  }

  /** Forgets every claim. */
  clear(): void {
    this.#byApp.clear();
  }
}
