import * as z from 'zod/mini';

// The credentials around an app: signing keys, certificate signing requests, client secrets and
// client JSON Web Keys. Answers are loose (unknown members survive, only what the types promise is
// checked); what a caller sends is strict. The reference backend checks requests with the same
// input schemas.

const text = z.optional(z.string());

/**
 * An app's signing key credential (a JSON Web Key with its X.509 certificate), as
 * `GET /api/v1/apps/{appId}/credentials/keys/{kid}` answers it: the members checked are those a
 * rotation reads; the others (`kty`, `use`, `n`, `e`, `lastUpdated`) are kept as they come.
 */
export const SigningKeySchema = z.looseObject({
  kid: z.string(),
  /** The certificate chain: standard base64 DER, the key's own certificate first. */
  x5c: z.optional(z.array(z.string())),
  /** base64url SHA-256 thumbprint of the certificate's DER. */
  'x5t#S256': text,
  created: text,
  /** When the certificate expires (ISO 8601). */
  expiresAt: text,
});

/** An app's signing key credential. */
export type SigningKey = z.infer<typeof SigningKeySchema>;

/** A certificate signing request, as the CSR API answers it in JSON (`kty` and `_links` kept as they come). */
export const CsrSchema = z.looseObject({
  id: z.string(),
  created: text,
  /** The PKCS #10 request: standard base64 DER. */
  csr: z.string(),
});

/** A certificate signing request of an app. */
export type Csr = z.infer<typeof CsrSchema>;

/** The shortest and longest client secret Okta accepts; `client_secret_jwt` clients need at least 32 characters. */
export const CLIENT_SECRET_LENGTH = { min: 14, max: 100, minForJwt: 32 } as const;

/** An OAuth 2.0 client secret, as the secrets API answers it, the secret itself included (`lastUpdated` and `_links` kept as they come). */
export const ClientSecretSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  client_secret: text,
  /** base64url of the first 16 bytes of the secret's SHA-256. */
  secret_hash: text,
  created: text,
});

/** An OAuth 2.0 client secret of an app. */
export type ClientSecret = z.infer<typeof ClientSecretSchema>;

/** A secret's or key's status. */
export const STATUS = z.enum(['ACTIVE', 'INACTIVE']);

/** The body of `POST …/credentials/secrets`: a secret of the caller's choosing, or none for a generated one. */
export const ClientSecretInputSchema = z.strictObject({
  client_secret: z.optional(z.string()),
  /** Default `ACTIVE`. */
  status: z.optional(STATUS),
});

/** What a new client secret may be given. */
export type ClientSecretInput = z.input<typeof ClientSecretInputSchema>;

/** An OAuth 2.0 client's JSON Web Key (`settings.oauthClient.jwks.keys`), as the JWKS API answers it (the key's other members, times and `_links` kept as they come). */
export const ClientJwkSchema = z.looseObject({
  id: z.string(),
  kid: z.optional(z.nullable(z.string())),
  kty: z.string(),
  status: z.string(),
  use: text,
});

/** A JSON Web Key of an OAuth 2.0 client. */
export type ClientJwk = z.infer<typeof ClientJwkSchema>;
