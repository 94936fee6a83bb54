/** The image types an app logo may be, as their media types. */
export type LogoMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/svg+xml';

/** The largest logo Okta takes: the file must be less than one MB (1,048,576 bytes). */
export const MAX_LOGO_BYTES = 1024 * 1024;

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

/**
 * What may come before an SVG document's root element: a byte order mark, white space, an XML
 * declaration, comments, processing instructions and a doctype.
 */
const SVG_PROLOGUE = /^\uFEFF?(?:\s|<\?[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[^\]]*\])?\s*>)*/i;

/** Whether `bytes` are UTF-8 text whose root element is `<svg` (only SVG files encoded in UTF-8 are taken). */
function isSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    // fatal: a file that is not valid UTF-8 is not an SVG Okta takes.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const rest = text.slice(SVG_PROLOGUE.exec(text)?.[0].length ?? 0);
  return /^<svg[\s>/]/.test(rest);
}

/**
 * The type of a logo, read from its bytes (never from a declared type or a file name): PNG, JPEG and
 * GIF by their signatures, SVG as UTF-8 text with an `<svg>` root. `undefined` for anything else.
 */
export function detectLogoType(bytes: Uint8Array): LogoMediaType | undefined {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  return isSvg(bytes) ? 'image/svg+xml' : undefined;
}

/** Why a logo cannot be uploaded (a reason for the `file` field), or `undefined` when it can. */
export function logoProblem(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength === 0) return 'The file is empty; give a PNG, JPG, SVG or GIF image';
  if (bytes.byteLength >= MAX_LOGO_BYTES) {
    return `Must be less than 1 MB (${MAX_LOGO_BYTES} bytes); this file is ${bytes.byteLength} bytes`;
  }
  if (detectLogoType(bytes) === undefined) {
    return 'Must be a PNG, JPG, SVG (UTF-8) or GIF image; the bytes are none of these';
  }
  return undefined;
}
