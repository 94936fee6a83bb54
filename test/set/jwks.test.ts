import { createPublicKey, createSecretKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  events,
  publicJwk,
  publicKeySet,
  SecurityEventTokenInputError,
  signSecurityEventToken,
  verifySecurityEventToken,
  type PublishableKey,
} from '../../src/set/index';
import { AUDIENCE, ISSUER } from './helpers';

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function nodePair(type: 'rsa' | 'rsa-pss' | 'ec' | 'ed25519', options: Record<string, unknown> = {}) {
  return generateKeyPairSync(type as 'rsa', options as never) as unknown as { privateKey: KeyObject; publicKey: KeyObject };
}

/** The public members a JWK of the key must have, read with node:crypto (the oracle). */
function publicMembers(publicKey: KeyObject): Record<string, string> {
  const { kty, n, e, crv, x, y } = publicKey.export({ format: 'jwk' }) as Record<string, string>;
  return Object.fromEntries(Object.entries({ kty, n, e, crv, x, y }).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

async function thumbprint(publicKey: KeyObject): Promise<string> {
  return calculateJwkThumbprint(publicMembers(publicKey) as JWK, 'sha256');
}

async function refusal(key: unknown, options: Parameters<typeof publicJwk>[1] = {}) {
  const error = await publicJwk(key as PublishableKey, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SecurityEventTokenInputError);
  return (error as SecurityEventTokenInputError).issues;
}

const rsa = nodePair('rsa', { modulusLength: 2048 });

describe('publicJwk', () => {
  it('makes the public JWK of a PKCS #8 RSA PEM: n and e, kid the RFC 7638 thumbprint, RS256, use sig', async () => {
    const pem = rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    expect(await publicJwk(pem)).toEqual({ ...publicMembers(rsa.publicKey), kid: await thumbprint(rsa.publicKey), alg: 'RS256', use: 'sig' });
  });

  it('writes the members in the order kty, public members, kid, alg, use', async () => {
    const pem = rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    expect(Object.keys(await publicJwk(pem))).toEqual(['kty', 'n', 'e', 'kid', 'alg', 'use']);
  });

  it('refuses a public key PEM, saying to give it as a KeyObject', async () => {
    const pem = rsa.publicKey.export({ format: 'pem', type: 'spki' }) as string;
    expect(await refusal(pem)).toEqual([
      { path: 'key', reason: 'Must be a private key PEM; give a public key PEM as a KeyObject: createPublicKey(pem) (node:crypto)' },
    ]);
  });

  const forms: Array<[string, () => Promise<{ key: PublishableKey; publicKey: KeyObject; alg: string }>]> = [
    ['a private RSA JWK', async () => ({ key: rsa.privateKey.export({ format: 'jwk' }) as JWK, publicKey: rsa.publicKey, alg: 'RS256' })],
    ['a public RSA JWK', async () => ({ key: rsa.publicKey.export({ format: 'jwk' }) as JWK, publicKey: rsa.publicKey, alg: 'RS256' })],
    ['a private RSA KeyObject', async () => ({ key: rsa.privateKey, publicKey: rsa.publicKey, alg: 'RS256' })],
    ['a public RSA KeyObject', async () => ({ key: rsa.publicKey, publicKey: rsa.publicKey, alg: 'RS256' })],
    ['an EC P-256 PKCS #8 PEM (ES256)', async () => {
      const pair = nodePair('ec', { namedCurve: 'P-256' });
      return { key: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, publicKey: pair.publicKey, alg: 'ES256' };
    }],
    ['an EC P-384 private KeyObject (ES384)', async () => {
      const pair = nodePair('ec', { namedCurve: 'P-384' });
      return { key: pair.privateKey, publicKey: pair.publicKey, alg: 'ES384' };
    }],
    ['an EC P-521 private JWK (ES512)', async () => {
      const pair = nodePair('ec', { namedCurve: 'P-521' });
      return { key: pair.privateKey.export({ format: 'jwk' }) as JWK, publicKey: pair.publicKey, alg: 'ES512' };
    }],
    ['an Ed25519 PKCS #8 PEM (EdDSA)', async () => {
      const pair = nodePair('ed25519');
      return { key: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, publicKey: pair.publicKey, alg: 'EdDSA' };
    }],
    ['an extractable private Web Crypto RSA key', async () => {
      const pair = await generateKeyPair('RS256', { extractable: true });
      return { key: pair.privateKey, publicKey: createPublicKey({ key: (await exportJWK(pair.publicKey)) as never, format: 'jwk' }), alg: 'RS256' };
    }],
    ['a public Web Crypto EC key', async () => {
      const pair = await generateKeyPair('ES256');
      return { key: pair.publicKey, publicKey: createPublicKey({ key: (await exportJWK(pair.publicKey)) as never, format: 'jwk' }), alg: 'ES256' };
    }],
  ];

  it.each(forms)('publishes %s with its public members only, its thumbprint as kid and its algorithm', async (_name, make) => {
    const { key, publicKey, alg } = await make();
    const jwk = await publicJwk(key);
    expect(jwk).toEqual({ ...publicMembers(publicKey), kid: await thumbprint(publicKey), alg, use: 'sig' });
    for (const member of PRIVATE_MEMBERS) expect(jwk).not.toHaveProperty(member);
  });

  it('publishes an rsa-pss KeyObject (which node:crypto cannot export as a JWK) as PS256, verifying what it signs', async () => {
    const pair = nodePair('rsa-pss', { modulusLength: 2048 });
    const jwk = await publicJwk(pair.privateKey);
    expect(Object.keys(jwk)).toEqual(['kty', 'n', 'e', 'kid', 'alg', 'use']);
    expect({ kty: jwk.kty, alg: jwk.alg }).toEqual({ kty: 'RSA', alg: 'PS256' });
    const token = await signSecurityEventToken(
      { iss: ISSUER, aud: AUDIENCE, events: events.sessionRevoked({ subject: { user: { format: 'email', email: 'ada@example.com' } } }) },
      { key: pair.privateKey, kid: jwk.kid },
    );
    await expect(verifySecurityEventToken(token, { keys: { keys: [jwk] }, audience: AUDIENCE })).resolves.toMatchObject({ header: { alg: 'PS256' } });
  });

  it('takes the kid and alg given', async () => {
    const jwk = await publicJwk(rsa.privateKey, { kid: 'risk-2026-01', alg: 'PS384' });
    expect({ kid: jwk.kid, alg: jwk.alg }).toEqual({ kid: 'risk-2026-01', alg: 'PS384' });
  });

  it("keeps a JWK's own kid and alg", async () => {
    const own = { ...(rsa.privateKey.export({ format: 'jwk' }) as JWK), kid: 'own-kid', alg: 'RS512' };
    const jwk = await publicJwk(own);
    expect({ kid: jwk.kid, alg: jwk.alg }).toEqual({ kid: 'own-kid', alg: 'RS512' });
  });

  it('refuses an HMAC key, saying to use an asymmetric key', async () => {
    expect(await refusal(createSecretKey(Buffer.alloc(32, 1)))).toEqual([
      { path: 'key', reason: "HMAC keys are refused: sign with an asymmetric private key (RSA, EC or Ed25519) whose public key is in the provider's key set" },
    ]);
    expect(await refusal({ kty: 'oct', k: 'c2VjcmV0' })).toEqual([
      { path: 'key', reason: "HMAC keys are refused: sign with an asymmetric private key (RSA, EC or Ed25519) whose public key is in the provider's key set" },
    ]);
  });

  it('refuses an RSA key under 2048 bits', async () => {
    const small = nodePair('rsa', { modulusLength: 1024 });
    expect(await refusal(small.publicKey)).toEqual([{ path: 'key', reason: 'RSA keys must be at least 2048 bits; this one has 1024' }]);
  });

  it('refuses an alg the key cannot sign with, suggesting the one it can', async () => {
    const ec = nodePair('ec', { namedCurve: 'P-384' });
    expect(await refusal(ec.privateKey, { alg: 'ES256' })).toEqual([
      { path: 'key', reason: 'ES256 needs a P-256 key; this is an EC P-384 key, or leave alg out to sign with ES384' },
    ]);
  });

  it('refuses HS256 and none as alg', async () => {
    expect(await refusal(rsa.privateKey, { alg: 'HS256' as never })).toEqual([
      { path: 'alg', reason: 'HMAC (HS256) is refused: a security event token needs an asymmetric signature, e.g. RS256 or ES256' },
    ]);
  });

  it('refuses a non-extractable private Web Crypto key, saying to give its public key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expect(await refusal(privateKey)).toEqual([
      { path: 'key', reason: 'Must be extractable, or the public key: Web Crypto cannot read the public half of a non-extractable private key' },
    ]);
  });

  it('refuses a certificate PEM, saying a key is needed', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    expect(await refusal(pem)).toEqual([{ path: 'key', reason: 'Must be a private key; this PEM holds a certificate, which goes in the key set' }]);
  });

  it('refuses a JWK declared for encryption', async () => {
    expect(await refusal({ ...(rsa.publicKey.export({ format: 'jwk' }) as JWK), use: 'enc' })).toEqual([
      { path: 'key.use', reason: "Must be 'sig': the key set publishes signing keys" },
    ]);
  });
});

