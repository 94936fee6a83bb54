import { createHmac } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  decodeSecurityEventToken,
  EVENT_TYPES,
  events,
  isSetVerificationError,
  SetVerificationError,
  signSecurityEventToken,
  verifySecurityEventToken,
  type JsonWebKeySet,
  type KeyResolver,
  type RiskLevel,
  type SecurityEventsInput,
  type VerifySecurityEventTokenOptions,
} from '../../src/set/index';
import {
  AUDIENCE,
  b64url,
  ecKeyPair,
  ISSUER,
  rsaKeyPair,
  signRaw,
  USER_RISK_URI,
  userRiskPayload,
  validClaims,
  verificationError,
  type TestKeyPair,
} from './helpers';

const CLAIMS_FAILED = 'Failed claim validation in security event token.';
const ALL_ALGORITHMS = 'RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA';

let rsa: TestKeyPair;
let ec: TestKeyPair;
let jwks: JsonWebKeySet;

beforeAll(() => {
  rsa = rsaKeyPair('provider-key-1');
  ec = ecKeyPair('provider-ec-1');
  jwks = { keys: [rsa.publicJwk, ec.publicJwk] };
});

function options(overrides: Partial<VerifySecurityEventTokenOptions> = {}): VerifySecurityEventTokenOptions {
  return { audience: AUDIENCE, issuer: ISSUER, keys: jwks, ...overrides };
}

function rejection(token: string, verifyOptions: VerifySecurityEventTokenOptions = options()): Promise<SetVerificationError> {
  return verificationError(token, verifyOptions);
}

function rsaHeader(extra: Record<string, unknown> = {}) {
  return { alg: 'RS256', kid: rsa.kid, typ: 'secevent+jwt', ...extra };
}

function signedRsa(payload: Record<string, unknown> = validClaims(), header = rsaHeader()): Promise<string> {
  return signRaw(header, payload, rsa.privateKey);
}

const subject = { user: { format: 'email', email: 'ada@example.com' } } as const;
const event_timestamp = 1_700_000_000;

const allSixEvents: Array<[string, () => SecurityEventsInput]> = [
  ['device-risk-change', () => events.deviceRiskChange({ subject, current_level: 'medium', previous_level: 'low', event_timestamp })],
  ['user-risk-change', () => events.userRiskChange({ subject, current_level: 'high', previous_level: 'none', initiating_entity: 'system', event_timestamp })],
  ['ip-change', () => events.ipChange({ subject, current_ip_address: '203.0.113.7', previous_ip_address: '198.51.100.1', event_timestamp })],
  ['device-compliance-change', () => events.deviceComplianceChange({ subject: { device: { format: 'opaque', id: 'd-1' } }, current_status: 'not-compliant', previous_status: 'compliant', event_timestamp })],
  ['session-revoked', () => events.sessionRevoked({ subject, last_known_ip: '198.51.100.1', reason_admin: { en: 'Stolen device' }, event_timestamp })],
  ['identifier-changed', () => events.identifierChanged({ subject, 'new-value': 'ada.lovelace@example.com', event_timestamp })],
];

