import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, events } from '../../../src/set/index';
import { useMockBackend } from '../../support/backend';
import {
  ADA,
  CLAIM_FAILURE,
  expectAccepted,
  expectRefused,
  ISSUER,
  providerKey,
  publish,
  receivedEvents,
  registerProvider,
  sign,
  signHs256WithPublicKey,
  signingInput,
  signWithNodeCrypto,
  tamperSignature,
  type ProviderKey,
} from './helpers';

const { backend } = useMockBackend();

let key: ProviderKey;
let otherKey: ProviderKey;
beforeAll(async () => {
  [key, otherKey] = await Promise.all([providerKey('key-1'), providerKey('key-other')]);
});

const USER_RISK = EVENT_TYPES.userRiskChange;
const ALGORITHMS = 'RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA';
const WRONG_AUDIENCE = 'https://other.okta.test';

const header = (overrides: Record<string, unknown> = {}) => ({ alg: 'RS256', kid: 'key-1', typ: 'secevent+jwt', ...overrides });

const userRisk = (overrides: Record<string, unknown> = {}) => ({
  event_timestamp: 1_772_355_600,
  subject: { user: ADA },
  current_level: 'high',
  previous_level: 'low',
  ...overrides,
});

/** Claims built by hand, so that invalid ones can be signed (the SDK's signer refuses them). */
const claims = (overrides: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  aud: backend.orgUrl,
  jti: 'jti-hand-built',
  iat: Math.floor(backend.clock.now().getTime() / 1000),
  events: { [USER_RISK]: userRisk() },
  ...overrides,
});

const validEvents = () => events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' });

describe('POST /security/api/v1/security-events refuses a malformed token with invalid_request', () => {
  it('refuses a body that is not a compact JWS', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, 'this is not a token'),
      'invalid_request',
      'The security event token is not a compact JWS: expected three base64url segments separated by dots',
    );
  });

  it("refuses a token whose typ is 'JWT'", async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, signWithNodeCrypto(header({ typ: 'JWT' }), claims(), key.privateKey)),
      'invalid_request',
      `The security event token header 'typ' is "JWT"; it must be 'secevent+jwt'`,
    );
  });

  it('refuses a token without kid', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, signWithNodeCrypto(header({ kid: undefined }), claims(), key.privateKey)),
      'invalid_request',
      "The security event token header has no 'kid'; it must name the provider's signing key",
    );
  });

  it("refuses an unsigned token with alg 'none'", async () => {
    registerProvider(backend, [key]);
    const unsigned = `${signingInput(header({ alg: 'none' }), claims())}.`;
    expectRefused(
      await publish(backend, unsigned),
      'invalid_request',
      `The security event token algorithm 'none' is not accepted; sign with one of ${ALGORITHMS}`,
    );
  });

  it("refuses an HS256 token whose HMAC secret is the provider's public key", async () => {
    registerProvider(backend, [key]);
    const forged = signHs256WithPublicKey(header({ alg: 'HS256' }), claims(), key.publicKey);
    expectRefused(
      await publish(backend, forged),
      'invalid_request',
      `The security event token algorithm 'HS256' is not accepted; sign with one of ${ALGORITHMS}`,
    );
  });

  it('refuses a token of the wrong Content-Type', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, await sign(backend, key, validEvents()), 'application/json'),
      'invalid_request',
      'The request must have Content-Type: application/secevent+jwt',
    );
  });

  it('refuses a body over 64 KiB', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, 'a'.repeat(64 * 1024 + 1)),
      'invalid_request',
      'The security event token exceeds 65536 bytes',
    );
  });

  it('reads a body of exactly 64 KiB (refused as not a compact JWS, not for its size)', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, 'a'.repeat(64 * 1024)),
      'invalid_request',
      'The security event token is not a compact JWS: expected three base64url segments separated by dots',
    );
  });

  it('acts on nothing and records nothing when it refuses a token', async () => {
    registerProvider(backend, [key]);
    await publish(backend, tamperSignature(await sign(backend, key, validEvents())));
    expect(await receivedEvents(backend)).toEqual([]);
    expect(backend.signals.user('ada@example.com')).toBeUndefined();
  });
});

