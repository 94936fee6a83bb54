/**
 * The length of `text` in UTF-8 bytes, as it is sent on the wire (the web platform's way, no `Buffer`),
 * counted without encoding it: a lone surrogate counts as the 3 bytes of the U+FFFD that replaces it.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Whether `text` is longer than `maxBytes` in UTF-8; text of at most `maxBytes / 3` UTF-16 units never is, and is not counted. */
export function exceedsUtf8Bytes(text: string, maxBytes: number): boolean {
  return text.length * 3 > maxBytes && utf8ByteLength(text) > maxBytes;
}
