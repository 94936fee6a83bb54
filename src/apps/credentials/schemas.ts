import * as z from 'zod/mini';
import { recordOf } from '../../validation/record';

// The credentials around an app: signing keys, certificate signing requests, client secrets and
// client JSON Web Keys. Answers are loose (unknown members survive, only what the types promise is
// checked); what a caller sends is strict. The reference backend checks requests with the same
// input schemas.

const text = z.optional(z.string());
const links = z.optional(recordOf(z.unknown()));

/**
 * An app's signing key credential (a JSON Web Key with its X.509 certificate), as
 * `GET /api/v1/apps/{appId}/credentials/keys/{kid}` answers it.
 */
export const SigningKeySchema = z.looseObject({
  kid: z.string(),
  kty: text,
  use: text,
  /** The certificate chain: standard base64 DER, the key's own certificate first. */
  x5c: z.optional(z.array(z.string())),
  /** base64url SHA-256 thumbprint of the certificate's DER. */
  'x5t#S256': text,
  e: text,
  n: text,
  created: text,
  lastUpdated: text,
  /** When the certificate expires (ISO 8601). */
  expiresAt: text,
});

/** An app's signing key credential. */
export type SigningKey = z.infer<typeof SigningKeySchema>;

/** A certificate signing request, as the CSR API answers it in JSON. */
export const CsrSchema = z.looseObject({
  id: z.string(),
  created: text,
  /** The PKCS #10 request: standard base64 DER. */
  csr: z.string(),
  kty: text,
  _links: links,
});

/** A certificate signing request of an app. */
export type Csr = z.infer<typeof CsrSchema>;

const csrField = (max: number) => z.optional(z.string().check(z.minLength(1), z.maxLength(max)));

/** The subject and names of a certificate signing request (`POST …/credentials/csrs`). */
export const CsrMetadataSchema = z.strictObject({
  subject: z.strictObject({
    commonName: csrField(64),
    countryName: csrField(64),
    localityName: csrField(128),
    organizationalUnitName: csrField(64),
    organizationName: csrField(64),
    stateOrProvinceName: csrField(128),
  }),
  subjectAltNames: z.optional(
    z.strictObject({
      dnsNames: z.optional(
        z
          .array(z.string().check(z.minLength(1), z.maxLength(253), z.refine((name) => /^[^\s\0-\x1f]+$/.test(name), 'Must be a DNS name, without spaces')))
          .check(z.maxLength(100)),
      ),
    }),
  ),
});

/** What a certificate signing request asks for. */
export type CsrMetadata = z.infer<typeof CsrMetadataSchema>;

/** The shortest and longest client secret Okta accepts; `client_secret_jwt` clients need at least 32 characters. */
export const CLIENT_SECRET_LENGTH = { min: 14, max: 100, minForJwt: 32 } as const;

/** An OAuth 2.0 client secret, as the secrets API answers it (the secret itself included). */
export const ClientSecretSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  client_secret: text,
  /** base64url of the first 16 bytes of the secret's SHA-256. */
  secret_hash: text,
  created: text,
  lastUpdated: text,
  _links: links,
});

/** An OAuth 2.0 client secret of an app. */
export type ClientSecret = z.infer<typeof ClientSecretSchema>;

const STATUS = z.enum(['ACTIVE', 'INACTIVE']);

/** The body of `POST …/credentials/secrets`: a secret of the caller's choosing, or none for a generated one. */
export const ClientSecretInputSchema = z.strictObject({
  client_secret: z.optional(z.string()),
  /** Default `ACTIVE`. */
  status: z.optional(STATUS),
});

/** What a new client secret may be given. */
export type ClientSecretInput = z.input<typeof ClientSecretInputSchema>;

/** An OAuth 2.0 client's JSON Web Key (`settings.oauthClient.jwks.keys`), as the JWKS API answers it. */
export const ClientJwkSchema = z.looseObject({
  id: z.string(),
  kid: z.optional(z.nullable(z.string())),
  kty: z.string(),
  status: z.string(),
  use: text,
  alg: text,
  created: text,
  lastUpdated: text,
  _links: links,
});

/** A JSON Web Key of an OAuth 2.0 client. */
export type ClientJwk = z.infer<typeof ClientJwkSchema>;

/** The body of `POST …/credentials/jwks`: a public RSA or EC key, signing (`sig`) or encryption (`enc`). */
export const ClientJwkInputSchema = z.strictObject({
  kid: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(255)))),
  /** Default `ACTIVE`. */
  status: z.optional(STATUS),
  kty: z.enum(['RSA', 'EC']),
  use: z.optional(z.enum(['sig', 'enc'])),
  alg: z.optional(z.string().check(z.maxLength(20))),
  e: z.optional(z.string().check(z.maxLength(16))),
  n: z.optional(z.string().check(z.maxLength(2048))),
  crv: z.optional(z.string().check(z.maxLength(20))),
  x: z.optional(z.string().check(z.maxLength(256))),
  y: z.optional(z.string().check(z.maxLength(256))),
});

/** A public key to add to an OAuth 2.0 client. */
export type ClientJwkInput = z.input<typeof ClientJwkInputSchema>;