describe('POST /security/api/v1/security-events refuses tokens of unknown providers and keys', () => {
  it('answers invalid_issuer for an issuer no provider has', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, await sign(backend, key, validEvents(), { iss: 'https://stranger.test' })),
      'invalid_issuer',
      "No active security events provider is registered with the issuer 'https://stranger.test'",
    );
  });

  it('answers invalid_issuer for the issuer of a deactivated provider', async () => {
    const provider = registerProvider(backend, [key]);
    backend.providers.deactivate(provider.id);
    expectRefused(
      await publish(backend, await sign(backend, key, validEvents())),
      'invalid_issuer',
      "No active security events provider is registered with the issuer 'https://provider.test'",
    );
  });

  it('accepts the tokens of a deactivated provider again once it is activated', async () => {
    const provider = registerProvider(backend, [key]);
    backend.providers.deactivate(provider.id);
    backend.providers.activate(provider.id);
    expectAccepted(await publish(backend, await sign(backend, key, validEvents())));
  });

  it("answers invalid_key for a kid that is not in the provider's key set", async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, await sign(backend, otherKey, validEvents())),
      'invalid_key',
      "No key with kid 'key-other' in the key set",
    );
  });

  it('answers authentication_failed for a tampered signature', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, tamperSignature(await sign(backend, key, validEvents()))),
      'authentication_failed',
      "The security event token signature does not verify with the key 'key-1'",
    );
  });

  it("answers authentication_failed for a token signed with another key under the provider's kid", async () => {
    registerProvider(backend, [key]);
    const impostor = { ...otherKey, kid: 'key-1' };
    expectRefused(
      await publish(backend, await sign(backend, impostor, validEvents())),
      'authentication_failed',
      "The security event token signature does not verify with the key 'key-1'",
    );
  });
});

describe('POST /security/api/v1/security-events checks the audience', () => {
  it('answers invalid_audience when aud is not the org URL', async () => {
    registerProvider(backend, [key]);
    expectRefused(
      await publish(backend, await sign(backend, key, validEvents(), { aud: WRONG_AUDIENCE })),
      'invalid_audience',
      `The security event token audience '${WRONG_AUDIENCE}' does not include '${backend.orgUrl}'`,
    );
  });

  it('accepts the org URL with a trailing slash', async () => {
    registerProvider(backend, [key]);
    expectAccepted(await publish(backend, await sign(backend, key, validEvents(), { aud: `${backend.orgUrl}/` })));
  });

  it('accepts an aud array that contains the org URL', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ aud: [WRONG_AUDIENCE, backend.orgUrl] }), key.privateKey);
    expectAccepted(await publish(backend, token));
  });
});

describe('POST /security/api/v1/security-events validates claims and event payloads', () => {
  const field = (path: string) => `'events.${USER_RISK}.${path}'`;

  it('names a missing event member as blank', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ events: { [USER_RISK]: userRisk({ current_level: undefined }) } }), key.privateKey);
    expectRefused(
      await publish(backend, token),
      'invalid_request',
      `${CLAIM_FAILURE} ${field('current_level')}: The field cannot be left blank`,
    );
  });

  it('names a value outside the enumeration as not allowed', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ events: { [USER_RISK]: userRisk({ current_level: 'extreme' }) } }), key.privateKey);
    expectRefused(
      await publish(backend, token),
      'invalid_request',
      `${CLAIM_FAILURE} ${field('current_level')}: Not one of the allowed values`,
    );
  });

  it("joins two bad fields with ', '", async () => {
    registerProvider(backend, [key]);
    const payload = userRisk({ current_level: undefined, previous_level: 'bogus' });
    const token = signWithNodeCrypto(header(), claims({ events: { [USER_RISK]: payload } }), key.privateKey);
    expectRefused(
      await publish(backend, token),
      'invalid_request',
      `${CLAIM_FAILURE} ${field('current_level')}: The field cannot be left blank, ${field('previous_level')}: Not one of the allowed values`,
    );
  });

  it('names a missing subject as blank', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ events: { [USER_RISK]: userRisk({ subject: undefined }) } }), key.privateKey);
    expectRefused(await publish(backend, token), 'invalid_request', `${CLAIM_FAILURE} ${field('subject')}: The field cannot be left blank`);
  });

  it('names a subject identifier of an unknown format as not allowed', async () => {
    registerProvider(backend, [key]);
    const payload = userRisk({ subject: { user: { format: 'username', username: 'ada' } } });
    const token = signWithNodeCrypto(header(), claims({ events: { [USER_RISK]: payload } }), key.privateKey);
    expectRefused(
      await publish(backend, token),
      'invalid_request',
      `${CLAIM_FAILURE} ${field('subject.user.format')}: Not one of the allowed values`,
    );
  });

  it("answers 'iat' for an iat that is not integer seconds", async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ iat: 1_772_355_600.5 }), key.privateKey);
    expectRefused(await publish(backend, token), 'invalid_request', `${CLAIM_FAILURE} 'iat': Must be an integer`);
  });

  it("answers 'events' blank for an empty events object", async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ events: {} }), key.privateKey);
    expectRefused(await publish(backend, token), 'invalid_request', `${CLAIM_FAILURE} 'events': The field cannot be left blank`);
  });

  it("answers 'jti' blank for a token without jti", async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ jti: undefined }), key.privateKey);
    expectRefused(await publish(backend, token), 'invalid_request', `${CLAIM_FAILURE} 'jti': The field cannot be left blank`);
  });

  it('accepts and ignores unknown extra members of an event', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header(), claims({ events: { [USER_RISK]: userRisk({ vendor_score: 97 }) } }), key.privateKey);
    expectAccepted(await publish(backend, token));
  });
});

