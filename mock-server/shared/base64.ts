import { decodeBase64url, encodeBase64url } from '../../src/set/base64url';

// Base64 in the backend: standard base64 (padded) for certificates, CSRs, logos and binary bodies,
// base64url (unpadded, from the SDK's own helpers) for key ids, digests and tokens.

export { decodeBase64url, encodeBase64url };

/** Standard base64 with padding, as `x5c`, CSRs and snapshot logos are written. */
export function toBase64(bytes: Uint8Array): string {
  const url = encodeBase64url(bytes);
  return url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (url.length % 4)) % 4);
}

/** Decodes padded standard base64 (whitespace ignored), or `undefined` when it is not that. */
export function fromBase64(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  return decodeBase64url(compact.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'));
}

/** Decodes standard base64 as `atob` reads it (padding optional); throws a `DOMException` on a character outside the alphabet. */
export function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
