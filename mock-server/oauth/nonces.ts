import { randomToken } from './random';

/** How long a server-issued DPoP nonce is accepted (RFC 9449 §8: the server decides). */
export const DPOP_NONCE_LIFETIME_MS = 5 * 60 * 1000;

/**
 * The DPoP nonces one server (the token endpoint, or the resource server) hands out: one current
 * nonce, replaced when it is older than its lifetime; the previous one stays valid for one more
 * lifetime so that requests in flight while it changes are not refused.
 */
export class DpopNonces {
  #current: { value: string; issuedAt: number } | undefined;
  #previous: { value: string; issuedAt: number } | undefined;

  constructor(private readonly lifetimeMs = DPOP_NONCE_LIFETIME_MS) {}

  /** The nonce to send in `DPoP-Nonce` now. */
  current(now: number): string {
    if (this.#current === undefined || now - this.#current.issuedAt >= this.lifetimeMs) {
      this.#previous = this.#current;
      this.#current = { value: randomToken(24), issuedAt: now };
    }
    return this.#current.value;
  }

  /** Whether `nonce` is one this server issued and still accepts. */
  accepts(nonce: string, now: number): boolean {
    return [this.#current, this.#previous].some(
      (n) => n !== undefined && n.value === nonce && now - n.issuedAt < 2 * this.lifetimeMs,
    );
  }

  clear(): void {
    this.#current = undefined;
    this.#previous = undefined;
  }
}
