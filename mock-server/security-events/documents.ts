import { z } from 'zod';
import { MAX_ITEMS, str, text } from '../state/document-fields';

/** The most providers a seed document adds, and the most keys of an inline key set. */
const SEED_LIMITS = { providers: 100, keys: 20 } as const;

/** An absolute http(s) URL, as the providers API requires of `jwks_url` and `well_known_url`. */
export const httpUrl = text(1000).refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'Must be an absolute http(s) URL');

/** JWK members that hold private or symmetric key material: a key set in a seed carries public keys only. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** A key set without private members: a snapshot never carries secrets, and verifying needs none. */
export function publicKeySet(jwks: { keys: object[] }): { keys: Array<Record<string, unknown>> } {
  return { keys: jwks.keys.map((key) => Object.fromEntries(Object.entries(key).filter(([member]) => !(PRIVATE_JWK_MEMBERS as readonly string[]).includes(member)))) };
}

/**
 * Tokens name their key by `kid` (a token without one is refused), so a key without `kid` could never
 * verify a token: it is refused here, where the fix is, rather than each token later with `invalid_key`.
 */
const KID_REQUIRED =
  "Required: tokens name their key by kid, so a key without one verifies none; give the kid your tokens' header carries (for instance the key's RFC 7638 thumbprint, jose's calculateJwkThumbprint)";

/** base64url text with no padding, as JWK members are written (RFC 7518). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The length of a coordinate (`x`, `y`) in base64url characters, by curve: the curve's size in bytes, encoded. */
const COORDINATE_CHARS: Readonly<Record<string, number>> = { 'P-256': 43, 'P-384': 64, 'P-521': 88, Ed25519: 43, Ed448: 76, X25519: 43, X448: 75 };

/** The public members each key type needs, and their check (tokens are verified long after the seed, so a bad key is refused here, where the fix is). */
function checkPublicMembers(jwk: Record<string, unknown>, addIssue: (path: string, message: string) => void): void {
  const coordinate = (member: 'x' | 'y', crv: string) => {
    const value = jwk[member];
    const chars = COORDINATE_CHARS[crv]!;
    if (typeof value !== 'string' || !BASE64URL.test(value) || value.length !== chars) {
      addIssue(member, `Must be the ${crv} public key's ${member} coordinate: ${chars} base64url characters (as jose's exportJWK writes it)`);
    }
  };
  if (jwk.kty === 'EC') {
    const crv = String(jwk.crv);
    if (!['P-256', 'P-384', 'P-521'].includes(crv)) return addIssue('crv', 'Must be P-256, P-384 or P-521 for an EC key');
    coordinate('x', crv);
    coordinate('y', crv);
  } else if (jwk.kty === 'OKP') {
    const crv = String(jwk.crv);
    if (!['Ed25519', 'Ed448', 'X25519', 'X448'].includes(crv)) return addIssue('crv', 'Must be Ed25519, Ed448, X25519 or X448 for an OKP key');
    coordinate('x', crv);
  } else if (jwk.kty === 'RSA') {
    // 2,048 bits are 342 characters; tokens signed with a shorter key are refused when verified.
    if (typeof jwk.n !== 'string' || !BASE64URL.test(jwk.n) || jwk.n.length < 342) {
      addIssue('n', "Must be the modulus of an RSA public key of 2,048 bits or more, in base64url (as jose's exportJWK writes it)");
    }
    if (typeof jwk.e !== 'string' || !BASE64URL.test(jwk.e) || jwk.e.length > 12) addIssue('e', "Must be the RSA public key's exponent in base64url, usually \"AQAB\"");
  }
}

/** A key of an inline key set as kept: a `kid`, and no private members (what snapshots of every version hold). */
const keptPublicJwk = z
  .looseObject({ kty: text(10), kid: z.string({ error: KID_REQUIRED }).min(1, KID_REQUIRED).max(200) })
  .superRefine((jwk, ctx) => {
    for (const member of PRIVATE_JWK_MEMBERS) {
      if (member in jwk) ctx.addIssue({ code: 'custom', path: [member], message: 'Private key material is refused; give the public key only' });
    }
  });

