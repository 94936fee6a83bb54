/** The image types an app logo may be, as their media types. */
export type LogoMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/svg+xml';

/** The largest logo Okta takes: the file must be less than one MB (1,048,576 bytes). */
export const MAX_LOGO_BYTES = 1024 * 1024;

/**
 * An SVG document: a byte order mark, white space, an XML declaration, comments and a doctype (each
 * without `>` inside) may come before its `<svg` root element.
 */
const SVG = /^\uFEFF?(?:\s|<[?!][^>]*>)*<svg[\s>/]/i;

/**
 * The type of a logo, read from its bytes (never from a declared type or a file name): PNG, JPEG and
 * GIF by their signatures, SVG as UTF-8 text with an `<svg>` root (other encodings are not taken).
 * `undefined` for anything else.
 */
export function detectLogoType(bytes: Uint8Array): LogoMediaType | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 8));
  if (head === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg';
  if (/^GIF8[79]a/.test(head)) return 'image/gif';
  try {
    // fatal: bytes that are not UTF-8 are not an SVG Okta takes.
    if (SVG.test(new TextDecoder('utf-8', { fatal: true }).decode(bytes))) return 'image/svg+xml';
  } catch {
    // not UTF-8: none of the types
  }
  return undefined;
}

/** Why a logo of `size` bytes is too large. */
export const logoTooLarge = (size: number | string) => `Must be less than 1 MB (${MAX_LOGO_BYTES} bytes); this file is ${size} bytes`;

/** Why a logo cannot be uploaded (a reason for the `file` field), or `undefined` when it can. */
export function logoProblem(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength >= MAX_LOGO_BYTES) return logoTooLarge(bytes.byteLength);
  return detectLogoType(bytes) ? undefined : 'Must be a PNG, JPG, SVG (UTF-8) or GIF image; the bytes are none of these';
}
