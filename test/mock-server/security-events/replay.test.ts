import { exportJWK, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import {
  ADA,
  expectAccepted,
  ISSUER,
  providerKey,
  RECEIVE_EVENT,
  publish,
  receivedEvents,
  registerProvider,
  sign,
  type ProviderKey,
  useReceiverBackend,
} from './helpers';

const { backend } = useReceiverBackend();

let key: ProviderKey;
let secondKey: ProviderKey;
beforeAll(async () => {
  [key, secondKey] = await Promise.all([providerKey('key-1'), providerKey('key-2')]);
});

const revoked = () => events.sessionRevoked({ subject: { user: ADA }, event_timestamp: 1_772_355_600 });

describe('POST /security/api/v1/security-events receives an identical token twice', () => {
  it('answers 202 with an empty body both times', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, revoked(), { jti: 'jti-replayed' });
    expectAccepted(await publish(backend, token));
    expectAccepted(await publish(backend, token));
  });

  it('records one System Log event', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, revoked(), { jti: 'jti-replayed' });
    await publish(backend, token);
    await publish(backend, token);
    expect(await receivedEvents(backend)).toHaveLength(1);
  });

  it('lists the second delivery among the ignored ones, as a duplicate', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, revoked(), { jti: 'jti-replayed' });
    await publish(backend, token);
    await publish(backend, token);
    expect(backend.signals.ignored().map(({ jti, reason, description }) => ({ jti, reason, description }))).toEqual([
      {
        jti: 'jti-replayed',
        reason: 'duplicate',
        description: `The same token (jti 'jti-replayed' from '${ISSUER}') was received before; it is acknowledged and not acted on twice`,
      },
    ]);
  });

  it('acts once: sessionsRevoked stays 1', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, revoked(), { jti: 'jti-replayed' });
    await publish(backend, token);
    await publish(backend, token);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });
});

describe('POST /security/api/v1/security-events receives two tokens with one jti', () => {
  it('answers 202 to a different token reusing the jti of an accepted one, as Okta does', async () => {
    registerProvider(backend, [key]);
    expectAccepted(await publish(backend, await sign(backend, key, revoked(), { jti: 'jti-reused' })));
    const other = events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' });
    expectAccepted(await publish(backend, await sign(backend, key, other, { jti: 'jti-reused' })));
  });

  it('ignores that token: nothing acted on, nothing added to the System Log', async () => {
    registerProvider(backend, [key]);
    await publish(backend, await sign(backend, key, revoked(), { jti: 'jti-reused' }));
    const other = events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' });
    await publish(backend, await sign(backend, key, other, { jti: 'jti-reused' }));
    expect(backend.signals.user('ada@example.com')?.riskLevel).toBeUndefined();
    expect(backend.logs.list().map((event) => event.eventType)).toEqual([RECEIVE_EVENT]);
  });

  it('tells the test author why, among the ignored deliveries', async () => {
    registerProvider(backend, [key]);
    await publish(backend, await sign(backend, key, revoked(), { jti: 'jti-reused' }));
    const other = events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' });
    const response = await publish(backend, await sign(backend, key, other, { jti: 'jti-reused' }));
    expect(backend.signals.ignored()).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        requestId: response.headers.get('x-okta-request-id'),
        issuer: ISSUER,
        jti: 'jti-reused',
        reason: 'jti_reused',
        description: `Another token from '${ISSUER}' already used the jti 'jti-reused'; Okta ignores this one, so give each token a new jti`,
      },
    ]);
  });

  it('accepts and acts on the same jti from a different issuer', async () => {
    registerProvider(backend, [key]);
    registerProvider(backend, [secondKey], 'https://second-provider.test');
    expectAccepted(await publish(backend, await sign(backend, key, revoked(), { jti: 'jti-shared' })));
    const fromSecond = await sign(backend, secondKey, revoked(), { jti: 'jti-shared', iss: 'https://second-provider.test' });
    expectAccepted(await publish(backend, fromSecond));
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(2);
    expect(await receivedEvents(backend)).toHaveLength(2);
  });

  it('accepts a jti whose first token was refused', async () => {
    registerProvider(backend, [key]);
    await publish(backend, await sign(backend, key, revoked(), { jti: 'jti-retried', aud: 'https://other.okta.test' }));
    expectAccepted(await publish(backend, await sign(backend, key, revoked(), { jti: 'jti-retried' })));
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });
});

describe('POST /security/api/v1/security-events receives a signature changed but still valid', () => {
  /** The order of P-256: (r, n − s) is a second valid ECDSA signature of the same input. */
  const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
  function malleate(token: string): string {
    const [header, payload, signature] = token.split('.');
    const raw = Buffer.from(signature!, 'base64url');
    const s = BigInt(`0x${raw.subarray(32).toString('hex')}`);
    const flipped = Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex');
    return `${header}.${payload}.${Buffer.concat([raw.subarray(0, 32), flipped]).toString('base64url')}`;
  }

  it('is the same token: sent first by someone who saw it, the genuine one is still acknowledged, and acted on once', async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    const es256 = { kid: 'ec-1', privateKey: pair.privateKey, publicKey: pair.publicKey, publicJwk: { ...(await exportJWK(pair.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' } };
    registerProvider(backend, [es256]);
    const genuine = await sign(backend, es256, revoked(), { jti: 'jti-malleable' });
    const copy = malleate(genuine);
    expect(copy).not.toBe(genuine);
    expectAccepted(await publish(backend, copy));
    expectAccepted(await publish(backend, genuine));
    expect(await receivedEvents(backend)).toHaveLength(1);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });
});