/**
 * A key as given to a seed or to `providers.register`: as kept, and with the public members of its
 * type well formed (their lengths and alphabet; the point itself is checked when a token is verified).
 * Snapshots are read with {@link keptPublicJwk} only, so those written before this check still load.
 */
const givenPublicJwk = keptPublicJwk.superRefine((jwk, ctx) => checkPublicMembers(jwk, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message })));

/**
 * A public JWK's schema whose input type leaves `kty` optional, as jose's `JWK` does, so that
 * `{ ...(await exportJWK(publicKey)), kid }` can be given as it is; a key without `kty` is still
 * refused when the document is read, naming the member.
 */
type PublicJwkSchema = z.ZodType<z.output<typeof keptPublicJwk>, Omit<z.input<typeof keptPublicJwk>, 'kty'> & { kty?: string }>;

/** A key set given inline, in a seed or to `providers.register` (public keys only, well formed). */
export const InlineJwksSchema = z.strictObject({ keys: z.array(givenPublicJwk as unknown as PublicJwkSchema).min(1).max(SEED_LIMITS.keys) });

/** An inline key set as a snapshot holds it (`providers.register` takes an empty one, for a provider that sends nothing). */
const KeptJwksSchema = z.strictObject({ keys: z.array(keptPublicJwk as unknown as PublicJwkSchema).max(SEED_LIMITS.keys) });

const seedProvider = z.union(
  [
    z.strictObject({ name: text(100), issuer: text(700), jwks: InlineJwksSchema, type: text(255).optional() }),
    z.strictObject({ name: text(100), issuer: text(700), jwks_url: httpUrl, type: text(255).optional() }),
    z.strictObject({ name: text(100), well_known_url: httpUrl, type: text(255).optional() }),
  ],
  { error: 'Must be {"name", "issuer", "jwks"}, {"name", "issuer", "jwks_url"} or {"name", "well_known_url"} (each with an optional "type", default "okta")' },
);

const snapshotProvider = z
  .strictObject({
    id: str(100),
    name: str(100),
    type: str(255),
    status: z.enum(['ACTIVE', 'INACTIVE']),
    // With an inline key set, `jwks_url` is `<issuer>/jwks` as the API answers it, whatever the issuer.
    settings: z.strictObject({ issuer: str(700).min(1), jwks_url: str(1000).min(1), well_known_url: httpUrl.nullable() }),
    /** The inline key set, or `null` when keys are fetched from `settings.jwks_url`. */
    jwks: KeptJwksSchema.nullable(),
  })
  .superRefine((provider, ctx) => {
    if (provider.jwks === null && !httpUrl.safeParse(provider.settings.jwks_url).success) {
      ctx.addIssue({ code: 'custom', path: ['settings', 'jwks_url'], message: 'Must be an absolute http(s) URL: the keys are fetched from it' });
    }
  });

const userSignals = z.strictObject({
  identifiers: z.array(str()).min(1).max(1000),
  riskLevel: str(64).optional(),
  ipAddress: str(64).optional(),
  sessionsRevoked: z.int().min(0),
  sessionsRevokedAt: z.int().optional(),
  identifierChanges: z.array(z.strictObject({ from: str(), to: str(), at: z.int() })).max(1000),
});

const deviceSignals = z.strictObject({
  identifiers: z.array(str()).min(1).max(1000),
  riskLevel: str(64).optional(),
  compliance: str(64).optional(),
  ipAddress: str(64).optional(),
});

const epochMs = z.int().min(0).max(8.64e15);

const replayEntry = z.strictObject({ issuer: str(700), jti: str(), digest: str(100), at: epochMs });

/** The security events receiver's members of the snapshot document. */
export const SECURITY_EVENTS_SNAPSHOT_MEMBERS = {
  providers: z.array(snapshotProvider).max(1000),
  signals: z.strictObject({ users: z.array(userSignals).max(MAX_ITEMS), devices: z.array(deviceSignals).max(MAX_ITEMS) }),
  replay: z.array(replayEntry).max(1_000_000),
};

/** The security events receiver's member of the seed document. */
export const SECURITY_EVENTS_SEED_MEMBERS = {
  providers: z.array(seedProvider).max(SEED_LIMITS.providers).optional(),
};
