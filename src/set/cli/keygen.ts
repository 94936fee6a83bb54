import { exportPKCS8, generateKeyPair } from 'jose';
import { DEFAULT_ALGORITHMS, type AsymmetricAlgorithm } from '../decode';
import { publicKeySet } from '../jwks';
import type { Command } from './args';
import { UsageError, writePrivateKey } from './io';
import { printableJson } from './print';

/** The algorithms `keygen` makes keys for: one key type each. */
const KEYGEN_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

/** Checks `--alg` against `choices`, naming them when it is not one. */
export function algorithmFlag(value: unknown, choices: readonly string[] = DEFAULT_ALGORITHMS): AsymmetricAlgorithm | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && choices.includes(value)) return value as AsymmetricAlgorithm;
  throw new UsageError(`--alg must be one of ${choices.join(', ')} (got "${String(value).slice(0, 40)}").`);
}

/** `appset-set keygen`: a new signing key, written 0600, and its public key set printed. */
export const keygen: Command = {
  name: 'keygen',
  summary: 'write a new private signing key (0600) and print its public key set',
  description:
    'Generates a signing key pair, writes the private key as a PKCS #8 PEM readable only by you, and\n' +
    'prints the public key set (JWKS) to publish at your jwks_uri. The private key is never printed.',
  flags: {
    out: { type: 'string', value: 'FILE', help: 'where to write the private key', example: 'provider-key.pem', required: true },
    alg: { type: 'string', value: 'ALG', help: `the signature algorithm: ${KEYGEN_ALGORITHMS.join(', ')} (default RS256, which Okta's guide asks for)`, example: 'RS256' },
    kid: { type: 'string', value: 'KID', help: 'the key id (default its RFC 7638 thumbprint, which sign finds by itself)', example: 'risk-2026-01' },
    force: { type: 'boolean', help: 'replace FILE if it exists' },
  },
  async run(values) {
    const alg = algorithmFlag(values.alg, KEYGEN_ALGORITHMS) ?? 'RS256';
    const out = values.out as string;
    const kid = values.kid as string | undefined;
    const { privateKey } = await generateKeyPair(alg, { extractable: true, ...(alg === 'EdDSA' ? { crv: 'Ed25519' } : {}) });
    const pem = await exportPKCS8(privateKey);
    const jwks = await publicKeySet([{ key: pem, alg, ...(kid === undefined ? {} : { kid }) }]);
    writePrivateKey(out, pem, values.force === true);
    process.stdout.write(`${printableJson(jwks)}\n`);
    const signWith = kid === undefined ? `appset-set sign --key ${out}` : `appset-set sign --key ${out} --kid ${kid}`;
    process.stderr.write(`private key written to ${out} (mode 0600); publish the key set above at your jwks_uri, and sign with: ${signWith} …\n`);
    return 0;
  },
};