describe('verifySecurityEventToken round trips', () => {
  for (const alg of ['RS256', 'ES256'] as const) {
    it.each(allSixEvents)(`verifies a %s event signed with ${alg}`, async (_name, build) => {
      const pair = alg === 'RS256' ? rsa : ec;
      const built = build();
      const token = await signSecurityEventToken(
        { iss: ISSUER, aud: AUDIENCE, jti: 'set-1', iat: 1_700_000_100, events: built },
        { key: pair.privateKey, kid: pair.kid, alg },
      );
      const result = await verifySecurityEventToken(token, options({ currentDate: new Date(1_700_000_200_000) }));
      expect(result).toEqual({
        header: { alg, kid: pair.kid, typ: 'secevent+jwt' },
        claims: { iss: ISSUER, aud: AUDIENCE, jti: 'set-1', iat: 1_700_000_100, events: built },
        events: built,
      });
    });
  }

  it('types known events by URI', async () => {
    const result = await verifySecurityEventToken(await signedRsa(), options());
    const payload = result.events[EVENT_TYPES.userRiskChange];
    expectTypeOf(payload?.current_level).toEqualTypeOf<RiskLevel | undefined>();
    expectTypeOf(result.events['https://vendor.example.com/other']).toBeUnknown();
    expect(payload?.current_level).toBe('high');
  });

  it('accepts typ application/secevent+jwt', async () => {
    const token = await signedRsa(validClaims(), rsaHeader({ typ: 'application/secevent+jwt' }));
    const result = await verifySecurityEventToken(token, options());
    expect(result.header.typ).toBe('application/secevent+jwt');
  });

  it('accepts typ in upper case', async () => {
    const token = await signedRsa(validClaims(), rsaHeader({ typ: 'SECEVENT+JWT' }));
    const result = await verifySecurityEventToken(token, options());
    expect(result.header.typ).toBe('SECEVENT+JWT');
  });

  it('accepts an aud array that contains the audience', async () => {
    const token = await signedRsa(validClaims({ aud: ['https://other.example', AUDIENCE] }));
    const result = await verifySecurityEventToken(token, options());
    expect(result.claims.aud).toEqual(['https://other.example', AUDIENCE]);
  });

  it.each([
    ['the token', `${AUDIENCE}/`, AUDIENCE],
    ['the option', AUDIENCE, `${AUDIENCE}/`],
  ])('tolerates a trailing slash on the audience of %s', async (_where, aud, audience) => {
    const token = await signedRsa(validClaims({ aud }));
    const result = await verifySecurityEventToken(token, options({ audience }));
    expect(result.claims.aud).toBe(aud);
  });

  it('keeps unknown members of a known event', async () => {
    const token = await signedRsa(validClaims({ events: { [USER_RISK_URI]: { ...userRiskPayload(), vendor_score: 97 } } }));
    const result = await verifySecurityEventToken(token, options());
    expect(result.events[EVENT_TYPES.userRiskChange]?.vendor_score).toBe(97);
  });

  it('verifies without an issuer option', async () => {
    const token = await signedRsa(validClaims({ iss: 'https://anyone.example.com' }));
    const result = await verifySecurityEventToken(token, options({ issuer: undefined }));
    expect(result.claims.iss).toBe('https://anyone.example.com');
  });
});

describe('verifySecurityEventToken structural checks', () => {
  it('refuses a token of two segments with invalid_request', async () => {
    const [header = '', payload = ''] = (await signedRsa()).split('.');
    const error = await rejection(`${header}.${payload}`);
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: 'The security event token is not a compact JWS: expected three base64url segments separated by dots',
    });
  });

  it('refuses a header that is not JSON with invalid_request', async () => {
    const [, payload = '', signature = ''] = (await signedRsa()).split('.');
    const error = await rejection(`${b64url('{"alg":"RS256",')}.${payload}.${signature}`);
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: 'The security event token header is not a base64url-encoded JSON object',
    });
  });

  it('refuses a payload that is a JSON array with invalid_request', async () => {
    const [header = '', , signature = ''] = (await signedRsa()).split('.');
    const error = await rejection(`${header}.${b64url([1, 2])}.${signature}`);
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: 'The security event token payload is not a base64url-encoded JSON object',
    });
  });

  it('refuses typ JWT with invalid_request', async () => {
    const error = await rejection(await signedRsa(validClaims(), rsaHeader({ typ: 'JWT' })));
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: `The security event token header 'typ' is "JWT"; it must be 'secevent+jwt'`,
    });
  });

  it('refuses a missing typ with invalid_request', async () => {
    const error = await rejection(await signedRsa(validClaims(), { alg: 'RS256', kid: rsa.kid } as never));
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: "The security event token header has no 'typ'; it must be 'secevent+jwt'",
    });
  });

  it('refuses a missing kid with invalid_request', async () => {
    const error = await rejection(await signedRsa(validClaims(), { alg: 'RS256', typ: 'secevent+jwt' } as never));
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: "The security event token header has no 'kid'; it must name the provider's signing key",
    });
  });

  it('refuses alg none with invalid_request', async () => {
    const header = b64url({ alg: 'none', kid: rsa.kid, typ: 'secevent+jwt' });
    const error = await rejection(`${header}.${b64url(validClaims())}.`);
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: `The security event token algorithm 'none' is not accepted; sign with one of ${ALL_ALGORITHMS}`,
    });
  });

  describe('an HS256 token whose secret is the public key', () => {
    const hmacToken = (secret: string): string => {
      const signingInput = `${b64url({ alg: 'HS256', kid: rsa.kid, typ: 'secevent+jwt' })}.${b64url(validClaims())}`;
      return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
    };
    const expected = {
      err: 'invalid_request',
      description: `The security event token algorithm 'HS256' is not accepted; sign with one of ${ALL_ALGORITHMS}`,
    };

    it('is refused with invalid_request when the secret is the PEM', async () => {
      const pem = rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString();
      const resolver: KeyResolver = () => rsa.publicKey;
      const error = await rejection(hmacToken(pem), options({ keys: resolver }));
      expect(error.toJSON()).toEqual(expected);
    });

    it('is refused with invalid_request when the secret is the JWK, even if HS256 is listed', async () => {
      const { alg: _alg, ...jwkWithoutAlg } = rsa.publicJwk;
      const error = await rejection(
        hmacToken(JSON.stringify(jwkWithoutAlg)),
        options({ keys: { keys: [jwkWithoutAlg] }, algorithms: ['HS256', 'RS256'] }),
      );
      expect(error.toJSON()).toEqual({
        err: 'invalid_request',
        description: "The security event token algorithm 'HS256' is not accepted; sign with one of RS256",
      });
    });
  });

  it('refuses an algorithm outside the algorithms option with invalid_request', async () => {
    const error = await rejection(await signedRsa(), options({ algorithms: ['ES256'] }));
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: "The security event token algorithm 'RS256' is not accepted; sign with one of ES256",
    });
  });
});

