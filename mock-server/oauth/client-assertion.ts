import type { JWK, JWTPayload, ProtectedHeaderParameters } from 'jose';
import { loadJose } from '../shared/jose';
import type { StoredApp } from '../apps/store';
import { invalidClient } from './oauth-errors';
import { isObject, type Json } from '../shared/json';

/** The only client assertion type (RFC 7523 §2.2). */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Algorithms a client assertion may be signed with (what Okta accepts for `private_key_jwt`). */
export const ASSERTION_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512'] as const;

/** The furthest ahead an assertion's `exp` may be. */
export const MAX_ASSERTION_LIFETIME_SECONDS = 3600;

/** The longest assertion read. */
const MAX_ASSERTION_LENGTH = 16 * 1024;

/** The `client_id` an assertion claims (its `sub`, else its `iss`), read before anything is verified. */
export async function claimedClientId(assertion: string): Promise<string | undefined> {
  if (assertion.length > MAX_ASSERTION_LENGTH) throw invalidClient('The client_assertion is too long.');
  const { decodeJwt } = await loadJose();
  let claims: JWTPayload;
  try {
    claims = decodeJwt(assertion);
  } catch {
    throw invalidClient('The client_assertion is not a compact JWT.');
  }
  const id = claims.sub ?? claims.iss;
  return typeof id === 'string' ? id : undefined;
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

/** A registered key without private members, should an admin have pasted a private JWK. */
function publicPart(jwk: JWK): JWK {
  const out: Json = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete out[member];
  return out as JWK;
}

/** Every public key registered on a service app (`settings.oauthClient.jwks.keys`), whatever its status. */
function allRegisteredKeys(app: StoredApp): Array<JWK & { status?: unknown; id?: unknown }> {
  const settings = isObject(app.body.settings) ? app.body.settings : {};
  const client = isObject(settings.oauthClient) ? settings.oauthClient : {};
  const jwks = isObject(client.jwks) ? client.jwks : {};
  return Array.isArray(jwks.keys) ? (jwks.keys.filter(isObject) as JWK[]) : [];
}

/**
 * The keys a service app's client assertions may be signed with: its registered signing keys that
 * are ACTIVE (the JWKS API deactivates a key; encryption keys sign nothing).
 */
export function registeredKeys(app: StoredApp): JWK[] {
  return allRegisteredKeys(app).filter((k) => k.status !== 'INACTIVE' && k.use !== 'enc');
}

/** What an assertion must match. */
export interface AssertionExpectation {
  clientId: string;
  /** The token endpoint URL: the only accepted `aud`. */
  tokenUrl: string;
  now: number;
}

/**
 * Verifies a `private_key_jwt` client assertion (RFC 7523 §3) against the app's registered keys:
 * signature by a registered key (the one named by `kid`, else any that verifies), `iss` = `sub` =
 * client id, `aud` = the token endpoint, `exp` in the future and at most an hour ahead, a `jti`.
 * Replay of the `jti` is the caller's to check once the whole request has passed. Returns the claims.
 */
export async function verifyClientAssertion(assertion: string, app: StoredApp, expect: AssertionExpectation): Promise<JWTPayload & { jti: string; exp: number }> {
  const { compactVerify, decodeJwt, decodeProtectedHeader, importJWK } = await loadJose();
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(assertion);
  } catch {
    throw invalidClient('The client_assertion is not a compact JWT.');
  }
  const alg = header.alg ?? '';
  if (!(ASSERTION_ALGORITHMS as readonly string[]).includes(alg)) {
    throw invalidClient(`The client_assertion alg '${alg}' is not accepted; sign with one of ${ASSERTION_ALGORITHMS.join(', ')}.`);
  }
  const keys = registeredKeys(app).filter((k) => k.kty !== 'oct' && (header.kid === undefined || k.kid === header.kid));
  const inactive = header.kid === undefined ? undefined : allRegisteredKeys(app).find((k) => k.kid === header.kid && k.status === 'INACTIVE');
  if (keys.length === 0 && inactive) {
    throw invalidClient(
      `The key with kid '${header.kid}' of the client '${expect.clientId}' is INACTIVE; activate it (POST /api/v1/apps/${expect.clientId}/credentials/jwks/${String(inactive.id)}/lifecycle/activate) or sign with an ACTIVE key.`,
    );
  }
  if (keys.length === 0) {
    throw invalidClient(
      header.kid === undefined
        ? `The client '${expect.clientId}' has no public key registered in settings.oauthClient.jwks.keys.`
        : `No key with kid '${header.kid}' is registered for the client '${expect.clientId}'.`,
    );
  }
  let claims: JWTPayload | undefined;
  for (const jwk of keys) {
    if (jwk.alg !== undefined && jwk.alg !== alg) continue;
    try {
      const key = await importJWK(publicPart(jwk), alg);
      // Only the signature is checked here; the claims are checked below, each with its own message.
      await compactVerify(assertion, key, { algorithms: [alg] });
      claims = decodeJwt(assertion);
      break;
    } catch {
      continue;
    }
  }
  if (claims === undefined) {
    throw invalidClient(`The client_assertion signature is invalid: no key registered for the client '${expect.clientId}' verifies it.`);
  }
  if (claims.iss !== expect.clientId || claims.sub !== expect.clientId) {
    throw invalidClient(`The client_assertion's iss and sub must both be the client_id '${expect.clientId}'.`);
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expect.tokenUrl)) {
    throw invalidClient(`The audience of the client_assertion must be the token endpoint, ${expect.tokenUrl}.`);
  }
  const nowSeconds = Math.floor(expect.now / 1000);
  if (typeof claims.exp !== 'number') throw invalidClient('The client_assertion has no exp claim.');
  if (claims.exp <= nowSeconds) throw invalidClient('The client_assertion token is expired.');
  if (claims.exp > nowSeconds + MAX_ASSERTION_LIFETIME_SECONDS) {
    throw invalidClient(`The client_assertion's exp is more than ${MAX_ASSERTION_LIFETIME_SECONDS / 60} minutes in the future.`);
  }
  if (typeof claims.nbf === 'number' && claims.nbf > nowSeconds + 60) throw invalidClient('The client_assertion is not valid yet (nbf).');
  if (typeof claims.jti !== 'string' || claims.jti === '' || claims.jti.length > 256) {
    throw invalidClient('The client_assertion has no jti claim (a unique id, at most 256 characters).');
  }
  return claims as JWTPayload & { jti: string; exp: number };
}
