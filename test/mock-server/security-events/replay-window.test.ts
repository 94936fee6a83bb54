import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import { useMockBackend } from '../../support/backend';
import {
  ADA,
  expectAccepted,
  manualClock,
  providerKey,
  publish,
  receivedEvents,
  registerProvider,
  sign,
  type ProviderKey,
} from './helpers';

const clock = manualClock();
const { backend } = useMockBackend({ replay: { windowMs: 1000 }, now: clock.now });

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

async function acceptedToken(): Promise<string> {
  registerProvider(backend, [key]);
  const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: 'jti-windowed', iat: clock.seconds() });
  expectAccepted(await publish(backend, token));
  return token;
}

describe('replay memory bounded by replay.windowMs = 1000', () => {
  it('recognizes a token re-sent within the window: one log event', async () => {
    const token = await acceptedToken();
    clock.advance(999);
    expectAccepted(await publish(backend, token));
    expect(await receivedEvents(backend)).toHaveLength(1);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(1);
  });

  it('forgets a token older than the window: re-sent, it is acted on and logged again', async () => {
    const token = await acceptedToken();
    clock.advance(1001);
    expectAccepted(await publish(backend, token));
    expect(await receivedEvents(backend)).toHaveLength(2);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(2);
  });

  it('measures the window from the first acceptance, not from the redeliveries', async () => {
    const token = await acceptedToken();
    clock.advance(600);
    await publish(backend, token);
    clock.advance(600);
    await publish(backend, token);
    expect(await receivedEvents(backend)).toHaveLength(2);
  });
});
