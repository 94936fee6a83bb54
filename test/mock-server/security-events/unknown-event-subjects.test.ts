import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../raw-http';
import {
  ADA,
  CLAIM_FAILURE,
  expectAccepted,
  expectRefused,
  providerKey,
  publish,
  receivedEvents,
  registerProvider,
  sign,
  type ProviderKey,
  useReceiverBackend,
} from './helpers';

const { backend } = useReceiverBackend();

let key: ProviderKey;
beforeAll(async () => {
  key = await providerKey('key-1');
});

/** An event type the receiver does not know: accepted and logged, with no action. */
const OTHER = 'https://example.com/event-type/other';

const field = (path: string) => `'events.${OTHER}.${path}'`;

/** The System Log, the snapshot and a seed all still answer. */
async function expectStateReadable(): Promise<void> {
  expect((await call(backend, '/api/v1/logs')).status).toBe(200);
  expect((await call(backend, '/__appset/snapshot')).status).toBe(200);
  expect((await call(backend, '/__appset/seed', { method: 'POST', json: { apps: [] } })).status).toBe(201);
}

describe('POST /security/api/v1/security-events checks the subject of events of unknown types', () => {
  it('refuses a tenant of an unknown format with invalid_request naming the member, and the log still reads', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, { [OTHER]: { subject: { tenant: { format: 'x' } } } });

    expectRefused(await publish(backend, token), 'invalid_request', `${CLAIM_FAILURE} ${field('subject.tenant.format')}: Not one of the allowed values`);

    expect(await receivedEvents(backend)).toEqual([]);
    await expectStateReadable();
  });

  it('refuses a user of an unknown format with invalid_request, acting on nothing', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, { [OTHER]: { subject: { user: { format: 'x' } } } });

    expectRefused(await publish(backend, token), 'invalid_request', `${CLAIM_FAILURE} ${field('subject.user.format')}: Not one of the allowed values`);

    expect(backend.snapshot().signals).toEqual({ users: [], devices: [] });
    expect(await receivedEvents(backend)).toEqual([]);
    await expectStateReadable();
  });

  it('names every bad member: a subject that is not an object, an identifier missing its value, a bad alias', async () => {
    registerProvider(backend, [key]);
    const token = await sign(backend, key, {
      [OTHER]: { subject: { device: { format: 'opaque' }, user: { format: 'aliases', identifiers: [ADA, { format: 'email', email: 'not an address' }] } } },
      'https://example.com/event-type/third': { subject: 'ada@example.com' },
    });

    expectRefused(
      await publish(backend, token),
      'invalid_request',
      `${CLAIM_FAILURE} ${field('subject.user.identifiers[1].email')}: Must be an email address, e.g. user@example.com, ` +
        `${field('subject.device.id')}: The field cannot be left blank, ` +
        `'events.https://example.com/event-type/third.subject': Must be an object`,
    );
  });

  it('accepts the token fixed and sent again with the same jti: the refused one was not remembered', async () => {
    registerProvider(backend, [key]);
    const bad = await sign(backend, key, { [OTHER]: { subject: { user: { format: 'x' } } } }, { jti: 'jti-fixed-later' });
    expectRefused(await publish(backend, bad), 'invalid_request', `${CLAIM_FAILURE} ${field('subject.user.format')}: Not one of the allowed values`);

    const fixed = await sign(backend, key, { [OTHER]: { subject: { user: ADA } } }, { jti: 'jti-fixed-later' });
    expectAccepted(await publish(backend, fixed));

    const logged = await receivedEvents(backend);
    expect(logged.map((event) => [event.debugContext.debugData.jti, event.target[0].alternateId])).toEqual([['jti-fixed-later', 'ada@example.com']]);
    expect(backend.snapshot().signals.users.map((user) => user.identifiers)).toEqual([['email:ada@example.com']]);
  });
});
