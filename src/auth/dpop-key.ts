import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { accessTokenHash, htu } from './dpop-claims';

export { accessTokenHash, htu };

/** The algorithm of the DPoP keys appset generates: ES256, the one every DPoP server accepts. */
export const DPOP_ALGORITHM = 'ES256';

/**
 * One client's DPoP key pair (RFC 9449): generated on first use with a private key that cannot be
 * exported, kept for the client's life, and used to sign a fresh proof for each request.
 */
export class DpopKey {
  #pair: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;

  #keys(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
    this.#pair ??= (async () => {
      const { privateKey, publicKey } = await generateKeyPair(DPOP_ALGORITHM, { extractable: false });
      // A public key is always exportable; only its public members go into proofs.
      const { kty, crv, x, y } = await exportJWK(publicKey);
      return { privateKey, jwk: { kty, crv, x, y } };
    })();
    // A failed generation is retried on the next request rather than cached.
    this.#pair.catch(() => {
      this.#pair = undefined;
    });
    return this.#pair;
  }

  /** A proof for one request: `htm`, `htu`, `iat`, `jti`, and `nonce` / `ath` when given. */
  async proof(claims: { method: string; url: URL; nowSeconds: number; nonce?: string; accessToken?: string }): Promise<string> {
    const { privateKey, jwk } = await this.#keys();
    const payload: Record<string, unknown> = { htm: claims.method, htu: htu(claims.url) };
    if (claims.nonce !== undefined) payload.nonce = claims.nonce;
    if (claims.accessToken !== undefined) payload.ath = await accessTokenHash(claims.accessToken);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: DPOP_ALGORITHM, typ: 'dpop+jwt', jwk })
      .setIssuedAt(claims.nowSeconds)
      .setJti(crypto.randomUUID())
      .sign(privateKey);
  }
}
