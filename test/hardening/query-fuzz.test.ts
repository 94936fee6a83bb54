import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockBackend } from '../../mock-server/index';
import { createHandlers } from '../../mock-server/msw/index';
import { events } from '../../src/set/index';
import { ADA, providerKey, publish, registerProvider, sign } from '../mock-server/security-events/helpers';
import { watchUnhandledRejections } from './unhandled-rejections';

// Thousands of requests: a bare msw server (no per-response contract check) keeps the file fast.
const backend = createMockBackend({ seed: 'demo' });
const server = setupServer(...createHandlers(backend));
const rejections = watchUnhandledRejections();

let appIds: string[] = [];
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  appIds = backend.apps.list().map((app) => app.id);
  backend.users.assign(appIds[0]!, { id: '00u1ada' });
  backend.groups.assign(appIds[1]!, '00g1staff');
  // A few System Log events, so that log listings have something to filter.
  const key = await providerKey();
  registerProvider(backend, [key]);
  for (let n = 0; n < 3; n += 1) {
    await publish(backend, await sign(backend, key, events.sessionRevoked({ subject: { user: ADA } })));
  }
});
afterAll(() => server.close());

interface Answer {
  status: number;
  body: any;
}

async function get(path: string, params: Record<string, string | undefined>): Promise<Answer> {
  const url = new URL(path, backend.orgUrl);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { accept: 'application/json', authorization: `SSWS ${backend.defaultToken}` } });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** The listing refusals real organizations answer: a search they do not support, a bad cursor, a malformed expand. */
const LISTING_REFUSALS = [
  { status: 400, errorCode: 'E0000031', errorSummary: 'Invalid search criteria.' },
  { status: 400, errorCode: 'E0000029', errorSummary: 'Invalid paging request.' },
  { status: 400, errorCode: 'E0000001', errorSummary: 'Api validation failed: RequestParams' },
];

/** A listing's only answers: 200 with a JSON array, or one of {@link LISTING_REFUSALS}. */
function expectListingAnswer(answer: Answer): void {
  if (answer.status === 200) {
    expect(Array.isArray(answer.body)).toBe(true);
    return;
  }
  expect(LISTING_REFUSALS).toContainEqual({ status: answer.status, errorCode: answer.body?.errorCode, errorSummary: answer.body?.errorSummary });
}

/** Applies one random edit (insert, delete, replace, duplicate, change case) to a string. */
function mutation(char: fc.Arbitrary<string>) {
  return fc
    .tuple(fc.constantFrom('insert', 'delete', 'replace', 'duplicate', 'upper', 'lower', 'truncate'), fc.nat(), fc.nat(), char)
    .map(([kind, a, b, c]) => (s: string): string => {
      const at = s.length === 0 ? 0 : a % s.length;
      const to = Math.min(s.length, at + 1 + (b % 8));
      switch (kind) {
        case 'insert':
          return s.slice(0, at) + c + s.slice(at);
        case 'delete':
          return s.slice(0, at) + s.slice(to);
        case 'replace':
          return s.slice(0, at) + c + s.slice(at + 1);
        case 'duplicate':
          return s.slice(0, to) + s.slice(at, to) + s.slice(to);
        case 'upper':
          return s.slice(0, at) + s.slice(at, to).toUpperCase() + s.slice(to);
        case 'lower':
          return s.slice(0, at) + s.slice(at, to).toLowerCase() + s.slice(to);
        default:
          return s.slice(0, at);
      }
    });
}

/** One to three random edits of a valid expression. */
function mutated(valid: fc.Arbitrary<string>) {
  const char = fc.oneof(fc.constantFrom('"', '\\', ' ', '(', ')', '.', 'q', '%', '\u0000', '\u00e9'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
  return fc.tuple(valid, fc.array(mutation(char), { minLength: 1, maxLength: 3 })).map(([s, edits]) => edits.reduce((acc, edit) => edit(acc), s));
}

const anyText = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }));

