import { publicKeySet, type KeySetEntry, type PublicJwk } from '../jwks';
import type { Command, Flag } from './args';
import { readKeyFile, UsageError } from './io';
import { printableJson } from './print';
import { algorithmFlag } from './keygen';

/** The flags {@link keySetOf} reads (`--key`, `--kid`, `--alg`): `jwks` has these alone, `serve` has them too. */
export const KEY_SET_FLAGS = {
  key: { type: 'string', multiple: true, value: 'FILE', help: 'a key whose public part is published: PKCS #8 or public key PEM, JWK or JWK Set (JSON)', example: 'provider-key.pem', required: true },
  kid: { type: 'string', value: 'KID', help: 'the key id, when one --key is given', example: 'risk-2026-01' },
  alg: { type: 'string', value: 'ALG', help: 'the signature algorithm, when one --key is given (default: what the key implies)', example: 'RS256' },
} as const satisfies Record<string, Flag>;

/** `appset-set jwks`: the public key set of key files. */
export const jwks: Command = {
  name: 'jwks',
  summary: 'print the public key set (JWKS) of key files',
  description:
    'Prints the public key set to publish at your jwks_uri: only public members, each key with its kid\n' +
    '(by default its RFC 7638 thumbprint, or a JWK\'s own), alg and use "sig".',
  flags: KEY_SET_FLAGS,
  async run(values) {
    process.stdout.write(`${printableJson(await keySetOf(values))}\n`);
    return 0;
  },
};

/** The public key set of the `--key` files, with `--kid` and `--alg` for a single key: what `jwks` prints and `serve` serves. */
export async function keySetOf(values: Record<string, unknown>): Promise<{ keys: PublicJwk[] }> {
  const files = values.key as string[];
  const alg = algorithmFlag(values.alg);
  const kid = values.kid as string | undefined;
  if (files.length > 1 && (alg !== undefined || kid !== undefined)) {
    throw new UsageError('--kid and --alg name one key; give one --key with them, or leave them out.');
  }
  const entries: KeySetEntry[] = files.flatMap((file) => {
    const content = readKeyFile(file, '--key');
    if (typeof content === 'object' && content !== null && Array.isArray((content as { keys?: unknown }).keys)) {
      return (content as { keys: KeySetEntry[] }).keys;
    }
    return [content as KeySetEntry];
  });
  const one = entries.length === 1 && (alg !== undefined || kid !== undefined);
  return publicKeySet(one ? [{ key: entries[0] as never, ...(alg === undefined ? {} : { alg }), ...(kid === undefined ? {} : { kid }) }] : entries);
}
