// base64url (RFC 4648 §5, unpadded). Bytes are decoded and encoded in plain loops: jose's helpers go
// through `atob`/`btoa` and a binary string, which cost more than the loops when bytes are wanted.
// Text is the other way round: `atob` gives it without making a byte array (see base64urlText).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUES = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/**
 * Decodes unpadded base64url. Throws a `TypeError` for a character outside the alphabet or a length
 * of 1 modulo 4 (which no byte string has); bits after the last whole byte are ignored, as `atob` does.
 */
export function decodeBase64url(text: string): Uint8Array {
  const length = text.length;
  if (length % 4 === 1) throw new TypeError('base64url text cannot have a length of 1 modulo 4');
  const out = new Uint8Array(Math.floor((length * 3) / 4));
  let at = 0;
  let i = 0;
  // Four characters (three bytes) at a time; a character outside the alphabet makes the sum negative.
  for (const whole = length - (length % 4); i < whole; i += 4) {
    const a = text.charCodeAt(i);
    const b = text.charCodeAt(i + 1);
    const c = text.charCodeAt(i + 2);
    const d = text.charCodeAt(i + 3);
    if ((a | b | c | d) > 127) throw outsideAlphabet();
    const va = VALUES[a]!;
    const vb = VALUES[b]!;
    const vc = VALUES[c]!;
    const vd = VALUES[d]!;
    if ((va | vb | vc | vd) < 0) throw outsideAlphabet();
    const n = (va << 18) | (vb << 12) | (vc << 6) | vd;
    out[at] = n >>> 16;
    out[at + 1] = (n >>> 8) & 0xff;
    out[at + 2] = n & 0xff;
    at += 3;
  }
  let value = 0;
  let bits = 0;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    const sextet = code < 128 ? VALUES[code]! : -1;
    if (sextet < 0) throw outsideAlphabet();
    value = ((value << 6) | sextet) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >>> bits) & 0xff;
    }
  }
  return out;
}

function outsideAlphabet(): TypeError {
  return new TypeError('base64url text holds a character outside its alphabet');
}

// Without `stream`, decoding keeps no state between calls, so one decoder of each kind serves every call.
const UTF8 = { throw: new TextDecoder('utf-8', { fatal: true }), replace: new TextDecoder('utf-8') };

// Text that is all ASCII is its own UTF-8 encoding.
const ASCII = /^[\x00-\x7f]*$/;

/**
 * The text that base64url `segment` encodes, read as UTF-8. Bytes that are not UTF-8 throw, or with
 * `invalidUtf8: 'replace'` become U+FFFD; a length no byte string has always throws. Callers check
 * the segment's alphabet first (`atob` would also take `+`, `/` and `=`). `atob` decodes natively and
 * makes no byte array, far cheaper than {@link decodeBase64url} (on Node 20, making a byte array of a
 * few hundred bytes costs more than the decode itself); its one character per byte is the text itself
 * when every byte is ASCII, as in nearly every token. Other bytes go through {@link decodeBase64url}
 * and the UTF-8 decoder.
 */
export function base64urlText(segment: string, invalidUtf8: keyof typeof UTF8 = 'throw'): string {
  const binary = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
  if (ASCII.test(binary)) return binary;
  return UTF8[invalidUtf8].decode(decodeBase64url(segment));
}

/** Encodes bytes as unpadded base64url. */
export function encodeBase64url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]! + ALPHABET[(n >>> 6) & 63]! + ALPHABET[n & 63]!;
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += ALPHABET[n >>> 18]! + ALPHABET[(n >>> 12) & 63]!;
    if (i + 1 < bytes.length) out += ALPHABET[(n >>> 6) & 63]!;
  }
  return out;
}
