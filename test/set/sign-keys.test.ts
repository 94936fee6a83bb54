import { createSecretKey, generateKeyPairSync, randomBytes, webcrypto, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  events,
  SecurityEventTokenInputError,
  signSecurityEventToken,
  verifySecurityEventToken,
  type SecurityEventTokenClaimsInput,
  type SignSecurityEventTokenOptions,
} from '../../src/set/index';
import { AUDIENCE, ISSUER } from './helpers';

const subject = { user: { format: 'email', email: 'ada@example.com' } } as const;
const claims: SecurityEventTokenClaimsInput = {
  iss: ISSUER,
  aud: AUDIENCE,
  events: events.userRiskChange({ subject, current_level: 'high', previous_level: 'low' }),
};

async function issues(options: SignSecurityEventTokenOptions) {
  const error = await signSecurityEventToken(claims, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SecurityEventTokenInputError);
  return (error as SecurityEventTokenInputError).issues;
}

function pkcs8(type: 'rsa' | 'ec' | 'ed25519', options: Record<string, unknown> = {}) {
  const { privateKey, publicKey } = generateKeyPairSync(type as 'rsa', options as never) as unknown as { privateKey: KeyObject; publicKey: KeyObject };
  return { pem: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, publicKey, privateKey };
}

async function verifiedAlg(token: string, publicKey: KeyObject) {
  const verified = await verifySecurityEventToken(token, { keys: () => publicKey, issuer: ISSUER, audience: AUDIENCE });
  return verified.header.alg;
}

