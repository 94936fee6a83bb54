import { createPrivateKey, createVerify, generateKeyPairSync, type webcrypto } from 'node:crypto';
import type { JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EVENT_TYPES,
  events,
  SecurityEventTokenInputError,
  signSecurityEventToken,
  type SecurityEventTokenClaimsInput,
} from '../../src/set/index';
import { AUDIENCE, ecKeyPair, ISSUER, rsaKeyPair, type TestKeyPair } from './helpers';

let rsa: TestKeyPair;
let ec: TestKeyPair;

beforeAll(() => {
  rsa = rsaKeyPair('provider-key-1');
  ec = ecKeyPair('provider-ec-1');
});

afterEach(() => {
  vi.useRealTimers();
});

const subject = { user: { format: 'email', email: 'ada@example.com' } } as const;

function claims(overrides: Partial<SecurityEventTokenClaimsInput> = {}): SecurityEventTokenClaimsInput {
  return {
    iss: ISSUER,
    aud: AUDIENCE,
    events: events.userRiskChange({ subject, current_level: 'high', previous_level: 'low' }),
    ...overrides,
  };
}

function decodeSegment(token: string, index: 0 | 1): string {
  const segment = token.split('.')[index] ?? '';
  return Buffer.from(segment, 'base64url').toString('utf8');
}

async function signingError(
  input: SecurityEventTokenClaimsInput,
  options: Parameters<typeof signSecurityEventToken>[1] = { key: rsa.privateKey, kid: rsa.kid },
): Promise<SecurityEventTokenInputError> {
  const error: unknown = await signSecurityEventToken(input, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error instanceof SecurityEventTokenInputError) return error;
  throw new Error(`expected a SecurityEventTokenInputError, got ${String(error)}`);
}

