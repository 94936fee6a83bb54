import { notFound } from '../../http/okta-errors';

/** A refresh token issued to an app's client, as the backend keeps it (never the token's value). */
export interface StoredRefreshToken {
  id: string;
  appId: string;
  status: 'ACTIVE';
  created: string;
  lastUpdated: string;
  expiresAt: string | null;
  issuer: string;
  clientId: string;
  userId: string;
  scopes: string[];
}

/** The most refresh tokens one app keeps. */
export const MAX_TOKENS_PER_APP = 10_000;

/**
 * The refresh tokens of apps' clients, in issue order per app. They exist when seeded (a seed
 * document's `refreshTokens`, `backend.refreshTokens.issue`): the backend's token endpoint grants
 * client credentials only, which issue no refresh token.
 */
export class RefreshTokenStore {
  readonly #byApp = new Map<string, Map<string, StoredRefreshToken>>();

  /** Keeps a token. */
  add(token: StoredRefreshToken): void {
    let tokens = this.#byApp.get(token.appId);
    if (!tokens) this.#byApp.set(token.appId, (tokens = new Map()));
    if (tokens.size >= MAX_TOKENS_PER_APP) throw new Error(`An app keeps at most ${MAX_TOKENS_PER_APP} refresh tokens.`);
    tokens.set(token.id, token);
  }

  /** An app's tokens, in issue order. */
  list(appId: string): StoredRefreshToken[] {
    return [...(this.#byApp.get(appId)?.values() ?? [])];
  }

  /** A token, or Okta's `E0000007 … {appId}.{tokenId} (OAuth2RefreshTokenTx)`. */
  require(appId: string, tokenId: string): StoredRefreshToken {
    const token = this.#byApp.get(appId)?.get(tokenId);
    if (!token) throw notFound(`${appId}.${tokenId}`, 'OAuth2RefreshTokenTx');
    return token;
  }

  /** Revokes one token (it is gone afterwards). */
  revoke(appId: string, tokenId: string): void {
    this.require(appId, tokenId);
    this.#byApp.get(appId)!.delete(tokenId);
  }

  /** Revokes every token of an app. */
  revokeAll(appId: string): void {
    this.#byApp.delete(appId);
  }

  /** Every token of every app. */
  all(): StoredRefreshToken[] {
    return [...this.#byApp.values()].flatMap((tokens) => [...tokens.values()]);
  }

  /** Forgets every token. */
  clear(): void {
    this.#byApp.clear();
  }
}
