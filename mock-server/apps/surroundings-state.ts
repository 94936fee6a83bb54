import type { IssueRefreshTokenInput } from './surroundings';

/** Refresh tokens of apps' clients (the token endpoint grants client credentials, which issue none). */
export interface MockRefreshTokensState {
  /** Issues a refresh token to an app's client and answers its id (`oar…`); `GET …/tokens` lists it. */
  issue(appId: string, input: IssueRefreshTokenInput): string;
}

/** What the app-surroundings capability shows on the backend (`backend.refreshTokens`). */
export interface AppSurroundingsBackendState {
  /** Refresh tokens of apps' clients. */
  readonly refreshTokens: MockRefreshTokensState;
}
