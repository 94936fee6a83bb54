import { encodeBase64url } from '../shared/base64';

/** `bytes` random bytes from Web Crypto, base64url-encoded: tokens, nonces and ids that must not be guessed. */
export function randomToken(bytes = 32): string {
  return encodeBase64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An Okta-style id (`oag…`), 20 characters, from Web Crypto so the backend core runs in browsers. */
export function webOktaId(prefix: string): string {
  let out = prefix;
  while (out.length < 20) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      // Below 248 (= 4 × 62) every letter is equally likely.
      if (byte < 248 && out.length < 20) out += BASE62[byte % 62];
    }
  }
  return out;
}
