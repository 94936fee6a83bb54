import { describe, expect, it, vi } from 'vitest';
import { SetDeliveryError } from '../../src/set/errors';
import { notDelivered, publish } from '../../src/set/cli/publish';

// `appset-set publish` says the publisher's own numbers: with other bounds and defaults, its help,
// its refusals and its messages change with them (nothing is written twice to drift apart).
vi.mock('../../src/set/publisher', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/set/publisher')>();
  return {
    ...original,
    PUBLISHER_DEFAULTS: { ...original.PUBLISHER_DEFAULTS, maxAttempts: 3, maxElapsedMs: 90_000 },
    PUBLISHER_BOUNDS: { ...original.PUBLISHER_BOUNDS, maxAttempts: [1, 7], maxElapsedMs: [1, 3_600_000] },
  };
});

describe("appset-set publish's flags follow the publisher's bounds and defaults", () => {
  it('--help names the bounds and defaults of --max-attempts and --max-time', () => {
    expect(publish.flags['max-attempts']!.help).toBe('the most sends of one token, 1 to 7 (default 3)');
    expect(publish.flags['max-time']!.help).toBe('the most time for one token, retries included (default 90)');
  });

  it.each([
    ['max-attempts', '8', '--max-attempts must be a whole number from 1 to 7 (got "8").'],
    ['max-time', '3601', '--max-time must be a whole number from 1 to 3600 (got "3601").'],
  ])('refuses --%s %s past the bound, before sending anything', async (flag, value, message) => {
    await expect(publish.run({ 'org-url': 'https://example.okta.com', [flag]: value }, ['token'])).rejects.toThrow(message);
  });

  it('a token out of attempts or of time is told with the bound and the default', () => {
    const attempts = new SetDeliveryError('attempts_exhausted', 'out of attempts', { status: 503, attempts: 3 });
    expect(notDelivered(attempts, undefined)).toBe('3 attempts (the last answered 503); raise --max-attempts (up to 7), or try later');
    const time = new SetDeliveryError('time_exhausted', 'out of time', { status: 503, attempts: 2 });
    expect(notDelivered(time, undefined)).toBe('2 attempts in the time allowed (--max-time 90 s; the last answered 503); raise --max-time, or try later');
  });
});
