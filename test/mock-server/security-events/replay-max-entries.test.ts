import { beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../src/set/index';
import { ADA, expectAccepted, providerKey, publish, receivedEvents, registerProvider, sign, type ProviderKey, useReceiverBackend } from './helpers';

const { backend } = useReceiverBackend({ replay: { maxEntries: 3 } });

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

/** Four distinct tokens, one more than the replay memory holds. */
async function fourTokens(): Promise<string[]> {
  registerProvider(backend, [key]);
  const tokens: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    const token = await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } }), { jti: `jti-${n}` });
    expectAccepted(await publish(backend, token));
    tokens.push(token);
  }
  return tokens;
}

describe('replay memory bounded by replay.maxEntries = 3', () => {
  it('still recognizes the three latest tokens after four: re-sending the fourth records nothing', async () => {
    const tokens = await fourTokens();
    expectAccepted(await publish(backend, tokens[3]!));
    expect(await receivedEvents(backend)).toHaveLength(4);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(4);
  });

  it('forgets the oldest token: re-sending the first is treated as new and logged a second time', async () => {
    const tokens = await fourTokens();
    expectAccepted(await publish(backend, tokens[0]!));
    const jtis = (await receivedEvents(backend)).map((event) => event.debugContext.debugData.jti);
    expect(jtis).toEqual(['jti-1', 'jti-2', 'jti-3', 'jti-4', 'jti-1']);
    expect(backend.signals.user('ada@example.com')?.sessionsRevoked).toBe(5);
  });

  it('makes room by forgetting the oldest: after re-sending the first, the second is forgotten and the fourth is not', async () => {
    const tokens = await fourTokens();
    await publish(backend, tokens[0]!);
    await publish(backend, tokens[3]!);
    await publish(backend, tokens[1]!);
    const jtis = (await receivedEvents(backend)).map((event) => event.debugContext.debugData.jti);
    expect(jtis).toEqual(['jti-1', 'jti-2', 'jti-3', 'jti-4', 'jti-1', 'jti-2']);
  });
});