describe('publicKeySet', () => {
  it('makes { keys } from keys in several forms, in order', async () => {
    const ec = nodePair('ec', { namedCurve: 'P-256' });
    const set = await publicKeySet([rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, { key: ec.privateKey, kid: 'ec-1' }]);
    expect(set).toEqual({
      keys: [
        { ...publicMembers(rsa.publicKey), kid: await thumbprint(rsa.publicKey), alg: 'RS256', use: 'sig' },
        { ...publicMembers(ec.publicKey), kid: 'ec-1', alg: 'ES256', use: 'sig' },
      ],
    });
  });

  it('drops the private members of a key set of private JWKs', async () => {
    const privateSet = { keys: [{ ...(rsa.privateKey.export({ format: 'jwk' }) as JWK), kid: 'k1' }] };
    const set = await publicKeySet(privateSet);
    expect(set.keys).toEqual([{ ...publicMembers(rsa.publicKey), kid: 'k1', alg: 'RS256', use: 'sig' }]);
    expect(JSON.stringify(set)).not.toContain((privateSet.keys[0] as unknown as Record<string, string>).d);
  });

  it('refuses two keys with one kid, naming the second', async () => {
    const error = await publicKeySet([{ key: rsa.privateKey, kid: 'same' }, { key: rsa.publicKey, kid: 'same' }]).catch((e: unknown) => e);
    expect((error as SecurityEventTokenInputError).issues).toEqual([{ path: 'keys[1].kid', reason: "Must differ from the kid of keys[0] ('same')" }]);
  });

  it('refuses an empty list and names a bad key by its index', async () => {
    expect(((await publicKeySet([]).catch((e: unknown) => e)) as SecurityEventTokenInputError).issues).toEqual([
      { path: 'keys', reason: 'The field cannot be left blank' },
    ]);
    const bad = await publicKeySet([rsa.publicKey, { kty: 'oct', k: 'eA' }]).catch((e: unknown) => e);
    expect((bad as SecurityEventTokenInputError).issues[0]!.path).toBe('keys[1]');
  });

  it('refuses more than 100 keys', async () => {
    const error = await publicKeySet(Array.from({ length: 101 }, () => rsa.publicKey)).catch((e: unknown) => e);
    expect((error as SecurityEventTokenInputError).issues).toEqual([{ path: 'keys', reason: 'Must hold at most 100 keys' }]);
  });

  it('verifies tokens signed with the PEM it was made from, the kid left to its default', async () => {
    const pem = rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    const jwks = await publicKeySet([pem]);
    const token = await signSecurityEventToken(
      { iss: ISSUER, aud: AUDIENCE, events: events.sessionRevoked({ subject: { user: { format: 'email', email: 'ada@example.com' } } }) },
      { key: pem, kid: jwks.keys[0]!.kid },
    );
    const verified = await verifySecurityEventToken(token, { keys: jwks, audience: AUDIENCE, issuer: ISSUER });
    expect(verified.header.kid).toBe(jwks.keys[0]!.kid);
  });
});
