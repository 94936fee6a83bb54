import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as jose from 'jose';
import { verifySecurityEventToken, type JsonWebKeySet } from '../../src/set/index';
import { AUDIENCE, rsaKeyPair, signRaw, validClaims, type TestKeyPair } from './helpers';

vi.mock('jose', async (importOriginal) => {
  const original = await importOriginal<typeof import('jose')>();
  return { ...original, importJWK: vi.fn(original.importJWK) };
});

let rsa: TestKeyPair;

beforeAll(() => {
  rsa = rsaKeyPair('cached-key');
});

describe('imported key cache', () => {
  it('imports a JWK of one key set object once across verifications', async () => {
    const keySet: JsonWebKeySet = { keys: [rsa.publicJwk] };
    const token = await signRaw({ alg: 'RS256', kid: rsa.kid, typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    vi.mocked(jose.importJWK).mockClear();
    for (let i = 0; i < 3; i += 1) await verifySecurityEventToken(token, { audience: AUDIENCE, keys: keySet });
    expect(jose.importJWK).toHaveBeenCalledTimes(1);
  });

  it('imports again for another key set object', async () => {
    const token = await signRaw({ alg: 'RS256', kid: rsa.kid, typ: 'secevent+jwt' }, validClaims(), rsa.privateKey);
    vi.mocked(jose.importJWK).mockClear();
    await verifySecurityEventToken(token, { audience: AUDIENCE, keys: { keys: [{ ...rsa.publicJwk }] } });
    await verifySecurityEventToken(token, { audience: AUDIENCE, keys: { keys: [{ ...rsa.publicJwk }] } });
    expect(jose.importJWK).toHaveBeenCalledTimes(2);
  });
});
