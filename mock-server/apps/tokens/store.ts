import { notFound } from '../../pipeline/okta-errors';
import { PerApp } from '../per-app';

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

/**
 * The refresh tokens of apps' clients, in issue order per app. They exist when seeded (a seed
 * document's `refreshTokens`, `backend.refreshTokens.issue`): the backend's token endpoint grants
 * client credentials only, which issue no refresh token.
 */
export class RefreshTokenStore extends PerApp<StoredRefreshToken> {
  constructor() {
    super(10_000, 'refresh tokens');
  }

  /** A token, or Okta's `E0000007 … {appId}.{tokenId} (OAuth2RefreshTokenTx)`. */
  require(appId: string, tokenId: string): StoredRefreshToken {
    const token = this.get(appId, tokenId);
    if (!token) throw notFound(`${appId}.${tokenId}`, 'OAuth2RefreshTokenTx');
    return token;
  }
}