describe('GET /api/v1/apps with random query parameters', () => {
  const validFilter = () =>
    fc.constantFrom(
      'status eq "ACTIVE"',
      'status EQ "INACTIVE"',
      `id eq "${appIds[2]}"`,
      'name eq "bookmark"',
      'credentials.signing.kid eq "kid-1"',
      'settings.slo.enabled eq true',
      'settings.slo.enabled eq false',
      'user.id eq "00u1ada"',
      'group.id eq "00g1staff"',
      'name eq "with \\"quotes\\" and \\\\ backslash"',
    );

  it('answers every valid filter expression with 200 (the control)', async () => {
    await fc.assert(
      fc.asyncProperty(validFilter(), async (filter) => {
        expect((await get('/api/v1/apps', { filter })).status).toBe(200);
      }),
      { seed: 42, numRuns: 30 },
    );
  });

  it('answers a random printable filter with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (filter) => {
        expectListingAnswer(await get('/api/v1/apps', { filter }));
      }),
      { seed: 42, numRuns: 400 },
    );
  });

  it('answers a random full-Unicode filter with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 120 }), async (filter) => {
        expectListingAnswer(await get('/api/v1/apps', { filter }));
      }),
      { seed: 42, numRuns: 400 },
    );
  });

  it('answers a mutated valid filter expression with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(mutated(validFilter()), async (filter) => {
        const answer = await get('/api/v1/apps', { filter });
        if (answer.status === 400) refused += 1;
        expectListingAnswer(answer);
      }),
      { seed: 42, numRuns: 500 },
    );
    expect(refused).toBeGreaterThan(0);
  });

  it('answers random limit, after, q and expand (alone or with a filter) with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    const limit = fc.oneof(fc.integer().map(String), fc.double().map(String), fc.constantFrom('', '0', '-1', '1e3', '0x10', '200', '201', ' 5'), anyText);
    const after = fc.oneof(fc.constantFrom('', 'x', '0', '-1', '%', 'AAAA', '\u0000'), fc.base64String(), anyText);
    const expand = fc.oneof(fc.constantFrom('user/00u1ada', 'user/', 'user/a/b', 'group/00g1', 'USER/00u1ada', ''), anyText);
    const filter = fc.option(fc.oneof(validFilter(), anyText), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(
        fc.option(limit, { nil: undefined }),
        fc.option(after, { nil: undefined }),
        fc.option(anyText, { nil: undefined }),
        fc.option(expand, { nil: undefined }),
        filter,
        async (l, a, q, e, f) => {
          expectListingAnswer(await get('/api/v1/apps', { limit: l, after: a, q, expand: e, filter: f }));
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });

  it('answers a cursor from a real next link, mutated, with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    const first = await fetch(new URL('/api/v1/apps?limit=2', backend.orgUrl), {
      headers: { authorization: `SSWS ${backend.defaultToken}` },
    });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    const cursor = new URL(next!).searchParams.get('after')!;
    expect(cursor).toBeTruthy();
    await fc.assert(
      fc.asyncProperty(mutated(fc.constant(cursor)), fc.option(fc.integer({ min: -5, max: 300 }).map(String), { nil: undefined }), async (after, limit) => {
        expectListingAnswer(await get('/api/v1/apps', { after, limit }));
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('GET /api/v1/logs with random query parameters', () => {
  const validFilter = () =>
    fc.constantFrom(
      'eventType eq "security.events.provider.receive_event"',
      'eventType EQ "user.session.start"',
      'eventType eq "with \\"quote\\""',
    );

  it('answers every valid filter expression with 200 (the control)', async () => {
    await fc.assert(
      fc.asyncProperty(validFilter(), async (filter) => {
        expect((await get('/api/v1/logs', { filter })).status).toBe(200);
      }),
      { seed: 42, numRuns: 10 },
    );
  });

  it('answers a random printable or full-Unicode filter with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, async (filter) => {
        expectListingAnswer(await get('/api/v1/logs', { filter }));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('answers a mutated valid filter expression with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    await fc.assert(
      fc.asyncProperty(mutated(validFilter()), async (filter) => {
        expectListingAnswer(await get('/api/v1/logs', { filter }));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('answers random limit, after, since and until with 200 or a listing refusal (E0000031, E0000029, E0000001)', async () => {
    const instant = fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), fc.constantFrom('', 'yesterday', '2026-13-01', '0'), anyText);
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.oneof(fc.integer().map(String), anyText), { nil: undefined }),
        fc.option(fc.oneof(fc.base64String(), anyText), { nil: undefined }),
        fc.option(instant, { nil: undefined }),
        fc.option(instant, { nil: undefined }),
        async (limit, after, since, until) => {
          expectListingAnswer(await get('/api/v1/logs', { limit, after, since, until }));
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});

it('left no promise rejection unhandled across every request above', async () => {
  expect(await rejections.settled()).not.toHaveBeenCalled();
});
