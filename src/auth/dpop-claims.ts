import { encodeBase64url } from '../set/base64url';

// The two claims a DPoP proof computes from its request, apart from the key that signs it: the
// backend checks them without loading jose.

/** The URL as a DPoP proof's `htu` names it: without query and fragment (RFC 9449 §4.2). */
export function htu(url: URL): string {
  const bare = new URL(url.href);
  bare.search = '';
  bare.hash = '';
  return bare.href;
}

/** The base64url SHA-256 of an access token, a resource request's `ath` claim. */
export async function accessTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return encodeBase64url(new Uint8Array(digest));
}
