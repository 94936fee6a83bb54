import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { CallOptions, Transport } from '../../core/transport';
import { ObjectBody } from '../object-body';
import type { FederatedClaimInput } from './input';

/** A federated claim as the API answers it; unknown members are kept. */
export const FederatedClaimSchema = z.looseObject({ id: z.string(), name: z.string(), expression: z.string() });

/** A claim Okta adds to the tokens and assertions it issues for an app (OIDC `id_token`s, SAML assertions). */
export type FederatedClaim = z.infer<typeof FederatedClaimSchema>;

/** An app's federated claims (`/api/v1/apps/{appId}/federated-claims`): create (201), list, get, replace (200), delete (204). */
export interface AppFederatedClaimsResource {
  /** Lists the app's claims (the API does not page them). */
  list(appId: string, options?: CallOptions): ApiCall<FederatedClaim[]>;
  /** Creates a claim. */
  create(appId: string, claim: FederatedClaimInput, options?: CallOptions): ApiCall<FederatedClaim>;
  /** Retrieves one claim. */
  get(appId: string, claimId: string, options?: CallOptions): ApiCall<FederatedClaim>;
  /** Replaces a claim's name and expression. */
  replace(appId: string, claimId: string, claim: FederatedClaimInput, options?: CallOptions): ApiCall<FederatedClaim>;
  /** Deletes a claim. */
  delete(appId: string, claimId: string, options?: CallOptions): ApiCall<void>;
}

/** @internal wired into `client.apps.federatedClaims` by the `appResources` extension. */
export const appFederatedClaims: (transport: Transport) => AppFederatedClaimsResource = defineOperations({
  list: { route: 'GET /api/v1/apps/{appId}/federated-claims', answer: z.array(FederatedClaimSchema), what: 'federated claims' },
  create: { route: 'POST /api/v1/apps/{appId}/federated-claims', body: ObjectBody, answer: FederatedClaimSchema, what: 'federated claim' },
  get: { route: 'GET /api/v1/apps/{appId}/federated-claims/{claimId}', answer: FederatedClaimSchema, what: 'federated claim' },
  replace: { route: 'PUT /api/v1/apps/{appId}/federated-claims/{claimId}', body: ObjectBody, answer: FederatedClaimSchema, what: 'federated claim' },
  delete: { route: 'DELETE /api/v1/apps/{appId}/federated-claims/{claimId}' },
});
