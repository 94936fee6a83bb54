import { constants, createSign, generateKeyPairSync, sign, type KeyObject, type RSAPSSKeyPairKeyObjectOptions } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ALGORITHMS,
  events,
  SecurityEventTokenInputError,
  signSecurityEventToken,
  verifySecurityEventToken,
  type VerificationKey,
  type VerifySecurityEventTokenOptions,
} from '../../src/set/index';
import { AUDIENCE, b64url, ecKeyPair, ISSUER, rsaKeyPair, signRaw, validClaims, verificationError, type TestKeyPair } from './helpers';

const KID = 'provider-key-1';

function options(keys: VerifySecurityEventTokenOptions['keys']): VerifySecurityEventTokenOptions {
  return { audience: AUDIENCE, issuer: ISSUER, keys };
}

const rejection = verificationError;

/**
 * A token signed RSASSA-PKCS1-v1_5 with SHA-256 by node:crypto, whatever its header says (jose refuses
 * to sign some of the headers these tests need).
 */
function signedWithSha256(header: Record<string, unknown>, privateKey: KeyObject): string {
  const signingInput = `${b64url({ kid: KID, typ: 'secevent+jwt', ...header })}.${b64url(validClaims())}`;
  const signature = createSign('sha256').update(signingInput).sign(privateKey).toString('base64url');
  return `${signingInput}.${signature}`;
}

function importRsaPublic(key: KeyObject, name: 'RSASSA-PKCS1-v1_5' | 'RSA-PSS', hash: string) {
  return crypto.subtle.importKey('spki', key.export({ format: 'der', type: 'spki' }), { name, hash }, false, ['verify']);
}

let rsa: TestKeyPair;
let ec: TestKeyPair;

beforeAll(() => {
  rsa = rsaKeyPair(KID);
  ec = ecKeyPair(KID);
});

describe('signature verification: every accepted algorithm', () => {
  it.each(DEFAULT_ALGORITHMS.map((alg) => [alg]))('%s round-trips through a key set and through a resolver', async (alg) => {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const token = await signSecurityEventToken(
      {
        iss: ISSUER,
        aud: AUDIENCE,
        events: events.userRiskChange({ subject: { user: { format: 'email', email: 'ada@example.com' } }, current_level: 'high', previous_level: 'low' }),
      },
      { key: privateKey, kid: KID, alg },
    );
    const jwk = { ...(await exportJWK(publicKey)), kid: KID };
    expect((await verifySecurityEventToken(token, options({ keys: [jwk] }))).header.alg).toBe(alg);
    expect((await verifySecurityEventToken(token, options(() => publicKey))).header.alg).toBe(alg);

    // The same token with one signature byte changed does not verify.
    const [h, p, s = ''] = token.split('.');
    const bytes = Buffer.from(s, 'base64url');
    bytes[0] = bytes[0]! ^ 0xff;
    const tampered = `${h}.${p}.${bytes.toString('base64url')}`;
    expect((await rejection(tampered, options({ keys: [jwk] }))).err).toBe('authentication_failed');
  });
});

