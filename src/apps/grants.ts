import * as z from 'zod/mini';
import type { ApiCall } from '../core/api-call';
import { defineOperations } from '../core/operations';
import type { CallOptions, Transport } from '../core/transport';
import { recordOf } from '../validation/record';

const text = z.string();

/** A scope consent grant as `/api/v1/apps/{appId}/grants` answers it; unknown members are kept. */
export const AppGrantSchema = z.looseObject({
  id: text,
  status: z.optional(text),
  created: z.optional(z.nullable(text)),
  lastUpdated: z.optional(z.nullable(text)),
  /** The org authorization server's issuer. */
  issuer: z.optional(text),
  /** The app's OAuth client id. */
  clientId: z.optional(text),
  /** The Okta scope granted, e.g. `okta.users.read`. */
  scopeId: text,
  source: z.optional(text),
  _embedded: z.optional(recordOf(z.unknown())),
  _links: z.optional(recordOf(z.unknown())),
});

/** A scope granted to an app: an OAuth service app can ask the org authorization server for it. */
export type AppGrant = z.infer<typeof AppGrantSchema>;

/** What {@link AppGrantsResource.grant} sends: the org's issuer (its URL) and the scope. */
export const AppGrantInputSchema = z.strictObject({ issuer: text, scopeId: text });

/** The body of a grant. */
export type AppGrantInput = z.input<typeof AppGrantInputSchema>;

/** Parameters of {@link AppGrantsResource.list} and {@link AppGrantsResource.get}. */
export interface AppGrantParams {
  /** `scope` embeds the scope as `_embedded.scope`. */
  expand?: 'scope';
}

const ExpandSchema = z.strictObject({ expand: z.optional(z.literal('scope')) });

/** The Application Grants API (`/api/v1/apps/{appId}/grants`): the Okta scopes an app may ask tokens for. */
export interface AppGrantsResource {
  /** Every grant of an app (the API does not page them). */
  list(appId: string, params?: AppGrantParams, options?: CallOptions): ApiCall<AppGrant[]>;
  /** Retrieves one grant. */
  get(appId: string, grantId: string, params?: AppGrantParams, options?: CallOptions): ApiCall<AppGrant>;
  /** Grants a scope, e.g. `{ issuer: client.orgUrl.origin, scopeId: 'okta.users.read' }`. Never retried after a 5xx. */
  grant(appId: string, input: AppGrantInput, options?: CallOptions): ApiCall<AppGrant>;
  /** Revokes a grant. */
  revoke(appId: string, grantId: string, options?: CallOptions): ApiCall<void>;
}

/** Builds {@link AppGrantsResource} over a transport. */
export const appGrantsResource: (transport: Transport) => AppGrantsResource = defineOperations({
  list: { route: 'GET /api/v1/apps/{appId}/grants', answer: z.array(AppGrantSchema), query: ExpandSchema, what: 'grants' },
  get: { route: 'GET /api/v1/apps/{appId}/grants/{grantId}', answer: AppGrantSchema, query: ExpandSchema, what: 'grant' },
  grant: { route: 'POST /api/v1/apps/{appId}/grants', body: AppGrantInputSchema, answer: AppGrantSchema, what: 'grant' },
  revoke: { route: 'DELETE /api/v1/apps/{appId}/grants/{grantId}' },
});