describe('signSecurityEventToken', () => {
  it('blames the claims, not the key, when they cannot be written as JSON (a BigInt, a cycle)', async () => {
    const withBigInt = { ...claims(), extra: 10n } as unknown as SecurityEventTokenClaimsInput;
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const input of [withBigInt, { ...claims(), extra: cyclic } as unknown as SecurityEventTokenClaimsInput]) {
      const error = await signingError(input);
      expect(error.issues).toEqual([{ path: 'claims', reason: expect.stringMatching(/^Must be JSON \(.+\)$/) }]);
    }
  });

  it('writes exactly the protected header {alg, kid, typ: secevent+jwt}, RS256 by default', async () => {
    const token = await signSecurityEventToken(claims(), { key: rsa.privateKey, kid: rsa.kid });
    expect(decodeSegment(token, 0)).toBe('{"alg":"RS256","kid":"provider-key-1","typ":"secevent+jwt"}');
  });

  it('without alg, signs with the algorithm the key itself allows', async () => {
    const alg = async (key: Parameters<typeof signSecurityEventToken>[1]['key']) =>
      (JSON.parse(decodeSegment(await signSecurityEventToken(claims(), { key, kid: 'k' }), 0)) as { alg: string }).alg;
    const ecKey = (namedCurve: string) => generateKeyPairSync('ec', { namedCurve }).privateKey;
    const pssKey = (hashAlgorithm?: string) =>
      generateKeyPairSync('rsa-pss', { modulusLength: 2048, ...(hashAlgorithm && { hashAlgorithm, mgf1HashAlgorithm: hashAlgorithm }) }).privateKey;
    const { alg: _rs256, ...rsaJwk } = rsa.privateJwk;
    const rsaSha384 = await crypto.subtle.importKey('jwk', rsaJwk as webcrypto.JsonWebKey, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-384' }, false, ['sign']);
    const ed25519 = generateKeyPairSync('ed25519').privateKey;

    expect(await alg(ecKey('P-384'))).toBe('ES384');
    expect(await alg(ecKey('P-521'))).toBe('ES512');
    expect(await alg({ ...(ecKey('P-256').export({ format: 'jwk' }) as JWK) })).toBe('ES256');
    expect(await alg(pssKey())).toBe('PS256');
    expect(await alg(pssKey('sha512'))).toBe('PS512');
    expect(await alg(rsaSha384)).toBe('RS384');
    expect(await alg(ed25519)).toBe('EdDSA');
    expect(await alg(ed25519.export({ format: 'jwk' }) as JWK)).toBe('EdDSA');
    expect(await alg(rsaJwk)).toBe('RS256');
  });

  it('uses the algorithm it is given', async () => {
    const token = await signSecurityEventToken(claims(), { key: ec.privateKey, kid: ec.kid, alg: 'ES256' });
    expect(decodeSegment(token, 0)).toBe('{"alg":"ES256","kid":"provider-ec-1","typ":"secevent+jwt"}');
  });

  it("defaults the algorithm to a JWK's own alg", async () => {
    const token = await signSecurityEventToken(claims(), { key: ec.privateJwk, kid: ec.kid });
    expect(JSON.parse(decodeSegment(token, 0))).toEqual({ alg: 'ES256', kid: 'provider-ec-1', typ: 'secevent+jwt' });
  });

  it('fills jti with a random UUID and iat with the current time in seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-02T03:04:05.678Z'));
    const token = await signSecurityEventToken(claims(), { key: rsa.privateKey, kid: rsa.kid });
    const payload = JSON.parse(decodeSegment(token, 1)) as Record<string, unknown>;
    expect(payload.iat).toBe(1_735_787_045);
    expect(payload.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives every token its own jti', async () => {
    const first = await signSecurityEventToken(claims(), { key: rsa.privateKey, kid: rsa.kid });
    const second = await signSecurityEventToken(claims(), { key: rsa.privateKey, kid: rsa.kid });
    expect(JSON.parse(decodeSegment(first, 1)).jti).not.toBe(JSON.parse(decodeSegment(second, 1)).jti);
  });

  it('keeps the jti, iat, txn and sub_id the caller gives', async () => {
    const token = await signSecurityEventToken(
      claims({ jti: 'set-1', iat: 1_700_000_000, txn: 'txn-9', sub_id: { format: 'opaque', id: 'u1' } }),
      { key: rsa.privateKey, kid: rsa.kid },
    );
    expect(JSON.parse(decodeSegment(token, 1))).toMatchObject({
      jti: 'set-1',
      iat: 1_700_000_000,
      txn: 'txn-9',
      sub_id: { format: 'opaque', id: 'u1' },
    });
  });

  it('signs with a private JWK, a KeyObject and a CryptoKey alike', async () => {
    const cryptoKey = await crypto.subtle.importKey(
      'jwk',
      rsa.privateJwk as webcrypto.JsonWebKey,
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    for (const key of [rsa.privateJwk, createPrivateKey(rsa.privateKey.export({ format: 'pem', type: 'pkcs8' })), cryptoKey]) {
      const token = await signSecurityEventToken(claims(), { key, kid: rsa.kid });
      const [header = '', payload = '', signature = ''] = token.split('.');
      const verifier = createVerify('RSA-SHA256').update(`${header}.${payload}`);
      expect(verifier.verify(rsa.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    }
  });

  it('refuses exp and says why', async () => {
    const error = await signingError(claims({ exp: 1_800_000_000 as never }));
    expect(error.issues).toEqual([
      { path: 'exp', reason: 'Must not be set: a security event token does not expire; receivers judge its age by iat' },
    ]);
  });

  it('refuses sub and says where the subject goes', async () => {
    const error = await signingError(claims({ sub: 'user-1' as never }));
    expect(error.issues).toEqual([
      {
        path: 'sub',
        reason: "Must not be set: name the subject in each event's 'subject' member, or of the whole token in 'sub_id'",
      },
    ]);
  });

  it.each([
    ['HS256', 'HMAC (HS256) is refused: a security event token needs an asymmetric signature, e.g. RS256 or ES256'],
    ['HS512', 'HMAC (HS512) is refused: a security event token needs an asymmetric signature, e.g. RS256 or ES256'],
    ['none', 'Unsigned tokens (none) are refused: a security event token needs an asymmetric signature, e.g. RS256 or ES256'],
    ['XS1', 'Not one of the allowed values: RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA'],
  ])('refuses the algorithm %s, saying why', async (alg, reason) => {
    const error = await signingError(claims(), { key: rsa.privateKey, kid: rsa.kid, alg: alg as never });
    expect(error.issues).toEqual([{ path: 'alg', reason }]);
  });

  it('refuses an empty events object', async () => {
    const error = await signingError(claims({ events: {} }));
    expect(error.issues).toEqual([{ path: 'events', reason: 'The field cannot be left blank' }]);
  });

  it('refuses an invalid event member and names its full path in the message', async () => {
    const payload = { ...events.userRiskChange({ subject, current_level: 'high', previous_level: 'low' })[EVENT_TYPES.userRiskChange] };
    const error = await signingError(
      claims({ events: { [EVENT_TYPES.userRiskChange]: { ...payload, current_level: 'extreme' as never } } }),
    );
    expect(error.message).toBe(
      'Cannot sign the security event token. Fix these fields and try again: ' +
        'events.https://schemas.okta.com/secevent/okta/event-type/user-risk-change.current_level: Not one of the allowed values (allowed: low, medium, high, secure, none)',
    );
  });

  it('names every bad field at once', async () => {
    const error = await signingError({ iss: '', aud: [], events: { [EVENT_TYPES.ipChange]: { subject } } } as never);
    expect(error.issues).toEqual([
      { path: 'iss', reason: 'The field cannot be left blank' },
      { path: 'aud', reason: 'The field cannot be left blank' },
      { path: `events.${EVENT_TYPES.ipChange}.event_timestamp`, reason: 'The field cannot be left blank' },
      { path: `events.${EVENT_TYPES.ipChange}.current_ip_address`, reason: 'The field cannot be left blank' },
      { path: `events.${EVENT_TYPES.ipChange}.previous_ip_address`, reason: 'The field cannot be left blank' },
    ]);
  });

  it('accepts an event type it does not know', async () => {
    const token = await signSecurityEventToken(
      claims({ events: { 'https://vendor.example.com/event-type/foo': { score: 1 } } }),
      { key: rsa.privateKey, kid: rsa.kid },
    );
    expect(JSON.parse(decodeSegment(token, 1)).events).toEqual({
      'https://vendor.example.com/event-type/foo': { score: 1 },
    });
  });

  it('refuses a public key', async () => {
    const error = await signingError(claims(), { key: rsa.publicJwk, kid: rsa.kid });
    expect(error.issues).toEqual([
      { path: 'key', reason: 'Must be a private key; the public key goes in the key set' },
    ]);
  });

  it('refuses a JWK declared for another algorithm', async () => {
    const error = await signingError(claims(), { key: rsa.privateJwk, kid: rsa.kid, alg: 'PS256' });
    expect(error.issues).toEqual([{ path: 'key.alg', reason: "Must match alg 'PS256'" }]);
  });

  it('refuses a key of the wrong type for the algorithm, naming both and the alg the key would sign with', async () => {
    const error = await signingError(claims(), { key: ec.privateKey, kid: ec.kid, alg: 'RS256' });
    expect(error.issues).toEqual([
      { path: 'key', reason: 'RS256 needs an RSA key; this is an EC P-256 key, or leave alg out to sign with ES256' },
    ]);
  });

  it('refuses a blank kid', async () => {
    const error = await signingError(claims(), { key: rsa.privateKey, kid: '' });
    expect(error.issues).toEqual([{ path: 'kid', reason: 'The field cannot be left blank' }]);
  });
});