describe('verifySecurityEventToken issuer and keys', () => {
  it('refuses another issuer with invalid_issuer', async () => {
    const error = await rejection(await signedRsa(validClaims({ iss: 'https://evil.example.com' })));
    expect(error.toJSON()).toEqual({
      err: 'invalid_issuer',
      description: "The security event token issuer 'https://evil.example.com' is not the expected issuer 'https://provider.example.com'",
    });
  });

  it('refuses a token without iss when an issuer is expected, with invalid_issuer', async () => {
    const { iss: _iss, ...withoutIss } = validClaims();
    const error = await rejection(await signedRsa(withoutIss));
    expect(error.toJSON()).toEqual({
      err: 'invalid_issuer',
      description: "The security event token has no 'iss' claim; expected 'https://provider.example.com'",
    });
  });

  it('propagates the SetVerificationError a resolver throws, unchanged', async () => {
    const unknownProvider = new SetVerificationError('invalid_issuer', 'No active provider has this issuer');
    const error = await rejection(await signedRsa(), options({ issuer: undefined, keys: () => { throw unknownProvider; } }));
    expect(error).toBe(unknownProvider);
  });

  it('passes the header and the unverified claims to a resolver', async () => {
    const seen: unknown[] = [];
    const claims = validClaims();
    await verifySecurityEventToken(
      await signedRsa(claims),
      options({ keys: (header, unverified) => { seen.push(header, unverified); return rsa.publicJwk; } }),
    );
    expect(seen).toEqual([rsaHeader(), claims]);
  });

  it('accepts a KeyObject or a CryptoKey from a resolver', async () => {
    const cryptoKey = await crypto.subtle.importKey(
      'spki',
      rsa.publicKey.export({ format: 'der', type: 'spki' }),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    const token = await signedRsa();
    for (const key of [rsa.publicKey, cryptoKey]) {
      const result = await verifySecurityEventToken(token, options({ keys: () => key }));
      expect(result.claims.jti).toBe('jti-1');
    }
  });

  it('refuses a kid missing from the key set with invalid_key', async () => {
    const error = await rejection(await signedRsa(validClaims(), rsaHeader({ kid: 'rotated-away' })));
    expect(error.toJSON()).toEqual({ err: 'invalid_key', description: "No key with kid 'rotated-away' in the key set" });
  });

  it('refuses with invalid_key when the resolver finds no key', async () => {
    const error = await rejection(await signedRsa(), options({ keys: async () => undefined }));
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: "No key with kid 'provider-key-1' is known for this issuer",
    });
  });

  it("refuses with invalid_key a JWK whose own alg differs from the token's", async () => {
    const error = await rejection(await signedRsa(), options({ keys: { keys: [{ ...rsa.publicJwk, alg: 'RS384' }] } }));
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: "The key 'provider-key-1' is declared for algorithm 'RS384' but the security event token uses 'RS256'",
    });
  });

  it('refuses with invalid_key a key of the wrong type for the algorithm', async () => {
    const error = await rejection(await signedRsa(), options({ keys: () => ec.publicKey }));
    expect(error.toJSON()).toEqual({
      err: 'invalid_key',
      description: "The key 'provider-key-1' cannot verify 'RS256' signatures",
    });
  });

  it('refuses a tampered payload with authentication_failed', async () => {
    const [header = '', , signature = ''] = (await signedRsa()).split('.');
    const forged = b64url(validClaims({ events: { [USER_RISK_URI]: { ...userRiskPayload(), current_level: 'low' } } }));
    const error = await rejection(`${header}.${forged}.${signature}`);
    expect(error.toJSON()).toEqual({
      err: 'authentication_failed',
      description: "The security event token signature does not verify with the key 'provider-key-1'",
    });
  });

  it('refuses another audience with invalid_audience', async () => {
    const error = await rejection(await signedRsa(validClaims({ aud: 'https://other.okta.com' })));
    expect(error.toJSON()).toEqual({
      err: 'invalid_audience',
      description: "The security event token audience 'https://other.okta.com' does not include 'https://example.okta.com'",
    });
  });

  it('refuses a token without aud with invalid_audience', async () => {
    const { aud: _aud, ...withoutAud } = validClaims();
    const error = await rejection(await signedRsa(withoutAud));
    expect(error.toJSON()).toEqual({
      err: 'invalid_audience',
      description: "The security event token has no 'aud' claim; expected 'https://example.okta.com'",
    });
  });
});

