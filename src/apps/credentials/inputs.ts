import * as z from 'zod/mini';
import { STATUS } from './schemas';

// What a caller sends to create a CSR or add a client key, as the reference backend checks it. The
// client takes its types from here but does not bundle these schemas: it sends such bodies as given
// and the API refuses a bad one, naming the field (a browser bundle pays for every schema it holds).

// A lone surrogate has no UTF-8 encoding, so no certificate name can hold it.
const csrField = (max: number) =>
  z.optional(z.string().check(z.minLength(1), z.maxLength(max), z.refine((value) => !/\p{Cs}/u.test(value), 'Must be text without a lone surrogate (U+D800 to U+DFFF)')));

/**
 * The most characters all DNS names of one request hold together: the request stays a few kilobytes
 * (100 names of 253 characters would not), as certificates and requests are read up to 16 KB.
 */
export const MAX_CSR_DNS_CHARACTERS = 4096;

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
          // A dNSName is an IA5String: ASCII only (an internationalized name goes in its A-label form, xn--…).
          .array(z.string().check(z.minLength(1), z.maxLength(253), z.refine((name) => /^[\x21-\x7e]+$/.test(name), 'Must be a DNS name in ASCII, without spaces')))
          .check(
            z.maxLength(100),
            z.refine((names) => names.reduce((sum, name) => sum + name.length, 0) <= MAX_CSR_DNS_CHARACTERS, `Must hold at most ${MAX_CSR_DNS_CHARACTERS} characters in all`),
          ),
      ),
    }),
  ),
});

/** What a certificate signing request asks for. */
export type CsrMetadata = z.infer<typeof CsrMetadataSchema>;

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