describe('signSecurityEventToken with PEM strings', () => {
  it('signs with a PKCS #8 RSA PEM, RS256 by default', async () => {
    const { pem, publicKey } = pkcs8('rsa', { modulusLength: 2048 });
    const token = await signSecurityEventToken(claims, { key: pem, kid: 'k1' });
    expect(await verifiedAlg(token, publicKey)).toBe('RS256');
  });

  it('signs with a PKCS #8 EC P-384 PEM, ES384 by default, and an Ed25519 PEM, EdDSA', async () => {
    const ec = pkcs8('ec', { namedCurve: 'P-384' });
    expect(await verifiedAlg(await signSecurityEventToken(claims, { key: ec.pem, kid: 'k1' }), ec.publicKey)).toBe('ES384');
    const ed = pkcs8('ed25519');
    expect(await verifiedAlg(await signSecurityEventToken(claims, { key: ed.pem, kid: 'k1' }), ed.publicKey)).toBe('EdDSA');
  });

  it('refuses a PKCS #1 PEM with the command that converts it', async () => {
    const { privateKey } = pkcs8('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs1' }) as string;
    expect(await issues({ key: pem, kid: 'k1' })).toEqual([
      {
        path: 'key',
        reason: "A 'RSA PRIVATE KEY' PEM is not accepted; convert it to PKCS #8 ('BEGIN PRIVATE KEY') with: openssl pkcs8 -topk8 -nocrypt -in key.pem",
      },
    ]);
  });

  it('refuses a public key PEM, and a string that is no PEM by listing the accepted forms', async () => {
    const { publicKey } = pkcs8('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ format: 'pem', type: 'spki' }) as string;
    expect(await issues({ key: pem, kid: 'k1' })).toEqual([
      { path: 'key', reason: 'Must be a private key; this PEM holds a public key, which goes in the key set' },
    ]);
    expect(await issues({ key: 'my-secret', kid: 'k1' })).toEqual([
      {
        path: 'key',
        reason:
          "Must be a private key: a PKCS #8 PEM string ('-----BEGIN PRIVATE KEY-----'), a private JWK, a private Web Crypto CryptoKey or a private Node.js KeyObject",
      },
    ]);
  });

  it('refuses a PKCS #8 header over a long run of spaces without an END line at once, naming the accepted forms', async () => {
    // 20,000 spaces: the former pattern (white space on both sides of a run that takes white space)
    // needed minutes here; a linear read answers at once.
    const key = `-----BEGIN PRIVATE KEY-----${' '.repeat(20_000)}x`;
    expect(await issues({ key, kid: 'k1' })).toEqual([
      {
        path: 'key',
        reason:
          "A 'PRIVATE KEY' PEM is not accepted; give a PKCS #8 PEM string ('-----BEGIN PRIVATE KEY-----'), a private JWK, a private Web Crypto CryptoKey or a private Node.js KeyObject",
      },
    ]);
  });

  it('refuses a missing key by listing the accepted forms', async () => {
    expect((await issues({ key: undefined as never, kid: 'k1' }))[0]?.reason).toMatch(/^The field cannot be left blank: give a PKCS #8 PEM string/);
  });
});

describe('signSecurityEventToken refusals say what is wrong', () => {
  it('HMAC keys are refused, in every form', async () => {
    const reason = "HMAC keys are refused: sign with an asymmetric private key (RSA, EC or Ed25519) whose public key is in the provider's key set";
    const secret = randomBytes(32);
    const jwk: JWK = { kty: 'oct', k: secret.toString('base64url') };
    const cryptoKey = await webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    for (const key of [jwk, createSecretKey(secret), cryptoKey]) {
      expect(await issues({ key: key as never, kid: 'k1', alg: 'RS256' })).toEqual([{ path: 'key', reason }]);
    }
  });

  it('RSA keys must be at least 2048 bits, as a PEM, a KeyObject or a JWK', async () => {
    const { pem, privateKey } = pkcs8('rsa', { modulusLength: 1024 });
    const reason = 'RSA keys must be at least 2048 bits; this one has 1024';
    expect(await issues({ key: privateKey, kid: 'k1' })).toEqual([{ path: 'key', reason }]);
    expect(await issues({ key: pem, kid: 'k1' })).toEqual([{ path: 'key', reason }]);
    expect(await issues({ key: privateKey.export({ format: 'jwk' }) as JWK, kid: 'k1' })).toEqual([{ path: 'key', reason }]);
  });

  it('ES256 needs a P-256 key', async () => {
    const { privateKey } = pkcs8('ec', { namedCurve: 'P-384' });
    expect(await issues({ key: privateKey, kid: 'k1', alg: 'ES256' })).toEqual([
      { path: 'key', reason: 'ES256 needs a P-256 key; this is an EC P-384 key, or leave alg out to sign with ES384' },
    ]);
  });

  it('EdDSA needs an Ed25519 key', async () => {
    const { privateKey } = pkcs8('rsa', { modulusLength: 2048 });
    expect(await issues({ key: privateKey, kid: 'k1', alg: 'EdDSA' })).toEqual([
      { path: 'key', reason: 'EdDSA needs an Ed25519 key; this is an RSA key, or leave alg out to sign with RS256' },
    ]);
  });
});

describe('events.ipChange', () => {
  it('accepts IPv4 and IPv6 addresses', () => {
    const event = events.ipChange({ subject, event_timestamp: 1, current_ip_address: '2001:db8::7', previous_ip_address: '198.51.100.1' });
    expect(Object.values(event)[0]).toMatchObject({ current_ip_address: '2001:db8::7' });
  });

  it('refuses values that are not IP addresses, naming each field', () => {
    const error = (() => {
      try {
        events.ipChange({ subject, event_timestamp: 1, current_ip_address: 'example.com', previous_ip_address: '300.1.1.1' });
      } catch (e) {
        return e as SecurityEventTokenInputError;
      }
      throw new Error('ipChange accepted host names');
    })();
    expect(error.issues).toEqual([
      { path: 'current_ip_address', reason: 'Must be an IPv4 or IPv6 address, e.g. 203.0.113.7 or 2001:db8::7' },
      { path: 'previous_ip_address', reason: 'Must be an IPv4 or IPv6 address, e.g. 203.0.113.7 or 2001:db8::7' },
    ]);
  });
});