describe('verifySecurityEventToken check order', () => {
  it('reports a wrong typ before a wrong issuer', async () => {
    const error = await rejection(await signedRsa(validClaims({ iss: 'https://evil.example.com' }), rsaHeader({ typ: 'JWT' })));
    expect(error.err).toBe('invalid_request');
  });

  it('reports a wrong issuer before an unknown kid', async () => {
    const token = await signedRsa(validClaims({ iss: 'https://evil.example.com' }), rsaHeader({ kid: 'unknown' }));
    expect((await rejection(token)).err).toBe('invalid_issuer');
  });

  it('reports an unknown kid before a bad signature', async () => {
    const token = await signRaw(rsaHeader({ kid: 'unknown' }), validClaims(), rsaKeyPair().privateKey);
    expect((await rejection(token)).err).toBe('invalid_key');
  });

  it('reports a bad signature before a wrong audience', async () => {
    const token = await signRaw(rsaHeader(), validClaims({ aud: 'https://other.okta.com' }), rsaKeyPair().privateKey);
    expect((await rejection(token)).err).toBe('authentication_failed');
  });

  it('reports a wrong audience before invalid claims', async () => {
    const token = await signedRsa(validClaims({ aud: 'https://other.okta.com', jti: undefined }));
    expect((await rejection(token)).err).toBe('invalid_audience');
  });
});

