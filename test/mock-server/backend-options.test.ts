import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors';
import { readFileSync } from 'node:fs';
import { createMockBackend, type MockBackendOptions } from '../../mock-server/index';
import { OPTION_NAMES } from '../../mock-server/backend';

/** What a caller without the types can pass. */
const untyped = (options: unknown) => () => createMockBackend(options as MockBackendOptions);

describe('createMockBackend options', () => {
  it('refuses an option it does not have, naming the nearest one and every one it has', () => {
    expect(untyped({ sed: 'demo' })).toThrow(ConfigurationError);
    expect(untyped({ sed: 'demo' })).toThrow('createMockBackend has no option "sed". Did you mean "seed"? Its options: orgUrl, tokens,');
    expect(untyped({ orgURL: 'https://acme.okta.com' })).toThrow('Did you mean "orgUrl"?');
    expect(untyped({ journalsize: 10 })).toThrow('Did you mean "journalSize"?');
    // The nearest, not the first listed within reach: "rplay" is one edit from replay, two from plan.
    expect(untyped({ rplay: {} })).toThrow('Did you mean "replay"?');
    expect(untyped({ ios: 'random' })).toThrow('Did you mean "ids"?');
    // Nothing near: the list alone.
    expect(untyped({ port: 4010 })).toThrow(/^createMockBackend has no option "port"\. Its options: orgUrl, .*answersAsOf\.$/);
    // An unknown option given as undefined is still a mistake.
    expect(untyped({ seed: 'demo', ratelimits: undefined })).toThrow('Did you mean "rateLimits"?');
  });

  it('refuses a seed named other than demo, saying which names and forms it takes', () => {
    expect(untyped({ seed: 'dem' })).toThrow(ConfigurationError);
    expect(untyped({ seed: 'dem' })).toThrow(`seed "dem" names no seed: the one name it takes is 'demo' (a dozen realistic apps); otherwise give a seed document`);
    expect(untyped({ seed: 'x'.repeat(5_000) })).toThrow(/seed "x{200}…" names no seed/);
  });

  it('refuses what is not an options object', () => {
    expect(untyped(null)).toThrow('createMockBackend takes an options object (or nothing), not null;');
    expect(untyped('demo')).toThrow('not string;');
    expect(untyped([{ name: 'bookmark' }])).toThrow('not an array;');
  });

  it('takes every option it documents, and no options at all', () => {
    const backend = createMockBackend({
      orgUrl: 'https://acme.okta.com',
      tokens: [{ type: 'SSWS', token: 't' }],
      plan: 'standard',
      catalog: [],
      selfServiceAssignment: true,
      rateLimits: 'off',
      now: () => Date.parse('2026-01-01T00:00:00Z'),
      seed: 'demo',
      control: true,
      ids: 'deterministic',
      journalSize: 10,
      journalBodyBytes: 1_024,
      replay: { windowMs: 60_000 },
      oauth: {},
      answersAsOf: '2026-01-01',
    });
    expect(backend.apps.list().length).toBeGreaterThan(0);
    expect(createMockBackend().orgUrl).toBe('https://appset.okta.test');
  });

  it('are each named in the testing guide\'s list of options', () => {
    const guide = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');
    const section = guide.split('## Options and state')[1]!.split('\n## ')[0]!;
    expect(OPTION_NAMES.filter((name) => !section.includes(`\`${name}\``) && !section.includes(`\`${name}:`))).toEqual([]);
  });
});
