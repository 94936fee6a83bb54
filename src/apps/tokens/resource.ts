import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { ListOptions, Pager } from '../../core/pagination';
import type { CallOptions, Transport } from '../../core/transport';
import { int } from '../../validation/int';

/** An OAuth 2.0 refresh token issued to an app's client, as the API answers it; unknown members are kept. */
export const AppRefreshTokenSchema = z.looseObject({ id: z.string(), status: z.string(), userId: z.optional(z.string()), scopes: z.optional(z.array(z.string())) });

/** A refresh token of an app's client. */
export type AppRefreshToken = z.infer<typeof AppRefreshTokenSchema>;

/** Parameters of {@link AppTokensResource.list}. */
export interface ListAppTokensParams {
  /** `scope` embeds the scopes' details as `_embedded.scopes`. */
  expand?: 'scope';
  /** Items per page; the API defaults to 20 and serves at most 200. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

/** Parameters of {@link AppTokensResource.get}. */
export interface GetAppTokenParams {
  /** `scope` embeds the scopes' details as `_embedded.scopes`. */
  expand?: 'scope';
}

const expand = z.optional(z.string());

/**
 * The refresh tokens an app's client holds (`/api/v1/apps/{appId}/tokens`): list, read and revoke.
 * An unknown token is `NotFoundError` (`E0000007 … {appId}.{tokenId} (OAuth2RefreshTokenTx)`).
 */
export interface AppTokensResource {
  /** Lists the app's refresh tokens; returns a {@link Pager} at once (iterate it, page it, or `toArray({ max })`). */
  list(appId: string, params?: ListAppTokensParams, options?: ListOptions): Pager<AppRefreshToken>;
  /** Retrieves one refresh token. */
  get(appId: string, tokenId: string, params?: GetAppTokenParams, options?: CallOptions): ApiCall<AppRefreshToken>;
  /** Revokes one refresh token (204). */
  revoke(appId: string, tokenId: string, options?: CallOptions): ApiCall<void>;
  /** Revokes every refresh token of the app (204). */
  revokeAll(appId: string, options?: CallOptions): ApiCall<void>;
}

/** @internal wired into `client.apps.tokens` by the `appResources` extension. */
export const appTokens: (transport: Transport) => AppTokensResource = defineOperations({
  list: {
    route: 'GET /api/v1/apps/{appId}/tokens',
    answer: AppRefreshTokenSchema,
    list: true,
    query: z.strictObject({ expand, limit: z.optional(int()), after: expand }),
    what: 'refresh tokens',
  },
  get: { route: 'GET /api/v1/apps/{appId}/tokens/{tokenId}', answer: AppRefreshTokenSchema, query: z.strictObject({ expand }), what: 'refresh token' },
  revoke: { route: 'DELETE /api/v1/apps/{appId}/tokens/{tokenId}' },
  revokeAll: { route: 'DELETE /api/v1/apps/{appId}/tokens' },
});
