import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { CallOptions, Transport } from '../../core/transport';
import {
  ProvisioningConnectionJwksSchema,
  ProvisioningConnectionSchema,
  ProvisioningConnectionUpdateSchema,
  type ProvisioningConnection,
  type ProvisioningConnectionJwks,
  type ProvisioningConnectionUpdate,
} from './schemas';

/** Parameters of {@link AppConnectionsResource.update}. */
export interface UpdateConnectionParams {
  /** Activate the connection in the same call. */
  activate?: boolean;
}

const UpdateParamsSchema = z.strictObject({ activate: z.optional(z.boolean()) });

/**
 * An app's default provisioning connection (`/api/v1/apps/{appId}/connections/default`): how Okta
 * authenticates to the app to provision users. An app without provisioning (a bookmark app, say)
 * answers `{ status: 'UNKNOWN', profile: { authScheme: 'UNKNOWN' } }`, as real organizations do.
 */
export interface AppConnectionsResource {
  /** Retrieves the connection. */
  get(appId: string, options?: CallOptions): ApiCall<ProvisioningConnection>;
  /** Updates the connection's profile (the token is sent, never answered); `activate: true` enables it too. */
  update(appId: string, connection: ProvisioningConnectionUpdate, params?: UpdateConnectionParams, options?: CallOptions): ApiCall<ProvisioningConnection>;
  /** Enables the connection (204). */
  activate(appId: string, options?: CallOptions): ApiCall<void>;
  /** Disables the connection (204). */
  deactivate(appId: string, options?: CallOptions): ApiCall<void>;
  /** The public keys of an OAuth 2.0 connection (the Okta Org2Org app), for the target org's service app. */
  jwks(appId: string, options?: CallOptions): ApiCall<ProvisioningConnectionJwks>;
}

/** @internal wired into `client.apps.connections`. */
export const appConnections: (transport: Transport) => AppConnectionsResource = defineOperations({
  get: { route: 'GET /api/v1/apps/{appId}/connections/default', answer: ProvisioningConnectionSchema, what: 'provisioning connection' },
  update: {
    route: 'POST /api/v1/apps/{appId}/connections/default',
    body: ProvisioningConnectionUpdateSchema,
    query: UpdateParamsSchema,
    answer: ProvisioningConnectionSchema,
    // Setting a connection twice to the same profile does the same: safe to retry.
    retry: 'idempotent',
    what: 'provisioning connection',
  },
  activate: { route: 'POST /api/v1/apps/{appId}/connections/default/lifecycle/activate', retry: 'idempotent' },
  deactivate: { route: 'POST /api/v1/apps/{appId}/connections/default/lifecycle/deactivate', retry: 'idempotent' },
  jwks: { route: 'GET /api/v1/apps/{appId}/connections/default/jwks', answer: ProvisioningConnectionJwksSchema, what: 'provisioning connection keys' },
});
