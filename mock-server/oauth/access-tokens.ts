import { randomToken } from './random';

/** An access token the token endpoint issued. */
export interface IssuedToken {
  clientId: string;
  scopes: readonly string[];
  /** Epoch ms on the backend's clock. */
  expiresAt: number;
  /** The SHA-256 thumbprint of the DPoP key the token is bound to (`cnf.jkt`), when it is. */
  jkt?: string;
}

/** Okta's access token lifetime for the org authorization server. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/**
 * Issued access tokens by value. Bounded: expired tokens are dropped as new ones are issued, and
 * past `maxTokens` the oldest go first.
 */
export class AccessTokenStore {
  // Insertion order is issue order, and every token lives as long, so the oldest are at the front.
  readonly #tokens = new Map<string, IssuedToken>();

  constructor(private readonly maxTokens = 10_000) {}

  /** Issues an opaque token (256 random bits). */
  issue(token: Omit<IssuedToken, 'expiresAt'>, now: number): { value: string; record: IssuedToken } {
    for (const [value, record] of this.#tokens) {
      if (record.expiresAt > now && this.#tokens.size < this.maxTokens) break;
      this.#tokens.delete(value);
    }
    const record: IssuedToken = { ...token, expiresAt: now + ACCESS_TOKEN_LIFETIME_SECONDS * 1000 };
    const value = randomToken(32);
    this.#tokens.set(value, record);
    return { value, record };
  }

  /** The token's record, expired or not, or `undefined` when it was never issued (or revoked). */
  get(value: string): IssuedToken | undefined {
    return this.#tokens.get(value);
  }

  /** Revokes every token of a client; returns how many. */
  revokeClient(clientId: string): number {
    let count = 0;
    for (const [value, record] of this.#tokens) {
      if (record.clientId === clientId) {
        this.#tokens.delete(value);
        count++;
      }
    }
    return count;
  }

  get size(): number {
    return this.#tokens.size;
  }

  clear(): void {
    this.#tokens.clear();
  }
}