describe('signature verification: keys that do not suit the algorithm', () => {
  it('refuses an RS384 label on a SHA-256 signature when the key was imported for SHA-256 (no hash confusion)', async () => {
    // Web Crypto verifies an RSASSA key with the hash it was imported with, whatever the token says.
    const sha256Key = await importRsaPublic(rsa.publicKey, 'RSASSA-PKCS1-v1_5', 'SHA-256');
    const error = await rejection(signedWithSha256({ alg: 'RS384' }, rsa.privateKey), options(() => sha256Key));
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: `The key '${KID}' cannot verify 'RS384' signatures` });
  });

  it('refuses a PS256 token with a key imported for RSASSA-PKCS1-v1_5', async () => {
    const pkcs1Key = await importRsaPublic(rsa.publicKey, 'RSASSA-PKCS1-v1_5', 'SHA-256');
    const token = await signRaw({ alg: 'PS256', kid: KID, typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    const error = await rejection(token, options(() => pkcs1Key));
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: `The key '${KID}' cannot verify 'PS256' signatures` });
  });

  it('refuses an ES256 token with a P-384 key', async () => {
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey;
    const p384Key = await crypto.subtle.importKey(
      'spki',
      p384.export({ format: 'der', type: 'spki' }),
      { name: 'ECDSA', namedCurve: 'P-384' },
      false,
      ['verify'],
    );
    const token = await signRaw({ alg: 'ES256', kid: KID, typ: 'secevent+jwt' }, validClaims(), ec.privateKey);
    const error = await rejection(token, options(() => p384Key));
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: `The key '${KID}' cannot verify 'ES256' signatures` });
  });

  it('refuses an RSA key shorter than 2048 bits, even though its signature is good', async () => {
    const short = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const token = signedWithSha256({ alg: 'RS256' }, short.privateKey);
    const shortKey = await importRsaPublic(short.publicKey, 'RSASSA-PKCS1-v1_5', 'SHA-256');
    const error = await rejection(token, options(() => shortKey));
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: `The key '${KID}' is 1024 bits long; 'RS256' needs at least 2048`,
    });
  });

  it('refuses a private Web Crypto key handed over by a resolver', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await signRaw({ alg: 'RS256', kid: KID, typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    const error = await rejection(token, options(() => privateKey as VerificationKey));
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: `The key '${KID}' is not a public key usable to verify signatures`,
    });
  });

  it('verifies with a private KeyObject handed over by mistake, using only its public half', async () => {
    const token = await signRaw({ alg: 'RS256', kid: KID, typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    const result = await verifySecurityEventToken(token, options(() => rsa.privateKey));
    expect(result.claims.iss).toBe(ISSUER);
  });

  it('refuses a resolver answer that is neither a JWK, a CryptoKey nor a KeyObject', async () => {
    const token = await signRaw({ alg: 'RS256', kid: KID, typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    const error = await rejection(token, options(() => ({ type: 'public' }) as unknown as VerificationKey));
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: `The key resolver returned something that is not a key for kid '${KID}'`,
    });
  });
});

