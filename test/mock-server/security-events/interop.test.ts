import { exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, events, signSecurityEventToken } from '../../../src/set/index';
import {
  ADA,
  expectAccepted,
  ISSUER,
  providerKey,
  publish,
  receivedEvents,
  registerProvider,
  signWithNodeCrypto,
  type ProviderKey,
  useReceiverBackend,
} from './helpers';

const { backend } = useReceiverBackend();

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('node-key');
});

describe('tokens not signed by appset', () => {
  it('accepts an RS256 token signed with node:crypto createSign over base64url(header).base64url(payload)', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(
      { alg: 'RS256', kid: 'node-key', typ: 'secevent+jwt' },
      {
        iss: ISSUER,
        aud: backend.orgUrl,
        jti: 'jti-node-crypto',
        iat: Math.floor(Date.now() / 1000),
        events: {
          [EVENT_TYPES.userRiskChange]: {
            event_timestamp: Math.floor(Date.now() / 1000),
            subject: { user: ADA },
            current_level: 'high',
            previous_level: 'low',
          },
        },
      },
      key.privateKey,
    );
    expectAccepted(await publish(backend, token));
    expect(backend.signals.user('ada@example.com')?.riskLevel).toBe('high');
    expect((await receivedEvents(backend)).map((e) => e.debugContext.debugData.jti)).toEqual(['jti-node-crypto']);
  });

  it("accepts an ES256 token from a provider whose key declares ES256", async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    backend.providers.register({
      issuer: ISSUER,
      jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'ec-key', alg: 'ES256', use: 'sig' }] },
    });
    const token = await signSecurityEventToken(
      {
        iss: ISSUER,
        aud: backend.orgUrl,
        events: events.deviceComplianceChange({
          subject: { device: { format: 'opaque', id: 'laptop-7' } },
          current_status: 'compliant',
          previous_status: 'not-compliant',
        }),
      },
      { key: privateKey, kid: 'ec-key', alg: 'ES256' },
    );
    expectAccepted(await publish(backend, token));
    expect(backend.signals.device('laptop-7')?.compliance).toBe('compliant');
  });

  it('accepts a Content-Type with a charset parameter', async () => {
    registerProvider(backend, [key]);
    const token = signWithNodeCrypto(
      { alg: 'RS256', kid: 'node-key', typ: 'secevent+jwt' },
      {
        iss: ISSUER,
        aud: backend.orgUrl,
        jti: 'jti-charset',
        iat: Math.floor(backend.clock.now().getTime() / 1000),
        events: { [EVENT_TYPES.sessionRevoked]: { event_timestamp: 1_772_355_600, subject: { user: ADA } } },
      },
      key.privateKey,
    );
    expectAccepted(await publish(backend, token, 'application/secevent+jwt; charset=utf-8'));
  });
});
