import { oktaId, randomToken } from '../pipeline/ids';

/** How a backend makes object ids: `'random'` (default) or `'deterministic'` (a counter). */
export type IdMode = 'random' | 'deterministic';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function counterText(n: number, length: number): string {
  let out = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out;
  return out.padStart(length, '0');
}

/**
 * The ids of apps, users, groups, providers, the org and System Log events. Deterministic ids come
 * from one counter (`0oa00000000000000003`, …), so the same calls give the same ids on every start
 * and after a reset; the counter is part of a snapshot.
 */
export class IdSource {
  #next = 1;
  #nextToken = 1;

  constructor(readonly mode: IdMode) {}

  /** An Okta-style id: the prefix and base62, 20 characters in all. */
  oktaId(prefix: string): string {
    if (this.mode === 'random') return oktaId(prefix);
    return prefix + counterText(this.#next++, 20 - prefix.length);
  }

  /** A UUID (System Log events); deterministic mode counts in its last group. */
  uuid(): string {
    if (this.mode === 'random') return globalThis.crypto.randomUUID();
    return `00000000-0000-4000-8000-${(this.#next++).toString(16).padStart(12, '0')}`;
  }

  /**
   * A 43-character base64url id, the length of a SHA-256 digest (signing key ids, CSR ids).
   * Deterministic mode counts on a counter of its own, so the sequence of Okta ids is unchanged.
   */
  token(): string {
    if (this.mode === 'random') return randomToken(43);
    return `tok${counterText(this.#nextToken++, 40)}`;
  }

  /** The id of the organization's own signing key: a token, in deterministic mode the same at every start and reset. */
  orgToken(): string {
    if (this.mode === 'random') return randomToken(43);
    return `tok${counterText(0, 40)}`;
  }

  /** The token counter: `null` for random ids. */
  get tokenCounter(): number | null {
    return this.mode === 'deterministic' ? this.#nextToken : null;
  }

  set tokenCounter(value: number | null) {
    if (value !== null && this.mode === 'deterministic') this.#nextToken = value;
  }

  /** The counter: `null` for random ids. */
  get counter(): number | null {
    return this.mode === 'deterministic' ? this.#next : null;
  }

  set counter(value: number | null) {
    if (value !== null && this.mode === 'deterministic') this.#next = value;
  }
}
