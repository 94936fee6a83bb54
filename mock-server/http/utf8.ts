const encoder = new TextEncoder();

/** The length of `text` in UTF-8 bytes, as it is sent on the wire (the web platform's way, no `Buffer`). */
export function utf8ByteLength(text: string): number {
  return encoder.encode(text).byteLength;
}
