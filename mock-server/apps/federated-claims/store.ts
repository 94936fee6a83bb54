import { notFound } from '../../pipeline/okta-errors';
import { PerApp } from '../per-app';

/** A federated claim as the backend keeps it. */
export interface StoredFederatedClaim {
  id: string;
  appId: string;
  name: string;
  expression: string;
  created: string;
  lastUpdated: string;
}

/** Apps' federated claims, in creation order per app (at most 100 per app). */
export class FederatedClaimStore extends PerApp<StoredFederatedClaim> {
  constructor() {
    super(100, 'federated claims');
  }

  /** A claim, or `E0000007 … (FederatedClaim)`. */
  require(appId: string, claimId: string): StoredFederatedClaim {
    const claim = this.get(appId, claimId);
    if (!claim) throw notFound(claimId, 'FederatedClaim');
    return claim;
  }
}
