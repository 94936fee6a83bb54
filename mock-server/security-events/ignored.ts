/**
 * Why the receiver answered 202 and did nothing, where Okta's guide says it ignores a delivery
 * silently ("won't appear in the System Log"):
 * - `duplicate`: the same token (header and payload) was received before;
 * - `jti_reused`: another token from the issuer already used this `jti`;
 * - `unknown_user`: no user of the organization has the subject's email as login or email.
 */
export type IgnoreReason = 'duplicate' | 'jti_reused' | 'unknown_user';

/** A delivery, or one event of it, that the receiver accepted (202) and ignored. */
export interface IgnoredDelivery {
  /** When it arrived, ISO 8601 on the backend's clock. */
  at: string;
  /** The `X-Okta-Request-Id` the delivery was answered with. */
  requestId: string;
  /** The token's `iss`. */
  issuer: string;
  /** The token's `jti`. */
  jti: string;
  /** The event type ignored, when one event of the token was; absent when the whole token was. */
  eventType?: string;
  /** Why it was ignored: `duplicate`, `jti_reused` or `unknown_user` (see {@link IgnoreReason}). */
  reason: IgnoreReason;
  /** What happened, in a sentence. */
  description: string;
}

/** How many ignored deliveries are kept; the oldest are dropped first. */
export const MAX_IGNORED_DELIVERIES = 1_000;

/**
 * The latest ignored deliveries, oldest first: what Okta never tells a provider, kept for the test
 * author (`GET /__appset/signals`, `backend.signals.ignored()`). Like the request journal, it records
 * what happened and is not part of a snapshot.
 */
export class IgnoredDeliveries {
  #entries: IgnoredDelivery[] = [];

  add(entry: IgnoredDelivery): void {
    this.#entries.push(entry);
    if (this.#entries.length > MAX_IGNORED_DELIVERIES) this.#entries.splice(0, this.#entries.length - MAX_IGNORED_DELIVERIES);
  }

  /** Copies of the entries, oldest first. */
  list(): IgnoredDelivery[] {
    return this.#entries.map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.#entries = [];
  }
}
