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

/** The character code of each base62 letter. */
const BASE62_CODES = Uint8Array.from(BASE62, (letter) => letter.charCodeAt(0));

/**
 * One array of character codes per length asked for (a request id's 20, an object id's 17, …),
 * filled again at each call: the text is made by one `String.fromCharCode`, not by a concatenation
 * per letter (every response needs a request id, and 20 concatenations cost twice as much).
 */
const scratch = new Map<number, number[]>();

/** Random base62 text of the given length (rejection sampling keeps the letters uniform). */
export function base62(length: number): string {
  let codes = scratch.get(length);
  if (codes === undefined) {
    codes = new Array<number>(length).fill(0);
    if (scratch.size < 64) scratch.set(length, codes);
  }
  let n = 0;
  while (n < length) {
    const byte = randomByte();
    if (byte < 248) codes[n++] = BASE62_CODES[byte % 62]!;
  }
  return String.fromCharCode.apply(null, codes);
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