describe('verifySecurityEventToken claim validation', () => {
  it('refuses a missing event_timestamp with the exact description', async () => {
    const { event_timestamp: _ts, ...payload } = userRiskPayload();
    const error = await rejection(await signedRsa(validClaims({ events: { [USER_RISK_URI]: payload } })));
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: `${CLAIMS_FAILED} 'events.https://schemas.okta.com/secevent/okta/event-type/user-risk-change.event_timestamp': The field cannot be left blank`,
    });
  });

  it("joins several bad fields with ', '", async () => {
    const token = await signedRsa(
      validClaims({ jti: undefined, events: { [USER_RISK_URI]: { ...userRiskPayload(), current_level: 'extreme' } } }),
    );
    expect((await rejection(token)).description).toBe(
      `${CLAIMS_FAILED} 'jti': The field cannot be left blank, ` +
        `'events.https://schemas.okta.com/secevent/okta/event-type/user-risk-change.current_level': Not one of the allowed values`,
    );
  });

  it('refuses an empty events object as blank', async () => {
    const error = await rejection(await signedRsa(validClaims({ events: {} })));
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: `${CLAIMS_FAILED} 'events': The field cannot be left blank`,
    });
  });

  it('refuses a missing iat as blank', async () => {
    const error = await rejection(await signedRsa(validClaims({ iat: undefined })));
    expect(error.description).toBe(`${CLAIMS_FAILED} 'iat': The field cannot be left blank`);
  });

  it('refuses an iat that is not an integer', async () => {
    const error = await rejection(await signedRsa(validClaims({ iat: 1_700_000_000.5 })));
    expect(error.description).toBe(`${CLAIMS_FAILED} 'iat': Must be an integer`);
  });

  it('refuses a subject identifier of an unknown format', async () => {
    const payload = { ...userRiskPayload(), subject: { user: { format: 'username', username: 'ada' } } };
    const error = await rejection(await signedRsa(validClaims({ events: { [USER_RISK_URI]: payload } })));
    expect(error.description).toBe(
      `${CLAIMS_FAILED} 'events.https://schemas.okta.com/secevent/okta/event-type/user-risk-change.subject.user.format': Not one of the allowed values`,
    );
  });

  it('verifies an unknown event type and returns its payload as sent', async () => {
    const vendorEvent = { 'https://vendor.example.com/event-type/foo': { score: 42 } };
    const token = await signedRsa(validClaims({ events: vendorEvent }));
    const result = await verifySecurityEventToken(token, options());
    expect(result.events).toEqual(vendorEvent);
  });

  it('refuses an unknown event type when strictEvents is set', async () => {
    const token = await signedRsa(validClaims({ events: { 'https://vendor.example.com/event-type/foo': { score: 42 } } }));
    const error = await rejection(token, options({ strictEvents: true }));
    expect(error.toJSON()).toEqual({
      err: 'invalid_request',
      description: `${CLAIMS_FAILED} 'events.https://vendor.example.com/event-type/foo': Not one of the allowed values`,
    });
  });

  it('refuses an expired token', async () => {
    const token = await signedRsa(validClaims({ iat: 1_700_000_000, exp: 1_700_000_060 }));
    const error = await rejection(token, options({ currentDate: new Date(1_700_000_061_000) }));
    expect(error.toJSON()).toEqual({ err: 'invalid_request', description: `${CLAIMS_FAILED} 'exp': The token has expired` });
  });

  it('accepts a just-expired token within the clock tolerance', async () => {
    const token = await signedRsa(validClaims({ iat: 1_700_000_000, exp: 1_700_000_060 }));
    const result = await verifySecurityEventToken(
      token,
      options({ currentDate: new Date(1_700_000_061_000), clockTolerance: 5 }),
    );
    expect(result.claims.exp).toBe(1_700_000_060);
  });

  it('refuses a token older than maxTokenAge', async () => {
    const token = await signedRsa(validClaims({ iat: 1_700_000_000 }));
    const error = await rejection(token, options({ currentDate: new Date(1_700_000_061_000), maxTokenAge: 60 }));
    expect(error.description).toBe(`${CLAIMS_FAILED} 'iat': Must be at most 60 seconds old`);
  });

  it('accepts a token exactly maxTokenAge old', async () => {
    const token = await signedRsa(validClaims({ iat: 1_700_000_000 }));
    const result = await verifySecurityEventToken(
      token,
      options({ currentDate: new Date(1_700_000_060_000), maxTokenAge: 60 }),
    );
    expect(result.claims.iat).toBe(1_700_000_000);
  });
});

describe('decodeSecurityEventToken', () => {
  it('returns the unverified header and claims, whatever the signature', async () => {
    const [header = '', payload = ''] = (await signedRsa()).split('.');
    expect(decodeSecurityEventToken(`${header}.${payload}.AAAA`)).toEqual({ header: rsaHeader(), claims: validClaims() });
  });

  it('runs the structural checks, refusing a missing kid with invalid_request', async () => {
    const token = await signedRsa(validClaims(), { alg: 'RS256', typ: 'secevent+jwt' } as never);
    let caught: unknown;
    try {
      decodeSecurityEventToken(token);
    } catch (error) {
      caught = error;
    }
    expect(isSetVerificationError(caught) && caught.err).toBe('invalid_request');
  });
});

describe('isSetVerificationError', () => {
  it('recognises an error from another realm, where instanceof fails', () => {
    const foreign: unknown = runInNewContext(
      'const e = new Error("x"); e.name = "SetVerificationError"; e.err = "invalid_key"; e.description = "d"; e',
    );
    expect(foreign instanceof SetVerificationError).toBe(false);
    expect(isSetVerificationError(foreign)).toBe(true);
  });

  it('rejects an error with an unknown err code', () => {
    const impostor = Object.assign(new Error('x'), { name: 'SetVerificationError', err: 'teapot', description: 'd' });
    expect(isSetVerificationError(impostor)).toBe(false);
  });

  it('rejects an ordinary error', () => {
    expect(isSetVerificationError(new Error('invalid_key'))).toBe(false);
  });

  it('serialises as the RFC 8935 error body', () => {
    const error = new SetVerificationError('invalid_key', 'No key');
    expect(JSON.stringify(error)).toBe('{"err":"invalid_key","description":"No key"}');
  });
});
