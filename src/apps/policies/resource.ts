import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { CallOptions, Transport } from '../../core/transport';

/**
 * An app's sign-in policy (`PUT /api/v1/apps/{appId}/policies/{policyId}`): the app sign-in policy
 * (`ACCESS_POLICY`) that decides how its users authenticate.
 */
export interface AppPoliciesResource {
  /**
   * Assigns the app to the app sign-in policy `policyId`, replacing the policy it had; the app's
   * `_links.accessPolicy` then points at it. Answers nothing (204). An unknown policy is refused
   * with `NotFoundError` (`E0000007`).
   */
  assign(appId: string, policyId: string, options?: CallOptions): ApiCall<void>;
}

/** @internal wired into `client.apps.policies` by the `appResources` extension. */
export const appPolicies: (transport: Transport) => AppPoliciesResource = defineOperations({
  assign: { route: 'PUT /api/v1/apps/{appId}/policies/{policyId}' },
});
