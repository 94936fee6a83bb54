const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text of the given length (rejection sampling keeps the letters uniform). */
export function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    // Web Crypto, not node:crypto: the backend's core runs in browsers and edge runtimes too.
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** An Okta-style object id: a three-letter type prefix and base62, 20 characters in all (`0oa…`, `00o…`). */
export function oktaId(prefix: string): string {
  return prefix + base62(20 - prefix.length);
}
