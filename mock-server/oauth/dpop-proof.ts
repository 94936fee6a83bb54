import type { JWK, JWTPayload, ProtectedHeaderParameters } from 'jose';
import { accessTokenHash, htu as htuOf } from '../../src/auth/dpop-claims';
import { loadJose } from '../shared/jose';
import type { DpopNonces } from './nonces';
import type { JtiMemory } from './jti-memory';

/** Signature algorithms accepted in DPoP proofs (what Okta's `dpop_signing_alg_values_supported` lists). */
export const DPOP_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512'] as const;

/** How far in the past a proof's `iat` may lie, and how far in the future (clock skew). */
export const DPOP_IAT_WINDOW = { pastSeconds: 300, futureSeconds: 60 } as const;

/** The longest `DPoP` header read; a proof is a few hundred bytes, an RSA 4096 key some more. */
const MAX_PROOF_LENGTH = 8 * 1024;

/** Why a DPoP proof was refused: `use_dpop_nonce` asks the client to retry with the server's nonce. */
export class DpopProblem extends Error {
  constructor(
    readonly error: 'invalid_dpop_proof' | 'use_dpop_nonce',
    readonly description: string,
  ) {
    super(description);
  }
}

/** What a proof must match. */
export interface DpopExpectation {
  /** The `DPoP` header's value (`null` when absent). */
  proof: string | null;
  /** The request's method and URL; `htu` is compared without query and fragment. */
  method: string;
  url: URL;
  /** The backend's clock, epoch ms. */
  now: number;
  /** When given, the proof must carry one of these nonces. */
  nonces?: DpopNonces;
  /** Who demands the nonce, for the error description. Default `'Authorization server'`. */
  nonceOwner?: 'Authorization server' | 'Resource server';
  /** On a resource request: the access token the proof must be bound to (`ath`). */
  accessToken?: string;
  /** Accepted proof `jti`s, so that a proof is used once. */
  replay: JtiMemory;
}

/** Okta's description of a proof whose `htu` carries a query or fragment. */
const HTU_INVALID = "'htu' claim in the DPoP proof JWT is invalid.";

function problem(description: string): DpopProblem {
  return new DpopProblem('invalid_dpop_proof', description);
}

/**
 * Verifies a DPoP proof (RFC 9449 §4.3): one well-formed `dpop+jwt` signed with an accepted
 * asymmetric algorithm by the public key in its own `jwk` header, `htm` and `htu` of this request,
 * `iat` within the window, a `jti` not seen before, the server's nonce when it demands one and `ath`
 * on resource requests. Returns the key's SHA-256 thumbprint (`jkt`), to bind or check a token.
 */
export async function verifyDpopProof(expect: DpopExpectation): Promise<{ jkt: string }> {
  const { proof, now } = expect;
  if (proof === null || proof.trim() === '') throw problem('The DPoP proof JWT header is missing.');
  if (proof.length > MAX_PROOF_LENGTH) throw problem(`The DPoP proof is longer than ${MAX_PROOF_LENGTH} characters.`);
  // Headers joins repeated fields with ", "; a compact JWS has no comma.
  if (proof.includes(',')) throw problem('The request carries more than one DPoP header; send exactly one.');
  const { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } = await loadJose();
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    throw problem('The DPoP proof is not a compact JWT.');
  }
  if (header.typ !== 'dpop+jwt') throw problem(`The DPoP proof's typ is ${JSON.stringify(header.typ)}; it must be "dpop+jwt".`);
  if (!DPOP_ALGORITHMS.includes(header.alg as (typeof DPOP_ALGORITHMS)[number])) {
    throw problem(`The DPoP proof's alg ${JSON.stringify(header.alg)} is not accepted; use one of ${DPOP_ALGORITHMS.join(', ')}.`);
  }
  const jwk = header.jwk as JWK | undefined;
  if (typeof jwk !== 'object' || jwk === null) throw problem('The DPoP proof has no jwk header with the public key.');
  if ('d' in jwk || 'k' in jwk) throw problem('The DPoP proof\'s jwk header holds a private or symmetric key; send the public key only.');

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: [...DPOP_ALGORITHMS],
      currentDate: new Date(now),
    }));
  } catch {
    throw problem('The DPoP proof\'s signature does not verify with the key in its jwk header.');
  }

  if (claims.htm !== expect.method) {
    throw problem(`The DPoP proof's htm ${JSON.stringify(claims.htm)} does not match the request method ${expect.method}.`);
  }
  // The request URL without its query and fragment; the claim must name it so, not merely match once
  // its own query is dropped (RFC 9449 §4.2; Okta refuses such a proof).
  const expectedHtu = htuOf(expect.url);
  if (typeof claims.htu === 'string' && /[?#]/.test(claims.htu)) throw problem(HTU_INVALID);
  let htu: string | undefined;
  try {
    htu = typeof claims.htu === 'string' ? new URL(claims.htu).href : undefined;
  } catch {
    htu = undefined;
  }
  if (htu !== expectedHtu) {
    throw problem(`The DPoP proof's htu ${JSON.stringify(claims.htu)} does not match the request URL ${expectedHtu}.`);
  }
  const nowSeconds = Math.floor(now / 1000);
  if (typeof claims.iat !== 'number' || !Number.isFinite(claims.iat)) throw problem('The DPoP proof has no numeric iat.');
  if (claims.iat < nowSeconds - DPOP_IAT_WINDOW.pastSeconds || claims.iat > nowSeconds + DPOP_IAT_WINDOW.futureSeconds) {
    throw problem('The DPoP proof\'s iat is outside the accepted window; create a fresh proof for each request.');
  }
  if (typeof claims.jti !== 'string' || claims.jti === '' || claims.jti.length > 256) {
    throw problem('The DPoP proof has no jti (a unique identifier, at most 256 characters).');
  }
  if (expect.nonces !== undefined) {
    if (claims.nonce === undefined) throw new DpopProblem('use_dpop_nonce', `${expect.nonceOwner ?? 'Authorization server'} requires nonce in DPoP proof.`);
    if (typeof claims.nonce !== 'string' || !expect.nonces.accepts(claims.nonce, now)) {
      throw new DpopProblem('use_dpop_nonce', 'The DPoP proof nonce is invalid or expired; retry with the DPoP-Nonce of this answer.');
    }
  }
  if (expect.accessToken !== undefined && claims.ath !== (await accessTokenHash(expect.accessToken))) {
    throw problem('The DPoP proof\'s ath claim is missing or is not the hash of the access token sent.');
  }
  const jkt = await calculateJwkThumbprint(jwk, 'sha256');
  const until = (claims.iat + DPOP_IAT_WINDOW.pastSeconds + DPOP_IAT_WINDOW.futureSeconds) * 1000;
  if (!expect.replay.remember(jkt, claims.jti, until, now)) {
    throw problem('The DPoP proof\'s jti was already used; create a fresh proof for each request.');
  }
  return { jkt };
}
