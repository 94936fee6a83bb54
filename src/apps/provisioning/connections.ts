import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { CallOptions, Transport } from '../../core/transport';
import { recordOf } from '../../validation/record';
import { ObjectBody } from '../object-body';
import type { ProvisioningConnectionUpdate } from './input';

/** An app's default provisioning connection as the API answers it; unknown members are kept. */
export const ProvisioningConnectionSchema = z.looseObject({ status: z.string(), profile: z.looseObject({ authScheme: z.string() }) });

/** An app's default provisioning connection: its status and how Okta authenticates to the app. */
export type ProvisioningConnection = z.infer<typeof ProvisioningConnectionSchema>;

/** The public keys of an OAuth 2.0 provisioning connection (`GET …/connections/default/jwks`). */
export const ProvisioningConnectionJwksSchema = z.looseObject({ jwks: z.looseObject({ keys: z.array(recordOf(z.unknown())) }) });

/** The key set of an app's OAuth 2.0 provisioning connection. */
export type ProvisioningConnectionJwks = z.infer<typeof ProvisioningConnectionJwksSchema>;

/** Parameters of {@link AppConnectionsResource.update}. */
export interface UpdateConnectionParams {
  /** Activate the connection in the same call. */
  activate?: boolean;
}

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

const lifecycle = <A extends string>(action: A) => ({ route: `POST /api/v1/apps/{appId}/connections/default/lifecycle/${action}`, retry: 'idempotent' }) as const;

/** @internal wired into `client.apps.connections` by the `appResources` extension. */
export const appConnections: (transport: Transport) => AppConnectionsResource = defineOperations({
  get: { route: 'GET /api/v1/apps/{appId}/connections/default', answer: ProvisioningConnectionSchema, what: 'provisioning connection' },
  update: {
    route: 'POST /api/v1/apps/{appId}/connections/default',
    body: ObjectBody,
    query: z.strictObject({ activate: z.optional(z.boolean()) }),
    answer: ProvisioningConnectionSchema,
    // Setting a connection twice to the same profile does the same: safe to retry.
    retry: 'idempotent',
    what: 'provisioning connection',
  },
  activate: lifecycle('activate'),
  deactivate: lifecycle('deactivate'),
  jwks: { route: 'GET /api/v1/apps/{appId}/connections/default/jwks', answer: ProvisioningConnectionJwksSchema, what: 'provisioning connection keys' },
});
