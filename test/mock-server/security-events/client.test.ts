import { beforeAll, describe, expect, it } from 'vitest';
import { SecurityEventTokenError } from '../../../src/index';
import { events } from '../../../src/set/index';
import { ADA, providerKey, RECEIVE_EVENT, registerProvider, sign, tamperSignature, type ProviderKey, useReceiverBackend } from './helpers';

const { backend, client } = useReceiverBackend();

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

const risk = () => events.userRiskChange({ subject: { user: ADA }, current_level: 'high', previous_level: 'low' });

describe('client().securityEvents.publish against the backend', () => {
  it('resolves with undefined when the backend accepts the token, and the backend acts on it', async () => {
    registerProvider(backend, [key]);
    await expect(client().securityEvents.publish(await sign(backend, key, risk()))).resolves.toBeUndefined();
    expect(backend.signals.user('ada@example.com')?.riskLevel).toBe('high');
  });

  it("rejects with a SecurityEventTokenError carrying the backend's err and description", async () => {
    registerProvider(backend, [key]);
    const error = await client()
      .securityEvents.publish(tamperSignature(await sign(backend, key, risk())))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecurityEventTokenError);
    expect(error).toMatchObject({
      status: 400,
      err: 'authentication_failed',
      description: "The security event token signature does not verify with the key 'key-1'",
    });
  });

  it('resolves for an identical token published twice, which the backend logs once', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, risk());
    await client().securityEvents.publish(token);
    await client().securityEvents.publish(token);
    expect(backend.logs.list(RECEIVE_EVENT)).toHaveLength(1);
  });
});

describe('client().logs.list against the backend', () => {
  it('lists the receive_event of a published token with its message, actor and jti', async () => {
    const provider = registerProvider(backend, [key]);
    await client().securityEvents.publish(await sign(backend, key, risk(), { jti: 'jti-client' }));
    const logged = await client()
      .logs.list({ filter: `eventType eq "${RECEIVE_EVENT}"` })
      .toArray({ max: 10 });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      eventType: RECEIVE_EVENT,
      displayMessage: 'Security Events Provider Reported Risk',
      actor: { id: provider.id, type: 'SecurityEventsProvider' },
      debugContext: { debugData: { jti: 'jti-client' } },
    });
  });
});
