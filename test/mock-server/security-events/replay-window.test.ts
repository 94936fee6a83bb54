import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import {
  ADA,
  expectAccepted,
  expectRefused,
  manualClock,
  providerKey,
  publish,
  receivedEvents,
  registerProvider,
  sign,
  type ProviderKey,
  useReceiverBackend,
} from './helpers';

const clock = manualClock();
const { backend } = useReceiverBackend({ replay: { windowMs: 10_000 }, now: clock.now });

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

async function acceptedToken(iat = clock.seconds()): Promise<string> {
  registerProvider(backend, [key]);
  const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: 'jti-windowed', iat });
  expectAccepted(await publish(backend, token));
  return token;
}

describe('replay memory bounded by replay.windowMs = 10,000', () => {
  it('recognizes a token re-sent within the window: one log event', async () => {
    const token = await acceptedToken();
    clock.advance(9_999);
    expectAccepted(await publish(backend, token));
    expect(await receivedEvents(backend)).toHaveLength(1);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });

  it('refuses a token older than the window: once forgotten, a replay is refused as too old, never acted on again', async () => {
    const token = await acceptedToken();
    clock.advance(11_000);
    expectRefused(await publish(backend, token), 'invalid_request', "Failed claim validation in security event token. 'iat': Must be at most 10 seconds old");
    expect(await receivedEvents(backend)).toHaveLength(1);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });

  it('remembers a token dated ahead until its iat has aged past the window', async () => {
    const token = await acceptedToken(clock.seconds() + 200);
    clock.advance(205_000);
    expectAccepted(await publish(backend, token));
    expect(await receivedEvents(backend)).toHaveLength(1);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });
});
