import { createSign, createVerify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, signSecurityEventToken, verifySecurityEventToken } from '../../src/set/index';
import { AUDIENCE, b64url, ecKeyPair, ISSUER, rsaKeyPair, validClaims, type TestKeyPair } from './helpers';

let rsa: TestKeyPair;
let ec: TestKeyPair;

beforeAll(() => {
  rsa = rsaKeyPair('interop-rsa');
  ec = ecKeyPair('interop-ec');
});

describe('interoperability with node:crypto', () => {
  it('verifies an RS256 token signed with node:crypto directly', async () => {
    const claims = validClaims();
    const signingInput = `${b64url({ alg: 'RS256', kid: rsa.kid, typ: 'secevent+jwt' })}.${b64url(claims)}`;
    const signature = createSign('RSA-SHA256').update(signingInput).sign(rsa.privateKey, 'base64url');
    const result = await verifySecurityEventToken(`${signingInput}.${signature}`, {
      audience: AUDIENCE,
      issuer: ISSUER,
      keys: { keys: [rsa.publicJwk] },
    });
    expect(result.claims).toEqual(claims);
  });

  it('verifies an ES256 token signed with node:crypto directly', async () => {
    const claims = validClaims();
    const signingInput = `${b64url({ alg: 'ES256', kid: ec.kid, typ: 'secevent+jwt' })}.${b64url(claims)}`;
    const signature = createSign('SHA256')
      .update(signingInput)
      .sign({ key: ec.privateKey, dsaEncoding: 'ieee-p1363' }, 'base64url');
    const result = await verifySecurityEventToken(`${signingInput}.${signature}`, {
      audience: AUDIENCE,
      keys: { keys: [ec.publicJwk] },
    });
    expect(result.claims).toEqual(claims);
  });

  it('produces an RS256 token that node:crypto verifies', async () => {
    const token = await signSecurityEventToken(
      {
        iss: ISSUER,
        aud: AUDIENCE,
        events: events.userRiskChange({
          subject: { user: { format: 'email', email: 'ada@example.com' } },
          current_level: 'high',
          previous_level: 'low',
        }),
      },
      { key: rsa.privateJwk, kid: rsa.kid },
    );
    const [header = '', payload = '', signature = ''] = token.split('.');
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${payload}`)
      .verify(rsa.publicKey, Buffer.from(signature, 'base64url'));
    expect(verified).toBe(true);
  });
});
