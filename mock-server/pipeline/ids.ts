const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes are drawn 16 KiB at a time: one Web Crypto call costs as much as a request's other work,
// and every response needs 20 random letters for its request id.
const pool = new Uint8Array(16_384);
let poolAt = pool.length;

function randomByte(): number {
  if (poolAt === pool.length) {
    // Web Crypto, not node:crypto: the backend's core runs in browsers and edge runtimes too.
    crypto.getRandomValues(pool);
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

/** Random base62 text of the given length (rejection sampling keeps the letters uniform). */
export function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

/** An Okta-style object id: a three-letter type prefix and base62, 20 characters in all (`0oa…`, `00o…`). */
export function oktaId(prefix: string): string {
  return prefix + base62(20 - prefix.length);
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Random base64url text, the alphabet of real key ids and client secrets (each character from one random byte's low six bits: uniform). */
export function randomToken(length: number): string {
  let out = '';
  for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length))) out += BASE64URL[byte & 63];
  return out;
}