describe('POST /security/api/v1/security-events runs its checks in the documented order', () => {
  it('a bad signature wins over a wrong audience: authentication_failed', async () => {
    registerProvider(backend, [key]);
    const token = tamperSignature(await sign(backend, key, validEvents(), { aud: WRONG_AUDIENCE }));
    expectRefused(
      await publish(backend, token),
      'authentication_failed',
      "The security event token signature does not verify with the key 'key-1'",
    );
  });

  it('an unknown issuer wins over an unknown kid: invalid_issuer', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, otherKey, validEvents(), { iss: 'https://stranger.test' });
    expectRefused(
      await publish(backend, token),
      'invalid_issuer',
      "No active security events provider is registered with the issuer 'https://stranger.test'",
    );
  });

  it('an unknown kid wins over a bad signature: invalid_key', async () => {
    registerProvider(backend, [key]);
    const token = tamperSignature(await sign(backend, otherKey, validEvents()));
    expectRefused(await publish(backend, token), 'invalid_key', "No key with kid 'key-other' in the key set");
  });

  it('a wrong typ wins over an unknown issuer: invalid_request', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(header({ typ: 'JWT' }), claims({ iss: 'https://stranger.test' }), key.privateKey);
    expectRefused(
      await publish(backend, token),
      'invalid_request',
      `The security event token header 'typ' is "JWT"; it must be 'secevent+jwt'`,
    );
  });

  it('a deactivated provider wins over a wrong audience: invalid_issuer', async () => {
    const provider = registerProvider(backend, [key]);
    backend.providers.deactivate(provider.id);
    const token = await sign(backend, key, validEvents(), { aud: WRONG_AUDIENCE });
    expectRefused(
      await publish(backend, token),
      'invalid_issuer',
      "No active security events provider is registered with the issuer 'https://provider.test'",
    );
  });

  it('a wrong audience wins over an invalid event payload: invalid_audience', async () => {
    registerProvider(backend, [key]);
    const payload = userRisk({ current_level: undefined });
    const token = signWithNodeCrypto(header(), claims({ aud: WRONG_AUDIENCE, events: { [USER_RISK]: payload } }), key.privateKey);
    expectRefused(
      await publish(backend, token),
      'invalid_audience',
      `The security event token audience '${WRONG_AUDIENCE}' does not include '${backend.orgUrl}'`,
    );
  });

  it('a bad signature wins over an invalid event payload: authentication_failed', async () => {
    registerProvider(backend, [key]);
    const token = tamperSignature(signWithNodeCrypto(header(), claims({ events: {} }), key.privateKey));
    expectRefused(
      await publish(backend, token),
      'authentication_failed',
      "The security event token signature does not verify with the key 'key-1'",
    );
  });
});