describe('signature verification: RSA-PSS KeyObjects (asymmetricKeyType rsa-pss)', () => {
  // @types/node types saltLength as a string; Node.js takes a number of bytes.
  const pss = (restrictions: { hashAlgorithm?: string; mgf1HashAlgorithm?: string; saltLength?: number } = {}) =>
    generateKeyPairSync('rsa-pss', { modulusLength: 2048, ...restrictions } as unknown as RSAPSSKeyPairKeyObjectOptions);
  /** Signs with node:crypto directly: jose cannot sign with an rsa-pss KeyObject on Node.js 20. */
  const signPss = (alg: 'PS256' | 'PS384' | 'PS512', privateKey: KeyObject) => {
    const bits = alg.slice(2);
    const signingInput = `${b64url({ alg, kid: KID, typ: 'secevent+jwt' })}.${b64url(validClaims())}`;
    const signature = sign(`sha${bits}`, Buffer.from(signingInput), {
      key: privateKey,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: Number(bits) / 8,
    });
    return `${signingInput}.${signature.toString('base64url')}`;
  };

  it.each([['PS256'], ['PS384'], ['PS512']] as const)('verifies %s with an unrestricted public key, and a tampered token fails', async (alg) => {
    const { privateKey, publicKey } = pss();
    const token = signPss(alg, privateKey);
    expect((await verifySecurityEventToken(token, options(() => publicKey))).header.alg).toBe(alg);
    const [h, p, sig = ''] = token.split('.');
    const bytes = Buffer.from(sig, 'base64url');
    bytes[10] = bytes[10]! ^ 0x01;
    const tampered = `${h}.${p}.${bytes.toString('base64url')}`;
    expect((await rejection(tampered, options(() => publicKey))).err).toBe('authentication_failed');
  });

  it('verifies with a key restricted to the hash and salt the token uses, and with a private key handed over by mistake', async () => {
    const { privateKey, publicKey } = pss({ hashAlgorithm: 'sha384', mgf1HashAlgorithm: 'sha384', saltLength: 48 });
    const token = signPss('PS384', privateKey);
    expect((await verifySecurityEventToken(token, options(() => publicKey))).claims.iss).toBe(ISSUER);
    expect((await verifySecurityEventToken(token, options(() => privateKey))).claims.iss).toBe(ISSUER);
  });

  it('refuses a token whose hash the key is restricted against', async () => {
    const restricted = pss({ hashAlgorithm: 'sha256', mgf1HashAlgorithm: 'sha256', saltLength: 32 }).publicKey;
    const token = signPss('PS384', pss().privateKey);
    expect((await rejection(token, options(() => restricted))).toJSON()).toEqual({
      err: 'invalid_key',
      description: `The key '${KID}' is restricted to RSA-PSS with hash sha256, MGF1 sha256, salt of at least 32 bytes, which 'PS384' signatures do not use`,
    });
  });

  it('refuses a key whose least salt length is longer than the algorithm uses', async () => {
    const { privateKey } = pss();
    const longSalt = pss({ hashAlgorithm: 'sha256', mgf1HashAlgorithm: 'sha256', saltLength: 64 }).publicKey;
    const error = await rejection(signPss('PS256', privateKey), options(() => longSalt));
    expect(error.err).toBe('invalid_key');
    expect(error.description).toContain('salt of at least 64 bytes');
  });

  it('signs PS256 with an rsa-pss private KeyObject, and refuses to sign RS256 with it, naming the key', async () => {
    const { privateKey, publicKey } = pss({ hashAlgorithm: 'sha256', mgf1HashAlgorithm: 'sha256', saltLength: 32 });
    const claims = {
      iss: ISSUER,
      aud: AUDIENCE,
      events: events.userRiskChange({ subject: { user: { format: 'email', email: 'ada@example.com' } }, current_level: 'high', previous_level: 'low' }),
    } as const;
    const token = await signSecurityEventToken(claims, { key: privateKey, kid: KID, alg: 'PS256' });
    expect((await verifySecurityEventToken(token, options(() => publicKey))).header.alg).toBe('PS256');
    const refusal = await signSecurityEventToken(claims, { key: privateKey, kid: KID, alg: 'RS256' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SecurityEventTokenInputError);
    expect((refusal as SecurityEventTokenInputError).issues).toEqual([
      { path: 'key', reason: 'RS256 needs an RSA key; this is an RSA-PSS key, or leave alg out to sign with PS256' },
    ]);
  });

  it('refuses, as invalid_key, an rsa-pss key whose DER encoding does not parse', async () => {
    const { privateKey, publicKey } = pss();
    const token = signPss('PS256', privateKey);
    const der = publicKey.export({ format: 'der', type: 'spki' });
    const broken = [der.subarray(0, der.length - 7), Buffer.concat([Buffer.from([0x31]), der.subarray(1)])];
    for (const bytes of broken) {
      const fake = { type: 'public', asymmetricKeyType: 'rsa-pss', asymmetricKeyDetails: {}, export: () => bytes };
      expect((await rejection(token, options(() => fake as unknown as VerificationKey))).toJSON()).toEqual({
        err: 'invalid_key',
        description: `The key '${KID}' cannot be used to verify signatures`,
      });
    }
  });

  it('refuses an RSASSA-PKCS1-v1_5 token: an RSA-PSS key makes no other signatures', async () => {
    const token = await signRaw({ alg: 'RS256', kid: KID, typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    const error = await rejection(token, options(() => pss().publicKey));
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: `The key '${KID}' is an RSA-PSS key, for PS256, PS384 or PS512 signatures only, not 'RS256'`,
    });
  });
});

describe('signature verification: the signature segment', () => {
  it('refuses a signature segment no bytes encode to (length 1 modulo 4) as invalid_request, not as a bad signature', async () => {
    const [h, p] = signedWithSha256({ alg: 'RS256' }, rsa.privateKey).split('.');
    const error = await rejection(`${h}.${p}.AAAAA`, options(() => rsa.publicKey));
    expect(error.err).toBe('invalid_request');
  });
});

describe('signature verification: JWS extensions', () => {
  it('refuses a crit header with invalid_request before looking up the key, even when the signature is good', async () => {
    const token = signedWithSha256({ alg: 'RS256', crit: ['exp'], exp: 1 }, rsa.privateKey);
    let looked = false;
    const error = await rejection(
      token,
      options(() => {
        looked = true;
        return rsa.publicKey;
      }),
    );
    expect(error.err).toBe('invalid_request');
    expect(error.description).toBe(
      `The security event token header 'crit' is ["exp"]; this receiver understands no JWS extension, so it must be left out`,
    );
    expect(looked).toBe(false);
  });
});
