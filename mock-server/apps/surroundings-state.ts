import type { PolicyInput } from './policies/store';
import type { IssueRefreshTokenInput } from './surroundings';

/** The org's app sign-in policies (`ACCESS_POLICY`), as `GET /api/v1/policies/{id}` renders them. */
export interface MockPoliciesState {
  /** The id of the org's default app sign-in policy, which every new app is assigned to. */
  readonly defaultAccessPolicyId: string;
  /** Adds an app sign-in policy (an id is made unless given); a duplicate id throws. */
  add(input: PolicyInput): Record<string, unknown>;
  /** A policy, if any. */
  get(id: string): Record<string, unknown> | undefined;
}

/** Refresh tokens of apps' clients (the token endpoint grants client credentials, which issue none). */
export interface MockRefreshTokensState {
  /** Issues a refresh token to an app's client and answers its id (`oar…`); `GET …/tokens` lists it. */
  issue(appId: string, input: IssueRefreshTokenInput): string;
}

/** What the app-surroundings capability shows on the backend (`backend.policies`, `backend.refreshTokens`). */
export interface AppSurroundingsBackendState {
  /** App sign-in policies: the default one every app is assigned to, and added ones. */
  readonly policies: MockPoliciesState;
  /** Refresh tokens of apps' clients. */
  readonly refreshTokens: MockRefreshTokensState;
}
