import * as z from 'zod/mini';
import type { ServiceAppPrivateKey } from './private-key';

/** An Okta scope name, e.g. `okta.apps.read`. */
const scopeName = z.string().check(z.regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/, 'Must be a scope name such as okta.apps.read'));

// The key's shape is checked when it is first used (importing it is asynchronous); the message
// here never shows its value.
const privateKey = z.custom<ServiceAppPrivateKey>(
  (v) => (typeof v === 'string' && v.length > 0 && v.length < 64 * 1024) || (typeof v === 'object' && v !== null && !Array.isArray(v)),
  'Must be a private JWK, a PKCS #8 PEM string, a KeyObject or a CryptoKey',
);

/** The `oauth` option of `createClient`, checked before any request. */
export const ServiceAppOptionsSchema = z.strictObject({
  clientId: z.string().check(z.regex(/^[\x21-\x7e]{1,100}$/, 'Must be the service app\'s client id, e.g. 0oa1b2c3d4e5f6g7h8i9')),
  privateKey,
  keyId: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(200))),
  scopes: z.array(scopeName).check(z.minLength(1)).check(z.maxLength(50)),
  dpop: z.optional(z.boolean()),
});
