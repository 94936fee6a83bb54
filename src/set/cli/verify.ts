import { isSetVerificationError } from '../errors';
import { createRemoteKeySet, type KeySource } from '../keys';
import { verifySecurityEventToken } from '../verify';
import { wholeNumber, type Command } from './args';
import { readKeyFile, UsageError } from './io';
import { printableJson } from './print';
import { tokensFrom } from './publish';

/** The keys `--jwks` names: a key set URL (fetched, as the user asked) or a file. */
function keySource(value: string): KeySource {
  if (/^https?:\/\//i.test(value)) return createRemoteKeySet(value);
  const content = readKeyFile(value, '--jwks');
  if (typeof content === 'object' && content !== null && Array.isArray((content as { keys?: unknown }).keys)) return content as KeySource;
  throw new UsageError(`--jwks ${value}: not a JWK Set ({"keys": [...]}); give the file appset-set jwks prints, or the key set's URL.`);
}

/** `appset-set verify`: a token checked as a receiver checks it. */
export const verify: Command = {
  name: 'verify',
  summary: 'verify a token against a key set file or URL and print its header and claims',
  positionals: '[TOKEN]',
  description:
    'Verifies a token (argument, or stdin) as a receiver does: form, typ, kid, alg, key, signature,\n' +
    'audience, claims and events. Prints {header, claims} on success (exit 0), or RFC 8935\'s err and\n' +
    'description (exit 1). The key set is fetched only when --jwks is a URL.',
  flags: {
    jwks: { type: 'string', value: 'FILE|URL', help: 'the public key set: a file, or its https URL', example: 'jwks.json', required: true },
    audience: { type: 'string', value: 'URL', help: 'the organization URL the token must name (aud)', example: 'https://example.okta.com', required: true },
    issuer: { type: 'string', value: 'URL', help: 'the issuer the token must name (iss)', example: 'https://risk.example.com' },
    'max-age': { type: 'string', value: 'SECONDS', help: 'refuse a token whose iat is older', example: '86400' },
  },
  async run(values, positionals) {
    const maxAge = wholeNumber(values, 'max-age', 0, 10 * 365 * 86_400);
    const keys = keySource(values.jwks as string);
    const tokens = await tokensFrom(positionals, 'the token');
    if (tokens.length !== 1) throw new UsageError(`verify takes one token (got ${tokens.length}).`);
    try {
      const verified = await verifySecurityEventToken(tokens[0]!, {
        keys,
        audience: values.audience as string,
        ...(values.issuer === undefined ? {} : { issuer: values.issuer as string }),
        ...(maxAge === undefined ? {} : { maxTokenAge: maxAge }),
      });
      process.stdout.write(`${printableJson({ header: verified.header, claims: verified.claims })}\n`);
      return 0;
    } catch (error) {
      if (!isSetVerificationError(error)) throw error;
      process.stderr.write(`appset-set verify: refused: ${error.err}: ${error.description}\n`);
      return 1;
    }
  },
};
