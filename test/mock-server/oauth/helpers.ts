import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** An RS256 key pair as a service app registers it (public JWK with `kid`) and signs with it. */
export async function serviceKey(kid = 'key-1') {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK };
}

/** An ES256 DPoP key pair with its public JWK. */
export async function dpopKey() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return { privateKey, jwk: await exportJWK(publicKey) };
}

/** A client assertion; every claim can be overridden (or removed with `undefined`). */
export async function assertion(
  key: CryptoKey,
  clientId: string,
  aud: string,
  nowSeconds: number,
  overrides: Record<string, unknown> = {},
  kid = 'key-1',
): Promise<string> {
  const claims: Record<string, unknown> = { iss: clientId, sub: clientId, aud, iat: nowSeconds, exp: nowSeconds + 300, jti: crypto.randomUUID(), ...overrides };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

/** A DPoP proof; claims and header members can be overridden. */
export async function proof(
  key: { privateKey: CryptoKey; jwk: JWK },
  htm: string,
  htu: string,
  nowSeconds: number,
  extra: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): Promise<string> {
  const claims: Record<string, unknown> = { htm, htu, iat: nowSeconds, jti: crypto.randomUUID(), ...extra };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: key.jwk, ...header }).sign(key.privateKey);
}

/** The `ath` of an access token. */
export async function ath(token: string): Promise<string> {
  return base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))));
}

/** Posts a token request; `dpop` is the proof header, if any. */
export function tokenRequest(tokenUrl: string, form: Record<string, string>, dpop?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (dpop !== undefined) headers.dpop = dpop;
  return fetch(tokenUrl, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
}
